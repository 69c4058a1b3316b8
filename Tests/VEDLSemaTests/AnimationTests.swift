import Foundation
import Testing
import VEDLSource
import VEDLTime

@testable import VEDLSema

/// `animate` as the checker reads it (ANIMATION.md §1): keys, `length`, easings, the value
/// at an instant and the item's modifiers at a frame.
@Suite struct AnimationTests {
  static func timeline(_ body: String, fps: String = "30") throws -> Timeline {
    let text = """
      canvas 320x180 fps: \(fps)
      track main { clip color(black) duration: 4s }
      track overlay {
      \(body)
      }
      """
    let result = Checker.check(SourceFile(path: "a.vedl", text: text), options: CheckOptions(baseDirectory: "/tmp"))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.isEmpty, "\(errors)")
    return try #require(result.timeline)
  }

  static func item(_ body: String, fps: String = "30") throws -> TimelineItem {
    try #require(try timeline(body, fps: fps).tracks[1].items.first)
  }

  @Test func keysTakeLengthAndTheirEasings() throws {
    let item = try Self.item(
      """
      text "T" at: 1s duration: 2s {
        animate opacity { key 0s 0%; key 300ms 100%; key length - 300ms 100%; key length 0% easing: easeInCubic }
        animate offset { key 0s y: 160; key 400ms x: 5 easing: cubicBezier(0.4, 0, 0.2, 1) }
      }
      """)
    #expect(item.animations.map(\.property) == [.opacity, .offset])
    let opacity = item.animations[0]
    #expect(opacity.keys.map(\.time) == [.zero, Rational(3, 10)!, Rational(17, 10)!, Rational(2)])
    #expect(opacity.keys.last?.easing == .named(.cubic, .in))
    #expect(opacity.keys.first?.easing == .linear)
    let offset = item.animations[1]
    #expect(offset.keys[0].value == .point(x: .zero, y: Rational(160)))
    #expect(offset.keys[1].value == .point(x: Rational(5), y: .zero))
    #expect(offset.keys[1].easing == .cubicBezier(0.4, 0, 0.2, 1))
  }

  @Test func theValueFollowsTheRule() {
    let keys: [Animation.Key] = [
      .init(time: Rational(1), value: .number(Rational(10))),
      .init(time: Rational(2), value: .number(Rational(20))),
      .init(time: Rational(4), value: .number(Rational(0)), easing: .named(.quad, .in)),
      .init(time: Rational(5), value: .number(Rational(7)), easing: .hold),
    ]
    let a = Animation(property: .opacity, keys: keys)
    func at(_ u: Rational) -> Double { a.value(at: u).0 }
    #expect(at(.zero) == 10)  // before the first key: the first key's value
    #expect(at(Rational(3, 2)!) == 15)  // linear, written on the second key
    // easeInQuad on the third key: 20 + (0 − 20)·p², p = ½ at u = 3.
    #expect(abs(at(Rational(3)) - 15) < 1e-12)
    #expect(at(Rational(9, 2)!) == 0)  // `hold`: the previous value until the key
    #expect(at(Rational(5)) == 7)
    #expect(at(Rational(6)) == 7)  // after the last key: the last key's value
  }

  @Test func modifiersAtAFrameRoundPixelsAndClampOpacity() throws {
    // 10 fps: item-local instant u = (k − k0)/10. Offset x runs 0 → 3 over 1 s, so at
    // u = 0.5 it is 1.5, which rounds up to 2 (halves up); easeOutBack overshoots 100 %.
    let timeline = try Self.timeline(
      """
      shape rect at: 1s duration: 2s {
        animate offset { key 0s x: 0 y: -1; key 1s x: 3 y: -4 }
        animate opacity { key 0s 0%; key 1s 100% easing: easeOutBack }
      }
      """, fps: "10")
    let item = timeline.tracks[1].items[0]
    let grid = timeline.canvas.grid
    #expect(item.startFrame == 10)
    #expect(item.localTime(ofFrame: 15, grid: grid) == Rational(1, 2)!)
    let mid = item.resolved(atFrame: 15, grid: grid)
    #expect(mid.offset.x == Rational(2) && mid.offset.y == Rational(-2))  // −2.5 rounds up to −2
    // easeOutBack passes 1 before the end: clamped to 1.
    let overshoot = (11..<20).map { item.resolved(atFrame: Int64($0), grid: grid).opacity }
    #expect(overshoot.contains(.one) && overshoot.allSatisfy { $0 <= .one && !$0.isNegative })
    #expect(item.resolved(atFrame: 10, grid: grid).opacity == .zero)
    #expect(item.resolved(atFrame: 29, grid: grid).offset.x == Rational(3))
  }

  @Test func theIRListsKeysWithTheirTimelineFrames() throws {
    let timeline = try Self.timeline(
      """
      text "T" at: 1s duration: 2s {
        animate position { key 0s x: 0 y: 0; key length x: 10 y: 20 easing: spring(stiffness: 200) }
      }
      """)
    let document = try JSONDecoder().decode(TimelineDocument.self, from: Data(timeline.jsonText.utf8))
    let animations = try #require(document.tracks[1].items[0].animations)
    #expect(animations[0].property == "position")
    let last = animations[0].keys[1]
    #expect(last.easing == "spring(mass: 1, stiffness: 200, damping: 10)")
    #expect(last.timelineTime.frame == 90)
    #expect(last.time.exact == "2")
    #expect(last.y?.exact == "20")
  }

  @Test func offsetIsStaticToo() throws {
    let item = try Self.item("shape rect at: 0s duration: 1s { offset x: 2.5 y: -3 }")
    #expect(item.animations.isEmpty)
    #expect(item.resolved.offset.x == Rational(3) && item.resolved.offset.y == Rational(-3))
  }
}

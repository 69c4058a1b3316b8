import Foundation
import Testing
import VEDLSource
import VEDLTime

@testable import VEDLSema

/// Modifiers as the timeline keeps them: typed values as written, each with its statement's
/// span, folded with the defaults by ``ItemModifiers``, and printed back by `vedl ir`.
@Suite struct ModifierTests {
  struct CheckFailed: Error {}

  static func check(_ text: String) throws -> (Timeline, SourceFile) {
    let file = SourceFile(path: "a.vedl", text: text)
    let result = Checker.check(file, options: CheckOptions(baseDirectory: "/tmp"))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.isEmpty, "\(errors)")
    guard let timeline = result.timeline else { throw CheckFailed() }
    return (timeline, file)
  }

  /// Every statement a clip, text or shape block keeps as a modifier has a ``Modifier/Name``,
  /// and every name is such a statement: a new modifier cannot be left out of the typed form.
  @Test func everyModifierStatementHasATypedForm() {
    let contexts: Set<StatementContext> = [.clip, .text, .shape]
    let kept = Set(
      Schema.statements.filter { !$0.contexts.isDisjoint(with: contexts) }.map(\.name)
        .filter { name in
          switch ModifierRole(name: name) {
          case .animate, .freeze, .preset, .duck: false
          default: true
          }
        })
    #expect(kept == Set(Modifier.Name.allCases.map(\.rawValue)))
  }

  @Test func modifiersKeepTheirValuesAsWrittenAndTheirSpans() throws {
    let text = """
      canvas 320x180 fps: 30
      track main {
        clip color(#336699) duration: 3s {
          crop 9:16
          fit contain background: blur
          zoom 1.5
          pan x: 4
          mirror vertical
          adjust contrast: 1.2
          sharpen
          vignette angle: 45deg
          fade out: 250ms
        }
      }
      track overlay {
        clip testpattern() at: 0s duration: 1s {
          crop x: 0.25 width: 0.5
          chromakey #00FF00 blend: 0.1
          position bottomTrailing
          offset y: -3.6
          size height: 40
          scale 50%
          rotate 90deg
          opacity 80%
        }
        text "T" at: 1s duration: 1s {
          font "DejaVu Sans" color: #FFCC00
          align trailing
          box #000000 padding: 6
          outline #FFFFFF
        }
        shape rect at: 2s duration: 1s {
          fill #FF0000
          stroke #00FF00 width: 3
          cornerRadius 8
          position x: 10
        }
      }
      """
    let (timeline, file) = try Self.check(text)
    let main = timeline.tracks[0].items[0].modifiers
    #expect(
      main.map(\.kind) == [
        .crop(.ratio(9, 16, anchor: nil)), .fit(.contain, background: .blur), .zoom(Rational(3, 2)!),
        .pan(x: Rational(4), y: nil), .mirror(.vertical),
        .adjust(brightness: nil, contrast: Rational(6, 5)!, saturation: nil), .sharpen(amount: nil),
        .vignette(angle: Rational(45)), .fade(in: nil, out: Rational(1, 4)!),
      ])
    let overlay = timeline.tracks[1].items
    #expect(
      overlay[0].modifiers.map(\.kind) == [
        .crop(.rect(x: Rational(1, 4)!, y: nil, width: .half, height: nil)),
        .key(.chroma, color: 0x00FF_00FF, similarity: nil, blend: Rational(1, 10)!),
        .position(.anchor(.bottomTrailing, margin: nil)), .offset(x: nil, y: Rational(-18, 5)!),
        .size(width: nil, height: Rational(40)), .scale(.half), .rotate(Rational(90)), .opacity(Rational(4, 5)!),
      ])
    #expect(
      overlay[1].modifiers.map(\.kind) == [
        .font("DejaVu Sans", size: nil, color: 0xFFCC_00FF), .align(.trailing), .box(0x0000_00FF, padding: Rational(6)),
        .outline(0xFFFF_FFFF, width: nil),
      ])
    #expect(
      overlay[2].modifiers.map(\.kind) == [
        .fill(0xFF00_00FF), .stroke(0x00FF_00FF, width: Rational(3)), .cornerRadius(Rational(8)),
        .position(.point(x: Rational(10), y: nil)),
      ])
    // Each modifier's span is its whole statement.
    for item in timeline.tracks.flatMap(\.items) {
      for modifier in item.modifiers {
        let span = try #require(modifier.span)
        let written = file.text(span)
        #expect(written.split(separator: " ").first.map(String.init) == modifier.name.rawValue, "\(written)")
        #expect(!written.contains("\n"), "\(written)")
      }
    }
    let offset = try #require(overlay[0].modifiers.first { $0.name == .offset }?.span)
    #expect(file.text(offset) == "offset y: -3.6")

    // The fold applies the defaults, the IR prints what was written.
    let mods = overlay[0].resolved
    #expect(mods.crop == .rect(x: Rational(1, 4)!, y: .zero, width: .half, height: .one))
    #expect(
      mods.key
        == ItemModifiers.Key(kind: .chroma, color: 0x00FF_00FF, similarity: Rational(1, 100)!, blend: Rational(1, 10)!))
    #expect(mods.offset.x == .zero && mods.offset.y == Rational(-4))
    #expect(timeline.tracks[0].items[0].resolved.sharpenAmount == .one)
    #expect(timeline.tracks[0].items[0].resolved.vignetteAngle == Rational(45))
    let document = timeline.document
    let ir = document.tracks[1].items[0].modifiers
    #expect(ir.map(\.name) == ["crop", "chromakey", "position", "offset", "size", "scale", "rotate", "opacity"])
    #expect(ir[0].positional == nil && ir[0].labelled?.keys.sorted() == ["width", "x"])
    #expect(ir[1].labelled?.keys.sorted() == ["blend"])
    #expect(ir[3].labelled?["y"] == TimelineDocument.TypedValue(.number(Rational(-18, 5)!)))
  }

  /// A text item's `box:`, `outline:` and `outlineWidth:` are typed too; the block's
  /// `box` and `outline` win over them, a width the block leaves out comes from the item.
  @Test func textArgumentsAreTypedAndTheBlockWins() throws {
    let (timeline, _) = try Self.check(
      """
      canvas 320x180 fps: 30
      track main { clip color(black) duration: 2s }
      track overlay {
        text "A" at: 0s duration: 1s box: #00000080 outline: red outlineWidth: 3 {
          outline #0000FF
        }
      }
      """)
    let item = timeline.tracks[1].items[0]
    #expect(item.textArguments == TextArguments(box: 0x0000_0080, outline: 0xFF00_00FF, outlineWidth: Rational(3)))
    let mods = item.resolved
    #expect(mods.box == 0x0000_0080)
    #expect(mods.outline == 0x0000_FFFF)
    #expect(mods.outlineWidth == Rational(3))
    let ir = timeline.document.tracks[1].items[0].attributes
    #expect(ir?.keys.sorted() == ["box", "outline", "outlineWidth"])
    #expect(ir?["outlineWidth"] == TimelineDocument.TypedValue(.number(Rational(3))))
  }

  /// The typed form prints back as the checked values: reading a modifier's arguments and
  /// checking them again gives the same modifier, for every form the language has.
  @Test func argumentsRoundTripThroughTheChecker() throws {
    let statements = [
      "crop 4:5 anchor: topLeading", "crop y: 0.1 height: 0.5", "fit cover", "fit contain background: #102030",
      "zoom 2", "pan x: -8 y: 6", "rotate -15deg", "mirror horizontal", "adjust brightness: -0.1 saturation: 0",
      "blur radius: 2.5", "sharpen amount: 0.5", "vignette", "colorkey #0000FF similarity: 0.3",
      "opacity 0", "fade in: 100ms out: 200ms", "position top margin: 12", "offset x: 2", "size width: 64 height: 36",
      "scale 1.25",
    ]
    for statement in statements {
      let (timeline, _) = try Self.check(
        """
        canvas 320x180 fps: 30
        track main { clip color(black) duration: 2s }
        track overlay {
          clip testpattern() at: 0s duration: 1s {
            \(statement)
          }
        }
        """)
      let modifier = try #require(timeline.tracks[1].items[0].modifiers.first, "\(statement)")
      var values = ModifierValues()
      let (positional, labelled) = modifier.kind.arguments
      for v in positional { values.append(v) }
      for (label, v) in labelled.sorted(by: { $0.key < $1.key }) { values.append(label, v) }
      #expect(Modifier.Kind(modifier.name, values) == modifier.kind, "\(statement)")
    }
  }
}

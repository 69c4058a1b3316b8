import Foundation
import Testing
import VEDLSema
import VEDLTestSupport

@testable import VEDLCLI

/// A sum of thousands of terms is ordinary input (generated scripts write them): `check`,
/// `ir`, `graph` and `fmt` take it whole — no nesting limit, no stack overflow — on the test
/// threads too, whose stacks are smaller than the main thread's.
@Suite struct LongExpressionTests {
  /// A clip lasting `terms` milliseconds, written as `1ms + 1ms + …`, and a `let` summing
  /// `terms` ones (used as the clip's zoom, divided back to 1).
  static func script(terms: Int) -> String {
    let milliseconds = Array(repeating: "1ms", count: terms).joined(separator: " + ")
    let ones = Array(repeating: "1", count: terms).joined(separator: " + ")
    return """
      canvas 320x180 fps: 25
      let count = \(ones)
      track main {
        clip testpattern() duration: \(milliseconds) {
          zoom count / \(terms)
        }
      }

      """
  }

  @Test(arguments: [10_000, 100_000])
  func checkIrGraphAndFmtTakeALongSum(terms: Int) throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = Self.script(terms: terms)
    let path = write(text, "sum.vedl", in: folder)

    let check = vedl(["check", path])
    #expect(check.status == 0, "\(check.stderr.prefix(500))")
    #expect(check.stderr.isEmpty)

    let ir = vedl(["ir", path])
    #expect(ir.status == 0)
    let document = try JSONDecoder().decode(TimelineDocument.self, from: Data(ir.stdout.utf8))
    // `terms` milliseconds at 25 fps.
    #expect(document.frameCount == terms * 25 / 1000, "\(ir.stdout.prefix(300))")

    let graph = vedl(["graph", path])
    #expect(graph.status == 0, "\(graph.stderr.prefix(500))")

    let fmt = vedl(["fmt", path])
    #expect(fmt.status == 0, "\(fmt.stderr.prefix(500))")
    #expect(fmt.stdout == text)
  }

  @Test func aLongMemberChainIsANestingError() {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chain = "a" + String(repeating: ".end", count: 10_000)
    let path = write("let a = 1s\nlet b = \(chain)\n", "chain.vedl", in: folder)
    let check = vedl(["check", path])
    #expect(check.status == 1)
    #expect(check.stderr.contains("error[E0204]: expression nested more than 200 levels deep"))
    #expect(check.stderr.contains("chain.vedl:2:"))
  }

  /// `let`s each used on the line above its definition: `let a2 = a1 + 1`, `let a1 = a0 + 1`, …
  static func reversedLets(_ count: Int) -> String {
    var text = ""
    for i in stride(from: count - 1, to: 0, by: -1) { text += "let a\(i) = a\(i - 1) + 1\n" }
    return text + "let a0 = 1\n"
  }

  @Test func aLongChainOfValuesWaitingOnEachOtherIsANestingError() {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Within the limit: fine.
    let short = write(Self.reversedLets(250), "short.vedl", in: folder)
    let fine = vedl(["check", short])
    #expect(fine.status == 0, "\(fine.stderr.prefix(500))")
    // 20,000 links overflowed the stack; now one located error.
    let long = write(Self.reversedLets(20_000), "long.vedl", in: folder)
    let check = vedl(["check", long])
    #expect(check.status == 1)
    #expect(check.stderr.components(separatedBy: "error[").count == 2, "\(check.stderr.prefix(800))")
    #expect(check.stderr.contains("error[E0204]: `a19743` needs a chain of more than 256 values"))
    #expect(check.stderr.contains("long.vedl:257:5"))
  }
}

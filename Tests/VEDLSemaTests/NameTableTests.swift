import Testing
import VEDLSource
import VEDLSyntax

@testable import VEDLSema

/// The checker's name tables: lookups through the bytes a name was written with must agree
/// with lookups through the name itself, whatever the span says.
@Suite struct NameTableTests {
  private let source = Array("clip fade at (clip) duration".utf8)

  @Test func findsNamesByStringAndBySpan() {
    let table = NameTable([("clip", 1), ("fade", 2), ("duration", 3)])
    #expect(table["clip"] == 1)
    #expect(table["fade"] == 2)
    #expect(table["at"] == nil)
    #expect(table.value(of: "clip", at: Span(start: 0, end: 4), in: source) == 1)
    #expect(table.value(of: "duration", at: Span(start: 20, end: 28), in: source) == 3)
    #expect(table.value(of: "at", at: Span(start: 10, end: 12), in: source) == nil)
  }

  @Test func aSpanThatDoesNotHoldTheNameStillFindsIt() {
    let table = NameTable([("clip", 1)])
    // `(clip)` is not `clip`; a span past the end holds nothing at all.
    #expect(table.value(of: "clip", at: Span(start: 13, end: 19), in: source) == 1)
    #expect(table.value(of: "clip", at: Span(start: 40, end: 44), in: source) == 1)
  }

  @Test func namesInsertedThroughAnySpanAreFound() {
    var table = NameTable<Int>()
    table.insert("clip", 1, at: Span(start: 13, end: 19), in: source)  // the span holds `(clip)`
    table.insert("fade", 2, at: Span(start: 5, end: 9), in: source)
    #expect(table.value(of: "clip", at: Span(start: 0, end: 4), in: source) == 1)
    #expect(table["clip"] == 1)
    #expect(table.value(of: "fade", at: Span(start: 5, end: 9), in: source) == 2)
    #expect(table.count == 2)
  }

  @Test func growsAndKeepsEveryName() {
    var table = NameTable<Int>()
    for i in 0..<5000 { table.insert("c\(i)", i) }
    table.reserveCapacity(20000)
    for i in 5000..<10000 { table.insert("c\(i)", i) }
    #expect(table.count == 10000)
    // (The name is built apart: inside `== i`, `"c\(i)"` would interpolate `Optional(i)`.)
    #expect(
      (0..<10000).allSatisfy { i in
        let name = "c\(i)"; return table[name] == i
      })
    #expect(table["c10000"] == nil)
    #expect(Set(table.names).count == 10000)
  }

  @Test func aRepeatedNameKeepsItsFirstValue() {
    let table = NameTable([("x", 1), ("x", 2)])
    #expect(table["x"] == 1)
    #expect(table.count == 1)
  }

  @Test func contextOrdinalsAreTheirPositions() {
    for (i, context) in StatementContext.allCases.enumerated() { #expect(context.ordinal == i) }
  }

  @Test func entriesAgreeWithTheSchema() {
    for context in StatementContext.allCases {
      let names = Schema.statements(in: context).map(\.name)
      #expect(Set(names).count == names.count, "two statements called the same in \(context)")
      for schema in Schema.statements(in: context) {
        let entry = Schema.entry(schema.name, in: context)
        #expect(entry?.schema == schema)
        #expect(entry.map { Schema.statements[$0.id] } == schema)
        for (slot, argument) in schema.labelled.enumerated() {
          #expect(entry?.labels[argument.label!] == slot)
        }
      }
    }
  }
}

import Testing

@testable import VEDLSema

/// The edit distance behind the editor's "did you mean" help.
@Suite struct SuggestionTests {
  @Test func transpositionsCountOnce() {
    #expect(Suggestion.editDistance("titel", "title") == 1)
    #expect(Suggestion.closest(to: "titel", among: ["title", "hold"]) == "title")
  }

  @Test func editDistance() {
    #expect(Suggestion.editDistance("loop", "loop") == 0)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.editDistance("abc", "") == 3)
    #expect(Suggestion.editDistance("playpause", "playPause") == 0)
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("trailng", "trailing") == 1)
  }

  @Test func closestStaysWithinTheLimit() {
    let ids = ["timecode", "playPause", "loop", "toggleExpanded"]
    #expect(Suggestion.closest(to: "lop", among: ids) == "loop")
    #expect(Suggestion.closest(to: "timcode", among: ids) == "timecode")
    #expect(Suggestion.closest(to: "toggleExpand", among: ids) == "toggleExpanded")
    #expect(Suggestion.closest(to: "mute", among: ids) == nil)
    #expect(Suggestion.closest(to: "loop", among: ids) == nil, "an exact name needs no suggestion")
    #expect(Suggestion.closest(to: "x", among: []) == nil)
    #expect(Suggestion.closest(to: "ab", among: ["ax", "ay"]) == "ax", "ties go to the first candidate")
  }
}

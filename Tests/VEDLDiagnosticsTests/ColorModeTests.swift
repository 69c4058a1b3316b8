import Testing

@testable import VEDLDiagnostics

/// The colour policy: `auto` colours only a terminal without `NO_COLOR` (and not `TERM=dumb`).
@Suite struct ColorModeTests {
  @Test func alwaysAndNeverIgnoreTheEnvironment() {
    for isTerminal in [false, true] {
      for environment in [[:], ["NO_COLOR": "1"], ["TERM": "dumb"]] {
        #expect(
          ColorMode.always.coloring(isTerminal: isTerminal, environment: environment) == .ansi)
        #expect(
          ColorMode.never.coloring(isTerminal: isTerminal, environment: environment) == .plain)
      }
    }
  }

  @Test func autoColoursOnlyATerminal() {
    #expect(ColorMode.auto.coloring(isTerminal: true, environment: [:]) == .ansi)
    #expect(
      ColorMode.auto.coloring(isTerminal: true, environment: ["TERM": "xterm-256color"]) == .ansi)
    #expect(ColorMode.auto.coloring(isTerminal: false, environment: [:]) == .plain)
  }

  @Test func autoHonoursNoColorUnlessEmpty() {
    #expect(ColorMode.auto.coloring(isTerminal: true, environment: ["NO_COLOR": "1"]) == .plain)
    #expect(
      ColorMode.auto.coloring(isTerminal: true, environment: ["NO_COLOR": "anything"]) == .plain)
    #expect(ColorMode.auto.coloring(isTerminal: true, environment: ["NO_COLOR": ""]) == .ansi)
  }

  @Test func autoTreatsDumbTerminalAsPlain() {
    #expect(ColorMode.auto.coloring(isTerminal: true, environment: ["TERM": "dumb"]) == .plain)
  }

  @Test func fileDescriptorThatIsNotATerminalIsPlain() {
    // -1 is never a terminal (isatty fails), whatever the test runner's environment.
    #expect(ColorMode.auto.coloring(forFileDescriptor: -1) == .plain)
    #expect(ColorMode.always.coloring(forFileDescriptor: -1) == .ansi)
    #expect(ColorMode.never.coloring(forFileDescriptor: -1) == .plain)
  }

  @Test func modesParseFromTheirFlagSpelling() {
    #expect(ColorMode(rawValue: "always") == .always)
    #expect(ColorMode(rawValue: "never") == .never)
    #expect(ColorMode(rawValue: "auto") == .auto)
    #expect(ColorMode(rawValue: "sometimes") == nil)
  }
}

import Dispatch
import VEDLDiagnostics

/// Lexes a large file on another thread while the parser reads the tokens lexed so far, so
/// that on a machine with two cores lexing costs the parse no time.
///
/// The lexer fills windows of tokens into a ring of a few slots; the parser takes them in
/// order, swapping in each window and giving back the one it is done with (whose storage the
/// lexer reuses). Each window after the first starts with the last token of the window before,
/// which is the parser's current token when it moves on. Semaphores order every hand-over, so
/// the lexer and the parser never touch the same slot at once.
final class TokenPipe: @unchecked Sendable {
  /// One slot of the ring.
  private final class Slot: @unchecked Sendable {
    var tokens: [Token] = []
  }

  private let slots: [Slot]
  /// Windows the lexer has filled and the parser has not taken.
  private let filled = DispatchSemaphore(value: 0)
  /// Slots the lexer may fill.
  private let free: DispatchSemaphore
  /// Signalled when the lexer has finished and left its comments and diagnostics.
  private let done = DispatchSemaphore(value: 0)
  /// The next slot the parser takes (only the parser's thread uses it).
  private var taken = 0
  private var lexedComments: [Comment] = []
  private var lexedDiagnostics: [Diagnostic] = []

  /// Starts lexing with `lexer`, in windows of `windowSize` tokens.
  init(_ lexer: Lexer, windowSize: Int, slotCount: Int) {
    slots = (0..<slotCount).map { _ in Slot() }
    free = DispatchSemaphore(value: slotCount)
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      produce(lexer, windowSize: windowSize)
    }
  }

  private func produce(_ lexer: Lexer, windowSize: Int) {
    var lexer = lexer
    var carried: Token? = nil
    var index = 0
    while true {
      free.wait()
      let slot = slots[index % slots.count]
      slot.tokens.removeAll(keepingCapacity: true)
      slot.tokens.reserveCapacity(windowSize)
      if let carried { slot.tokens.append(carried) }
      lexer.fill(&slot.tokens, upTo: windowSize)
      carried = slot.tokens.last
      let finished = lexer.finished
      filled.signal()
      index += 1
      if finished { break }
    }
    lexedComments = lexer.comments
    lexedDiagnostics = lexer.diagnostics
    done.signal()
  }

  /// Replaces `window` with the next window (waiting for the lexer if need be); the old one
  /// goes back to the lexer.
  func next(swappingWith window: inout [Token]) {
    filled.wait()
    let slot = slots[taken % slots.count]
    swap(&window, &slot.tokens)
    taken += 1
    free.signal()
  }

  /// The file's comments and lexical diagnostics, once the lexer has finished (call after the
  /// last window has been taken).
  func finish() -> (comments: [Comment], diagnostics: [Diagnostic]) {
    done.wait()
    return (lexedComments, lexedDiagnostics)
  }
}

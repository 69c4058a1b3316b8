import Foundation
import Testing
import VEDLDiagnostics

@testable import VEDLLanguageServer

/// The server over real pipes: framing, the reading thread, cancellation and exit codes.
@Suite struct StdioServerTests {
  /// The pipes of every session, never released. The server's reading thread outlives
  /// `StdioServer.run` (it waits in `read` until the input ends); if a finished session's
  /// descriptors were closed, a session of a test running beside it could get the same
  /// numbers, and the old thread would read that session's messages (seen as a hang in CI).
  final class PipeKeeper: @unchecked Sendable {
    private let lock = NSLock()
    private var pipes: [Pipe] = []
    func keep(_ more: Pipe...) { lock.withLock { pipes += more } }
  }
  static let keeper = PipeKeeper()

  /// A running server on pipes, with the client's ends.
  final class Session: @unchecked Sendable {
    let input = Pipe()
    let output = Pipe()
    let lock = NSLock()
    let done = DispatchSemaphore(value: 0)
    var status: Int32?
    var framer = MessageFramer()

    init() {
      let configuration = ServerConfiguration(workingDirectory: "/tmp", version: "test")
      let inputFD = input.fileHandleForReading.fileDescriptor
      let outputFD = output.fileHandleForWriting.fileDescriptor
      let thread = Thread { [self] in
        let code = StdioServer.run(configuration: configuration, log: .silent, input: inputFD, output: outputFD)
        lock.withLock { status = code }
        done.signal()
      }
      thread.start()
    }

    deinit {
      // End the input, so the server's reading thread stops, but keep the descriptors open
      // (see `PipeKeeper`).
      closeInput()
      StdioServerTests.keeper.keep(input, output)
    }

    func write(_ bytes: [UInt8]) {
      input.fileHandleForWriting.write(Data(bytes))
    }

    func send(_ message: JSON) {
      write(MessageFramer.frame(message.bytes))
    }

    /// Reads messages until one satisfies `predicate`; `nil` when the output ends or nothing
    /// arrives for 20 s (a failure, not a hang).
    func receive(until predicate: (JSON) -> Bool) -> JSON? {
      while true {
        while case .message(let body)? = framer.next() {
          if let json = try? JSON.parse(body), predicate(json) { return json }
        }
        var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 20_000) > 0 else { return nil }
        let data = output.fileHandleForReading.availableData
        if data.isEmpty { return nil }
        framer.append(data)
      }
    }

    func response(_ id: Int) -> JSON? { receive { $0["id"] == .integer(id) } }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// The exit status, waiting up to 10 s.
    func exitStatus() -> Int32? {
      guard done.wait(timeout: .now() + 10) == .success else { return nil }
      return lock.withLock { status }
    }
  }

  static let initialize: JSON = [
    "jsonrpc": "2.0", "id": 1, "method": "initialize",
    "params": ["processId": .null, "rootUri": .null, "capabilities": [:]],
  ]

  @Test func aWholeSessionOverPipes() throws {
    let s = Session()
    s.send(["jsonrpc": "2.0", "id": 0, "method": "textDocument/hover", "params": [:]])
    #expect(s.response(0)?["error"]?["code"] == -32002)
    s.send(Self.initialize)
    #expect(s.response(1)?["result"]?["capabilities"] != nil)
    s.send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
    // A message split into single bytes, with garbage frames before it.
    s.write(Array("Content-Length: nope\r\n\r\n".utf8))
    s.write(Array("Content-Length: 5\r\n\r\n{bad}".utf8))
    let open: JSON = [
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": [
        "textDocument": ["uri": "file:///tmp/x.vedl", "languageId": "vedl", "version": 1, "text": "frobnicate\n"]
      ],
    ]
    for byte in MessageFramer.frame(open.bytes) { s.write([byte]) }
    #expect(s.receive { $0["id"] == .null }?["error"]?["code"] == -32700, "the bad body is answered")
    let published = s.receive { $0["method"] == "textDocument/publishDiagnostics" }
    #expect(published?["params"]?["diagnostics"]?.arrayValue?.first?["code"] == "E0301")
    s.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
    #expect(s.response(2)?["result"] == .null)
    s.send(["jsonrpc": "2.0", "method": "exit"])
    #expect(s.exitStatus() == 0)
  }

  @Test func cancellationOvertakesQueuedRequests() throws {
    let s = Session()
    s.send(Self.initialize)
    _ = s.response(1)
    // The request and its cancellation arrive in one write: the reader records the cancel
    // before the serving thread reaches the request, as long as checking the document takes
    // longer than the reader's step from one to the other (a large one: with 2,000 clips, a
    // loaded machine could pause the reader for longer).
    var bytes: [UInt8] = []
    var text = "let a = testpattern()\ntrack main {\n"
    for k in 0..<20000 { text += "  clip a duration: 1s id: c\(k)\n" }
    text += "}\n"
    bytes += MessageFramer.frame(
      ([
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": ["textDocument": ["uri": "file:///tmp/big.vedl", "version": 1, "text": .string(text)]],
      ] as JSON).bytes)
    bytes += MessageFramer.frame(
      ([
        "jsonrpc": "2.0", "id": 7, "method": "textDocument/documentSymbol",
        "params": ["textDocument": ["uri": "file:///tmp/big.vedl"]],
      ] as JSON).bytes)
    bytes += MessageFramer.frame(
      (["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 7]] as JSON).bytes)
    s.write(bytes)
    #expect(s.response(7)?["error"]?["code"] == .integer(ResponseError.requestCancelledCode))
    s.closeInput()
    #expect(s.exitStatus() == 1, "the input ended without shutdown")
  }

  @Test func endOfInputAfterShutdownIsSuccess() throws {
    let s = Session()
    s.send(Self.initialize)
    _ = s.response(1)
    s.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
    _ = s.response(2)
    s.closeInput()
    #expect(s.exitStatus() == 0)
  }
}

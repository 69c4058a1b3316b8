import Testing

@testable import VEDLLanguageServer

/// Framing, message decoding, positions and URIs.
@Suite struct TransportTests {
  @Test func framesSplitAndJoinedArriveWhole() {
    let one = MessageFramer.frame(Array(#"{"a":1}"#.utf8))
    let two = MessageFramer.frame(Array("{\"é\":\"👋\"}".utf8))
    var framer = MessageFramer()
    var bodies: [String] = []
    for byte in one + two {
      framer.append([byte])
      while case .message(let body)? = framer.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
    }
    #expect(bodies == [#"{"a":1}"#, "{\"é\":\"👋\"}"])
    framer.append(one + two + one)
    var count = 0
    while case .message? = framer.next() { count += 1 }
    #expect(count == 3)
    #expect(framer.pendingByteCount == 0)
  }

  @Test func headersWithContentTypeAndBareLineFeeds() {
    var framer = MessageFramer()
    framer.append(Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}".utf8))
    #expect(framer.next() == .message(Array("{}".utf8)))
    framer.append(Array("Content-Length: 2\n\n[]".utf8))
    #expect(framer.next() == .message(Array("[]".utf8)))
  }

  @Test func malformedHeadersAreSkipped() {
    var framer = MessageFramer()
    framer.append(Array("Content-Length: lots\r\n\r\n".utf8) + MessageFramer.frame(Array("{}".utf8)))
    guard case .malformedHeader(let problem)? = framer.next() else {
      Issue.record("expected a header error")
      return
    }
    #expect(problem.contains("Content-Length"))
    #expect(framer.next() == .message(Array("{}".utf8)))
    framer.append(Array("X-Other: 1\r\n\r\n".utf8))
    #expect(framer.next() == .malformedHeader("missing Content-Length header"))
    framer.append(Array("garbage".utf8) + MessageFramer.frame(Array("{}".utf8)))
    #expect(framer.next() == .malformedHeader("skipped 7 bytes before a header"))
    #expect(framer.next() == .message(Array("{}".utf8)), "reading resumes at the Content-Length")
    framer.append([UInt8](repeating: UInt8(ascii: "x"), count: MessageFramer.maximumHeaderLength + 10))
    #expect(
      framer.next() == .malformedHeader("no header terminator in \(MessageFramer.maximumHeaderLength + 10) bytes"))
    #expect(framer.pendingByteCount == 0, "a long run of garbage is dropped")
    framer.append(MessageFramer.frame(Array("[]".utf8)))
    #expect(framer.next() == .message(Array("[]".utf8)))
  }

  @Test func decodingMessages() {
    #expect(
      IncomingMessage.decode(Array(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{}}"#.utf8))
        == .request(id: .integer(1), method: "m", params: [:]))
    #expect(
      IncomingMessage.decode(Array(#"{"jsonrpc":"2.0","id":"x","method":"m"}"#.utf8))
        == .request(id: .string("x"), method: "m", params: nil))
    #expect(
      IncomingMessage.decode(Array(#"{"jsonrpc":"2.0","method":"n"}"#.utf8)) == .notification(method: "n", params: nil))
    #expect(
      IncomingMessage.decode(Array(#"{"jsonrpc":"2.0","id":4,"result":null}"#.utf8)) == .response(id: .integer(4)))
    #expect(
      IncomingMessage.decode(Array(#"{"jsonrpc":"2.0","id":5,"method":"shutdown","params":null}"#.utf8))
        == .request(id: .integer(5), method: "shutdown", params: nil), "null params mean none")
    func errorCode(_ text: String) -> (RequestID?, Int)? {
      if case .invalid(let id, let error) = IncomingMessage.decode(Array(text.utf8)) { return (id, error.code) }
      return nil
    }
    #expect(errorCode("{not json")?.1 == ResponseError.parseErrorCode)
    #expect(errorCode(#"[{"jsonrpc":"2.0","id":1,"method":"m"}]"#)?.1 == ResponseError.invalidRequestCode)
    #expect(errorCode(#"{"id":3,"method":"m"}"#).map { $0.0 == .integer(3) && $0.1 == -32600 } == true)
    #expect(errorCode(#"{"jsonrpc":"2.0","id":1,"method":7}"#)?.1 == -32600)
    #expect(errorCode(#"{"jsonrpc":"2.0","id":{},"method":"m"}"#)?.1 == -32600)
    #expect(errorCode(#"{"jsonrpc":"2.0","id":1,"method":"m","params":3}"#)?.1 == -32600)
    #expect(errorCode("42")?.1 == -32600)
  }

  @Test func positionsCountUTF16Units() {
    // "a" 1 byte/1 unit, "é" 2/1, "👋" 4/2, "𝄞" 4/2, "中" 3/1.
    let lines = LineIndex(bytes: Array("aé👋x\r\n𝄞中\rlast\n".utf8))
    #expect(lines.lineCount == 4)
    #expect(lines.position(of: 0) == Position(line: 0, character: 0))
    #expect(lines.position(of: 3) == Position(line: 0, character: 2), "after é")
    #expect(lines.position(of: 7) == Position(line: 0, character: 4), "after 👋")
    #expect(lines.position(of: 5) == Position(line: 0, character: 2), "inside 👋 counts as its start")
    #expect(lines.offset(of: Position(line: 0, character: 4)) == 7)
    #expect(lines.offset(of: Position(line: 0, character: 3)) == 3, "between the halves of 👋: before it")
    #expect(lines.offset(of: Position(line: 0, character: 99)) == 8, "clamped to the line's end, before CRLF")
    #expect(lines.offset(of: Position(line: 1, character: 2)) == 14, "CRLF counts as one break")
    #expect(lines.offset(of: Position(line: 1, character: 3)) == 17)
    #expect(lines.position(of: 18) == Position(line: 2, character: 0), "a lone CR ends a line")
    #expect(lines.offset(of: Position(line: 9, character: 0)) == lines.bytes.count)
    #expect(lines.utf16Length(from: 0, to: 8) == 5)
    #expect(lines.position(of: 10_000) == Position(line: 3, character: 0))
    // Invalid UTF-8 counts one unit per byte, like the U+FFFD it decodes to.
    let invalid = LineIndex(bytes: [0x61, 0xFF, 0xC3, 0x62])
    #expect(invalid.position(of: 4) == Position(line: 0, character: 4))
    // Ill-formed sequences (here an encoded surrogate) too: the shared `UTF8Validation` decides.
    #expect(LineIndex(bytes: [0xED, 0xA0, 0x80]).position(of: 3) == Position(line: 0, character: 3))
  }

  @Test func incrementalChangesApplyInOrder() {
    var document = TextDocument(uri: "file:///t.vedl", version: 1, text: "let a = 1s\nlet b = \"é👋\"\n")
    document.apply(
      [
        .init(
          range: TextRange(start: Position(line: 0, character: 4), end: Position(line: 0, character: 5)), text: "intro"),
        .init(
          range: TextRange(start: Position(line: 1, character: 12), end: Position(line: 1, character: 12)), text: "!"),
        .init(
          range: TextRange(start: Position(line: 1, character: 9), end: Position(line: 1, character: 10)), text: "e"),
      ], version: 2)
    #expect(String(decoding: document.bytes, as: UTF8.self) == "let intro = 1s\nlet b = \"e👋!\"\n")
    #expect(document.version == 2)
    document.apply([.init(range: nil, text: "whole")], version: 3)
    #expect(String(decoding: document.bytes, as: UTF8.self) == "whole")
    document.apply(
      [
        .init(range: TextRange(start: Position(line: 5, character: 0), end: Position(line: 0, character: 2)), text: "X")
      ],
      version: 4)
    #expect(String(decoding: document.bytes, as: UTF8.self) == "whX", "reversed ranges are ordered, far ones clamped")
  }

  @Test func fileURIsAndPaths() {
    #expect(DocumentURI.path(of: "file:///home/a%20b/x.vedl") == "/home/a b/x.vedl")
    #expect(DocumentURI.path(of: "file://localhost/tmp/x.vedl") == "/tmp/x.vedl")
    #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
    #expect(DocumentURI.path(of: "file:///t/%C3%A9.vedl") == "/t/é.vedl")
    #expect(DocumentURI.uri(ofPath: "/home/a b/é.vedl") == "file:///home/a%20b/%C3%A9.vedl")
    #expect(DocumentURI.path(of: DocumentURI.uri(ofPath: "/x/[1]#?.vedl")) == "/x/[1]#?.vedl")
  }

  @Test func aBadMessageIsAParseError() {
    guard case .invalid(let id, let error) = IncomingMessage.decode(Array("{\"jsonrpc\": \"2.0\", \"id\": ".utf8))
    else {
      Issue.record("a truncated message was accepted")
      return
    }
    #expect(id == nil && error.code == -32700)
  }
}

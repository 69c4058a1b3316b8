import Foundation
import Testing
import VEDLRender

/// SHA-256 against the FIPS 180-4 / NIST example vectors, in one piece and in pieces.
@Suite struct SHA256Tests {
  static let vectors: [(message: String, digest: String)] = [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
    ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
  ]

  @Test(arguments: 0..<5) func knownVector(_ index: Int) {
    let (message, digest) = Self.vectors[index]
    #expect(SHA256.hex(SHA256.hash(message)) == digest)
    #expect(SHA256.hex(SHA256.hash(Array(message.utf8))) == digest)
  }

  @Test func oneMillionAs() {
    var hasher = SHA256()
    let block = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
    for _ in 0..<1000 { hasher.update(block) }
    #expect(SHA256.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func piecesOfEverySizeGiveTheSameDigest() {
    let message = Array((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    let whole = SHA256.hash(message)
    for size in [1, 3, 55, 56, 63, 64, 65, 127, 128, 999] {
      var hasher = SHA256()
      var index = 0
      while index < message.count {
        let end = min(message.count, index + size)
        message[index..<end].withUnsafeBytes { hasher.update($0) }
        index = end
      }
      #expect(hasher.finalize() == whole, "pieces of \(size) bytes")
    }
  }

  @Test func lengthsAroundThePaddingBoundary() {
    // 55 bytes fit one padded block, 56 need two: both must match a reference.
    #expect(
      SHA256.hex(SHA256.hash(String(repeating: "a", count: 55)))
        == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(
      SHA256.hex(SHA256.hash(String(repeating: "a", count: 56)))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(
      SHA256.hex(SHA256.hash(String(repeating: "a", count: 64)))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
  }

  @Test func copiesHashOnIndependently() {
    var first = SHA256()
    first.update("ab")
    var second = first
    second.update("c")
    first.update("cdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
    #expect(SHA256.hex(second.finalize()) == Self.vectors[1].digest)
    #expect(SHA256.hex(first.finalize()) == Self.vectors[2].digest)
    let third = second
    second.update("d")
    #expect(SHA256.hex(third.finalize()) == Self.vectors[1].digest)
  }

  @Test func finalizeLeavesTheHasherUsable() {
    var hasher = SHA256()
    hasher.update("ab")
    _ = hasher.finalize()
    hasher.update("c")
    #expect(SHA256.hex(hasher.finalize()) == Self.vectors[1].digest)
  }

  @Test func fileDigestMatchesTheCoreutilsTool() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    // Larger than one read block, not a multiple of 64.
    let bytes = Data((0..<(FileDigestBlock.size + 1234)).map { UInt8(truncatingIfNeeded: $0 ^ ($0 >> 8)) })
    let path = workspace.path("blob.bin")
    try bytes.write(to: URL(fileURLWithPath: path))

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(try FileDigest.sha256(ofFileAt: path) == String(output.prefix(64)))
    #expect(SHA256.hex(SHA256.hash(bytes)) == String(output.prefix(64)))
  }

  @Test func missingFileIsAnUnreadableInput() {
    #expect(throws: RenderError.unreadableInput(path: "/nonexistent/vedl-file", reason: "no such file")) {
      try FileDigest.sha256(ofFileAt: "/nonexistent/vedl-file")
    }
  }
}

/// The size `FileDigest` reads at a time (1 MiB), so a test file can span two reads.
enum FileDigestBlock {
  static let size = 1 << 20
}

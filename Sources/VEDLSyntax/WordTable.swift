import VEDLSource

/// The words one lexer has met, keyed by their bytes, with the token kind decoded at each
/// word's first occurrence.
///
/// A file repeats a few dozen words (`clip`, `duration`, `at`, ids) hundreds of thousands of
/// times. Decoding each occurrence into a new `String` and testing it against the keywords was
/// a fifth of the lexer's time; with this table a repeated word costs a hash of its bytes
/// (computed while scanning it) and one byte comparison with its first occurrence.
struct WordTable {
  private struct Entry {
    var hash: UInt32
    /// Where the word first occurred in the lexed bytes.
    var start: Int
    var length: Int
    var text: String
    var keyword: Keyword?
  }

  /// Open addressing: `0` is an empty slot, otherwise the index of an entry plus one.
  private var slots: [Int] = []
  private var entries: [Entry] = []

  /// The FNV-1a offset basis, the hash of no bytes.
  static let seed: UInt32 = 2_166_136_261

  /// Folds one more byte into an FNV-1a hash.
  @inline(__always)
  static func mix(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
    (hash ^ UInt32(byte)) &* 16_777_619
  }

  /// The token kind of the word at `span` of `bytes`, whose hash is `hash`: found in the
  /// table, or decoded and added to it.
  mutating func kind(hash: UInt32, span: Span, in bytes: [UInt8]) -> TokenKind {
    let index = find(hash: hash, span: span, in: bytes) ?? insert(hash: hash, span: span, in: bytes)
    if let keyword = entries[index].keyword { return .keyword(keyword) }
    return .identifier(entries[index].text)
  }

  private func find(hash: UInt32, span: Span, in bytes: [UInt8]) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while true {
      let reference = slots[slot]
      if reference == 0 { return nil }
      let index = reference - 1
      if entries[index].hash == hash, entries[index].length == span.length {
        let other = entries[index].start
        var k = 0
        while k < span.length, bytes[span.start + k] == bytes[other + k] { k += 1 }
        if k == span.length { return index }
      }
      slot = (slot + 1) & mask
    }
  }

  private mutating func insert(hash: UInt32, span: Span, in bytes: [UInt8]) -> Int {
    if (entries.count + 1) * 2 > slots.count { grow() }
    let text = String(decoding: bytes[span.start..<span.end], as: UTF8.self)
    // Keywords are 3–5 letters starting with f, l, p, t or v: skip the string lookup otherwise.
    var keyword: Keyword? = nil
    switch (span.length, bytes[span.start]) {
    case (3...5, UInt8(ascii: "f")), (3...5, UInt8(ascii: "l")), (3...5, UInt8(ascii: "p")),
      (3...5, UInt8(ascii: "t")), (3...5, UInt8(ascii: "v")):
      keyword = Keyword(rawValue: text)
    default:
      break
    }
    entries.append(Entry(hash: hash, start: span.start, length: span.length, text: text, keyword: keyword))
    place(entries.count - 1)
    return entries.count - 1
  }

  private mutating func place(_ index: Int) {
    let mask = slots.count - 1
    var slot = Int(entries[index].hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = index + 1
  }

  private mutating func grow() {
    // Small at first: string interpolations are lexed with a table of their own.
    slots = [Int](repeating: 0, count: max(16, slots.count * 2))
    for index in entries.indices { place(index) }
  }
}

import VEDLSource

/// Names mapped to values, for the checker's hot lookups: statement names and argument labels
/// in the schema, and the names a file defines.
///
/// A `Dictionary<String, …>` hashes every key with SipHash, and even iterating a `String`'s
/// UTF-8 costs a few hundred instructions for a short word. The names looked up here were
/// written in the source file, so their hash is computed from the file's bytes under the
/// name's span (a plain loop over a byte array); the key found is still compared as a
/// `String`, and a name whose span does not hold its bytes (an identifier made by hand) falls
/// back to hashing the `String`. Open addressing, at most half full.
struct NameTable<Value> {
  private var keys: [String?]
  private var values: [Value?]
  private var hashes: [Int]
  /// How many names the table holds.
  private(set) var count = 0

  /// An empty table with room for about `capacity` names before it grows.
  init(capacity: Int = 0) {
    var size = 8
    while size < capacity * 2 { size *= 2 }
    keys = Array(repeating: nil, count: size)
    values = Array(repeating: nil, count: size)
    hashes = Array(repeating: 0, count: size)
  }

  /// A table of `pairs`; a repeated name keeps its first value.
  init(_ pairs: some Sequence<(String, Value)>) {
    let list = Array(pairs)
    self.init(capacity: list.count * 2)
    for (name, value) in list where self[name] == nil { insert(name, value) }
  }

  /// Every name in the table (in no particular order).
  var names: [String] { keys.compactMap { $0 } }

  /// The value of `name`, if it is in the table.
  subscript(name: String) -> Value? {
    find(name, hash: Self.hash(name.utf8)).map { values[$0]! }
  }

  /// The value of `name`, written at `span` of `source`.
  func value(of name: String, at span: Span, in source: [UInt8]) -> Value? {
    if let hash = Self.hash(span, in: source), let slot = find(name, hash: hash) { return values[slot]! }
    // Not found: the span may not hold the name's bytes; look again by the string itself.
    return self[name]
  }

  /// Adds `name` (not in the table yet) with `value`.
  mutating func insert(_ name: String, _ value: Value) {
    insert(name, value, hash: Self.hash(name.utf8))
  }

  /// Adds `name` (not in the table yet), written at `span` of `source`, with `value`.
  mutating func insert(_ name: String, _ value: Value, at span: Span, in source: [UInt8]) {
    if let hash = Self.hash(span, in: source), name.utf8.elementsEqual(source[span.start..<span.end]) {
      insert(name, value, hash: hash)
    } else {
      insert(name, value)
    }
  }

  private mutating func insert(_ name: String, _ value: Value, hash: Int) {
    if (count + 1) * 2 > keys.count { grow() }
    let mask = keys.count - 1
    var slot = hash & mask
    while keys[slot] != nil { slot = (slot + 1) & mask }
    keys[slot] = name
    values[slot] = value
    hashes[slot] = hash
    count += 1
  }

  private func find(_ name: String, hash: Int) -> Int? {
    let mask = keys.count - 1
    var slot = hash & mask
    while let key = keys[slot] {
      if hashes[slot] == hash, key == name { return slot }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Makes room for `capacity` names in all, so that adding them does not grow the table.
  mutating func reserveCapacity(_ capacity: Int) {
    var size = keys.count
    while size < capacity * 2 { size *= 2 }
    if size > keys.count { grow(to: size) }
  }

  private mutating func grow() { grow(to: keys.count * 2) }

  private mutating func grow(to size: Int) {
    let old = (keys, values, hashes)
    keys = Array(repeating: nil, count: size)
    values = Array(repeating: nil, count: size)
    hashes = Array(repeating: 0, count: size)
    count = 0
    for slot in old.0.indices {
      if let key = old.0[slot] { insert(key, old.1[slot]!, hash: old.2[slot]) }
    }
  }

  /// The hash of some UTF-8 bytes (the same for a `String` and for its bytes in the source).
  private static func hash(_ bytes: some Sequence<UInt8>) -> Int {
    var h = 0
    for byte in bytes { h = h &* 31 &+ Int(byte) }
    return h ^ (h >> 7)
  }

  private static func hash(_ span: Span, in source: [UInt8]) -> Int? {
    guard span.start >= 0, span.end <= source.count else { return nil }
    var h = 0
    for i in span.start..<span.end { h = h &* 31 &+ Int(source[i]) }
    return h ^ (h >> 7)
  }
}

extension NameTable: Sendable where Value: Sendable {}

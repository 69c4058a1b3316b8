/// SHA-256 (FIPS 180-4), written in Swift because VEDL takes no outside packages and
/// Foundation on Linux has no digest API. Used to fingerprint a render: the script, its
/// parameters and the contents of every input file (docs/render.md).
///
/// Incremental: feed bytes with `update` in pieces of any size, then read `finalize()`.
public struct SHA256: Sendable {
  /// The 32-byte digest.
  public typealias Digest = [UInt8]

  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  /// Bytes waiting for a full 64-byte block.
  private var buffer: [UInt8] = []
  /// Total message length in bytes.
  private var length: UInt64 = 0

  /// A hasher that has seen nothing yet.
  public init() {
    buffer.reserveCapacity(64)
  }

  /// Adds `bytes` to the message.
  public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    let array = Array(bytes)
    array.withUnsafeBytes { update($0) }
  }

  /// Adds the bytes of `text` (UTF-8) to the message.
  public mutating func update(_ text: String) {
    var copy = text
    copy.withUTF8 { update(UnsafeRawBufferPointer($0)) }
  }

  /// Adds raw memory, in whole 64-byte blocks where possible (the fast path for files).
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var index = 0
    if !buffer.isEmpty {
      let needed = min(64 - buffer.count, bytes.count)
      buffer.append(contentsOf: bytes[0..<needed])
      index = needed
      if buffer.count == 64 {
        compress(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    while bytes.count - index >= 64 {
      compress(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + 64)]))
      index += 64
    }
    if index < bytes.count { buffer.append(contentsOf: bytes[index...]) }
  }

  /// The digest of everything added. The hasher itself is left unchanged.
  public func finalize() -> Digest {
    var copy = self
    let bitLength = length &* 8
    var tail: [UInt8] = [0x80]
    let used = (copy.buffer.count + 1) % 64
    let zeros = used <= 56 ? 56 - used : 120 - used
    tail.append(contentsOf: repeatElement(0, count: zeros))
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    tail.withUnsafeBytes { copy.absorbWithoutCounting($0) }
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in copy.state {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return digest
  }

  /// The digest of `bytes` in one call.
  public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> Digest where Bytes.Element == UInt8 {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The digest of the UTF-8 bytes of `text`.
  public static func hash(_ text: String) -> Digest {
    var hasher = SHA256()
    hasher.update(text)
    return hasher.finalize()
  }

  /// A digest as 64 lowercase hexadecimal digits.
  public static func hex(_ digest: Digest) -> String {
    let digits = Array("0123456789abcdef")
    var text = ""
    text.reserveCapacity(digest.count * 2)
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return text
  }

  // MARK: The compression function

  private mutating func absorbWithoutCounting(_ bytes: UnsafeRawBufferPointer) {
    let saved = length
    update(bytes)
    length = saved
  }

  private mutating func compress(_ block: [UInt8]) {
    block.withUnsafeBytes { compress($0) }
  }

  private mutating func compress(_ block: UnsafeRawBufferPointer) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for t in 0..<16 {
        w[t] =
          UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16 | UInt32(block[4 * t + 2]) << 8
          | UInt32(block[4 * t + 3])
      }
      for t in 16..<64 {
        let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
        let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
      }
      var a = state[0]
      var b = state[1]
      var c = state[2]
      var d = state[3]
      var e = state[4]
      var f = state[5]
      var g = state[6]
      var h = state[7]
      Self.k.withUnsafeBufferPointer { k in
        for t in 0..<64 {
          let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
          let choice = (e & f) ^ (~e & g)
          let temp1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
          let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
          let majority = (a & b) ^ (a & c) ^ (b & c)
          let temp2 = s0 &+ majority
          h = g
          g = f
          f = e
          e = d &+ temp1
          d = c
          c = b
          b = a
          a = temp1 &+ temp2
        }
      }
      state[0] &+= a
      state[1] &+= b
      state[2] &+= c
      state[3] &+= d
      state[4] &+= e
      state[5] &+= f
      state[6] &+= g
      state[7] &+= h
    }
  }

  @inline(__always) private func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

  /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]
}

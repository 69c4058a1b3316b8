import CCrypto

/// SHA-256 (FIPS 180-4), computed by OpenSSL's libcrypto (`EVP_sha256`, which uses the
/// processor's SHA instructions where there are some: about 1.2 GB/s here, nine times the
/// portable Swift this replaced). Used to fingerprint a render: the script, its parameters
/// and the contents of every input file (docs/render.md).
///
/// Incremental: feed bytes with `update` in pieces of any size, then read `finalize()`. A
/// value: copies hash on independently (the digest context is copied when a shared one is
/// about to change).
public struct SHA256: @unchecked Sendable {
  /// The 32-byte digest.
  public typealias Digest = [UInt8]

  /// The digest context; never changed while another `SHA256` shares it.
  private var context: Context

  /// A hasher that has seen nothing yet.
  public init() {
    context = Context()
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

  /// Adds raw memory.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    if !isKnownUniquelyReferenced(&context) { context = context.copy() }
    Context.check(EVP_DigestUpdate(context.pointer, base, bytes.count), "EVP_DigestUpdate")
  }

  /// The digest of everything added. The hasher itself is left unchanged.
  public func finalize() -> Digest {
    let finishing = context.copy()
    var digest = Digest(repeating: 0, count: 32)
    var length: UInt32 = 0
    digest.withUnsafeMutableBufferPointer { buffer in
      Context.check(EVP_DigestFinal_ex(finishing.pointer, buffer.baseAddress, &length), "EVP_DigestFinal_ex")
    }
    precondition(length == 32, "SHA-256 gave \(length) bytes")
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

  // MARK: The digest context

  /// One owned `EVP_MD_CTX` set up for SHA-256.
  private final class Context {
    let pointer: OpaquePointer

    init() {
      guard let pointer = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new: out of memory") }
      self.pointer = pointer
      Self.check(EVP_DigestInit_ex(pointer, EVP_sha256(), nil), "EVP_DigestInit_ex(SHA-256)")
    }

    private init(copying other: Context) {
      guard let pointer = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new: out of memory") }
      self.pointer = pointer
      Self.check(EVP_MD_CTX_copy_ex(pointer, other.pointer), "EVP_MD_CTX_copy_ex")
    }

    deinit { EVP_MD_CTX_free(pointer) }

    /// A context that has seen what this one has.
    func copy() -> Context { Context(copying: self) }

    /// libcrypto's digest calls fail only when memory runs out or the library is broken;
    /// neither leaves a digest worth returning.
    static func check(_ result: Int32, _ call: String) {
      if result != 1 { fatalError("\(call) failed: libcrypto cannot compute SHA-256") }
    }
  }
}

extension String {
  /// The text in a C character buffer FFmpeg filled, up to its first NUL (or the whole buffer
  /// when there is none), decoded as UTF-8 with invalid bytes repaired.
  init(nulTerminated buffer: [CChar]) {
    let end = buffer.firstIndex(of: 0) ?? buffer.endIndex
    self = String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

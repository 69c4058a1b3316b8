/// The 2¹⁵-entry table of signed 16-bit sine values that FFmpeg's `sine` source reads
/// (libavfilter/asrc_sine.c), rebuilt with the same integer arithmetic so that a `tone(…)`
/// clip has exactly the samples the FFmpeg backend's `sine` filter produces: amplitude
/// 4095 (one eighth of full scale), the first quarter computed by halving angles with
/// Newton's method at 8× precision, the other three quarters by symmetry.
enum SineTable {
  /// log₂ of the table length.
  static let logPeriod = 15
  /// The table: entry `i` is the sine of `2π·i / 2¹⁵`, times 4095, rounded as FFmpeg does.
  static let values: [Int16] = build()

  private static func build() -> [Int16] {
    let halfPi = 1 << (logPeriod - 2)
    let amplitudeShift = 3
    let scaledAmplitude = UInt32(4095) << UInt32(amplitudeShift)
    // (ampls · ampls) is an unsigned 32-bit product in C; it fits.
    let unit2 = UInt64(scaledAmplitude &* scaledAmplitude) << 32
    var table = [Int32](repeating: 0, count: 1 << logPeriod)
    table[0] = 0
    table[halfPi] = Int32(scaledAmplitude)
    var step = halfPi
    while step > 1 {
      // k ≈ 2¹⁶ · amplitude / |u + v|; constant at a given step in exact arithmetic.
      var k: UInt32 = 0x10000
      var i = 0
      while i < halfPi / 2 {
        let s = UInt32(truncatingIfNeeded: table[i] + table[i + step])
        let c = UInt32(truncatingIfNeeded: table[halfPi - i] + table[halfPi - i - step])
        let n2 = s &* s &+ c &* c
        while true {
          let next = UInt32(truncatingIfNeeded: (UInt64(k) + unit2 / (UInt64(k) * UInt64(n2)) + 1) >> 1)
          if next == k { break }
          k = next
        }
        table[i + step / 2] = Int32(Int16(truncatingIfNeeded: (k &* s &+ 0x7FFF) >> 16))
        table[halfPi - i - step / 2] = Int32(Int16(truncatingIfNeeded: (k &* c &+ 0x8000) >> 16))
        i += step
      }
      step /= 2
    }
    for i in 0...halfPi {
      table[i] = (table[i] + Int32(1 << (amplitudeShift - 1))) >> Int32(amplitudeShift)
    }
    for i in 0..<halfPi {
      table[halfPi * 2 - i] = table[i]
    }
    for i in 0..<(2 * halfPi) {
      table[i + 2 * halfPi] = -table[i]
    }
    return table.map { Int16(truncatingIfNeeded: $0) }
  }
}

/// A `tone(FREQUENCY)` source, sample by sample, exactly as FFmpeg's `sine` filter makes it
/// (the FFmpeg backend lowers a tone to `sine=frequency=F:sample_rate=R`): a 32-bit phase
/// accumulator advanced by `⌊F·2³² / R + ½⌋` per sample, whose top 15 bits index
/// ``SineTable``. Samples are signed 16-bit, starting at phase 0.
struct ToneSignal {
  /// The phase increment per sample.
  let step: UInt32
  private var phase: UInt32 = 0

  /// The tone of `frequency` hertz (as FFmpeg reads the option: a `Double`) at `sampleRate`.
  init(frequency: Double, sampleRate: Int) {
    // `ldexp(F, 32) / R + 0.5`, converted to `uint32_t` by truncation. A value out of that
    // range (a tone at or above the sample rate) is undefined in C; here it wraps.
    let increment = (frequency * 4_294_967_296 / Double(sampleRate) + 0.5).rounded(.towardZero)
    let wrapped = increment.truncatingRemainder(dividingBy: 4_294_967_296)
    step = wrapped.isFinite ? UInt32(truncatingIfNeeded: Int64(wrapped)) : 0
  }

  /// The next sample.
  mutating func next() -> Int16 {
    let value = SineTable.values[Int(phase >> UInt32(32 - SineTable.logPeriod))]
    phase &+= step
    return value
  }

  /// The next `count` samples as floats (`value / 2¹⁵`, the exact conversion FFmpeg's
  /// resampler makes from 16-bit samples).
  mutating func nextFloats(_ count: Int) -> [Float] {
    let shift = UInt32(32 - SineTable.logPeriod)
    var phase = self.phase
    let step = self.step
    let samples = SineTable.values.withUnsafeBufferPointer { table in
      [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
        for i in 0..<count {
          buffer[i] = Float(table[Int(phase >> shift)]) / 32768
          phase &+= step
        }
        initialized = count
      }
    }
    self.phase = phase
    return samples
  }
}

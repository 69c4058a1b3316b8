/// libFuzzer's entry point: called once per generated input.
///
/// This target is built only by `scripts/fuzz.sh` (with `VEDL_FUZZ=1`, see the end of
/// `Package.swift`); libFuzzer supplies `main`, so the target has no `main.swift`. The
/// bytes become a ``SourceFile`` exactly as `vedl check` would read them from disk (invalid
/// UTF-8 included), and ``FrontEndFuzzPipeline/standard`` runs every front-end stage over
/// them. A stage that finds a broken invariant traps, which libFuzzer reports as a crash and
/// saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func vedlFuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes: [UInt8] = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  FrontEndFuzzPipeline.standard.run(bytes: bytes)
  return 0
}

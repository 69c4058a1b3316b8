import Foundation

/// libFuzzer's entry point: called once per generated input.
///
/// This target is built only by `scripts/fuzz.sh` (with `VEDL_FUZZ=1`, see the end of
/// `Package.swift`); libFuzzer supplies `main`, so the target has no `main.swift`. The
/// bytes become a ``SourceFile`` exactly as `vedl check` would read them from disk (invalid
/// UTF-8 included), and ``FrontEndFuzzPipeline/standard`` runs every front-end stage over
/// them — or, with `VEDL_FUZZ_TARGET=captions`, ``CaptionFuzzTarget`` reads them as caption
/// files. A stage that finds a broken invariant traps, which libFuzzer reports as a crash and
/// saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func vedlFuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes: [UInt8] = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  switch FuzzTarget.current {
  case .script: FrontEndFuzzPipeline.standard.run(bytes: bytes)
  case .captions: CaptionFuzzTarget.run(bytes: bytes)
  }
  return 0
}

/// What the inputs are read as, from `VEDL_FUZZ_TARGET` (`script`, the default, or
/// `captions`): one binary serves both, so `scripts/fuzz.sh` builds once.
enum FuzzTarget: String {
  case script, captions

  static let current: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["VEDL_FUZZ_TARGET"] ?? "script"
    guard let target = FuzzTarget(rawValue: name) else {
      FileHandle.standardError.write(Data("VEDL_FUZZ_TARGET must be `script` or `captions`, not `\(name)`\n".utf8))
      exit(2)
    }
    return target
  }()
}

// swift-tools-version:6.0
// VEDL — a compiler for a declarative video edit language.
// Layering (each target depends only on the ones above it) is described in docs/architecture.md.
import PackageDescription

let package = Package(
  name: "VEDL",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "vedl", targets: ["vedl"])
  ],
  targets: [
    .target(name: "VEDLTime"),
    .target(name: "VEDLSource"),
    .target(name: "VEDLDiagnostics", dependencies: ["VEDLSource"]),
    .target(name: "VEDLSyntax", dependencies: ["VEDLTime", "VEDLSource", "VEDLDiagnostics"]),
    .target(name: "VEDLCaptions", dependencies: ["VEDLTime", "VEDLSource", "VEDLDiagnostics"]),
    // Structure-aware mutations of scripts, for the mutation tests and the fuzzer.
    .target(name: "VEDLMutation", dependencies: ["VEDLSource", "VEDLSyntax"]),
    .target(
      name: "VEDLSema", dependencies: ["VEDLTime", "VEDLSource", "VEDLDiagnostics", "VEDLSyntax", "VEDLCaptions"]),
    .target(name: "VEDLLowering", dependencies: ["VEDLTime", "VEDLSema"]),
    .target(name: "VEDLTimelinePicture", dependencies: ["VEDLTime", "VEDLSema"]),
    // OpenTimelineIO import and export (`Codable` OTIO JSON); no libav: the CLI passes media facts.
    .target(
      name: "VEDLInterchange",
      dependencies: ["VEDLTime", "VEDLSource", "VEDLDiagnostics", "VEDLSyntax", "VEDLSema"]),
    .systemLibrary(
      name: "CFFmpeg",
      pkgConfig: "libavformat",
      providers: [
        .apt([
          "libavformat-dev", "libavcodec-dev", "libavfilter-dev", "libavutil-dev", "libswscale-dev",
          "libswresample-dev",
        ])
      ]
    ),
    .target(name: "VEDLMedia", dependencies: ["CFFmpeg", "VEDLTime"]),
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]
    ),
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"])]
    ),
    .target(name: "VEDLRaster"),
    .target(name: "VEDLFontRaster", dependencies: ["CFreeType"]),
    // The native renderer reaches libav only through VEDLMedia's wrappers.
    .target(name: "VEDLNativeAudio", dependencies: ["VEDLTime", "VEDLSema", "VEDLMedia"]),
    .target(
      name: "VEDLNative",
      dependencies: [
        "VEDLTime", "VEDLSema", "VEDLLowering", "VEDLMedia", "VEDLRaster", "VEDLFontRaster", "VEDLNativeAudio",
      ]),
    .target(
      name: "VEDLRender",
      dependencies: [
        "CCrypto", "VEDLTime", "VEDLSource", "VEDLDiagnostics", "VEDLSema", "VEDLLowering", "VEDLMedia",
        "VEDLCaptions", "VEDLNative", "VEDLNativeAudio", "VEDLRaster",
      ]),
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"])]
    ),
    // `vedl preview`: the HTTP server (the only user of CMicroHTTPD), watching and warm frames.
    .target(
      name: "VEDLPreview",
      dependencies: [
        "CMicroHTTPD", "VEDLTime", "VEDLSource", "VEDLDiagnostics", "VEDLSema", "VEDLLowering", "VEDLMedia",
        "VEDLNative", "VEDLRaster", "VEDLRender", "VEDLTimelinePicture",
      ]),
    .target(name: "VEDLIDE", dependencies: ["VEDLTime", "VEDLSource", "VEDLDiagnostics", "VEDLSyntax", "VEDLSema"]),
    .target(
      name: "VEDLLanguageServer", dependencies: ["VEDLIDE", "VEDLSema", "VEDLSyntax", "VEDLDiagnostics", "VEDLSource"]),
    .target(
      name: "VEDLCLI",
      dependencies: [
        "VEDLTime", "VEDLSource", "VEDLDiagnostics", "VEDLSyntax", "VEDLCaptions", "VEDLSema", "VEDLLowering",
        "VEDLMedia", "VEDLRender", "VEDLTimelinePicture", "VEDLIDE", "VEDLLanguageServer", "VEDLNative",
        "VEDLRaster", "VEDLFontRaster", "VEDLInterchange", "VEDLPreview",
      ]),
    .executableTarget(name: "vedl", dependencies: ["VEDLCLI"]),
    // Shared test helpers: the seeded generator (SplitMix64), the edit generator, the
    // minimiser, child processes and the differential renders (docs/testing.md). No libav:
    // it runs the `vedl` and `ffmpeg` CLIs.
    .target(
      name: "VEDLTestSupport", dependencies: ["VEDLTime", "VEDLSource", "VEDLDiagnostics", "VEDLSyntax", "VEDLSema"]),

    .testTarget(name: "VEDLTimeTests", dependencies: ["VEDLTime", "VEDLTestSupport"]),
    .testTarget(name: "VEDLSourceTests", dependencies: ["VEDLSource"]),
    .testTarget(name: "VEDLDiagnosticsTests", dependencies: ["VEDLDiagnostics", "VEDLSource", "VEDLTestSupport"]),
    .testTarget(
      name: "VEDLSyntaxTests",
      dependencies: ["VEDLSyntax", "VEDLDiagnostics", "VEDLSource", "VEDLTime", "VEDLTestSupport"]),
    .testTarget(
      name: "VEDLSemaTests",
      dependencies: ["VEDLSema", "VEDLSyntax", "VEDLDiagnostics", "VEDLSource", "VEDLTime", "VEDLTestSupport"]),
    .testTarget(
      name: "VEDLCaptionsTests",
      dependencies: ["VEDLCaptions", "VEDLDiagnostics", "VEDLSource", "VEDLTime", "VEDLTestSupport"]),
    .testTarget(name: "VEDLMediaTests", dependencies: ["VEDLMedia", "VEDLTime", "VEDLTestSupport"]),
    .testTarget(name: "VEDLRasterTests", dependencies: ["VEDLRaster", "VEDLTestSupport"]),
    .testTarget(name: "VEDLFontRasterTests", dependencies: ["VEDLFontRaster", "VEDLTestSupport"]),
    .testTarget(
      name: "VEDLNativeAudioTests",
      dependencies: ["VEDLNativeAudio", "VEDLSema", "VEDLSyntax", "VEDLSource", "VEDLTime", "VEDLTestSupport"]),
    .testTarget(
      name: "VEDLNativeTests",
      dependencies: [
        "VEDLNative", "VEDLRaster", "VEDLFontRaster", "VEDLSema", "VEDLSyntax", "VEDLSource", "VEDLTime", "VEDLMedia",
        "VEDLLowering", "VEDLNativeAudio", "VEDLRender", "VEDLTestSupport",
      ]),
    .testTarget(
      name: "VEDLRenderTests",
      dependencies: [
        "VEDLRender", "VEDLLowering", "VEDLSema", "VEDLMedia", "VEDLNative", "VEDLCaptions", "VEDLDiagnostics",
        "VEDLSource", "VEDLTime", "VEDLTestSupport",
      ]),
    .testTarget(
      name: "VEDLLoweringTests",
      dependencies: ["VEDLLowering", "VEDLSema", "VEDLSyntax", "VEDLSource", "VEDLTime", "VEDLTestSupport"]),
    .testTarget(
      name: "VEDLTimelinePictureTests", dependencies: ["VEDLTimelinePicture", "VEDLSema", "VEDLSource", "VEDLTime"]),
    .testTarget(
      name: "VEDLIDETests",
      dependencies: [
        "VEDLIDE", "VEDLSema", "VEDLSyntax", "VEDLDiagnostics", "VEDLSource", "VEDLTime", "VEDLLowering",
        "VEDLMutation", "VEDLTestSupport",
      ]),
    .testTarget(
      name: "VEDLLanguageServerTests",
      dependencies: [
        "VEDLLanguageServer", "VEDLIDE", "VEDLSema", "VEDLDiagnostics", "VEDLSource", "VEDLTime", "VEDLTestSupport",
      ]),
    .testTarget(
      name: "VEDLInterchangeTests",
      dependencies: [
        "VEDLInterchange", "VEDLSema", "VEDLSyntax", "VEDLDiagnostics", "VEDLSource", "VEDLTime", "VEDLCLI",
      ]),
    .testTarget(
      name: "VEDLPreviewTests",
      dependencies: ["VEDLPreview", "VEDLCLI", "VEDLSema", "VEDLSource", "VEDLTime", "VEDLTestSupport"]),
    .testTarget(
      name: "VEDLCLITests",
      dependencies: ["VEDLCLI", "VEDLSyntax", "VEDLDiagnostics", "VEDLSema", "VEDLMedia", "VEDLTestSupport"]),
    .testTarget(
      name: "VEDLDifferentialTests",
      dependencies: [
        "VEDLTestSupport", "VEDLSema", "VEDLSyntax", "VEDLSource", "VEDLTime", "VEDLMedia", "VEDLDiagnostics",
      ]),
  ]
)

// The fuzz target links libFuzzer's `main`, so it exists only when VEDL_FUZZ=1 (set by
// scripts/fuzz.sh, which also passes the sanitizer flags). Without it SwiftPM ignores
// Sources/VEDLFuzz, and `swift build` / `swift test` never see it.
if Context.environment["VEDL_FUZZ"] == "1" {
  package.targets.append(
    .executableTarget(
      name: "VEDLFuzz",
      dependencies: [
        "VEDLTime", "VEDLSource", "VEDLDiagnostics", "VEDLSyntax", "VEDLSema", "VEDLLowering", "VEDLMedia",
        "VEDLCaptions", "VEDLIDE", "VEDLMutation", "VEDLTestSupport",
      ],
      path: "Sources/VEDLFuzz",
      exclude: ["vedl.dict"]))
  package.products.append(.executable(name: "vedl-fuzz", targets: ["VEDLFuzz"]))
}

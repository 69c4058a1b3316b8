import Testing
import VEDLNative

@Test func errorsKeepTheirMessageAndPath() {
  let error = NativeRenderError("cannot decode", path: "/tmp/a.mp4")
  #expect(error.message == "cannot decode")
  #expect(error.path == "/tmp/a.mp4")
  #expect(NativeRenderError("x").path == nil)
}

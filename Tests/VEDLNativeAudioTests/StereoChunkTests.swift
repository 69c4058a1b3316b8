import Testing
import VEDLNativeAudio

@Test func silenceHasTheRequestedLengthOnBothChannels() {
  let chunk = StereoChunk(silence: 5)
  #expect(chunk.count == 5)
  #expect(chunk.left == [0, 0, 0, 0, 0])
  #expect(chunk.right == chunk.left)
}

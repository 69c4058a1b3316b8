import Testing
import VEDLRaster

/// Crops, quarter turns and mirrors: exact, against index arithmetic and FFmpeg's `crop`,
/// `transpose`, `hflip` and `vflip`.
@Suite struct GeometryTests {
  /// A 4×3 picture whose pixel (x, y) is (x, y, 10·x + y, 200 + x): every pixel different.
  static let numbered: RGBAImage = {
    var bytes: [UInt8] = []
    for y in 0..<3 {
      for x in 0..<4 {
        let values: [Int] = [x, y, 10 * x + y, 200 + x]
        bytes += values.map { UInt8($0) }
      }
    }
    return RGBAImage(width: 4, height: 3, pixels: bytes)
  }()

  static func origin(_ image: RGBAImage, _ x: Int, _ y: Int) -> (Int, Int) {
    let p = image.pixel(x: x, y: y)
    return (Int(p.red), Int(p.green))
  }

  @Test func cropKeepsTheRectangle() {
    let c = Self.numbered.cropped(x: 1, y: 1, width: 2, height: 2)
    #expect(c.width == 2 && c.height == 2)
    #expect(Self.origin(c, 0, 0) == (1, 1))
    #expect(Self.origin(c, 1, 1) == (2, 2))
    #expect(Self.numbered.cropped(x: 0, y: 0, width: 4, height: 3) == Self.numbered)
  }

  @Test func cropIsClampedToThePicture() {
    let c = Self.numbered.cropped(x: 3, y: -2, width: 5, height: 9)
    #expect(c.width == 1 && c.height == 3)
    #expect(Self.origin(c, 0, 2) == (3, 2))
    let corner = Self.numbered.cropped(x: 10, y: 10, width: 0, height: 0)
    #expect(corner.width == 1 && corner.height == 1)
    #expect(Self.origin(corner, 0, 0) == (3, 2))
  }

  @Test func quarterTurnsAreClockwise() {
    let once = Self.numbered.rotatedQuarterTurns(1)
    #expect(once.width == 3 && once.height == 4)
    // Clockwise: the bottom-left corner comes to the top-left.
    #expect(Self.origin(once, 0, 0) == (0, 2))
    #expect(Self.origin(once, 2, 0) == (0, 0))
    #expect(Self.origin(once, 0, 3) == (3, 2))
    let twice = Self.numbered.rotatedQuarterTurns(2)
    #expect(Self.origin(twice, 0, 0) == (3, 2))
    #expect(Self.origin(twice, 3, 2) == (0, 0))
    let thrice = Self.numbered.rotatedQuarterTurns(3)
    #expect(Self.origin(thrice, 0, 0) == (3, 0))
    #expect(Self.origin(thrice, 2, 3) == (0, 2))
    #expect(Self.numbered.rotatedQuarterTurns(-1) == thrice)
    #expect(Self.numbered.rotatedQuarterTurns(4) == Self.numbered)
    #expect(once.rotatedQuarterTurns(3) == Self.numbered)
  }

  @Test func mirrorsFlipOneAxis() {
    let h = Self.numbered.mirrored(horizontally: true)
    #expect(Self.origin(h, 0, 0) == (3, 0))
    #expect(Self.origin(h, 3, 2) == (0, 2))
    let v = Self.numbered.mirrored(horizontally: false)
    #expect(Self.origin(v, 0, 0) == (0, 2))
    #expect(Self.origin(v, 3, 2) == (3, 0))
    #expect(h.mirrored(horizontally: true) == Self.numbered)
    #expect(Self.numbered.rotatedQuarterTurns(2) == h.mirrored(horizontally: false))
  }

  @Test func matchFFmpegExactly() throws {
    let filters = [
      ("crop=w=17:h=11:x=5:y=13", 17, 11), ("transpose=dir=clock", 30, 40), ("hflip,vflip", 40, 30),
      ("transpose=dir=cclock", 30, 40), ("hflip", 40, 30), ("vflip", 40, 30),
    ]
    let (source, expected) = try FFmpegReference.testPattern(
      width: 40, height: 30, through: filters.map { .init(filter: $0.0, width: $0.1, height: $0.2) })
    let actual = [
      source.cropped(x: 5, y: 13, width: 17, height: 11), source.rotatedQuarterTurns(1), source.rotatedQuarterTurns(2),
      source.rotatedQuarterTurns(3), source.mirrored(horizontally: true), source.mirrored(horizontally: false),
    ]
    for ((filter, _, _), (mine, reference)) in zip(filters, zip(actual, expected)) {
      #expect(Compare.maxDifference(mine, reference) == 0, "\(filter)")
    }
  }
}

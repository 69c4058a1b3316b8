import Testing
import VEDLFontRaster

@Test func coverageOutsideTheMaskIsZero() {
  let mask = CoverageMask(width: 2, height: 1, alpha: [7, 9])
  #expect(mask.coverage(x: 1, y: 0) == 9)
  #expect(mask.coverage(x: 2, y: 0) == 0)
  #expect(mask.coverage(x: -1, y: 0) == 0)
  #expect(CoverageMask(width: 0, height: 0).alpha.isEmpty)
}

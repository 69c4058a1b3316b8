import Testing

@testable import VEDLMedia

@Suite struct FilterGraphSyntaxCheckTests {
  @Test func acceptsAValidGraphAndNamesTheProblemOfAnInvalidOne() {
    #expect(FilterGraphSyntaxCheck.problem(in: "testsrc2=size=64x48:rate=30,format=yuv420p[v]") == nil)
    #expect(FilterGraphSyntaxCheck.problem(in: "[0:v]scale=w=32:h=24[v]") == nil)
    let unknown = FilterGraphSyntaxCheck.problem(in: "testsrc2,nosuchfilter[v]")
    #expect(unknown != nil)
    #expect(FilterGraphSyntaxCheck.problem(in: "testsrc2=bogusoption=1[v]") != nil)
  }
}

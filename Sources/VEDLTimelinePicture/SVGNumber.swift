/// Coordinates and lengths as the picture writes them: rounded to hundredths of a pixel,
/// without exponent or trailing zeros (`12`, `12.5`, `12.25`). Written by hand rather than
/// with `String(format:)` so the bytes never depend on a locale or a platform's `printf` —
/// the picture is compared byte for byte against golden files.
enum SVGNumber {
  /// `value` rounded to two decimals; non-finite values (which the layout never produces)
  /// are written as `0` rather than as text no SVG reader accepts.
  static func text(_ value: Double) -> String {
    let hundredths = (value * 100).rounded(.toNearestOrAwayFromZero)
    guard hundredths.isFinite, hundredths.magnitude < 9.0e15 else { return "0" }
    let scaled = Int64(hundredths)
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let whole = magnitude / 100
    let fraction = magnitude % 100
    if fraction == 0 { return sign + String(whole) }
    if fraction % 10 == 0 { return sign + "\(whole).\(fraction / 10)" }
    return sign + "\(whole)." + (fraction < 10 ? "0" : "") + String(fraction)
  }
}

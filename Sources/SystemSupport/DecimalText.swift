/// The two number formats the program prints (zero-padded integers, fixed decimals), in Swift:
/// Foundation's `String(format:)` would load libFoundation, and C's varargs formatting is not
/// type-checked (an `Int64` given to `%d` only works by the accident of the calling convention).
public enum DecimalText {
  /// `value` in decimal with at least `width` digits, zeros in front (`%0*d`): `7` → `"07"`.
  public static func zeroPadded(_ value: some BinaryInteger, width: Int) -> String {
    let digits = String(value.magnitude)
    let padding = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + padding + digits
  }

  /// `value` with exactly `fractionDigits` decimals, rounded (`%.*f`): `1.5, 6` →
  /// `"1.500000"`. A value too large for that many decimals in 64 bits is written as Swift
  /// writes it.
  public static func fixed(_ value: Double, fractionDigits: Int) -> String {
    var scale: Int64 = 1
    for _ in 0..<max(0, fractionDigits) { scale *= 10 }
    let scaled = (value * Double(scale)).rounded()
    guard scaled.isFinite, scaled.magnitude < 9.0e18 else { return String(value) }
    let units = Int64(scaled)
    let whole = String(units.magnitude / UInt64(scale))
    let sign = units < 0 ? "-" : ""
    guard fractionDigits > 0 else { return sign + whole }
    return sign + whole + "." + zeroPadded(units.magnitude % UInt64(scale), width: fractionDigits)
  }

  /// `mm:ss` of a position in nanoseconds, as the terminal and the messages write it: `65 s` →
  /// `"01:05"`; negative is `"00:00"`.
  public static func clock(nanos: Int64) -> String {
    let seconds = max(0, nanos / 1_000_000_000)
    return zeroPadded(seconds / 60, width: 2) + ":" + zeroPadded(seconds % 60, width: 2)
  }
}

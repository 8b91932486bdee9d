/// Writes a millisecond time the way canonical LRC spells it: `mm:ss.xx` (hundredths) when
/// that is exact, `mm:ss.xxx` otherwise, minutes beyond 59 as they are, `-` before negatives.
public enum LRCTimeFormat {
  public static func string(_ ms: Int) -> String {
    let magnitude = ms.magnitude
    let minutes = magnitude / 60_000
    let seconds = magnitude / 1000 % 60
    let fraction = magnitude % 1000
    let sign = ms < 0 ? "-" : ""
    let fractionText =
      fraction % 10 == 0 ? pad(fraction / 10, to: 2) : pad(fraction, to: 3)
    return "\(sign)\(pad(minutes, to: 2)):\(pad(seconds, to: 2)).\(fractionText)"
  }

  private static func pad(_ value: UInt, to width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}

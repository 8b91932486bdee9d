/// How much larger than at 96 dpi the strip is made: the setting `scale` when given, else the
/// X resource `Xft.dpi` over 96 (what desktops set for a high-DPI monitor), else 1.
public enum DisplayScale {
  /// The scales the setting accepts.
  public static let range: ClosedRange<Double> = 0.5...4

  /// `Xft.dpi` from the text of an X resource database (`xrdb -query`'s lines, `name:\tvalue`);
  /// nil when it is missing or not a positive number.
  public static func xftDPI(inResources text: String) -> Double? {
    for line in text.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].filter { $0 != " " && $0 != "\t" }
      guard name == "Xft.dpi" else { continue }
      let value = line[line.index(after: colon)...].filter { $0 != " " && $0 != "\t" }
      if let dpi = Double(value), dpi > 0 { return dpi }
    }
    return nil
  }

  /// The scale to use: the setting, else `Xft.dpi` / 96 kept within `range`, else 1.
  public static func choose(setting: Double?, resources: String?) -> Double {
    if let setting { return setting }
    guard let dpi = resources.flatMap(xftDPI(inResources:)) else { return 1 }
    return min(range.upperBound, max(range.lowerBound, dpi / 96))
  }
}

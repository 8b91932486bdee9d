/// TTML's time expressions, as Apple's lyrics use them: clock times `HH:MM:SS.fff`,
/// `MM:SS.fff` and bare seconds `SS.fff`, and offset times with a unit, `12.3s`, `500ms`,
/// `1.5m`, `1h`. Kept to the millisecond (a longer fraction is rounded).
enum TTMLTime {
  static func parse(_ text: String) -> Int? {
    let value = text.trimmingSpacesAndTabs()
    for (unit, scale) in [("ms", 1.0), ("s", 1000.0), ("m", 60_000.0), ("h", 3_600_000.0)]
    where value.hasSuffix(unit) {
      guard let number = decimal(value.dropLast(unit.count)) else { return nil }
      return Int((number * scale).rounded())
    }
    let fields = value.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count), let last = fields.last, let seconds = decimal(last)
    else { return nil }
    var whole = 0.0
    for field in fields.dropLast() {
      guard !field.isEmpty, field.count <= 6, field.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(field)
      else { return nil }
      whole = whole * 60 + Double(number)
    }
    if fields.count > 1, seconds >= 60 { return nil }
    return Int(((whole * 60 + seconds) * 1000).rounded())
  }

  /// `12`, `12.345`: digits with at most one point, nothing else.
  static func decimal(_ text: Substring) -> Double? {
    guard !text.isEmpty, text.count <= 16,
      text.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." }),
      text.filter({ $0 == "." }).count <= 1, text.first != ".", text.last != "."
    else { return nil }
    return Double(text)
  }

  /// `m:ss.fff`, or `h:mm:ss.fff` from an hour on; negative times are written as 0.
  static func string(_ ms: Int) -> String {
    let ms = max(0, ms)
    let hours = ms / 3_600_000
    let minutes = ms / 60_000 % 60
    let seconds = ms / 1000 % 60
    let fraction = ms % 1000
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let tail = "\(pad(seconds, 2)).\(pad(fraction, 3))"
    return hours > 0 ? "\(hours):\(pad(minutes, 2)):\(tail)" : "\(minutes):\(tail)"
  }
}

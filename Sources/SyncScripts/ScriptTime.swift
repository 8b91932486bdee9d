/// Script times: seconds with up to three decimals, read exactly (no floating point), so that
/// `12.4` is 12400 ms on every machine.
enum ScriptTime {
  static func milliseconds(_ text: String, _ words: Words) throws(ScriptSyntaxError) -> Int {
    guard let ms = parse(text) else {
      throw words.error(
        "bad time '\(text)': seconds like 12 or 12.5, at most 3 decimals, at most \(maximumSeconds)"
      )
    }
    return ms
  }

  /// The longest script: a day. Virtual time costs real work while a track plays (about 0.4 s
  /// of CPU per script hour in a debug build), so a typo like `end 9999999` must not hang.
  static let maximumSeconds = 86_400

  /// `12`, `12.5`, `0.250`: milliseconds; nil for anything else (negative, exponent, 4 decimals,
  /// over `maximumSeconds`).
  static func parse(_ text: String, allowSign: Bool = false) -> Int? {
    var body = Substring(text)
    var sign = 1
    if allowSign, let first = body.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      body = body.dropFirst()
    }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty,
      whole.allSatisfy(\.isASCIIDigit), whole.count <= 9, let seconds = Int(whole)
    else { return nil }
    var fraction = 0
    if parts.count == 2 {
      let digits = parts[1]
      guard (1...3).contains(digits.count), digits.allSatisfy(\.isASCIIDigit),
        let value = Int(digits)
      else { return nil }
      fraction = value * [1, 100, 10, 1][digits.count]
    }
    let ms = seconds * 1000 + fraction
    guard ms <= maximumSeconds * 1000 else { return nil }
    return sign * ms
  }

  /// `12400` as `12.4`, for messages.
  static func seconds(_ ms: Int) -> String {
    let whole = ms / 1000
    let rest = abs(ms % 1000)
    guard rest != 0 else { return "\(whole).0" }
    var fraction = String(rest)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)"
  }
}

extension Character {
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// A whole number written in decimal with an optional sign: `250`, `+250`, `-3000`. The one
/// parser of offsets, in lyrics (`[offset:]`), flags (`--offset`) and scripts (`offset +250`).
public enum SignedDecimal {
  /// The value, or nil when `text` is anything else (empty, other characters, more than
  /// `maxDigits` digits). `spaceAfterSign` lets blanks follow the sign (`[offset: + 250]`).
  public static func parse(
    _ text: some StringProtocol, maxDigits: Int = 12, spaceAfterSign: Bool = false
  )
    -> Int?
  {
    var digits = Substring(text)
    var sign = 1
    if let first = digits.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      digits = digits.dropFirst()
      if spaceAfterSign { digits = digits.drop { $0 == " " || $0 == "\t" } }
    }
    guard !digits.isEmpty, digits.count <= maxDigits,
      digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits)
    else { return nil }
    return sign * value
  }
}

extension NameNormalizer {
  /// The text with the spellings that differ only by script or width made one, for comparing
  /// names across services (Kugou writes Simplified where a tag may be Traditional, and some
  /// tags use full-width Latin): full-width ASCII forms (U+FF01–FF5E) read as ASCII and the
  /// ideographic space as a space, which is what NFKC does for those ranges (the standard
  /// library offers NFC and NFD, not NFKC); then Traditional characters read as Simplified by
  /// `TraditionalToSimplified`'s table. Apply it before `title`, `artists` and `album`. The
  /// cache key and LRCLIB's ranking do not, so their keys and results stay as they were.
  public static func foldingScripts(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0xFF01...0xFF5E:
        result.append(Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar)
      case 0x3000:
        result.append(" ")
      default:
        result.append(TraditionalToSimplified.simplified(scalar))
      }
    }
    return String(result)
  }
}

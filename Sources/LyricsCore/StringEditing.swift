/// Small string edits that would otherwise need libFoundation (`replacingOccurrences`,
/// `trimmingCharacters(in: .whitespaces)`); see `Condition` for why it is kept out.
extension StringProtocol {
  /// Every `target` character replaced by `replacement`.
  public func replacing(character target: Character, with replacement: String) -> String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }

  /// Without leading and trailing spaces and tabs: the characters of Foundation's
  /// `CharacterSet.whitespaces` (Unicode space separators and the tab), not line breaks.
  public func trimmingSpacesAndTabs() -> String {
    func isSpace(_ character: Character) -> Bool {
      character.unicodeScalars.allSatisfy {
        $0 == "\t" || $0.properties.generalCategory == .spaceSeparator
      }
    }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

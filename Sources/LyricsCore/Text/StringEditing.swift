/// A string edit that would otherwise need libFoundation (`trimmingCharacters(in:
/// .whitespaces)`, which FoundationEssentials does not have).
extension StringProtocol {
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

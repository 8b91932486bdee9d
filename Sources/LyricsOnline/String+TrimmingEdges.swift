extension String {
  /// The text without white space at either end (FoundationEssentials has no character sets).
  func trimmingEdges() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}

/// An ID tag line, `[key:value]`, as the LRC-like formats open with (`[ti:…]`, `[offset:…]`,
/// KRC's `[language:…]`): a key of letters only, lowercased; key and value trimmed.
enum HeaderTag {
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>)
    -> (key: String, value: String, next: Int)?
  {
    guard line.lowerBound < line.upperBound, bytes[line.lowerBound] == UInt8(ascii: "[") else {
      return nil
    }
    let keyStart = ASCII.skipSpaces(bytes, (line.lowerBound + 1)..<line.upperBound)
    var index = keyStart
    while index < line.upperBound, ASCII.isLetter(bytes[index]) { index += 1 }
    let keyEnd = index
    guard keyEnd > keyStart else { return nil }
    index = ASCII.skipSpaces(bytes, index..<line.upperBound)
    guard index < line.upperBound, bytes[index] == UInt8(ascii: ":"),
      let close = ASCII.find(UInt8(ascii: "]"), in: bytes, (index + 1)..<line.upperBound)
    else { return nil }
    let key = ASCII.string(bytes, keyStart..<keyEnd).lowercased()
    let value = ASCII.string(bytes, ASCII.trimmed(bytes, (index + 1)..<close))
    return (key, value, close + 1)
  }

  /// ID tags written first, in this order (as `LRCWriter` does); others follow sorted by key,
  /// `offset` last.
  static func write(_ lyrics: Lyrics, skipping skipped: Set<String> = []) -> String {
    var output = ""
    let known = LRCWriter.wellKnownKeys
    let keys =
      known.filter { lyrics.metadata[$0] != nil }
      + lyrics.metadata.keys.filter { !known.contains($0) && $0 != "offset" }.sorted()
    for key in keys where !skipped.contains(key) && isValidKey(key) {
      output += "[\(key):\(oneLine(lyrics.metadata[key] ?? "", bracket: true))]\n"
    }
    // As `LRCWriter`: the offset as it was written when it still says the same.
    if let written = lyrics.metadata["offset"],
      (LRCParseState.offsetValue(written) ?? 0) == lyrics.offsetMs
    {
      output += "[offset:\(oneLine(written, bracket: true))]\n"
    } else if lyrics.offsetMs != 0 || lyrics.metadata["offset"] != nil {
      output += "[offset:\(lyrics.offsetMs > 0 ? "+" : "")\(lyrics.offsetMs)]\n"
    }
    return output
  }

  static func isValidKey(_ key: String) -> Bool {
    !key.isEmpty && key.utf8.allSatisfy(ASCII.isLetter)
  }

  /// Line breaks would split the line; in a tag value, `]` would end the tag early.
  static func oneLine(_ text: String, bracket: Bool = false) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || (bracket && $0 == 0x5D) })
    else { return text }
    return String(
      text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : bracket && $0 == "]" ? ")" : $0 }
    )
  }
}

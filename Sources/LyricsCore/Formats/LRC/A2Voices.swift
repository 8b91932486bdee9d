/// The A2 variant of enhanced LRC that marks who sings: a line's text opens with `v1:`, `v2:`…
/// (the agent), or `bg:` for background vocals, which then belong to the line above; a
/// `[bg: <…>…]` tag line does the same.
enum A2Voices {
  struct Prefix {
    /// `v1`, … ; nil for `bg:`.
    var agent: String?
    var isBackground: Bool
    /// The text after the prefix and its spaces.
    var rest: Range<Int>
  }

  /// `v<digits>:` or `bg:` at the start of `text`.
  static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ text: Range<Int>) -> Prefix? {
    var index = text.lowerBound
    guard index + 2 < text.upperBound else { return nil }
    if bytes[index] == UInt8(ascii: "b"), bytes[index + 1] == UInt8(ascii: "g"),
      bytes[index + 2] == UInt8(ascii: ":")
    {
      let rest = ASCII.skipSpaces(bytes, (index + 3)..<text.upperBound)..<text.upperBound
      return Prefix(agent: nil, isBackground: true, rest: rest)
    }
    guard bytes[index] == UInt8(ascii: "v") else { return nil }
    index += 1
    let digits = index
    while index < text.upperBound, index - digits < 4, ASCII.digit(bytes[index]) != nil {
      index += 1
    }
    guard index > digits, index < text.upperBound, bytes[index] == UInt8(ascii: ":") else {
      return nil
    }
    let agent = ASCII.string(bytes, text.lowerBound..<index)
    let rest = ASCII.skipSpaces(bytes, (index + 1)..<text.upperBound)..<text.upperBound
    return Prefix(agent: agent, isBackground: false, rest: rest)
  }

  /// Whether `name` can be written as a voice prefix (`v` and up to four digits).
  static func isAgentName(_ name: String) -> Bool {
    let utf8 = Array(name.utf8)
    return utf8.count >= 2 && utf8.count <= 5 && utf8[0] == UInt8(ascii: "v")
      && utf8.dropFirst().allSatisfy { ASCII.digit($0) != nil }
  }

  /// The words of a `[bg: …]` tag's value; nil when it holds no word stamp.
  static func background(_ value: String) -> LyricBackground? {
    let bytes = Array(value.utf8)
    return bytes.withUnsafeBufferPointer { buffer -> LyricBackground? in
      let range = ASCII.trimmed(buffer, 0..<buffer.count)
      guard !range.isEmpty, let timed = LRCWordTiming.split(buffer, range, lineMs: 0),
        let start = timed.words.first
      else { return nil }
      return LyricBackground(ms: start.ms, endMs: timed.endMs, text: timed.text, words: timed.words)
    }
  }
}

extension [LyricWord] {
  /// The words' texts one after the other: a timed line's text. Made by appending the words'
  /// `String`s, whose bytes are checked already; decoding the line's bytes once more to make it
  /// checked each byte a second time (8 % of `check --json` of a word-timed file).
  var joinedText: String {
    var text = ""
    let length = reduce(0) { $0 + $1.text.utf8.count }
    // Below 16 bytes a `String` keeps its bytes inline: reserving would put them on the heap.
    if length > 15 { text.reserveCapacity(length) }
    for word in self { text += word.text }
    return text
  }
}

extension LyricWord {
  /// The word moved by `delta` milliseconds, its end with it.
  public mutating func shift(by delta: Int) {
    ms += delta
    endMs = endMs.map { $0 + delta }
  }
}

extension LyricBackground {
  public mutating func shift(by delta: Int) {
    ms += delta
    endMs = endMs.map { $0 + delta }
    for index in words.indices { words[index].shift(by: delta) }
  }
}

extension LyricLine {
  /// Every time of the line moved by `delta` milliseconds: start, end, words, background.
  public mutating func shift(by delta: Int) {
    ms += delta
    endMs = endMs.map { $0 + delta }
    for index in words.indices { words[index].shift(by: delta) }
    background?.shift(by: delta)
  }

  /// Where the line stops: its own end, else its last word's end (or start).
  public var lastMs: Int {
    endMs ?? words.last.map { $0.endMs ?? $0.ms } ?? ms
  }
}

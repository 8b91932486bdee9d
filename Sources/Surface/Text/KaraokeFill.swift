import LyricsCore

/// Where the karaoke fill of a line stands at a lyric time, in pixels of the rendered line.
///
/// Enhanced lines fill word by word: inside a word the fill moves smoothly from the word's start
/// to the next word's start (the last word: to the line's end stamp, or the next line). Plain
/// lines fill across the whole line from its start to its end (its end stamp, else the next
/// line's start, else a default length).
enum KaraokeFill {
  /// How long a plain last line with no end takes to fill.
  static let defaultLineMs = 4_000

  static func fillX(
    line: LyricLine, nextLineMs: Int?, lyricMs: Int, spans: [Range<Int32>], width: Int32
  ) -> Int32 {
    fillX(
      line: line, words: WordsByTime(line.words), nextLineMs: nextLineMs, lyricMs: lyricMs,
      spans: spans, width: width)
  }

  /// The same, with the line's words by time made once (the strip keeps them with the line's
  /// images: making them allocates, and the fill is asked for at every frame).
  static func fillX(
    line: LyricLine, words byTime: WordsByTime, nextLineMs: Int?, lyricMs: Int,
    spans: [Range<Int32>], width: Int32
  ) -> Int32 {
    let lineEnd = line.endMs ?? nextLineMs ?? (line.ms + defaultLineMs)
    guard !line.words.isEmpty, spans.count == line.words.count else {
      return Int32((fraction(lyricMs, from: line.ms, to: lineEnd) * Double(width)).rounded())
    }
    // The word sung now and where its fill ends: the next word start by time (the one rule of
    // `Timeline`, so the fill and the current word agree), else the line's end.
    guard let wordIndex = byTime.word(at: lyricMs) else { return spans[0].lowerBound }
    let word = line.words[wordIndex]
    let wordEnd = byTime.nextStart(after: word.ms) ?? lineEnd
    let span = spans[wordIndex]
    let done = fraction(lyricMs, from: word.ms, to: wordEnd)
    return span.lowerBound + Int32((done * Double(span.count)).rounded())
  }

  private static func fraction(_ value: Int, from start: Int, to end: Int) -> Double {
    guard end > start else { return value >= start ? 1 : 0 }
    return min(1, max(0, Double(value - start) / Double(end - start)))
  }
}

import Testing

@testable import LyricsCore

@Suite("Timeline")
struct TimelineTests {
  /// Lines at -500 (plain), 1000 (words 1000, 1400, 1900, end 2600), 3000 (plain) and two at
  /// 5000 (the first is on display: the second is sung beside it).
  static let lyrics = Lyrics(lines: [
    LyricLine(ms: -500, text: "before zero"),
    LyricLine(
      ms: 1000, text: "Hello world",
      words: [
        LyricWord(ms: 1000, text: "Hel"), LyricWord(ms: 1400, text: "lo "),
        LyricWord(ms: 1900, text: "world"),
      ], endMs: 2600),
    LyricLine(ms: 3000, text: "plain"),
    LyricLine(ms: 5000, text: "same time, first"),
    LyricLine(ms: 5000, text: "same time, second"),
  ])
  let timeline = Timeline(lyrics: lyrics)

  @Test(
    "the line and word on display at a position",
    arguments: [
      (-10_000, -1, nil),  // before the first line
      (-501, -1, nil),
      (-500, 0, nil),  // exactly at a (negative) stamp
      (999, 0, nil),
      (1000, 1, 0),  // line and first word start together
      (1399, 1, 0),  // between words
      (1400, 1, 1),
      (2500, 1, 2),
      (2700, 1, 2),  // after the end stamp, before the next line: the last word stays
      (3000, 2, nil),
      (4999, 2, nil),
      (5000, 3, nil),  // equal stamps: the first one is on display
      (1_000_000, 3, nil),  // after the last line
    ] as [(Int, Int, Int?)])
  func position(ms: Int, line: Int, word: Int?) {
    #expect(timeline.position(at: ms) == Timeline.Position(line: line, word: word))
    #expect(timeline.lineIndex(at: ms) == line)
  }

  @Test(
    "when the next change is due",
    arguments: [
      (-10_000, -500), (-500, 1000), (999, 1000), (1000, 1400), (1400, 1900), (1899, 1900),
      (1900, 3000), (3000, 5000), (5000, nil), (9_999_999, nil),
    ] as [(Int, Int?)])
  func nextChange(ms: Int, next: Int?) {
    #expect(timeline.nextChange(after: ms) == next)
  }

  @Test("walking from change to change visits every visible position once")
  func walk() {
    var ms = Int.min / 2
    var seen: [Timeline.Position] = [timeline.position(at: ms)]
    while let next = timeline.nextChange(after: ms) {
      #expect(next > ms)
      ms = next
      let position = timeline.position(at: ms)
      #expect(position != seen.last)
      seen.append(position)
    }
    #expect(
      seen == [
        .init(line: -1, word: nil), .init(line: 0, word: nil), .init(line: 1, word: 0),
        .init(line: 1, word: 1), .init(line: 1, word: 2), .init(line: 2, word: nil),
        .init(line: 3, word: nil),
      ])
  }

  @Test("out-of-order word stamps: the word sung is picked by time")
  func outOfOrderWords() {
    let timeline = Timeline(
      lyrics: Lyrics(lines: [
        LyricLine(
          ms: 0, text: "abc",
          words: [
            LyricWord(ms: 0, text: "a"), LyricWord(ms: 800, text: "b"),
            LyricWord(ms: 400, text: "c"),
          ]),
        LyricLine(ms: 2000, text: "next"),
      ]))
    #expect(timeline.position(at: 300).word == 0)
    // "c" is stamped before "b": it is sung from its own time, and "b" from its own after it.
    #expect(timeline.position(at: 500).word == 2)
    #expect(timeline.position(at: 800).word == 1)
    #expect(timeline.nextChange(after: 0) == 400)
    #expect(timeline.nextChange(after: 400) == 800)
    #expect(timeline.nextChange(after: 800) == 2000)
  }

  @Test("equal word stamps: the later word wins; a word before its line shows at once")
  func equalAndEarlyWords() {
    let timeline = Timeline(
      lyrics: Lyrics(lines: [
        LyricLine(
          ms: 1000, text: "abc",
          words: [
            LyricWord(ms: 900, text: "a"), LyricWord(ms: 1200, text: "b"),
            LyricWord(ms: 1200, text: "c"),
          ])
      ]))
    #expect(timeline.position(at: 1000) == .init(line: 0, word: 0))
    #expect(timeline.position(at: 1200) == .init(line: 0, word: 2))
    #expect(timeline.nextChange(after: 1000) == 1200)
    #expect(timeline.nextChange(after: 1200) == nil)
  }

  @Test("an empty document shows nothing and never changes")
  func empty() {
    let timeline = Timeline(lyrics: Lyrics())
    #expect(timeline.position(at: 0) == .init(line: -1, word: nil))
    #expect(timeline.nextChange(after: 0) == nil)
  }

  @Test("a word after the next line's start does not delay that line")
  func wordBeyondNextLine() {
    let timeline = Timeline(
      lyrics: Lyrics(lines: [
        LyricLine(
          ms: 0, text: "ab", words: [LyricWord(ms: 0, text: "a"), LyricWord(ms: 5000, text: "b")]),
        LyricLine(ms: 1000, text: "next"),
      ]))
    #expect(timeline.nextChange(after: 0) == 1000)
    #expect(timeline.position(at: 1000) == .init(line: 1, word: nil))
  }
}

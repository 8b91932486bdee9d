import Testing

@testable import LyricsCore

@Suite("LRC text, word timing, translations and order")
struct LRCTextTests {
  @Test("text is trimmed; an empty text is kept as a clear-the-display line")
  func trimmingAndEmptyLines() {
    let result = LRCParser.parse("[00:01.00]  hello \t\n[00:02.00]\n[00:03.00]   ")
    #expect(
      result.lyrics.lines == [
        LyricLine(ms: 1000, text: "hello"), LyricLine(ms: 2000, text: ""),
        LyricLine(ms: 3000, text: ""),
      ])
  }

  @Test("enhanced word stamps split the text; a final stamp ends the last word")
  func enhancedWords() {
    let result = LRCParser.parse(
      "[offset:+250]\n[00:01.00]<00:01.00>Hel<00:01.40>lo <00:01.90>world<00:02.60>")
    #expect(
      result.lyrics.lines == [
        LyricLine(
          ms: 750, text: "Hello world",
          words: [
            LyricWord(ms: 750, text: "Hel"), LyricWord(ms: 1150, text: "lo "),
            LyricWord(ms: 1650, text: "world"),
          ], endMs: 2350)
      ])
    #expect(result.diagnostics.isEmpty)
  }

  @Test("text before the first word stamp is a word starting with the line; no end stamp")
  func leadingTextAndNoEnd() {
    let result = LRCParser.parse("[00:01.00] Hi <00:01.50>there <3 ")
    #expect(
      result.lyrics.lines == [
        LyricLine(
          ms: 1000, text: "Hi there <3",
          words: [LyricWord(ms: 1000, text: "Hi "), LyricWord(ms: 1500, text: "there <3")])
      ])
  }

  @Test("word stamps out of order or before the line warn and keep file order")
  func wordOrder() {
    let result = LRCParser.parse("[00:05.00]<00:05.00>a<00:04.00>b\n[00:10.00]<00:09.00>c")
    #expect(result.lyrics.lines[0].words.map(\.ms) == [5000, 4000])
    #expect(result.lyrics.lines[1].words.map(\.ms) == [9000])
    #expect(result.diagnostics.map(\.line) == [1, 2])
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test("a < that opens no stamp is text, and many of them stay linear")
  func angleBracketsAreText() {
    let result = LRCParser.parse("[00:01.00]a <b> <00:0x> <<c")
    #expect(result.lyrics.lines.first?.text == "a <b> <00:0x> <<c")
    #expect(result.lyrics.lines.first?.words == [])
    let many = LRCParser.parse("[00:01.00]" + String(repeating: "<", count: 200_000) + ">")
    #expect(many.lyrics.lines.count == 1)
  }

  @Test("same time, different text: the first is the lyric, the next its translation")
  func translations() {
    let result = LRCParser.parse("[00:05.00]你好\n[00:05.00]Hello\n[00:07.00]再见\n[00:07.00]Bye")
    #expect(
      result.lyrics.lines == [
        LyricLine(ms: 5000, text: "你好", translation: "Hello"),
        LyricLine(ms: 7000, text: "再见", translation: "Bye"),
      ])
    #expect(result.diagnostics.isEmpty)
  }

  @Test("translations pair by effective time even when the file lists them apart")
  func translationsApart() {
    let result = LRCParser.parse("[00:05.00]你好\n[00:07.00]再见\n[00:05.00]Hello\n[00:07.00]Bye")
    #expect(result.lyrics.lines.map(\.translation) == ["Hello", "Bye"])
  }

  @Test("a third line at the same time starts a new line, not a second translation")
  func thirdLineSameTime() {
    let result = LRCParser.parse("[00:05.00]你好\n[00:05.00]Hello\n[00:05.00]再见")
    #expect(
      result.lyrics.lines == [
        LyricLine(ms: 5000, text: "你好", translation: "Hello"), LyricLine(ms: 5000, text: "再见"),
      ])
  }

  @Test("exact repeats (same time, same text) collapse into one, with a warning")
  func repeatsCollapse() {
    let result = LRCParser.parse("[00:05.00]a\n[00:05.00]a\n[00:06.00][00:06.00]b")
    #expect(
      result.lyrics.lines == [LyricLine(ms: 5000, text: "a"), LyricLine(ms: 6000, text: "b")])
    #expect(result.diagnostics.map(\.line) == [2, 3])
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test("lines are sorted by effective time; equal times keep file order")
  func stableSort() {
    let result = LRCParser.parse(
      "[00:09.00]late\n[00:01.00]first\n[00:03.00]x\n[00:01.00]one-b\n[00:01.00]one-c\n"
        + "[-00:02.00]negative")
    // Lines in one writing system on one stamp are lines of their own, in file order.
    #expect(
      result.lyrics.lines.map(\.text) == ["negative", "first", "one-b", "one-c", "x", "late"])
    #expect(result.lyrics.lines.allSatisfy { $0.translation == nil })
    let many = (0..<1000).map { "[00:\($0 % 7 + 10).00]l\($0)" }.joined(separator: "\n")
    let sorted = LRCParser.parse(many).lyrics.lines
    for (previous, next) in zip(sorted, sorted.dropFirst()) {
      #expect(previous.ms < next.ms || previous.ms == next.ms)
      if previous.ms == next.ms {
        #expect(Int(previous.text.dropFirst()) ?? 0 < Int(next.text.dropFirst()) ?? 0)
      }
    }
  }

  @Test("a 1 MB single line is read whole")
  func hugeLine() {
    let text = "[00:01.00]" + String(repeating: "ab[c]<d ", count: 131_072)
    let result = LRCParser.parse(text)
    #expect(result.lyrics.lines.count == 1)
    #expect(result.lyrics.lines.first?.text.utf8.count == 131_072 * 8 - 1)
  }
}

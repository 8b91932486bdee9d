import Testing

@testable import LyricsCore

@Suite("LRC ID tags, offset and comments")
struct LRCTagTests {
  @Test("ID tags: key lowercased, key and value trimmed, anywhere, several on one line")
  func idTags() {
    let result = LRCParser.parse(
      "[ TI : My Title ][Ar:Someone]\n[00:01.00]a\n[al:Album][au:Author][by:me][re:tool][ve:1]\n"
        + "[length: 03:45][custom:x]")
    #expect(
      result.lyrics.metadata == [
        "ti": "My Title", "ar": "Someone", "al": "Album", "au": "Author", "by": "me",
        "re": "tool", "ve": "1", "length": "03:45", "custom": "x",
      ])
    #expect(result.lyrics.title == "My Title")
    #expect(result.lyrics.artist == "Someone")
    #expect(result.lyrics.album == "Album")
    #expect(result.lyrics.lines == [LyricLine(ms: 1000, text: "a")])
    #expect(result.diagnostics.isEmpty)
  }

  @Test("the last duplicate ID tag wins")
  func lastDuplicateWins() {
    let result = LRCParser.parse("[ti:first]\n[00:01.00]a\n[ti:second]")
    #expect(result.lyrics.title == "second")
  }

  @Test("an ID tag line carries no lyric text")
  func idTagLineHasNoText() {
    let result = LRCParser.parse("[ti:x] stray text\n[00:01.00]a")
    #expect(result.lyrics.lines.map(\.text) == ["a"])
    #expect(result.diagnostics.map(\.line) == [1])
    #expect(result.diagnostics.first?.severity == .warning)
  }

  @Test(
    "offset: positive makes lyrics sooner, wherever it stands, spaces and + allowed",
    arguments: [
      ("[offset:+250]", 250), ("[offset:250]", 250), ("[offset: -3000]", -3000),
      ("[OFFSET:- 40]", -40), ("[offset:0]", 0),
    ])
  func offset(tag: String, ms: Int) {
    let before = LRCParser.parse("\(tag)\n[00:10.00]a")
    let after = LRCParser.parse("[00:10.00]a\n\(tag)")
    for result in [before, after] {
      #expect(result.lyrics.offsetMs == ms)
      #expect(result.lyrics.lines.map(\.ms) == [10_000 - ms])
      #expect(result.diagnostics.isEmpty)
    }
    #expect(before.lyrics.metadata["offset"] != nil)
  }

  @Test("a non-numeric offset warns and counts as 0")
  func badOffset() {
    let result = LRCParser.parse("[00:10.00]a\n[offset:soon]")
    #expect(result.lyrics.offsetMs == 0)
    #expect(result.lyrics.lines.map(\.ms) == [10_000])
    #expect(result.lyrics.metadata["offset"] == "soon")
    #expect(result.diagnostics.map(\.line) == [2])
    #expect(result.diagnostics.first?.severity == .warning)
  }

  @Test("comments: lines starting with # and [:] groups are ignored silently")
  func comments() {
    let result = LRCParser.parse("# made by hand\n  # indented\n[:]a comment\n[00:01.00]a")
    #expect(result.lyrics.lines == [LyricLine(ms: 1000, text: "a")])
    #expect(result.diagnostics.isEmpty)
    let inline = LRCParser.parse("[00:01.00][:]b")
    #expect(inline.lyrics.lines == [LyricLine(ms: 1000, text: "b")])
  }

  @Test("a bracket group that is no tag is lyric text, kept as written")
  func nonTagBrackets() {
    let result = LRCParser.parse(
      "[00:01.00][Chorus] la\n[00:02.00][00:1x.00] odd\n[00:03.00]a [b] c]\n[00:04.00][1] x")
    #expect(
      result.lyrics.lines.map(\.text) == ["[Chorus] la", "[00:1x.00] odd", "a [b] c]", "[1] x"])
    #expect(result.diagnostics.isEmpty)
  }

  @Test("after a time tag, a key:value group is lyric text, not an ID tag")
  func idTagAfterTimeTag() {
    let result = LRCParser.parse("[00:01.00][Note: soft] la")
    #expect(result.lyrics.lines == [LyricLine(ms: 1000, text: "[Note: soft] la")])
    #expect(result.lyrics.metadata.isEmpty)
  }

  @Test("a line with no time tag is ignored with a warning")
  func untaggedLine() {
    let result = LRCParser.parse("[00:01.00]a\njust words\n\n[Chorus]\n[00:02.00]b")
    #expect(result.lyrics.lines.map(\.text) == ["a", "b"])
    #expect(result.diagnostics.map(\.line) == [2, 4])
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test("many untagged lines are counted in one warning, not listed one by one")
  func manyUntaggedLines() throws {
    let text = "[00:01.00]a\n" + (1...50).map { "plain \($0)" }.joined(separator: "\n")
    let result = LRCParser.parse(text)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.line == 2)
    #expect(diagnostic.message.contains("50"))
  }

  @Test("a file with neither timed lines nor text is an error")
  func noTimedLine() {
    for text in ["", "[ti:only tags]", "[ti:tags]\n\n# a comment\n[:]\n"] {
      let result = LRCParser.parse(text)
      #expect(result.lyrics.lines.isEmpty)
      #expect(result.lyrics.untimedText == nil)
      #expect(result.hasErrors)
    }
  }

  @Test("\\r\\n, \\n and a lone \\r all end a line, mixed in one file")
  func lineEnds() {
    let result = LRCParser.parse("[00:01.00]a\r\n[00:02.00]b\r[00:03.00]c\n[00:04.00]d\r\n\r\nx")
    #expect(result.lyrics.lines.map(\.text) == ["a", "b", "c", "d"])
    #expect(result.diagnostics.map(\.line) == [6])
  }
}

import Testing

@testable import LyricsCore

/// A lyrics file with text and no time stamp at all (ID tags and lines, a plain `.txt`): read as
/// untimed lyrics, never as a file of ignored lines.
@Suite("LRC untimed lyrics")
struct LRCUntimedTests {
  /// The shape of a real untimed file: tags, verses parted by blank lines (some of them more
  /// than one, some with spaces), a section label, CRLF ends.
  static let tagged =
    "[ti:Quiet Song]\r\n[ar:Nobody]\r\n\r\n  First line of the verse\r\nsecond line\r\n\r\n \r\n"
    + "[Chorus]\r\nla la la\r\n\r\n"

  @Test("ID tags and lines: the lines become the untimed text, verses kept apart, with a note")
  func taggedText() throws {
    let result = LRCParser.parse(Self.tagged)
    #expect(result.lyrics.lines.isEmpty)
    #expect(result.lyrics.isUntimed)
    #expect(
      result.lyrics.untimedText
        == "First line of the verse\nsecond line\n\n[Chorus]\nla la la")
    #expect(result.lyrics.metadata == ["ti": "Quiet Song", "ar": "Nobody"])
    #expect(!result.hasErrors)
    let note = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(note.severity == .note)
    #expect(note.line == 0)
    #expect(note.message.contains("no time stamps"))
    #expect(note.message.contains("untimed"))
  }

  @Test("a plain text file with no tag at all is untimed lyrics too")
  func plainText() {
    let result = LRCParser.parse("one\ntwo\n\nthree\n")
    #expect(result.lyrics.untimedText == "one\ntwo\n\nthree")
    #expect(result.diagnostics.map(\.severity) == [.note])
  }

  @Test("one timed line makes the file timed: untagged lines are ignored, as before")
  func oneTimedLine() {
    let result = LRCParser.parse("words\n[00:01.00]timed\nmore words")
    #expect(result.lyrics.lines.map(\.text) == ["timed"])
    #expect(result.lyrics.untimedText == nil)
    #expect(!result.lyrics.isUntimed)
    #expect(result.diagnostics.map(\.severity) == [.warning, .warning])
  }

  @Test("strict parsing takes untimed text: a note is no error")
  func strict() throws {
    let lyrics = try LRCParser.parseStrict("[ar:x]\nonly words")
    #expect(lyrics.untimedText == "only words")
  }
}

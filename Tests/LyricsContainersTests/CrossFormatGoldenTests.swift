import LyricsContainers
import LyricsCore
import Testing

/// One song, written by hand in every format: each reads to the same lines and words.
@Suite("One song in every format")
struct CrossFormatGoldenTests {
  struct Word: Equatable, CustomStringConvertible {
    var ms: Int
    var text: String
    var description: String { "\(ms) \"\(text)\"" }
  }

  static let lines: [(ms: Int, text: String, words: [Word])] = [
    (
      1000, "Hold the line",
      [Word(ms: 1000, text: "Hold "), Word(ms: 1400, text: "the "), Word(ms: 1700, text: "line")]
    ),
    (
      3500, "Lighthouse calls",
      [
        Word(ms: 3500, text: "Light"), Word(ms: 4000, text: "house "),
        Word(ms: 4600, text: "calls"),
      ]
    ),
    (
      6000, "夜の海",
      [Word(ms: 6000, text: "夜"), Word(ms: 6600, text: "の"), Word(ms: 7000, text: "海")]
    ),
  ]
  /// The ends of the words, for the formats that give each word its own.
  static let wordEnds = [[1400, 1700, 3000], [4000, 4600, 5500], [6600, 7000, 8000]]

  @Test(
    "reads to the same lines and words",
    arguments: [
      ("song.elrc", LyricsFormat.enhancedLRC, false),
      ("song.krc", .krc, true),
      ("song.krc.txt", .krc, true),
      ("song.qrc", .qrc, true),
      ("song.qrc.xml", .qrc, true),
      ("song.yrc", .yrc, true),
      ("song.eslyric", .eslyric, true),
      ("song.lrcx", .lrcx, false),
      ("song.ttml", .ttml, true),
      ("song.apple.json", .ttml, true),
      ("song.lyricsfile.yaml", .lyricsfile, true),
    ])
  func sameSong(file: String, format: LyricsFormat, hasWordEnds: Bool) throws {
    let document = try readFixture(file)
    #expect(document.format == format)
    #expect(!document.result.hasErrors, "\(document.result.diagnostics)")
    let lines = document.result.lyrics.lines
    try #require(lines.count == Self.lines.count, "\(lines)")
    for (line, expected) in zip(lines, Self.lines) {
      #expect(line.ms == expected.ms)
      #expect(line.text == expected.text)
      #expect(line.words.map { Word(ms: $0.ms, text: $0.text) } == expected.words)
      #expect(line.lastMs == expected.ms + 2000, "\(file): \(line)")
    }
    if hasWordEnds {
      #expect(lines.map { $0.words.map(\.endMs) } == Self.wordEnds.map { $0.map(Optional.some) })
    }
    if format != .yrc { #expect(document.result.lyrics.title == "Harbour") }
  }

  @Test(
    "CRLF line ends and blank lines read the same as LF",
    arguments: [
      "song.elrc", "song.krc.txt", "song.qrc", "song.yrc", "song.eslyric", "song.lrcx", "song.ttml",
      "song.lyricsfile.yaml",
    ])
  func crlf(file: String) throws {
    let lf = try readFixture(file)
    var crlf: [UInt8] = []
    for byte in try Fixture.bytes(file) {
      if byte == 0x0A { crlf += [0x0D, 0x0A] } else { crlf.append(byte) }
    }
    if file != "song.lyricsfile.yaml", file != "song.ttml" {
      crlf += Array("\r\n   \r\n\r\n".utf8)  // blank lines at the end
    }
    let document = try read(crlf)
    #expect(document.format == lf.format)
    #expect(document.result.lyrics == lf.result.lyrics)
    #expect(document.result.diagnostics == lf.result.diagnostics)
  }

  @Test("a forced format overrides the content")
  func forced() throws {
    let document = try readFixture("song.qrc", format: .lrc)
    #expect(document.format == .lrc)
    // No LRC stamp in it: as LRC it is text without times, untimed lyrics, not QRC's lines.
    #expect(document.result.lyrics.lines.isEmpty)
    #expect(document.result.lyrics.untimedText?.hasPrefix("[1000,2000]Hold (1000,400)") == true)
  }
}

/// The song read from TTML, written in every writable format and read back: what both formats
/// hold survives.
@Suite("Converting the song between formats")
struct ConversionTests {
  @Test("TTML to each writable format and back", arguments: LyricsFormat.writable)
  func throughEveryFormat(format: LyricsFormat) throws {
    let original = try readFixture("song.ttml").result.lyrics
    let written = try #require(LyricsDocumentWriter.write(original, as: format))
    let back = try read(Array(written.text.utf8)).result.lyrics
    #expect(back.lines.map(\.ms) == original.lines.map(\.ms))
    #expect(back.lines.map(\.text) == original.lines.map(\.text))
    if format == .lrc || format == .lyl {
      #expect(back.lines.allSatisfy { $0.words.isEmpty })
      #expect(written.losses.contains { $0.hasPrefix("word timing of 3 line(s)") })
    } else {
      #expect(back.lines.map { $0.words.map(\.ms) } == original.lines.map { $0.words.map(\.ms) })
      #expect(
        back.lines.map { $0.words.map(\.text) } == original.lines.map { $0.words.map(\.text) })
    }
    if [.krc, .qrc, .yrc, .eslyric, .ttml, .lys].contains(format) {
      #expect(
        back.lines.map { $0.words.map(\.endMs) } == original.lines.map { $0.words.map(\.endMs) })
    }
  }
}

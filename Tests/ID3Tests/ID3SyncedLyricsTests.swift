import Testing

@testable import ID3
@testable import LyricsCore

@Suite("ID3 SYLT frame body")
struct ID3SyncedLyricsTests {
  typealias B = ID3TestBytes
  typealias Entry = ID3SyncedLyrics.Entry

  func parse(_ body: [UInt8]) throws -> (ID3SyncedLyrics, [String]) {
    var diagnostics: [String] = []
    let lyrics = try ID3SyncedLyrics.parse(body, diagnostics: &diagnostics)
    return (lyrics, diagnostics)
  }

  @Test("UTF-8 with millisecond stamps")
  func utf8() throws {
    let body = B.sylt(
      encoding: 3, format: 2, type: 1, descriptor: B.utf8z("desc"),
      entries: [(B.utf8z("Hello"), 1_234), (B.utf8z("歌词"), 70_001)])
    let (lyrics, diagnostics) = try parse(body)
    #expect(lyrics.language == "eng")
    #expect(lyrics.timestampFormat == .milliseconds)
    #expect(lyrics.contentType == 1)
    #expect(lyrics.descriptor == "desc")
    #expect(lyrics.entries == [Entry(text: "Hello", time: 1_234), Entry(text: "歌词", time: 70_001)])
    #expect(diagnostics.isEmpty)
  }

  @Test("Latin-1 bytes above 0x7F are their own code points")
  func latin1() throws {
    let body = B.sylt(encoding: 0, entries: [([0x63, 0x61, 0x66, 0xE9, 0], 5)])
    #expect(try parse(body).0.entries == [Entry(text: "café", time: 5)])
  }

  @Test("UTF-16 terminators are two zero bytes on a two-byte boundary")
  func utf16Alignment() throws {
    // "aĀ" little-endian is 61 00 00 01: a zero pair at an odd offset that is not the end.
    let body = B.sylt(
      encoding: 1, descriptor: B.utf16z("", bigEndian: false),
      entries: [(B.utf16z("aĀ", bigEndian: false), 10), (B.utf16z("Āb", bigEndian: true), 20)])
    let (lyrics, diagnostics) = try parse(body)
    #expect(lyrics.entries == [Entry(text: "aĀ", time: 10), Entry(text: "Āb", time: 20)])
    #expect(diagnostics.isEmpty)
  }

  @Test("UTF-16 without a byte order mark keeps the order of the last one seen")
  func utf16MissingBOM() throws {
    let body = B.sylt(
      encoding: 1, descriptor: B.utf16z("d", bigEndian: true),
      entries: [(B.utf16z("x", bigEndian: true, bom: false), 1)])
    #expect(try parse(body).0.entries == [Entry(text: "x", time: 1)])
    let noneAtAll = B.sylt(
      encoding: 1, descriptor: [0, 0], entries: [(B.utf16z("y", bigEndian: false, bom: false), 1)])
    #expect(try parse(noneAtAll).0.entries == [Entry(text: "y", time: 1)])
  }

  @Test("UTF-16BE (encoding 2) has no byte order mark")
  func utf16BigEndian() throws {
    let body = B.sylt(
      encoding: 2, descriptor: [0, 0], entries: [(B.utf16z("Zü", bigEndian: true, bom: false), 9)])
    #expect(try parse(body).0.entries == [Entry(text: "Zü", time: 9)])
  }

  @Test("MPEG frame stamps are kept as counts")
  func mpegFrames() throws {
    let (lyrics, _) = try parse(B.sylt(format: 1, entries: [(B.utf8z("x"), 38)]))
    #expect(lyrics.timestampFormat == .mpegFrames)
    #expect(lyrics.entries == [Entry(text: "x", time: 38)])
  }

  @Test("an entry cut short keeps the entries before it")
  func truncatedEntries() throws {
    let whole = B.sylt(entries: [(B.utf8z("one"), 100), (B.utf8z("two"), 200)])
    // Cut in the second entry's timestamp, then in its text (no terminator).
    for cut in [2, 5] {
      let (lyrics, diagnostics) = try parse(Array(whole.dropLast(cut)))
      #expect(lyrics.entries == [Entry(text: "one", time: 100)])
      #expect(diagnostics == ["entry 2 is cut short; 1 entries read"])
    }
  }

  @Test("a header that cannot be read throws")
  func invalidHeaders() {
    var diagnostics: [String] = []
    let bad: [[UInt8]] = [
      [3, 0x65, 0x6E],  // too short
      B.sylt(encoding: 4, entries: []),  // unknown encoding
      B.sylt(format: 3, entries: []),  // unknown timestamp format
      B.sylt(descriptor: Array("no end".utf8), entries: []),  // descriptor without terminator
    ]
    for body in bad {
      #expect(throws: ID3SyncedLyrics.Invalid.self) {
        try ID3SyncedLyrics.parse(body, diagnostics: &diagnostics)
      }
    }
  }
}

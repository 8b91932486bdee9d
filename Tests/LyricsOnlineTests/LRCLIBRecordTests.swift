import Foundation
import Testing

@testable import LyricsOnline

@Suite("LRCLIB records")
struct LRCLIBRecordTests {
  /// The example response of LRCLIB's API documentation, with the server's extra `name`.
  let documented = """
    {"id": 3396226, "name": "I Want to Live", "trackName": "I Want to Live",
     "artistName": "Borislav Slavov", "albumName": "Baldur's Gate 3 (Original Game Soundtrack)",
     "duration": 233, "instrumental": false,
     "plainLyrics": "I feel your breath upon my neck\\nThe clock won't stop\\n",
     "syncedLyrics": "[00:17.12] I feel your breath upon my neck\\n[03:20.31] The clock won't stop\\n[03:25.72] "}
    """

  func decode(_ text: String) throws -> LRCLIBRecord {
    try JSONDecoder().decode(LRCLIBRecord.self, from: Data(text.utf8))
  }

  @Test func theDocumentedResponseDecodes() throws {
    let record = try decode(documented)
    #expect(record.id == 3_396_226)
    #expect(record.trackName == "I Want to Live")
    #expect(record.albumName == "Baldur's Gate 3 (Original Game Soundtrack)")
    #expect(record.duration == 233)
    #expect(record.kind == .synced)
    let found = OnlineLyrics(record: record, kind: .synced, origin: .lrclib)
    let lines = try #require(found.parsedLyrics).lyrics.lines
    #expect(lines.map(\.ms) == [17_120, 200_310, 205_720])
  }

  @Test func nullsAndMissingFieldsAreAbsent() throws {
    let record = try decode(
      #"{"id": 1, "name": "Only Name", "artistName": null, "duration": null, "plainLyrics": null}"#)
    #expect(record.trackName == "Only Name")
    #expect(record.artistName == "")
    #expect(record.duration == nil)
    #expect(!record.instrumental)
    #expect(record.kind == nil)
  }

  @Test func enhancedLRCKeepsItsWordTiming() throws {
    let record = LRCLIBRecord(
      id: 1, trackName: "t", artistName: "a",
      syncedLyrics: "[00:01.00]<00:01.00>Hel<00:01.50>lo\n")
    let found = OnlineLyrics(record: record, kind: .synced, origin: .lrclib)
    let line = try #require(found.parsedLyrics?.lyrics.lines.first)
    #expect(line.words.map(\.ms) == [1_000, 1_500])
  }

  @Test func aLyricsfileIsKeptAsSentAndCountsAsTimed() throws {
    let record = try decode(
      #"{"id": 2, "trackName": "t", "artistName": "a", "plainLyrics": "x", "lyricsfile": "version: '1.0'\nlines: []\n"}"#
    )
    #expect(record.lyricsfile == "version: '1.0'\nlines: []\n")
    #expect(record.kind == .synced)
  }

  @Test func instrumentalWithoutWordsIsInstrumental() throws {
    let record = try decode(
      #"{"id": 3, "trackName": "t", "artistName": "a", "instrumental": true}"#)
    #expect(record.kind == .instrumental)
  }

  @Test func blankLyricsAreNoLyrics() throws {
    let record = try decode(
      #"{"id": 4, "trackName": "t", "artistName": "a", "plainLyrics": " \n", "syncedLyrics": ""}"#)
    #expect(record.kind == nil)
  }

  @Test func aRecordSurvivesTheCacheRoundTrip() throws {
    let record = try decode(documented)
    let again = try JSONDecoder().decode(
      LRCLIBRecord.self, from: try JSONEncoder().encode(record))
    #expect(again == record)
  }
}

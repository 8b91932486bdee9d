import Testing

@testable import LyricsOnline

@Suite("LRCLIB ranking")
struct LRCLIBRankingTests {
  let track = TrackFacts(
    title: "Song (Remastered 2011)", artist: "Artist feat. Guest", album: "Album",
    durationSeconds: 180.4)

  func record(
    _ id: Int, _ title: String = "Song", artist: String = "Artist", album: String? = "Album",
    duration: Double? = 180, synced: Bool = true, plain: Bool = true, instrumental: Bool = false
  ) -> LRCLIBRecord {
    LRCLIBRecord(
      id: id, trackName: title, artistName: artist, albumName: album, duration: duration,
      instrumental: instrumental, plainLyrics: plain ? "words\n" : nil,
      syncedLyrics: synced ? "[00:01.00]words\n" : nil)
  }

  @Test func syncedComesBeforePlain() {
    let ranked = LRCLIBRanking().rank([record(1, synced: false), record(2)], for: track)
    #expect(ranked.map(\.record.id) == [2, 1])
    #expect(ranked.map(\.kind) == [.synced, .plain])
  }

  @Test func aDifferentVersionIsPenalisedBelowAPlainMatch() {
    let ranked = LRCLIBRanking().rank(
      [record(1, "Song (Live)"), record(2, synced: false), record(3, "Song (Remix)")], for: track)
    #expect(ranked.map(\.record.id) == [2, 1, 3])
    #expect(ranked.map(\.versionMismatch) == [false, true, true])
  }

  @Test func theVersionPenaltyWorksBothWays() {
    let live = TrackFacts(title: "Song - Live", artist: "Artist", durationSeconds: 180)
    let ranked = LRCLIBRanking().rank([record(1), record(2, "Song (Live)")], for: live)
    #expect(ranked.map(\.record.id) == [2, 1])
  }

  @Test func durationsOutsideTheToleranceAreRejected() {
    let records = [record(1, duration: 183), record(2, duration: 177.9), record(3, duration: 182)]
    #expect(LRCLIBRanking().rank(records, for: track).map(\.record.id) == [3])
    #expect(
      LRCLIBRanking(toleranceSeconds: 5).rank(records, for: track).map(\.record.id) == [3, 2, 1])
  }

  @Test func aCloserDurationAndTheSameAlbumWin() {
    let ranked = LRCLIBRanking().rank(
      [
        record(1, duration: 182), record(2, duration: 180.5),
        record(3, album: "Other", duration: 180.4),
      ],
      for: track)
    #expect(ranked.map(\.record.id) == [2, 1, 3])
  }

  @Test func anUnknownDurationIsNotRejected() {
    let unknown = TrackFacts(title: "Song", artist: "Artist")
    #expect(LRCLIBRanking().rank([record(1, duration: 999)], for: unknown).count == 1)
    #expect(LRCLIBRanking().rank([record(1, duration: nil)], for: track).count == 1)
  }

  @Test func anotherTitleOrAnotherArtistIsRejected() {
    let records = [record(1, "Song Two"), record(2, artist: "Somebody Else"), record(3)]
    #expect(LRCLIBRanking().rank(records, for: track).map(\.record.id) == [3])
  }

  @Test func multiArtistCreditsMatchAnyOfTheirArtists() {
    let duet = TrackFacts(title: "Duet", artist: "Beta / Alpha", durationSeconds: 200)
    let records = [
      record(1, "Duet", artist: "Alpha & Beta", duration: 200),
      record(2, "Duet", artist: "Alpha feat. Beta", duration: 200),
      record(3, "Duet", artist: "Gamma", duration: 200),
    ]
    #expect(LRCLIBRanking().rank(records, for: duet).map(\.record.id) == [1, 2])
  }

  @Test func accentsAndCaseDoNotCount() {
    let plainSpelling = TrackFacts(title: "CAFE NANDU", artist: "sigur ros", durationSeconds: 250)
    let records = [record(1, "Café Ñandú", artist: "Sigur Rós", duration: 250)]
    #expect(LRCLIBRanking().best(records, for: plainSpelling)?.record.id == 1)
  }

  @Test func instrumentalIsAnAnswerButLyricsComeFirst() {
    let ranked = LRCLIBRanking().rank(
      [record(1, synced: false, plain: false, instrumental: true), record(2, synced: false)],
      for: track)
    #expect(ranked.map(\.kind) == [.plain, .instrumental])
  }

  @Test func aRecordWithNothingInItIsNoAnswer() {
    #expect(LRCLIBRanking().rank([record(1, synced: false, plain: false)], for: track).isEmpty)
  }

  @Test func equalRecordsKeepTheServersOrder() {
    let ranked = LRCLIBRanking().rank([record(7), record(5), record(6)], for: track)
    #expect(ranked.map(\.record.id) == [7, 5, 6])
  }
}

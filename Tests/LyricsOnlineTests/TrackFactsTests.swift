import Testing

@testable import LyricsOnline

@Suite("track facts")
struct TrackFactsTests {
  @Test func durationIsWholeSecondsAndNeverZero() {
    #expect(TrackFacts(title: "t", artist: "a", durationSeconds: 232.6).wholeSeconds == 233)
    #expect(TrackFacts(title: "t", artist: "a", durationSeconds: 0.2).wholeSeconds == nil)
    #expect(TrackFacts(title: "t", artist: "a", durationSeconds: .nan).wholeSeconds == nil)
    #expect(TrackFacts(title: "t", artist: "a").wholeSeconds == nil)
  }

  @Test func blankNamesAreNotSearchable() {
    #expect(!TrackFacts(title: " ", artist: "a").isSearchable)
    #expect(!TrackFacts(title: "t", artist: "--").isSearchable)
    #expect(TrackFacts(title: "t", artist: "a").isSearchable)
  }

  @Test func twoSpellingsShareACacheKeyAndVersionsDoNot() {
    let a = CacheKey(TrackFacts(title: "Café", artist: "A & B", album: "X", durationSeconds: 200.2))
    let b = CacheKey(TrackFacts(title: "CAFE", artist: "b / a", album: "x", durationSeconds: 199.8))
    let live = CacheKey(
      TrackFacts(title: "Cafe (Live)", artist: "a", album: "x", durationSeconds: 200))
    #expect(a == b)
    #expect(a.fileName == b.fileName)
    #expect(a != live)
    #expect(a.fileName.count == 16 + ".json".count)
  }
}

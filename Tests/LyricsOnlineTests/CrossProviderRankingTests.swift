import LyricsCore
import ProviderAnswers
import Testing

@testable import LyricsOnline

/// Invented songs and artists throughout.
@Suite("ranking across providers")
struct CrossProviderRankingTests {
  let track = TrackFacts(
    title: "晚风与灯", artist: "林小河", album: "夜航", durationSeconds: 215.3)
  let ranking = CrossProviderRanking(providerOrder: ["kugou", "netease", "lrclib"])

  func candidate(
    _ provider: String = "kugou", _ position: Int = 0, title: String = "晚风与灯",
    artists: [String] = ["林小河"], album: String? = nil, duration: Double? = 215,
    timing: ProviderCandidate.Timing = .line, translated: Bool = false
  ) -> ProviderCandidate {
    ProviderCandidate(
      provider: provider, position: position, title: title, artists: artists, album: album,
      durationSeconds: duration, timing: timing, hasTranslation: translated)
  }

  static let decoys: [(String, [String], Double)] = [
    ("晚风与灯", ["周北辰"], 215),  // same title, another artist
    ("晚风与灯 (Live)", ["林小河"], 215),
    ("晚风与灯 (现场版)", ["林小河"], 215),
    ("晚风与灯 (Remix)", ["林小河"], 215),
    ("晚风与灯 - 伴奏", ["林小河"], 215),
    ("晚风与灯 (翻唱版)", ["林小河"], 215),
    ("晚风与灯 (Cover)", ["林小河"], 215),
    ("晚风与灯 (Acoustic)", ["林小河"], 215),
    ("晚风与灯", ["林小河"], 240),  // duration far off
    ("晚风与灯", ["林小河"], 218),  // just outside the 2 s tolerance
  ]

  @Test(arguments: decoys)
  func aDecoyIsNeverChosen(title: String, artists: [String], duration: Double) {
    let decoy = candidate(
      "kugou", 0, title: title, artists: artists, duration: duration, timing: .word,
      translated: true)
    let right = candidate("lrclib", 5, timing: .plain)
    #expect(ranking.rank([decoy], for: track).isEmpty)
    #expect(ranking.rank([decoy, right], for: track).map(\.candidate) == [right])
  }

  @Test func aStudioTrackIsNotAnsweredWithALiveOneNorTheOtherWayRound() {
    let live = TrackFacts(title: "晚风与灯 (Live)", artist: "林小河", durationSeconds: 215)
    #expect(ranking.rank([candidate()], for: live).isEmpty)
    #expect(ranking.rank([candidate(title: "晚风与灯 (现场)")], for: live).count == 1)
  }

  @Test func traditionalAndSimplifiedTitlesAndArtistsMatch() {
    let traditional = TrackFacts(title: "晚風與燈", artist: "陳遠", durationSeconds: 215)
    let simplified = candidate(title: "晚风与灯", artists: ["陈远"])
    #expect(ranking.rank([simplified], for: traditional).count == 1)
    let live = candidate(title: "晚风与灯 (現場版)", artists: ["陈远"])
    #expect(ranking.rank([live], for: traditional).isEmpty)
  }

  @Test func fullWidthAndHalfWidthMatch() {
    let fullWidth = TrackFacts(
      title: "ＮＩＧＨＴ　ＲＩＤＥ（Ｌｉｖｅ）", artist: "Ｋｏｉ／Ｍｅｉ", durationSeconds: 200)
    let halfWidth = candidate(title: "Night Ride (Live)", artists: ["Koi"], duration: 200)
    let ranked = ranking.rank([halfWidth], for: fullWidth)
    #expect(ranked.map(\.candidate) == [halfWidth])
  }

  @Test func featAndTheIdeographicCommaNameTheSameArtists() {
    let credited = TrackFacts(title: "Paper Moon", artist: "Mika Sol feat. Dao Ren")
    let kugou = candidate("kugou", 0, title: "Paper Moon", artists: ["Mika Sol、Dao Ren"])
    let netEase = candidate("netease", 0, title: "Paper Moon", artists: ["Mika Sol"])
    let order = CrossProviderRanking(providerOrder: ["netease", "kugou"])
    let ranked = order.rank([netEase, kugou], for: credited)
    #expect(ranked.map(\.candidate) == [kugou, netEase])
    #expect(ranked.map(\.artistsMatch) == [true, false])
    let separate = candidate("netease", 1, title: "Paper Moon", artists: ["Dao Ren", "Mika Sol"])
    #expect(order.best([separate], for: credited)?.artistsMatch == true)
  }

  @Test func wordTimingBeatsLineTimingBeatsPlainAtAnEqualMatch() {
    let plain = candidate("kugou", 0, timing: .plain)
    let line = candidate("kugou", 1, timing: .line)
    let word = candidate("lrclib", 0, timing: .word)
    #expect(ranking.rank([plain, line, word], for: track).map(\.candidate) == [word, line, plain])
  }

  @Test func aTranslationBreaksATieOfTiming() {
    let bare = candidate("kugou", 0, timing: .word)
    let translated = candidate("netease", 0, timing: .word, translated: true)
    #expect(ranking.best([bare, translated], for: track)?.candidate == translated)
  }

  @Test func theProviderOrderBreaksOnlyExactTies() {
    let kugou = candidate("kugou", 0)
    let netEase = candidate("netease", 0)
    let kugouFirst = CrossProviderRanking(providerOrder: ["kugou", "netease"])
    let netEaseFirst = CrossProviderRanking(providerOrder: ["netease", "kugou"])
    #expect(kugouFirst.best([netEase, kugou], for: track)?.candidate == kugou)
    #expect(netEaseFirst.best([kugou, netEase], for: track)?.candidate == netEase)

    let onTheAlbum = candidate("kugou", 1, album: "夜航")
    #expect(netEaseFirst.best([netEase, onTheAlbum], for: track)?.candidate == onTheAlbum)
    let wordTimed = candidate("kugou", 2, timing: .word)
    #expect(netEaseFirst.best([netEase, wordTimed], for: track)?.candidate == wordTimed)
  }

  @Test func withinOneProviderTheCloserDurationThenItsOwnOrder() {
    let far = candidate("kugou", 0, duration: 216.9)
    let near = candidate("kugou", 1, duration: 215.1)
    let alsoNear = candidate("kugou", 2, duration: 215.1)
    #expect(
      ranking.rank([far, alsoNear, near], for: track).map(\.candidate) == [near, alsoNear, far])
  }

  @Test func aNetEaseAliasMayCarryTheTitle() {
    let song = NetEaseSong(
      id: 7, name: "Evening Lamp", artists: ["林小河"], durationMs: 215_000, aliases: ["晚风与灯"])
    let ranked = ranking.rank([ProviderCandidate(netEase: song, position: 0)], for: track)
    #expect(ranked.map(\.candidate.timing) == [.unknown])
  }

  @Test func theProvidersCandidatesSayWhatTheyOffer() {
    let krc = KugouCandidate(
      id: "1", accessKey: "k", song: "晚风与灯", singer: "林小河", durationMs: 215_000, krcType: 1)
    let lrc = KugouCandidate(
      id: "2", accessKey: "k", song: "晚风与灯", singer: "林小河", durationMs: 215_000, krcType: 0)
    #expect(ProviderCandidate(kugou: krc, position: 0).timing == .word)
    #expect(ProviderCandidate(kugou: lrc, position: 1).timing == .line)
    #expect(ProviderCandidate(kugou: krc, position: 0).durationSeconds == 215)
    // Content type 2 is text even when KRC is asked: not word-timed before the download.
    var text = krc
    text.contentType = 2
    #expect(ProviderCandidate(kugou: text, position: 2).timing == .unknown)
    let record = LRCLIBRecord(
      id: 3, trackName: "晚风与灯", artistName: "林小河", albumName: nil, duration: 215,
      instrumental: false, plainLyrics: "words\n", syncedLyrics: nil)
    #expect(ProviderCandidate(lrclib: record, position: 0)?.timing == .plain)
  }

  @Test func theLyricsOnceFetchedSayWhatTheyOfferInstead() throws {
    let song = ProviderCandidate(
      netEase: NetEaseSong(id: 7, name: "晚风与灯", artists: ["林小河"]), position: 0)
    let words = ProviderLyrics(
      format: .yrc, result: LRCParser.parse("[00:01.00]<00:01.00>one <00:01.50>two\n"))
    try #require(words.isWordTimed)
    #expect(song.with(.lyrics(words)).timing == .word)
    let lines = ProviderLyrics(format: .lrc, result: LRCParser.parse("[00:01.00]one two\n"))
    #expect(song.with(.lyrics(lines)).timing == .line)
    #expect(song.with(.instrumental).timing == .instrumental)
  }
}

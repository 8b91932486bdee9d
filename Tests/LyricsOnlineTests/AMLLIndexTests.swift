import ProviderAnswers
import Testing

@testable import LyricsOnline

/// The AMLL index read from its lines and searched locally (invented lines, no real songs).
@Suite("AMLL index")
struct AMLLIndexTests {
  static func line(
    _ title: String, _ artists: [String], album: String? = nil, id: String? = nil,
    file: String? = nil, durationMs: Int? = nil
  ) -> String {
    var pairs = [#"["musicName",["\#(title)"]]"#]
    pairs.append(#"["artists",[\#(artists.map { "\"\($0)\"" }.joined(separator: ","))]]"#)
    if let album { pairs.append(#"["album",["\#(album)"]]"#) }
    if let id { pairs.append(#"["ncmMusicId",["\#(id)"]]"#) }
    var line = #"{"metadata":[\#(pairs.joined(separator: ","))]"#
    if let file { line += #","rawLyricFile":"\#(file)""# }
    if let durationMs { line += #","duration":\#(durationMs)"# }
    return line + "}"
  }

  static let lines = [
    line("纸船与灯塔", ["林间回声"], album: "河岸集", id: "90000001", file: "old.ttml"),
    line("纸船与灯塔 (Live)", ["林间回声"], album: "河岸现场", id: "90000002"),
    line("纸船与灯塔", ["另一支乐队"], id: "90000003"),
    "this line is not JSON",
    "",
    "   ",
    line("雾中的站台", ["北方信号", "白鹭"], id: "90000004"),
    line("雨后的秋千", ["晴川"], file: "swing.ttml", durationMs: 185_000),
    line("纸船与灯塔", ["林间回声"], album: "河岸集", id: "90000001", file: "new.ttml"),
  ]

  static let index = AMLLIndex(jsonl: Array(lines.joined(separator: "\r\n").utf8))

  @Test func everyGoodLineIsAnEntryTheBadOneIsCountedBlankOnesAreNot() {
    #expect(Self.index.skippedLines == 1)
    #expect(Self.index.entries.count == 5)
  }

  @Test func aLaterSubmissionOfTheSameSongReplacesTheEarlierInItsPlace() {
    #expect(Self.index.entries.first?.rawLyricFile == "new.ttml")
    #expect(Self.index.entries.filter { $0.neteaseIds == ["90000001"] }.count == 1)
  }

  @Test func theSongIsFoundByTitleAndArtistDecoysAreNot() {
    let track = TrackFacts(title: "纸船与灯塔", artist: "林间回声", durationSeconds: 215)
    // Not the Live take, not another band's song of the same name.
    #expect(Self.index.candidates(for: track).flatMap(\.neteaseIds) == ["90000001"])
  }

  @Test func aLiveTrackFindsTheLiveTakeOnly() {
    let track = TrackFacts(title: "纸船与灯塔 (Live)", artist: "林间回声")
    #expect(Self.index.candidates(for: track).flatMap(\.neteaseIds) == ["90000002"])
  }

  @Test func aNetEaseIdWinsOverTheNames() {
    let track = TrackFacts(title: "纸船与灯塔", artist: "林间回声")
    let found = Self.index.candidates(for: track, neteaseId: "90000003")
    #expect(found.flatMap(\.neteaseIds) == ["90000003", "90000001"])
    // An id the index lacks changes nothing.
    #expect(
      Self.index.candidates(for: track, neteaseId: "1").flatMap(\.neteaseIds) == ["90000001"])
  }

  @Test func oneArtistOfSeveralIsEnoughWhateverTheSeparator() {
    for artist in ["白鹭", "北方信号、白鹭", "Someone feat. 白鹭"] {
      let track = TrackFacts(title: "雾中的站台", artist: artist)
      #expect(Self.index.candidates(for: track).flatMap(\.neteaseIds) == ["90000004"], "\(artist)")
    }
  }

  /// The tolerance is the ranking's across providers (2 s), not one of the index's own: 2.5 s
  /// off is another edit of the song (the index used to allow 3 s).
  @Test func aDurationFarOffIsRefusedOneWithinTheToleranceIsNot() {
    let near = TrackFacts(title: "雨后的秋千", artist: "晴川", durationSeconds: 187)
    let justOver = TrackFacts(title: "雨后的秋千", artist: "晴川", durationSeconds: 187.5)
    let far = TrackFacts(title: "雨后的秋千", artist: "晴川", durationSeconds: 200)
    let unknown = TrackFacts(title: "雨后的秋千", artist: "晴川")
    #expect(Self.index.candidates(for: near).map(\.rawLyricFile) == ["swing.ttml"])
    #expect(Self.index.candidates(for: justOver).isEmpty)
    #expect(Self.index.candidates(for: far).isEmpty)
    #expect(Self.index.candidates(for: unknown).count == 1)
  }

  /// The index is judged by `CrossProviderRanking`'s rule: a Traditional title and artist are
  /// the Simplified ones, and full-width letters the ASCII ones.
  @Test func aTraditionalOrFullWidthEntryIsFoundForTheSimplifiedTrack() {
    let index = AMLLIndex(
      jsonl: Array(
        [
          Self.line("紙船與燈塔", ["林間回聲"], id: "1"),
          Self.line("Ｌｉｇｈｔｈｏｕｓｅ", ["Ｅｃｈｏ"], id: "2"),
        ].joined(separator: "\n").utf8))
    let simplified = TrackFacts(title: "纸船与灯塔", artist: "林间回声")
    #expect(index.candidates(for: simplified).flatMap(\.neteaseIds) == ["1"])
    let ascii = TrackFacts(title: "Lighthouse", artist: "Echo")
    #expect(index.candidates(for: ascii).flatMap(\.neteaseIds) == ["2"])
  }

  /// Version markers in the ranking's wider vocabulary: a Chinese 现场 (live) or a Cover is
  /// another recording, never the studio track's lyrics, and the other way round.
  @Test func aLiveOrCoverEntryIsNotTheStudioTrack() {
    let index = AMLLIndex(
      jsonl: Array(
        [
          Self.line("纸船与灯塔 (现场版)", ["林间回声"], id: "1"),
          Self.line("纸船与灯塔 (Cover)", ["林间回声"], id: "2"),
          Self.line("纸船与灯塔", ["林间回声"], id: "3"),
        ].joined(separator: "\n").utf8))
    let studio = TrackFacts(title: "纸船与灯塔", artist: "林间回声")
    #expect(index.candidates(for: studio).flatMap(\.neteaseIds) == ["3"])
    let live = TrackFacts(title: "纸船与灯塔 (現場)", artist: "林间回声")
    #expect(index.candidates(for: live).flatMap(\.neteaseIds) == ["1"])
  }

  /// A second title of an entry (a translated name) finds it, as an alias does in the ranking.
  @Test func anEntrysOtherTitleFindsIt() {
    let track = TrackFacts(title: "Paper Boat and Lighthouse", artist: "林间回声")
    let index = AMLLIndex(
      jsonl: Array(
        #"{"metadata":[["musicName",["纸船与灯塔","Paper Boat and Lighthouse"]],"#
          .utf8) + Array(#"["artists",["林间回声"]],["ncmMusicId",["7"]]]}"#.utf8))
    #expect(index.candidates(for: track).flatMap(\.neteaseIds) == ["7"])
  }

  @Test func theSameAlbumComesFirstThenTheNewerSubmission() {
    let index = AMLLIndex(
      jsonl: Array(
        [
          Self.line("星图", ["白鹭"], album: "甲", id: "1"),
          Self.line("星图", ["白鹭"], album: "乙", id: "2"),
          Self.line("星图", ["白鹭"], album: "丙", id: "3"),
        ].joined(separator: "\n").utf8))
    let onAlbum = TrackFacts(title: "星图", artist: "白鹭", album: "乙")
    #expect(index.candidates(for: onAlbum).flatMap(\.neteaseIds) == ["2", "3", "1"])
  }

  @Test func aSongTheIndexLacksFindsNothing() {
    let track = TrackFacts(title: "不存在的歌", artist: "林间回声")
    #expect(Self.index.candidates(for: track).isEmpty)
    #expect(Self.index.candidates(for: TrackFacts(title: "纸船与灯塔", artist: "")).isEmpty)
  }
}

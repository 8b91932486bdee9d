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

  @Test func aDurationFarOffIsRefusedOneWithinTheToleranceIsNot() {
    let near = TrackFacts(title: "雨后的秋千", artist: "晴川", durationSeconds: 187)
    let far = TrackFacts(title: "雨后的秋千", artist: "晴川", durationSeconds: 200)
    let unknown = TrackFacts(title: "雨后的秋千", artist: "晴川")
    #expect(Self.index.candidates(for: near).map(\.rawLyricFile) == ["swing.ttml"])
    #expect(Self.index.candidates(for: far).isEmpty)
    #expect(Self.index.candidates(for: unknown).count == 1)
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

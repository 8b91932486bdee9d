import Foundation
import TestSupport
import Testing

@testable import LyricsFiles

/// The typed source kinds: the lookup's order is theirs, and the names people see come from
/// them alone.
@Suite("Lyrics source kinds")
struct LyricsSourceKindTests {
  static let inOrder: [LyricsSourceKind] = [
    .givenFile, .besideAudio, .embedded, .folder(.home), .folder(.data(path: "/data/lyrics")),
    .folder(.program),
  ]

  /// A source of a kind that finds nothing.
  struct Empty: LyricsSource {
    let kind: LyricsSourceKind
    func candidates(for track: TrackIdentity) -> [LyricsCandidate] { [] }
  }

  @Test("the kinds rank in the documented lookup order")
  func ranks() {
    let ranks = Self.inOrder.map(\.rank)
    #expect(ranks == ranks.sorted() && Set(ranks).count == ranks.count, "\(ranks)")
  }

  @Test("a locator asks its sources in the order of their kinds, whatever order they came in")
  func locatorOrder() {
    let scrambled: [LyricsSourceKind] = [
      .folder(.program), .embedded, .folder(.data(path: "/data/lyrics")), .besideAudio,
      .folder(.home),
    ]
    var locator = LyricsLocator(sources: scrambled.map(Empty.init))
    #expect(locator.sources.map(\.kind) == Array(Self.inOrder.dropFirst()))
    // A second source of a kind goes after the first of that kind, before the later kinds.
    locator.insert(Empty(kind: .besideAudio))
    #expect(locator.sources.map(\.kind.rank) == [1, 1, 2, 3, 4, 5])
  }

  @Test("the embedded source goes right after the file beside the audio")
  func embeddedAfterBeside() {
    let kinds = LyricsLocator.withEmbeddedLyrics(readTags: { _ in nil }).sources.map(\.kind)
    #expect(Array(kinds.prefix(2)) == [.besideAudio, .embedded])
    #expect(kinds.dropFirst(2).allSatisfy { if case .folder = $0 { true } else { false } })
  }

  @Test("fetch's names of the kinds")
  func names() {
    #expect(
      Self.inOrder.map(\.name) == [
        "--lyrics file", "beside-audio", "embedded", "~/.lyrics", "folder /data/lyrics",
        "program Lyrics/",
      ])
  }

  @Test("the windows' and the lyrics-status event's names of the kinds")
  func displayNames() {
    #expect(
      Self.inOrder.map(\.displayName) == [
        "--lyrics file", "beside the file", "embedded", "lyrics folder", "lyrics folder",
        "lyrics folder",
      ])
  }

  @Test("the standard folders are named by kind, the data folder by its path")
  func standardFolders() {
    let locator = LyricsLocator.standard(
      environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/xdg"],
      bundledLyrics: URL(fileURLWithPath: "/opt/lyricpip/Lyrics"))
    #expect(
      locator.sources.map(\.kind.name) == [
        "beside-audio", "~/.lyrics", "folder /xdg/lyricpip/lyrics", "program Lyrics/",
      ])
  }
}

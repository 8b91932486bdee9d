import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

extension DisplayTests {
  /// The strip holds the images of at most two lines: while a line fades in, the old one and
  /// the new one; once the fade is over, the line on screen and the next one, made ahead.
  @Suite struct StripLineImagesTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    private struct Held: Equatable {
      var current: Int?
      var previous: Int?
      var upcoming: Int?
    }

    private func held(_ name: String = "line-images") throws -> Held {
      try host.sync { _ in
        let strip = try #require(UIState.strips[name])
        return Held(
          current: strip.current?.index, previous: strip.previous?.index,
          upcoming: strip.upcoming?.attempt.index)
      }
    }

    /// A new strip `name` shown over `lyrics`, playing from `positionMs`.
    private func show(_ name: String, _ lyrics: Lyrics, atMs positionMs: Int) throws {
      let start = host.clock.nowNanos
      try host.sync { loop in
        loop.model.setLyrics(lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: positionMs, clockNanos: start, playing: true)
        let strip = try FloatingWindow(
          loop: loop, settings: .withSourceTreePicture())
        UIState.strips[name] = strip
        try strip.show()
      }
    }

    @Test func theOldLineIsLetGoAndTheNextIsMadeOnceTheFadeEnds() throws {
      try show("line-images", SampleLyrics.lyrics, atMs: 3_900)
      defer { _ = try? host.sync { _ in UIState.strips["line-images"]?.hide() } }
      // The first line on screen has no line before it to fade from: the next one is made
      // with its first frame.
      try host.sync { _ in }
      #expect(try held() == Held(current: 0, previous: nil, upcoming: 1))

      // Into line 1: the old line fades out under it, and nothing more is made meanwhile.
      host.clock.advance(by: 150_000_000)
      try host.sync { _ in }
      #expect(try held() == Held(current: 1, previous: 0, upcoming: nil))

      // The fade is over: the old line's images go, the next line's are made.
      host.clock.advance(by: StripStyle.fadeNanos + 50_000_000)
      try host.sync { _ in }
      #expect(try held() == Held(current: 1, previous: nil, upcoming: 2))

      // At the next change the line made ahead is the one shown.
      host.clock.advance(by: 3_000_000_000)
      try host.sync { _ in }
      #expect(try held() == Held(current: 2, previous: 1, upcoming: nil))
    }

    /// Two voices that start together are shown together (the first, the other below it), so
    /// the line made ahead is the next one to start later, not the second voice.
    @Test func theLineMadeAheadIsTheNextToStartNotASecondVoice() throws {
      let lyrics = Lyrics(lines: [
        LyricLine(ms: 1_000, text: "first voice", agent: "v1"),
        LyricLine(ms: 1_000, text: "second voice", agent: "v2"),
        LyricLine(ms: 4_000, text: "after them"),
      ])
      try show("two-voices", lyrics, atMs: 1_500)
      defer { _ = try? host.sync { _ in UIState.strips["two-voices"]?.hide() } }
      try host.sync { _ in }
      #expect(try held("two-voices") == Held(current: 0, previous: nil, upcoming: 2))
    }
  }
}

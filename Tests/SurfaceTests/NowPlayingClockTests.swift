import LyricsCore
import PlayerContract
import TestSupport
import Testing

@testable import Surface

/// The windows read the lyrics' time from the session's display clock as the scheduler does:
/// the same offset, latency and rounding, so a window wakes for a line at the instant the
/// scheduler announces it, not up to a millisecond after.
@Suite(.tags(.sanitized)) struct NowPlayingClockTests {
  let clock = DisplayClock(
    heard: HeardPosition(nanos: 1_000_400_000, isAdvancing: true), atNanos: 0, offsetMs: 20,
    latencyNanos: 300_000)

  @Test func lyricTimeIsTheClocks() {
    var nowPlaying = NowPlaying(durationMs: 3_000)
    nowPlaying.clock = clock
    for instant: Int64 in [0, 599_700_000, 979_299_999, 979_300_000, 5_000_000_000] {
      #expect(nowPlaying.lyricMs(atNanos: instant) == clock.lyricMs(at: instant))
    }
    // 1.0004 s heard + 0.9793 s, + 20 ms and 0.3 ms: 2.0000 s, on the dot.
    #expect(nowPlaying.lyricMs(atNanos: 979_300_000) == 2_000)
    #expect(nowPlaying.lyricMs(atNanos: 979_299_999) == 1_999)
  }

  @Test func aLineIsDueAtTheInstantTheSchedulerWakesFor() {
    let timeline = Timeline(lyrics: Lyrics(lines: [LyricLine(ms: 2_000, text: "due")]))
    #expect(timeline.nextChange(after: 0, on: clock) == 979_300_000)
    #expect(timeline.position(at: 979_300_000, on: clock).line == 0)
    #expect(timeline.position(at: 979_299_999, on: clock).line == -1)
  }

  @Test func theProgressStaysWithinTheTrack() {
    var nowPlaying = NowPlaying(durationMs: 3_000)
    nowPlaying.clock = clock
    #expect(nowPlaying.position(atNanos: 500_000_000) == 1_500)
    #expect(nowPlaying.position(atNanos: 9_000_000_000) == 3_000)
    nowPlaying.clock.heard = HeardPosition(nanos: -5_000_000, isAdvancing: false)
    #expect(nowPlaying.position(atNanos: 0) == 0)
    #expect(nowPlaying.isPlaying == false)
    #expect(nowPlaying.offsetMs == 20)
  }
}

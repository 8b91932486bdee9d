import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

extension DisplayTests {
  /// The strip draws when its picture changes and not otherwise.
  @Suite struct StripRedrawTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    @Test func nothingIsDrawnWhileNothingMovesAndFramesFollowTheFill() throws {
      let start = host.clock.nowNanos
      try host.sync { loop in
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 4_000, clockNanos: start)
        let strip = try FloatingWindow(
          loop: loop, settings: .withSourceTreePicture())
        strip.onLinePresented = { index, _ in
          UIState.intents["redraw-lines", default: []].append(.seekTo(ms: index))
        }
        UIState.strips["redraw"] = strip
        try strip.show()
      }
      // Let the window system settle (the map brings an expose, which is drawn): no event says
      // the last expose has come, so until the count of frames holds for 150 ms.
      var settled = -1
      _ = try poll(timeout: 3, interval: 0.15) {
        let count = try host.sync { _ in UIState.strips["redraw"]?.framesPresented ?? 0 }
        defer { settled = count }
        return count == settled
      }
      // Paused: however many turns the loop takes, no new frame and no deadline.
      let idle = try host.sync { loop -> (Int, Int64?) in
        let strip = try #require(UIState.strips["redraw"])
        return (strip.framesPresented, strip.nextDeadline(nowNanos: loop.clock.nowNanos))
      }
      for _ in 0..<5 { try host.sync { _ in } }
      usleep(100_000)
      let stillIdle = try host.sync { _ in UIState.strips["redraw"]?.framesPresented }
      #expect(idle.1 == nil)
      #expect(stillIdle == idle.0)

      // Playing inside an enhanced line: a frame is due within one frame interval, and moving
      // the clock on by 100 ms draws the moved fill.
      let now = host.clock.nowNanos
      let deadline = try host.sync { loop -> Int64? in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 4_100, clockNanos: now, playing: true)
        return UIState.strips["redraw"]?.nextDeadline(nowNanos: now)
      }
      let due = try #require(deadline)
      #expect(due > now)
      #expect(due <= now + 1_000_000_000 / 30)
      let before = try host.sync { _ in UIState.strips["redraw"]?.framesPresented ?? 0 }
      host.clock.advance(by: 100_000_000)
      try host.sync { _ in }
      let after = try host.sync { _ in UIState.strips["redraw"]?.framesPresented ?? 0 }
      #expect(after > before)

      // Crossing into the next line reports it once, after its frame.
      host.clock.advance(by: 3_000_000_000)
      try host.sync { _ in }
      try host.sync { loop in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 7_500, clockNanos: loop.clock.nowNanos)
      }
      let lines = try host.sync { _ in UIState.intents["redraw-lines", default: []] }
      #expect(lines == [.seekTo(ms: 1), .seekTo(ms: 2)])
      try host.sync { _ in UIState.strips["redraw"]?.hide() }
    }
  }
}

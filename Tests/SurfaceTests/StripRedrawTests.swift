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

    /// A slow word is drawn once per pixel column its fill reaches, each frame at the instant
    /// the fill reaches it (not at the frame rate); a finished fill waits for the next line.
    @Test func aSlowWordIsDrawnOncePerColumn() throws {
      let lyrics = Lyrics(lines: [
        LyricLine(
          ms: 1_000, text: "Slow end",
          words: [LyricWord(ms: 1_000, text: "Slow "), LyricWord(ms: 19_000, text: "end")],
          endMs: 19_500),
        LyricLine(ms: 21_000, text: "Next"),
      ])
      let start = host.clock.nowNanos
      try host.sync { loop in
        for other in UIState.strips.values { other.hide() }
        loop.model.setLyrics(lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 1_500, clockNanos: start, playing: true)
        let strip = try FloatingWindow(loop: loop, settings: .withSourceTreePicture())
        UIState.strips["slow"] = strip
        try strip.show()
      }
      defer { try? host.sync { _ in UIState.strips["slow"]?.hide() } }
      // The map brings an expose, drawn in full whenever it comes: until the count of frames
      // holds for 150 ms (the clock stands still meanwhile, so the fill does not move).
      var settled = -1
      _ = try poll(timeout: 3, interval: 0.15) {
        let count = try host.sync { _ in UIState.strips["slow"]?.framesPresented ?? 0 }
        defer { settled = count }
        return count == settled
      }
      // The fade of the first line ends; from then on only the fill moves.
      host.clock.advance(by: 300_000_000)
      try host.sync { _ in }
      var fills: [Int32] = []
      var frames: [Int] = []
      var early: [Int] = []
      var previousCount: Int?
      var lastDeadline: Int64 = 0
      // 5.4 s of the slow word (18 s for a few hundred pixels: slower than the frame rate).
      while host.clock.nowNanos < start + 5_400_000_000 {
        let now = host.clock.nowNanos
        let deadline = try #require(
          try host.sync { _ in UIState.strips["slow"]?.nextDeadline(nowNanos: now) })
        #expect(deadline > now)
        // Just before it nothing new is drawn; at it, one frame with the fill a column on.
        // (A turn runs posted work before it draws: an empty turn first, then the count.)
        host.clock.advance(by: max(0, deadline - now - 1_000_000))
        try host.sync { _ in }
        let before = try host.sync { _ in UIState.strips["slow"]?.framesPresented ?? 0 }
        if let previousCount { early.append(before - previousCount) }

        host.clock.advance(by: deadline - host.clock.nowNanos)
        try host.sync { _ in }
        let (count, fill) = try host.sync { _ in
          (UIState.strips["slow"]?.framesPresented ?? 0, UIState.strips["slow"]?.lastFrame?.fillX)
        }
        frames.append(count - before)
        previousCount = count
        fills.append(fill ?? -1)
        lastDeadline = deadline
      }
      #expect(lastDeadline > start)
      #expect(frames.allSatisfy { $0 == 1 }, "frames per deadline: \(frames)")
      #expect(early.allSatisfy { $0 == 0 }, "frames before a deadline: \(early)")
      let steps = zip(fills, fills.dropFirst()).map { $1 - $0 }
      #expect(steps.allSatisfy { $0 == 1 }, "fill columns: \(fills)")
      // 5.4 s at 30 frames a second would have been 162 frames.
      #expect(fills.count < 162 && fills.count > 10, "\(fills.count) frames")

      // After the line's end stamp (19.5 s) the fill is whole: the next deadline is the next
      // line's start (21 s).
      host.clock.advance(by: start + 18_200_000_000 - host.clock.nowNanos)
      try host.sync { _ in }
      let now = host.clock.nowNanos
      let deadline = try host.sync { _ in UIState.strips["slow"]?.nextDeadline(nowNanos: now) }
      #expect(deadline == start + 19_500_000_000)
    }

    /// A seek while paused, within a frame slot of the last frame, moves only the fill: the
    /// frame waits for its slot, and the slot is a deadline, so the loop (which sleeps with no
    /// timeout while paused) wakes to draw it. The strip stayed at the old fill until something
    /// else woke it: a pause followed at once by a seek back (MPRIS) showed the fill before it.
    @Test func aSeekWhilePausedIsDrawnAtTheNextFrameSlot() throws {
      let start = host.clock.nowNanos
      try host.sync { loop in
        for other in UIState.strips.values { other.hide() }
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 5_200, clockNanos: start)
        let strip = try FloatingWindow(loop: loop, settings: .withSourceTreePicture())
        UIState.strips["seek-paused"] = strip
        try strip.show()
      }
      defer { try? host.sync { _ in UIState.strips["seek-paused"]?.hide() } }
      // The fade of the line's entry ends (its steps are deadlines), then the strip is still.
      host.clock.advance(by: 1_000_000_000)
      var settled = -1
      _ = try poll(timeout: 3, interval: 0.15) {
        let count = try host.sync { _ in UIState.strips["seek-paused"]?.framesPresented ?? 0 }
        defer { settled = count }
        return count == settled
      }
      let idle = try host.sync { loop in
        UIState.strips["seek-paused"]?.nextDeadline(nowNanos: loop.clock.nowNanos)
      }
      #expect(idle == nil)
      // A seek to 5.3 s is drawn at once (its frame slot has passed); the seek back to 4.6 s on
      // the same line comes inside the slot of that frame.
      host.clock.advance(by: 100_000_000)
      try host.sync { loop in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 5_300, clockNanos: loop.clock.nowNanos)
      }
      let (before, fillBefore) = try host.sync { _ in
        let strip = try #require(UIState.strips["seek-paused"])
        return (strip.framesPresented, strip.lastFrame?.fillX)
      }
      #expect(before > settled)
      try host.sync { loop in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 4_600, clockNanos: loop.clock.nowNanos)
      }
      let held = try host.sync { _ in UIState.strips["seek-paused"]?.framesPresented ?? 0 }
      #expect(held == before)
      let now = host.clock.nowNanos
      let deadline = try host.sync { _ in
        UIState.strips["seek-paused"]?.nextDeadline(nowNanos: now)
      }
      let due = try #require(deadline, "a held-back frame must have a deadline")
      #expect(due > now && due <= now + 1_000_000_000 / 30)
      host.clock.advance(by: due - now)
      try host.sync { _ in }
      let (after, fillAfter, last) = try host.sync { loop in
        let strip = try #require(UIState.strips["seek-paused"])
        return (
          strip.framesPresented, strip.lastFrame?.fillX,
          strip.nextDeadline(nowNanos: loop.clock.nowNanos)
        )
      }
      #expect(after > before)
      let filledBefore = try #require(fillBefore)
      let filledAfter = try #require(fillAfter)
      #expect(filledAfter < filledBefore)
      #expect(last == nil)
    }
  }
}

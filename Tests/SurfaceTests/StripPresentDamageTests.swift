import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

extension DisplayTests {
  /// While a word fills, the X11 strip sends the X server only the fill's band (seen with the
  /// Damage extension from a connection of the test's own), and what is on screen is exactly
  /// what a whole frame at the same instant shows, in the boxed look and the text-only one.
  @Suite struct StripPresentDamageTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    private func settings(textOnly: Bool) -> StripSettings {
      var settings = StripSettings.withSourceTreePicture()
      if textOnly { settings.background = .none }
      return settings
    }

    /// Shows a new strip named `name` alone at (60, 60), playing inside the word-timed line
    /// (the clock stands still until the test moves it); its X window and where it is, once
    /// the window system has settled (no more frames for the map's exposes).
    private func showPlayingStrip(_ name: String, textOnly: Bool) throws -> (
      id: UInt, frame: (x: Int, y: Int, width: Int, height: Int)
    ) {
      let settings = settings(textOnly: textOnly)
      let now = host.clock.nowNanos
      let id = try host.sync { loop -> UInt in
        for other in UIState.strips.values { other.hide() }
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 4_600, clockNanos: now, playing: true)
        let strip = try FloatingWindow(loop: loop, settings: settings)
        UIState.strips[name] = strip
        return try UIState.show(strip)
      }
      let frame = try X11Tools.placeForCapture(id)
      var settled = -1
      _ = try poll(timeout: 3, interval: 0.15) {
        let count = try host.sync { _ in UIState.strips[name]?.framesPresented ?? 0 }
        defer { settled = count }
        return count == settled
      }
      return (id, frame)
    }

    /// Moves the clock on by `frames` fill frames (50 ms each, more than a frame slot), one loop
    /// turn each; how many frames the strip presented.
    private func fill(_ name: String, frames: Int) throws -> Int {
      let before = try host.sync { _ in UIState.strips[name]?.framesPresented ?? 0 }
      for _ in 0..<frames {
        host.clock.advance(by: 50_000_000)
        try host.sync { _ in }
      }
      return try host.sync { _ in UIState.strips[name]?.framesPresented ?? 0 } - before
    }

    /// What strip `name` shows on screen now (after frames that each sent part of it, named
    /// `after` in the captures' names) is exactly a whole frame drawn at the same instant, and
    /// not blank.
    private func expectScreenIsAWholeFrame(
      _ name: String, _ frame: (x: Int, y: Int, width: Int, height: Int), after: String
    ) throws {
      let partial = try ScreenColours.capture(
        x: frame.x, y: frame.y, width: frame.width, height: frame.height, name: "\(name)-\(after)")
      let redrawn = try host.sync { loop -> Bool in
        guard let window = UIState.strips[name] else { return false }
        let before = window.framesPresented
        window.lastFrame = nil
        window.drawIfNeeded(nowNanos: loop.clock.nowNanos)
        return window.framesPresented == before + 1
      }
      #expect(redrawn)
      let whole = try ScreenColours.capture(
        x: frame.x, y: frame.y, width: frame.width, height: frame.height, name: "\(name)-whole")
      print("\(name): after partial presents \(partial.path), drawn whole \(whole.path)")
      var differing = 0
      for y in 0..<frame.height {
        for x in 0..<frame.width where partial.pixel(x, y) != whole.pixel(x, y) { differing += 1 }
      }
      #expect(differing == 0, "\(differing) pixels differ: \(partial.path) \(whole.path)")
      let lit = whole.count { $0.r > 200 || $0.g > 200 || $0.b > 200 }
      #expect(lit > 300, "\(lit) bright pixels in \(whole.path)")
    }

    @Test(arguments: [false, true])
    func aFillFrameSendsOnlyItsBand(textOnly: Bool) throws {
      let name = textOnly ? "damage-text-only" : "damage-boxed"
      let strip = try showPlayingStrip(name, textOnly: textOnly)
      defer { try? host.sync { _ in UIState.strips[name]?.hide() } }
      let watch = try #require(XDamageWatch(window: strip.id), "no Damage extension")
      // The band is made by the first fill frame, not by the strip's entry (the whole frames
      // that put it up), which it made slower.
      let bandAtEntry = try host.sync { _ in UIState.strips[name]?.filledBand != nil }
      #expect(!bandAtEntry, "the band was made before the fill moved")
      let presented = try fill(name, frames: 8)
      let areas = watch.areas()
      let whole = strip.frame.width * strip.frame.height
      let size = "\(strip.frame.width)×\(strip.frame.height)"
      print("\(name): \(presented) fill frames sent \(areas) of \(size)")
      #expect(presented >= 4, "\(presented) frames for 400 ms of fill")
      #expect(areas.count >= presented, "\(areas.count) drawings for \(presented) frames")
      for area in areas {
        #expect(area.pixels * 5 < whole, "a fill frame sent \(area) of the \(whole) pixels")
        #expect(area.x >= 0 && area.x + area.width <= strip.frame.width)
        #expect(area.y >= 0 && area.y + area.height <= strip.frame.height)
      }
      let sent = try host.sync { _ in
        (UIState.strips[name]?.host as? SDLStripHost)?.lastPresented
      }
      let last = try #require(sent)
      #expect(Int(last.w * last.h) * 5 < whole, "the last present sent \(last)")
      // Fill frames copy the columns the fill crossed from the line drawn wholly sung, rather
      // than blending its layers again (the blend was most of the strip's CPU).
      let copied = try host.sync { _ in UIState.strips[name]?.framesCopiedFromBand ?? 0 }
      #expect(copied >= presented - 1, "\(copied) of \(presented) fill frames copied")
    }

    @Test(arguments: [false, true])
    func fillFramesLookExactlyAsAWholeFrame(textOnly: Bool) throws {
      let name = textOnly ? "same-text-only" : "same-boxed"
      let strip = try showPlayingStrip(name, textOnly: textOnly)
      defer { try? host.sync { _ in UIState.strips[name]?.hide() } }
      // Mid-word ("along", then "with"), after frames that each sent only their band.
      #expect(try fill(name, frames: 8) >= 4)
      try expectScreenIsAWholeFrame(name, strip.frame, after: "bands")
    }

    /// Mid-fade from the word-timed line to the next, after fade steps that each sent only the
    /// lines' rows: the screen is exactly a whole frame of the same instant. (The boxed look:
    /// a strip cut to its text has no fade.)
    @Test func fadeFramesSendOnlyTheLinesAndLookAsAWholeFrame() throws {
      let name = "fade-boxed"
      let strip = try showPlayingStrip(name, textOnly: false)
      defer { try? host.sync { _ in UIState.strips[name]?.hide() } }
      // 4.6 s → 7.02 s: the next line (at 7 s) comes, its first frame drawn whole.
      host.clock.advance(by: 2_420_000_000)
      try host.sync { _ in }
      let watch = try #require(XDamageWatch(window: strip.id), "no Damage extension")
      let frame = strip.frame
      let whole = frame.width * frame.height
      // Three frames 40 ms apart: steps of the 180 ms fade, each sending less than the strip.
      // The line's whole frame may be seen late, at the head of the first step's areas.
      var areas: [XDamageWatch.Area] = []
      for index in 0..<3 {
        host.clock.advance(by: 40_000_000)
        // The loop draws in the turn after the one that ran this: wait for that one too.
        try host.sync { _ in }
        try host.sync { _ in }
        let sent = watch.areas()
        areas += index == 0 ? Array(sent.drop { $0.pixels == whole }) : sent
      }
      let step = try host.sync { _ in UIState.strips[name]?.lastFrame?.fadeStep ?? -1 }
      #expect((1..<StripFade.steps).contains(step), "fade step \(step)")
      print("\(name): fade steps sent \(areas) of \(frame.width)×\(frame.height)")
      #expect(areas.count >= 3, "\(areas.count) drawings for 3 fade frames")
      for area in areas {
        #expect(area.pixels < whole, "a fade frame sent \(area) of the \(whole) pixels")
      }
      try expectScreenIsAWholeFrame(name, frame, after: "steps")
    }
  }
}

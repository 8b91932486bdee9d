import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

/// The real strip on a `CanvasStripHost`: no window of its own, its frames handed to a sink
/// that keeps them as a Wayland client would (copying only the damage into its buffer). The
/// loop the strip lives on needs a display (SDL's video, for the loop's events and fonts), so
/// the suite runs with the X server; the canvas itself uses no window.
extension DisplayTests {
  @Suite struct CanvasStripTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    private static var redText: StripSettings {
      var settings = StripSettings.withSourceTreePicture()
      settings.lookChanges.textColour = RGBA(255, 0, 0)
      settings.lookChanges.fillColour = RGBA(255, 0, 0)
      settings.lookChanges.outlineColour = RGBA(0, 0, 255)
      settings.lookChanges.outlineWidth = 4
      settings.lookChanges.shadow = false
      return settings
    }

    /// A canvas strip named `name` shown on the first line (paused at 2 s), with its sink.
    private func showCanvasStrip(
      _ name: String, settings: StripSettings, scale: Int32 = 1
    ) throws {
      let now = host.clock.nowNanos
      try host.sync { loop in
        for other in UIState.strips.values { other.hide() }
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 2_000, clockNanos: now)
        let sink = RecordingSink()
        let strip = try FloatingWindow(
          loop: loop, settings: settings, canvas: sink, scale: scale)
        CanvasState.strips[name] = (strip, sink)
        try strip.show()
      }
    }

    private func hide(_ name: String) throws {
      try host.sync { _ in CanvasState.strips[name]?.strip.hide() }
    }

    @Test func aShownLineGivesItsPixelsAndADamageInsideTheCanvas() throws {
      try showCanvasStrip("canvas-line", settings: Self.redText)
      defer { try? hide("canvas-line") }
      let seen = try host.sync { _ -> (Int, Int, [StripCanvasRect], Bool, Int, Int) in
        let (strip, sink) = try #require(CanvasState.strips["canvas-line"])
        let area = strip.mainTextArea
        let red = sink.count(in: area) { $0.r > 200 && $0.g < 60 && $0.b < 60 && $0.a == 255 }
        let seeThrough = sink.count(in: nil) { $0.a < 255 }
        return (red, seeThrough, sink.damages, sink.isShown, sink.width, sink.height)
      }
      let (red, seeThrough, damages, shown, width, height) = seen
      #expect(shown)
      #expect(red > 300, "\(red) red text pixels in the text area")
      // The box is opaque but for its rounded corners (a few pixels each).
      #expect(
        seeThrough > 0 && seeThrough < width * height / 100, "\(seeThrough) see-through pixels")
      #expect(!damages.isEmpty)
      for damage in damages {
        #expect(damage.width > 0 && damage.height > 0)
        #expect(damage.x >= 0 && damage.y >= 0)
        #expect(damage.x + damage.width <= width && damage.y + damage.height <= height)
      }
    }

    /// The box's rounded corners on a canvas (which the compositor blends) are transparent,
    /// not squares of the box's colour (the placeholder picture is opaque to its edges), and
    /// the edges between are premultiplied.
    @Test func theBoxsCornersAreTransparent() throws {
      try showCanvasStrip("canvas-corners", settings: Self.redText)
      defer { try? hide("canvas-corners") }
      let seen = try host.sync { _ -> ([Pixel], Pixel, Int) in
        let (_, sink) = try #require(CanvasState.strips["canvas-corners"])
        let (width, height) = (sink.width, sink.height)
        let corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)].map {
          Pixel(sink.pixels[$0.1 * width + $0.0])
        }
        return (
          corners, Pixel(sink.pixels[height / 2 * width + width / 2]),
          sink.count(in: nil) { $0.r > $0.a || $0.g > $0.a || $0.b > $0.a }
        )
      }
      let (corners, middle, notPremultiplied) = seen
      for corner in corners { #expect(corner.a == 0, "a corner pixel \(corner)") }
      #expect(middle.a == 255)
      #expect(notPremultiplied == 0, "\(notPremultiplied) pixels with a colour above their alpha")
    }

    @Test func aMovingFillDamagesOnlyPartOfTheCanvas() throws {
      try showCanvasStrip("canvas-fill", settings: Self.redText)
      defer { try? hide("canvas-fill") }
      let now = host.clock.nowNanos
      try host.sync { loop in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 4_100, clockNanos: now, playing: true)
      }
      // The line change draws whole (and fades); then the fill moves by itself. Two turns of
      // the loop after each step: the first one's drawing comes after its queued work.
      for step: Int64 in [0, 1_000_000_000, 100_000_000] {
        host.clock.advance(by: step)
        try host.sync { _ in }
        try host.sync { _ in }
      }
      let last = try host.sync { loop -> (StripCanvasRect?, Int, Int) in
        let (_, sink) = try #require(CanvasState.strips["canvas-fill"])
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 2_000, clockNanos: now)
        return (sink.damages.last, sink.width, sink.height)
      }
      let damage = try #require(last.0)
      #expect(damage.width < last.1 / 2, "the fill's damage \(damage) of a \(last.1) wide canvas")
      #expect(damage.x >= 0 && damage.x + damage.width <= last.1)
      #expect(damage.y >= 0 && damage.y + damage.height <= last.2)
    }

    @Test func textOnlyIsTransparentAroundPremultipliedLetters() throws {
      var settings = Self.redText
      settings.background = .none
      try showCanvasStrip("canvas-text-only", settings: settings)
      defer { try? hide("canvas-text-only") }
      let seen = try host.sync { _ -> (Int, Int, Int, Int, Int) in
        let (_, sink) = try #require(CanvasState.strips["canvas-text-only"])
        return (
          sink.count(in: nil) { _ in true },
          sink.count(in: nil) { $0.a == 0 && $0.r == 0 && $0.g == 0 && $0.b == 0 },
          sink.count(in: nil) { $0.r > $0.a || $0.g > $0.a || $0.b > $0.a },
          sink.count(in: nil) { $0.a > 0 && $0.a < 255 },
          sink.count(in: nil) { $0.a == 255 && $0.r > 200 && $0.b < 60 }
        )
      }
      let (all, clear, notPremultiplied, edges, letters) = seen
      #expect(clear > all / 2, "\(clear) of \(all) pixels are transparent")
      #expect(notPremultiplied == 0, "\(notPremultiplied) pixels with a colour above their alpha")
      #expect(edges > 100, "\(edges) soft-edged pixels")
      #expect(letters > 300, "\(letters) red letter pixels")
    }

    @Test func lockingPassesThePadlockAsTheInputRegion() throws {
      try showCanvasStrip("canvas-lock", settings: Self.redText)
      defer { try? hide("canvas-lock") }
      let seen = try host.sync { _ -> ([StripCanvasRect?], StripCanvasRect, [StripCanvasRect?]) in
        let (strip, sink) = try #require(CanvasState.strips["canvas-lock"])
        strip.setLocked(true)
        let locked = sink.inputRegions
        let handle = strip.unlockHandle
        strip.setLocked(false)
        return (
          locked,
          StripCanvasRect(
            x: Int(handle.x), y: Int(handle.y), width: Int(handle.w), height: Int(handle.h)),
          sink.inputRegions
        )
      }
      let (locked, padlock, unlocked) = seen
      #expect(locked == [padlock])
      #expect(padlock.width > 0 && padlock.width < 100)
      #expect(unlocked == [padlock, nil])
    }

    @Test func aScaleOfTwoGivesFramesTwiceTheRequestedSize() throws {
      try showCanvasStrip("canvas-scaled", settings: Self.redText, scale: 2)
      defer { try? hide("canvas-scaled") }
      let seen = try host.sync { _ -> ((Int, Int)?, Int, Int, Int, PixelRect) in
        let (strip, sink) = try #require(CanvasState.strips["canvas-scaled"])
        strip.setLocked(true)
        defer { strip.setLocked(false) }
        return (
          sink.sizes.last, sink.width, sink.height,
          sink.count(in: strip.mainTextArea) { $0.r > 200 && $0.g < 60 && $0.b < 60 },
          strip.unlockHandle
        )
      }
      let (requested, width, height, red, handle) = seen
      let size = try #require(requested)
      #expect(width == 2 * size.0 && height == 2 * size.1, "\(width)×\(height) for \(size)")
      #expect(red > 1_200, "\(red) red text pixels")
      // The input region stays in window coordinates: inside the requested size.
      #expect(Int(handle.x + handle.w) <= size.0 && Int(handle.y + handle.h) <= size.1)
    }

    @Test func halfOpacityHalvesEveryChannel() throws {
      try showCanvasStrip("canvas-opaque", settings: Self.redText)
      let opaque = try host.sync { _ in CanvasState.strips["canvas-opaque"]?.sink.pixels ?? [] }
      try hide("canvas-opaque")
      var settings = Self.redText
      settings.opacity = 0.5
      try showCanvasStrip("canvas-half", settings: settings)
      defer { try? hide("canvas-half") }
      let half = try host.sync { _ in CanvasState.strips["canvas-half"]?.sink.pixels ?? [] }
      #expect(!opaque.isEmpty)
      #expect(half.count == opaque.count)
      let differing = zip(opaque, half).filter { full, faded in
        Pixel(full).scaled(by: 128) != Pixel(faded)
      }.count
      #expect(differing == 0, "\(differing) pixels are not the opaque ones halved")
      #expect(half.contains { Pixel($0).a == 127 })
    }

    private struct AgainSeen: Sendable {
      var before: [UInt32]
      var lost: [UInt32]
      var after: [UInt32]
      var damage: StripCanvasRect?
      var drawn: Int
    }

    /// A frame the sink could not take (its surface not ready) is handed again from the
    /// canvas, faded as it was presented, with the damage asked for and nothing drawn: the
    /// layer-shell sink keeps no copy of the frame of its own.
    @Test func presentAgainHandsTheCanvasWithTheDamageAskedFor() throws {
      var settings = Self.redText
      settings.opacity = 0.5
      try showCanvasStrip("canvas-again", settings: settings)
      defer { try? hide("canvas-again") }
      let band = StripCanvasRect(x: 3, y: 2, width: 40, height: 10)
      let seen = try host.sync { _ -> AgainSeen in
        let (strip, sink) = try #require(CanvasState.strips["canvas-again"])
        let before = sink.pixels
        let drawn = strip.framesPresented
        sink.lose(band)
        let lost = sink.pixels
        strip.presentAgain(damage: band)
        return AgainSeen(
          before: before, lost: lost, after: sink.pixels, damage: sink.damages.last,
          drawn: strip.framesPresented - drawn)
      }
      #expect(seen.lost != seen.before, "the band held nothing but zeros")
      #expect(seen.after == seen.before)
      #expect(seen.damage == band)
      #expect(seen.drawn == 0)
    }

    /// The pointer of a canvas strip comes from its sink's owner (`handlePointer`), not SDL:
    /// a double-click asks for the main window, a single press on the body does not.
    @Test func aDoubleClickThroughHandlePointerAsksForTheMainWindow() throws {
      try showCanvasStrip("canvas-click", settings: Self.redText)
      defer { try? hide("canvas-click") }
      let asked = try host.sync { _ -> (single: Int, double: Int) in
        let (strip, _) = try #require(CanvasState.strips["canvas-click"])
        var restores = 0
        strip.onEvent = { if $0 == .stripRestoreRequested { restores += 1 } }
        defer { strip.onEvent = nil }
        let (x, y) = (strip.renderSize.width / 2, strip.renderSize.height / 2)
        strip.handlePointer(.entered(x: x, y: y))
        strip.handlePointer(.leftPressed(x: x, y: y, clicks: 1))
        strip.handlePointer(.leftReleased)
        let single = restores
        strip.handlePointer(.leftPressed(x: x, y: y, clicks: 2))
        strip.handlePointer(.leftReleased)
        strip.handlePointer(.left)
        return (single, restores)
      }
      #expect(asked.single == 0)
      #expect(asked.double == 1)
    }

    /// With fade-on-hover, the pointer entering through `handlePointer` fades the strip to a
    /// quarter of its opacity and leaving brings it back.
    @Test func hoverThroughHandlePointerFadesTheStrip() throws {
      try showCanvasStrip("canvas-hover", settings: Self.redText)
      defer { try? hide("canvas-hover") }
      let alpha = { @WindowLoop @Sendable (_: SDLEventLoop) throws -> UInt32 in
        let (_, sink) = try #require(CanvasState.strips["canvas-hover"])
        return sink.pixels.map { Pixel($0).a }.max() ?? 0
      }
      let full = try host.sync(alpha)
      try host.sync { _ in
        let (strip, _) = try #require(CanvasState.strips["canvas-hover"])
        strip.fadesOnHover = true
        strip.handlePointer(.entered(x: 10, y: 10))
      }
      let faded = try host.sync(alpha)
      try host.sync { _ in
        let (strip, _) = try #require(CanvasState.strips["canvas-hover"])
        strip.handlePointer(.left)
      }
      let back = try host.sync(alpha)
      try host.sync { _ in CanvasState.strips["canvas-hover"]?.strip.fadesOnHover = false }
      #expect(full == 255)
      #expect(faded > 0 && faded < 128, "\(faded)")
      #expect(back == 255)
    }

    /// Locked, a press on the body through `handlePointer` does nothing; on the padlock it
    /// unlocks (the input region lets only the padlock's presses through on Wayland).
    @Test func lockedOnlyThePadlockTakesAPressThroughHandlePointer() throws {
      try showCanvasStrip("canvas-locked", settings: Self.redText)
      defer { try? hide("canvas-locked") }
      let seen = try host.sync { _ -> (body: [SurfaceIntent], padlock: [SurfaceIntent]) in
        let (strip, _) = try #require(CanvasState.strips["canvas-locked"])
        strip.setLocked(true)
        defer { strip.setLocked(false) }
        var intents: [SurfaceIntent] = []
        strip.onIntent = { intents.append($0) }
        defer { strip.onIntent = nil }
        strip.handlePointer(.leftPressed(x: 3, y: strip.renderSize.height / 2, clicks: 2))
        let body = intents
        let handle = strip.unlockHandle
        strip.handlePointer(
          .leftPressed(
            x: Int(handle.x + handle.w / 2), y: Int(handle.y + handle.h / 2), clicks: 1))
        return (body, intents)
      }
      #expect(seen.body.isEmpty, "\(seen.body)")
      #expect(seen.padlock == [.unlockStrip], "\(seen.padlock)")
    }
  }
}

/// The canvas strips made by the tests, kept between `sync` calls.
@WindowLoop private enum CanvasState {
  static var strips: [String: (strip: FloatingWindow, sink: RecordingSink)] = [:]
}

/// One premultiplied ARGB8888 pixel taken apart.
private struct Pixel: Equatable {
  var a: UInt32
  var r: UInt32
  var g: UInt32
  var b: UInt32

  init(_ word: UInt32) {
    a = word >> 24
    r = (word >> 16) & 0xFF
    g = (word >> 8) & 0xFF
    b = word & 0xFF
  }

  func scaled(by factor: UInt32) -> Pixel {
    func times(_ channel: UInt32) -> UInt32 { (channel * factor) >> 8 }
    return Pixel(times(a) << 24 | times(r) << 16 | times(g) << 8 | times(b))
  }
}

/// Keeps what a canvas strip hands its sink: its buffer (only the damage copied in at each
/// present, as a Wayland client copies into its shared memory), the damages, the input regions.
@WindowLoop private final class RecordingSink: StripCanvasSink {
  var monitors = [ScreenMonitor(name: "TEST-1", x: 0, y: 0, width: 1280, height: 720)]
  private(set) var isShown = false
  private(set) var pixels: [UInt32] = []
  private(set) var width = 0
  private(set) var height = 0
  private(set) var damages: [StripCanvasRect] = []
  private(set) var inputRegions: [StripCanvasRect?] = []
  /// The sizes asked for, in window coordinates.
  private(set) var sizes: [(Int, Int)] = []

  func requestShow() throws(SurfaceError) { isShown = true }
  func requestHide() { isShown = false }
  func requestMove(x: Int, y: Int) {}
  func requestSize(width: Int, height: Int) { sizes.append((width, height)) }
  func setInputRegion(_ region: StripCanvasRect?) { inputRegions.append(region) }

  func present(_ frame: StripCanvasFrame) {
    if frame.width != width || frame.height != height {
      width = frame.width
      height = frame.height
      pixels = [UInt32](repeating: 0, count: width * height)
    }
    damages.append(frame.damage)
    let damage = frame.damage
    for y in damage.y..<(damage.y + damage.height) {
      let row = (frame.pixels + y * frame.stride).assumingMemoryBound(to: UInt32.self)
      for x in damage.x..<(damage.x + damage.width) { pixels[y * width + x] = row[x] }
    }
  }

  /// Forgets the pixels inside `area` (zeros), as a sink that could not take a frame.
  func lose(_ area: StripCanvasRect) {
    for y in area.y..<(area.y + area.height) {
      for x in area.x..<(area.x + area.width) { pixels[y * width + x] = 0 }
    }
  }

  /// How many pixels inside `area` (all of them: nil) match.
  func count(in area: PixelRect?, where matches: (Pixel) -> Bool) -> Int {
    let area = area ?? PixelRect(x: 0, y: 0, w: Int32(width), h: Int32(height))
    var found = 0
    for y in max(0, Int(area.y))..<min(height, Int(area.y + area.h)) {
      for x in max(0, Int(area.x))..<min(width, Int(area.x + area.w))
      where matches(Pixel(pixels[y * width + x])) {
        found += 1
      }
    }
    return found
  }
}

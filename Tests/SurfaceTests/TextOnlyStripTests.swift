import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

/// A strip with `background = none`, as a person sees it over another program's window: that
/// window's white between the letters, the letters red in a blue outline, with a compositing
/// manager (smooth edges) and without one (the window cut to the shape of its text).
extension DisplayTests {
  @Suite struct TextOnlyStripTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    private var settings: StripSettings {
      var settings = StripSettings.withSourceTreePicture()
      settings.background = .none
      settings.lookChanges.textColour = RGBA(255, 0, 0)
      settings.lookChanges.fillColour = RGBA(255, 0, 0)
      settings.lookChanges.outlineColour = RGBA(0, 0, 255)
      settings.lookChanges.outlineWidth = 4
      settings.lookChanges.shadow = false
      return settings
    }

    /// Shows a new text-only strip named `name` alone at (60, 60), on the first line (paused);
    /// its X window and where it is.
    private func showStrip(_ name: String) throws -> (
      id: UInt, frame: (x: Int, y: Int, width: Int, height: Int)
    ) {
      let settings = settings
      let now = host.clock.nowNanos
      let id = try host.sync { loop -> UInt in
        for other in UIState.strips.values { other.hide() }
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 2_000, clockNanos: now)
        let strip = try FloatingWindow(loop: loop, settings: settings)
        strip.onIntent = { UIState.intents[name, default: []].append($0) }
        UIState.strips[name] = strip
        // Placed where it is captured before it is shown: the strip's own placement (its move
        // after the map, which the window manager handles when it gets to it) could otherwise
        // land after the test's move and put it back at the bottom of the screen, leaving only
        // the window below where the test looked.
        try strip.prepare()
        strip.place(at: WindowGeometry(x: 60, y: 60, width: 960, height: 192), on: nil)
        return try UIState.show(strip)
      }
      let frame = try X11Tools.placeForCapture(id)
      return (id, frame)
    }

    /// The screen where the strip is, once it shows the window below between its letters (or
    /// after 5 s, to say what it showed instead).
    private func lookAtStrip(
      _ frame: (x: Int, y: Int, width: Int, height: Int), name: String
    ) throws -> ScreenColours {
      try poll(timeout: 5, interval: 0.1) {
        try ScreenColours.capture(
          x: frame.x, y: frame.y, width: frame.width, height: frame.height, name: name)
      } until: {
        $0.share(where: ScreenColours.isWhite) > 0.5 && $0.count(where: ScreenColours.isRed) > 300
      }
    }

    /// Between the letters the window below; on the letters their colour and their outline's.
    private func expectLettersOverTheWindowBelow(_ shot: ScreenColours) {
      let white = shot.share(where: ScreenColours.isWhite)
      let red = shot.count(where: ScreenColours.isRed)
      let blue = shot.count(where: ScreenColours.isBlue)
      #expect(white > 0.5, "the window below shows on \(white) of the strip (\(shot.path))")
      #expect(red > 300, "\(red) text pixels (\(shot.path))")
      #expect(blue > 300, "\(blue) outline pixels (\(shot.path))")
      // No box: the strip's dark background colour is nowhere.
      let box = shot.count { abs($0.r - 18) < 6 && abs($0.g - 19) < 6 && abs($0.b - 24) < 6 }
      #expect(box < 50, "\(box) pixels of the box (\(shot.path))")
    }

    @Test func withoutACompositorTheStripIsCutToItsText() throws {
      let before = try host.sync { _ in
        X11.withOwnConnection { X11.hasCompositor(display: $0) } ?? true
      }
      try #require(!before, "a compositing manager runs on the test display")
      let below = try WindowBelow(
        name: "lyricpip-text-only-\(getpid())", x: 20, y: 20, width: 1100, height: 320)
      defer { below.close() }
      let strip = try showStrip("text-only")
      defer { try? host.sync { _ in UIState.strips["text-only"]?.hide() } }
      let state = try host.sync { _ in
        (UIState.strips["text-only"]?.blendsOverDesktop, UIState.strips["text-only"]?.shapeBuilds)
      }
      #expect(state.0 == false)
      #expect((state.1 ?? 0) >= 1)
      // With no box drawn, the placeholder picture still gives the strip its shape.
      let size = try PNGSize.read(path: Paths.placeholderImage)
      let pictureAspect = Double(size.width) / Double(size.height)
      let stripAspect = Double(strip.frame.width) / Double(strip.frame.height)
      #expect(abs(stripAspect - pictureAspect) < 0.05, "\(stripAspect) against \(pictureAspect)")
      let shot = try lookAtStrip(strip.frame, name: "text-only")
      print("text-only strip without a compositor: \(shot.path)")
      expectLettersOverTheWindowBelow(shot)
      // The cut is hard: no pixel halfway between the outline and the white below.
      #expect(shot.count(where: ScreenColours.isPaleBlue) < 30, "\(shot.path)")
    }

    @Test func theShapeIsMadeAgainOnlyWhenTheTextChanges() throws {
      _ = try showStrip("shape-count")
      defer { try? host.sync { _ in UIState.strips["shape-count"]?.hide() } }
      // Playing inside a word-timed line: the fill moves at every frame.
      let now = host.clock.nowNanos
      try host.sync { loop in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 4_000, clockNanos: now, playing: true)
      }
      try host.sync { _ in }
      let start = try host.sync { _ in
        let strip = UIState.strips["shape-count"]
        return (strip?.framesPresented ?? 0, strip?.shapeBuilds ?? 0)
      }
      for _ in 0..<12 {
        host.clock.advance(by: 50_000_000)
        try host.sync { _ in }
      }
      let filled = try host.sync { _ in
        let strip = UIState.strips["shape-count"]
        return (strip?.framesPresented ?? 0, strip?.shapeBuilds ?? 0)
      }
      #expect(filled.0 >= start.0 + 8, "frames \(start.0) → \(filled.0)")
      #expect(filled.1 == start.1, "the shape was made \(filled.1 - start.1) times for the fill")
      // The next line: one shape more.
      try host.sync { loop in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 7_500, clockNanos: loop.clock.nowNanos)
      }
      try host.sync { _ in }
      let next = try host.sync { _ in UIState.strips["shape-count"]?.shapeBuilds ?? 0 }
      #expect(next == filled.1 + 1)
      print(
        "shape builds: \(start.1) at the line's start, \(filled.1) after \(filled.0 - start.0) fill frames, \(next) on the next line"
      )
    }

    @Test func lockedClicksBetweenTheLettersReachTheWindowBelow() throws {
      let below = try WindowBelow(
        name: "lyricpip-text-locked-\(getpid())", x: 20, y: 20, width: 1100, height: 320)
      defer { below.close() }
      let strip = try showStrip("text-locked")
      defer {
        try? host.sync { _ in
          UIState.strips["text-locked"]?.setLocked(false)
          UIState.strips["text-locked"]?.hide()
        }
      }
      try host.sync { _ in UIState.strips["text-locked"]?.setLocked(true) }
      let shot = try lookAtStrip(strip.frame, name: "text-locked")
      // A white pixel in the middle of the line's row, between two letters.
      let row = strip.frame.height * 42 / 100
      let between = try #require(
        (strip.frame.width / 4..<strip.frame.width * 3 / 4).first { x in
          (x - 3...x + 3).allSatisfy { ScreenColours.isWhite(shot.pixel($0, row)) }
            && (x..<strip.frame.width).contains { ScreenColours.isRed(shot.pixel($0, row)) }
        }, "no gap between letters in \(shot.path)")
      try X11Tools.xdotool([
        "mousemove", String(strip.frame.x + between), String(strip.frame.y + row),
      ])
      try X11Tools.xdotool(["click", "1"])
      #expect(poll(timeout: 5) { below.buttonPresses() >= 1 }, "xev saw no click")
      // The unlock handle is still there, and still answers.
      let handle = try host.sync { _ in UIState.strips["text-locked"]?.unlockHandleCentre }
      let centre = try #require(handle)
      let presses = below.buttonPresses()
      try X11Tools.xdotool([
        "mousemove", String(strip.frame.x + centre.x), String(strip.frame.y + centre.y),
      ])
      try X11Tools.xdotool(["click", "1"])
      #expect(
        try host.wait { _ in UIState.intents["text-locked", default: []].contains(.unlockStrip) })
      #expect(below.buttonPresses() == presses, "the handle's click reached the window below")
    }

    /// Up before the compositor starts: cut to its text; the compositor comes and the strip
    /// blends with smooth edges; it goes and the strip is cut again. Never a dark box.
    @Test func underACompositorTheLettersBlendAndWithoutOneTheStripIsCut() throws {
      let below = try WindowBelow(
        name: "lyricpip-text-blend-\(getpid())", x: 20, y: 20, width: 1100, height: 320)
      defer { below.close() }
      let strip = try showStrip("text-blend")
      defer { try? host.sync { _ in UIState.strips["text-blend"]?.hide() } }
      #expect(try host.sync { _ in UIState.strips["text-blend"]?.blendsOverDesktop } == false)
      let depth = try ProcessRunner.run("xwininfo", ["-id", String(strip.id)], timeout: 10).stdout
      #expect(depth.contains("Depth: 32"), "\(depth)")

      let compositor = Process()
      compositor.executableURL = URL(fileURLWithPath: "/usr/bin/xcompmgr")
      compositor.standardOutput = FileHandle.nullDevice
      compositor.standardError = FileHandle.nullDevice
      try compositor.run()
      var stopped = false
      func stopCompositor() {
        guard !stopped else { return }
        stopped = true
        // SIGKILL: the test process's blocked signals are inherited, and xcompmgr stayed up
        // after SIGTERM. It keeps nothing; the server ends its redirection as it goes.
        kill(compositor.processIdentifier, SIGKILL)
        _ = poll(timeout: 5) { !compositor.isRunning }
      }
      defer { stopCompositor() }
      let runs = try host.wait { _ in
        X11.withOwnConnection { X11.hasCompositor(display: $0) } ?? false
      }
      try #require(runs, "xcompmgr did not take the compositor selection")
      #expect(try host.wait { _ in UIState.strips["text-blend"]?.blendsOverDesktop == true })
      try host.sync { _ in }
      let shot = try lookAtStrip(strip.frame, name: "text-blend")
      print("text-only strip under xcompmgr: \(shot.path)")
      expectLettersOverTheWindowBelow(shot)
      // Smooth edges: the outline fades into the white below.
      let soft = shot.count(where: ScreenColours.isPaleBlue)
      #expect(soft > 100, "\(soft) soft edge pixels (\(shot.path))")
      let shapesWhileBlending = try host.sync { _ in
        UIState.strips["text-blend"]?.shapeBuilds ?? 0
      }

      // The compositor ends while the strip is up: it is seen, and the strip cuts itself to its
      // text, so the window below still shows between the letters (not black).
      stopCompositor()
      #expect(try host.wait { _ in UIState.strips["text-blend"]?.blendsOverDesktop == false })
      try host.sync { _ in }
      let after = try lookAtStrip(strip.frame, name: "text-blend-after")
      print("the same strip once xcompmgr ended: \(after.path)")
      expectLettersOverTheWindowBelow(after)
      #expect(after.count(where: ScreenColours.isPaleBlue) < 30, "\(after.path)")
      let shapesThen = try host.sync { _ in UIState.strips["text-blend"]?.shapeBuilds ?? 0 }
      #expect(shapesThen > shapesWhileBlending, "no new shape once the compositor ended")
    }
  }
}

import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

extension DisplayTests {
  /// Text that cannot be drawn (a font gone, no memory): the strip keeps the last line it could
  /// draw and says so once; neither window tries the same text again every frame.
  @Suite struct TextFailureTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    /// Draws as the renderer it wraps until `failing` is set, then throws; counts the tries.
    final class FailingText: TextDrawing {
      let wrapped: (any TextDrawing)?
      var failing = false
      private(set) var failedTries = 0

      init(wrapping wrapped: (any TextDrawing)?) { self.wrapped = wrapped }

      private func check() throws(SDLError) -> any TextDrawing {
        guard !failing, let wrapped else {
          failedTries += 1
          throw SDLError(operation: "TTF_RenderUTF8_Blended", message: "the font went away")
        }
        return wrapped
      }

      func width(of segments: [String], pixelSize: Int32) throws(SDLError) -> Int32 {
        try check().width(of: segments, pixelSize: pixelSize)
      }

      func render(
        _ segments: [String], pixelSize: Int32, effects: TextEffects, on window: SDLWindow
      ) throws(SDLError) -> RenderedText {
        try check().render(segments, pixelSize: pixelSize, effects: effects, on: window)
      }
    }

    @WindowLoop enum Rig {
      static var strip: FloatingWindow?
      static var text: FailingText?
    }

    /// Shows a strip whose text can be made to fail, 1.5 s into the sample lyrics (paused);
    /// returns the line it shows.
    private func showStripWithFailingText() throws -> Int? {
      let start = host.clock.nowNanos
      return try host.sync { loop -> Int? in
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 1_500, clockNanos: start)
        let strip = try FloatingWindow(
          loop: loop, settings: .withSourceTreePicture())
        let text = FailingText(wrapping: strip.text)
        strip.text = text
        Rig.strip = strip
        Rig.text = text
        try strip.show()
        return strip.current?.index
      }
    }

    private func hideStrip() throws {
      try host.sync { _ in
        Rig.strip?.hide()
        Rig.strip = nil
        Rig.text = nil
      }
    }

    @Test func theStripKeepsItsLastLineWhenTheNextCannotBeDrawn() throws {
      #expect(try showStripWithFailingText() == 0)
      // Line 2: not the line after the one on screen, which is made ahead (below).
      try host.sync { loop in
        Rig.text?.failing = true
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 7_200, clockNanos: loop.clock.nowNanos)
      }
      for _ in 0..<10 { try host.sync { _ in } }
      let seen = try host.sync { _ in
        (
          line: Rig.strip?.current?.index, tries: Rig.text?.failedTries ?? 0,
          warnings: Rig.strip?.warnings ?? []
        )
      }
      #expect(seen.line == 0, "the line drawn last stays up")
      #expect(seen.tries == 1, "tried once, not at every frame")
      #expect(seen.warnings.filter { $0.contains("the font went away") }.count == 1)
      try hideStrip()
    }

    /// The line after the one on screen is made once that one is whole on screen (presented,
    /// its fade over; the first line has none), so its change only draws: here it comes up
    /// although the text can no longer be made by then.
    @Test func theNextLineIsMadeAheadSoItsChangeOnlyDraws() throws {
      #expect(try showStripWithFailingText() == 0)
      for _ in 0..<3 { try host.sync { _ in } }
      try host.sync { loop in
        Rig.text?.failing = true
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 4_200, clockNanos: loop.clock.nowNanos)
      }
      for _ in 0..<10 { try host.sync { _ in } }
      let seen = try host.sync { _ in
        (line: Rig.strip?.current?.index, warnings: Rig.strip?.warnings ?? [])
      }
      #expect(seen.line == 1, "line 1 was made ahead, while the text could be made")
      #expect(!seen.warnings.contains { $0.contains("the font went away") }, "\(seen.warnings)")
      try hideStrip()
    }

    @Test func aTextThatCannotBeDrawnIsNotTriedAgainEveryFrame() throws {
      let seen = try host.sync { _ in
        let window = try SDLWindow(title: "text", width: 32, height: 32, options: [.hidden])
        let text = FailingText(wrapping: nil)
        let cache = TextCache(renderer: text)
        var reports: [String] = []
        cache.onFailure = { reports.append($0) }
        for _ in 0..<5 { _ = cache.text("1:23", pixelSize: 20, on: window) }
        return (tries: text.failedTries, reports: reports)
      }
      #expect(seen.tries == 1)
      #expect(seen.reports.count == 1)
      #expect(seen.reports.first?.contains("the font went away") == true)
    }
  }
}

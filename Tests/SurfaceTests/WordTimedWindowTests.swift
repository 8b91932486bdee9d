import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

/// The word-timed parts on a real X server: a duet's voices on their sides, background vocals
/// under the line with their own fill, and the main window's translation and romanisation.
extension DisplayTests {
  @Suite struct WordTimedWindowTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    /// Shows (once per name) a strip with the duet, paused at `positionMs`.
    private func showStrip(_ name: String, atMs positionMs: Int) throws -> UInt {
      try host.showStrip(
        name, lyrics: DuetLyrics.lyrics, settings: .withSourceTreePicture(),
        // Every strip takes the same place on the screen and stays above the others: the ones
        // earlier tests left up would cover this one.
        before: { for (other, strip) in UIState.strips where other != name { strip.hide() } }
      ) {
        DuetLyrics.nowPlaying(atMs: positionMs, clockNanos: $0)
      }
    }

    /// Captures `window` once the fade is over and `ready` holds for the picture.
    private func capture(
      _ window: UInt, path: String, until ready: (GrayImage) -> Bool
    ) throws -> GrayImage {
      // The loop draws after running the test's work, so a new line's fade may not have started
      // yet: one more turn first, so that it starts at the time now and not after the advance
      // (the test clock would then never move past it, leaving the old line half faded on).
      try host.sync { _ in }
      host.clock.advance(by: 300_000_000)
      try host.sync { _ in }
      return try poll(timeout: 5, interval: 0.05) {
        try X11Tools.capture(window, savingTo: path)
      } until: {
        ready($0)
      }
    }

    @Test func duetVoicesSitOnTheirSidesAndBackgroundVocalsFillUnderTheLine() throws {
      let window = try showStrip("duet", atMs: 2_000)
      let directory = try Paths.makeTemporaryDirectory()
      let leftPath = directory.appendingPathComponent("left.png").path
      let left = try capture(window, path: leftPath) {
        $0.brightShare(rows: 0.25...0.6, columns: 0.02...0.4) > 0.03
      }
      // The first voice: on the left, the right side of its row dark.
      #expect(left.brightShare(rows: 0.25...0.6, columns: 0.02...0.4) > 0.03)
      #expect(left.brightShare(rows: 0.25...0.6, columns: 0.7...0.98) < 0.002)

      // The second voice at the start of its background vocals: nothing of those sung yet.
      try host.sync { loop in
        loop.model.nowPlaying = DuetLyrics.nowPlaying(
          atMs: 4_000, clockNanos: loop.clock.nowNanos)
      }
      let startPath = directory.appendingPathComponent("start.png").path
      let start = try capture(window, path: startPath) {
        $0.brightShare(rows: 0.25...0.6, columns: 0.6...0.98) > 0.03
      }
      #expect(start.brightShare(rows: 0.25...0.6, columns: 0.02...0.4) < 0.002)
      // The background vocals, smaller, in the second row and on the same side; the next line
      // (centred) gives way to them.
      let lowerRight = start.brightShare(rows: 0.66...0.92, columns: 0.6...0.98, threshold: 110)
      let lowerLeft = start.brightShare(rows: 0.66...0.92, columns: 0.02...0.45, threshold: 110)
      #expect(lowerRight > 0.01, "background vocals' ink \(lowerRight)")
      #expect(lowerLeft < 0.002, "no next line: \(lowerLeft)")

      // Half way into their second word: their fill has moved (yellow is dark in blue).
      try host.sync { loop in
        loop.model.nowPlaying = DuetLyrics.nowPlaying(
          atMs: 5_500, clockNanos: loop.clock.nowNanos)
      }
      let blueBefore = try BlueChannel(png: startPath).meanOfInk(
        rows: 0.66...0.92, columns: 0.5...0.98, ink: start)
      // The loop draws the new time after the test's turn on it, so the first pictures may
      // still be the one before: wait for the fill on the screen (or 5 s).
      let sungPath = directory.appendingPathComponent("sung.png").path
      func blueOfSungInk(_ sung: GrayImage) -> Double {
        let blue = try? BlueChannel(png: sungPath)
        return blue?.meanOfInk(rows: 0.66...0.92, columns: 0.5...0.98, ink: sung) ?? .infinity
      }
      let sung = try capture(window, path: sungPath) { blueOfSungInk($0) + 40 < blueBefore }
      let blueAfter = blueOfSungInk(sung)
      #expect(blueAfter + 40 < blueBefore, "blue of the ink: \(blueBefore) then \(blueAfter)")
      let warnings = try host.sync { _ in UIState.strips["duet"]?.warnings ?? ["no strip"] }
      #expect(warnings.isEmpty, "\(warnings)")
      try host.sync { _ in UIState.strips["duet"]?.hide() }
    }

    @Test func theMainWindowShowsTheRomanisationAndTranslationUnderTheLine() throws {
      let now = host.clock.nowNanos
      let window = try host.sync { loop in
        loop.model.setLyrics(DuetLyrics.lyrics)
        loop.model.nowPlaying = DuetLyrics.nowPlaying(atMs: 10_500, clockNanos: now)
        let main = try UIState.mains["notes"] ?? MainWindow(loop: loop)
        UIState.mains["notes"] = main
        try main.show()
        guard let id = main.x11WindowID else { throw SurfaceError("no X11 window") }
        return id
      }
      let directory = try Paths.makeTemporaryDirectory()
      let path = directory.appendingPathComponent("notes.png").path
      let image = try poll(timeout: 5, interval: 0.05) {
        try X11Tools.capture(window, savingTo: path)
      } until: {
        $0.brightShare(rows: 0...0.1) >= 0.005
      }
      let (centre, rowHeight, noteSize, lineSize) = try host.sync { _ in
        let main = UIState.mains["notes"]
        return (
          main?.lineCentreInWindow(3) ?? 0,
          main?.layout.lineSpacing ?? 0, main?.layout.annotationSize ?? 0,
          main?.layout.lineSize ?? 0
        )
      }
      // The row makes room for two notes under the line.
      #expect(rowHeight > lineSize * 19 / 10 + noteSize)
      // The current line (first voice) sits in the upper part of its row, on the left; its notes
      // below it, also on the left, in a dim grey (ink above 100, below the line's 150).
      let rowTop = Double(centre) - Double(rowHeight) / 2
      let rows = { (from: Double, to: Double) in
        (rowTop + from * Double(rowHeight))
          / Double(image.height)...(rowTop + to
          * Double(rowHeight)) / Double(image.height)
      }
      let line = image.brightShare(rows: rows(0.05, 0.45), columns: 0.02...0.35, threshold: 150)
      let notes = image.brightShare(rows: rows(0.5, 0.98), columns: 0.02...0.35, threshold: 80)
      let notesBright = image.brightShare(
        rows: rows(0.5, 0.98), columns: 0.02...0.35, threshold: 150)
      let notesRight = image.brightShare(rows: rows(0.5, 0.98), columns: 0.6...0.98, threshold: 80)
      #expect(line > 0.02, "the line's ink \(line)")
      #expect(notes > 0.01, "the notes' ink \(notes)")
      #expect(notesBright < notes / 4, "the notes are dimmer: \(notesBright) of \(notes)")
      #expect(notesRight < 0.002, "the notes follow the line's side: \(notesRight)")
      try X11Tools.xdotool(["windowminimize", "--sync", String(window)])
    }
  }
}

import Foundation
import Session
import TestSupport
import Testing

@testable import Surface

/// The cover in the main window's header, as a person sees it on the X server: a blue picture
/// appears at the left of the title, and goes when the next track has none.
extension DisplayTests {
  @Suite struct MainWindowCoverTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    /// A solid blue cover, decoded as the app decodes one.
    static let blue = CoverImage(
      width: 64, height: 64, bgra: (0..<64 * 64).flatMap { _ in [255, 0, 0, 255] as [UInt8] })

    /// The mean blue of the window's pixels in the square where the cover goes.
    func meanBlueOfCoverSquare(_ window: UInt, _ path: String) throws -> Double {
      _ = try X11Tools.capture(window, savingTo: path)
      let blue = try BlueChannel(png: path)
      // 720×600: margin 18, side 120; the middle of the square, clear of its edges.
      var sum = 0
      for y in 40..<110 {
        for x in 40..<110 { sum += Int(blue.pixels[y * blue.width + x]) }
      }
      return Double(sum) / Double(70 * 70)
    }

    @Test func coverShowsBesideTheTitleAndGoesWithTheTrack() throws {
      let now = host.clock.nowNanos
      let window = try host.sync { loop in
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 4_200, clockNanos: now)
        loop.model.setCover(Self.blue)
        let main = try UIState.mains["cover"] ?? MainWindow(loop: loop)
        UIState.mains["cover"] = main
        try main.prepare()
        guard let sdlWindow = main.windowForTests else { throw SurfaceError("no window") }
        SDL.setSize(sdlWindow, width: 720, height: 600)
        main.relayout()
        try main.show()
        guard let id = main.x11WindowID else { throw SurfaceError("no X11 window") }
        return id
      }
      defer { _ = try? host.sync { loop in loop.model.setCover(nil) } }
      _ = try poll(timeout: 5) { try X11Tools.xprop(window, "WM_STATE").contains("Normal") }
      let path = try Paths.makeTemporaryDirectory().appendingPathComponent("cover.png").path

      let shown = try poll(timeout: 5, interval: 0.05) {
        try meanBlueOfCoverSquare(window, path)
      } until: {
        $0 > 200
      }
      #expect(shown > 200, "the cover's square is not blue: \(shown)")

      try host.sync { loop in loop.model.setCover(nil) }
      let gone = try poll(timeout: 5, interval: 0.05) {
        try meanBlueOfCoverSquare(window, path)
      } until: {
        $0 < 100
      }
      #expect(gone < 100, "the cover stayed: \(gone)")
    }
  }
}

extension MainWindow {
  var windowForTests: SDL.Window? { window?.window }
}

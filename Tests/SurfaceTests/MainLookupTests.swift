import Foundation
import LyricsCore
import PlayerContract
import Session
import TestSupport
import Testing

@testable import Surface

/// The main window while a track has no timed lines, on a real X server: the one line that says
/// why ("looking up lyrics…", "no lyrics found"), untimed text that scrolls, the source in the
/// header, and the candidate picker's keys and clicks.
extension DisplayTests {
  @Suite struct MainLookupTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    /// Shows a main window of its own with no lines and `status`; returns its X11 id.
    private func show(_ status: LyricsStatus) throws -> UInt {
      let now = host.clock.nowNanos
      return try host.sync { loop in
        loop.model.setLyrics(nil)
        loop.model.setStatus(status)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 1_000, clockNanos: now)
        let main: MainWindow
        if let existing = UIState.mains["lookup"] {
          main = existing
        } else {
          main = try MainWindow(loop: loop)
          main.onIntent = { UIState.intents["lookup", default: []].append($0) }
          UIState.mains["lookup"] = main
        }
        try main.show()
        guard let id = main.x11WindowID else { throw SurfaceError("no X11 window") }
        return id
      }
    }

    /// Leaves the shared model as the other tests expect it.
    private func reset() throws {
      try host.sync { loop in
        UIState.mains["lookup"]?.closeChoices()
        loop.model.setStatus(LyricsStatus(.notFound))
      }
    }

    /// The width in pixels the window draws `text` with at the list's line size.
    private func drawnWidth(_ text: String) throws -> Int {
      try host.sync { _ in
        guard let main = UIState.mains["lookup"], let window = main.window,
          let rendered = main.regular.text(
            text, pixelSize: main.layout.lineSize, fitting: main.layout.list.w, on: window)
        else { return -1 }
        return Int(rendered.width)
      }
    }

    /// Rows (window pixels) of the list's middle, and of its first row.
    private func rows() throws -> (middle: ClosedRange<Int>, first: ClosedRange<Int>) {
      try host.sync { _ in
        guard let layout = UIState.mains["lookup"]?.layout else { return (0...0, 0...0) }
        let list = layout.list
        let middle = Int(list.y + list.h / 2)
        let half = Int(layout.lineSpacing / 2)
        return (
          middle - half...middle + half, Int(list.y)...Int(list.y + layout.lineSpacing) - 1
        )
      }
    }

    /// The width of the ink (pixels brighter than the background) in `rows`, once it fits a text
    /// of `width` (its glyphs' side bearings make the ink up to 10 px narrower than the text's
    /// image) or 5 s have passed.
    private func inkWidth(
      _ window: UInt, rows: ClosedRange<Int>, becomes width: Int
    ) throws -> Int {
      let path = try Paths.makeTemporaryDirectory().appendingPathComponent("main.png").path
      var measured = -1
      _ = try poll(timeout: 5, interval: 0.1) {
        let image = try X11Tools.capture(window, savingTo: path)
        measured = Self.inkSpan(image, rows: rows)
        return measured
      } until: {
        Self.fits($0, width)
      }
      return measured
    }

    static func fits(_ ink: Int, _ width: Int) -> Bool {
      ink <= width + 1 && ink >= width - 10
    }

    private static func inkSpan(_ image: GrayImage, rows: ClosedRange<Int>) -> Int {
      var left = Int.max
      var right = -1
      for y in rows where y >= 0 && y < image.height {
        for x in 0..<image.width where image.pixels[y * image.width + x] > 90 {
          left = min(left, x)
          right = max(right, x)
        }
      }
      return right < 0 ? 0 : right - left + 1
    }

    @Test func withoutLinesTheListSaysWhy() throws {
      defer { try? reset() }
      let window = try show(LyricsStatus(.lookingUp))
      let band = try rows().middle
      let waiting = try drawnWidth("looking up lyrics…")
      #expect(waiting > 0)
      #expect(Self.fits(try inkWidth(window, rows: band, becomes: waiting), waiting))
      try host.sync { $0.model.setStatus(LyricsStatus(.notFound)) }
      let nothing = try drawnWidth("no lyrics found")
      #expect(Self.fits(try inkWidth(window, rows: band, becomes: nothing), nothing))
      try host.sync { $0.model.setStatus(LyricsStatus(.instrumental, source: "LRCLIB")) }
      let instrumental = try drawnWidth("instrumental")
      #expect(Self.fits(try inkWidth(window, rows: band, becomes: instrumental), instrumental))
    }

    @Test func untimedTextIsShownAndScrolls() throws {
      defer { try? reset() }
      let window = try show(
        LyricsStatus(.plain("A rather long first verse line\nshort\nthird"), source: "LRCLIB"))
      let first = try rows().first
      let long = try drawnWidth("A rather long first verse line")
      #expect(Self.fits(try inkWidth(window, rows: first, becomes: long), long))
      // ↓ scrolls the text by one row: "short" is at the top now.
      try host.sync { _ in UIState.mains["lookup"]?.keyPressed(.down) }
      let short = try drawnWidth("short")
      #expect(Self.fits(try inkWidth(window, rows: first, becomes: short), short))
    }

    @Test func thePickerChoosesWithKeysAndWithAClick() throws {
      defer { try? reset() }
      let window = try show(LyricsStatus(.timed, source: "LRCLIB"))
      let rows = [
        LyricsChoices.Row(
          title: "Song", artist: "Band", album: "Album", durationSeconds: 200, kind: "synced",
          provider: "LRCLIB"),
        LyricsChoices.Row(
          title: "Song", artist: "Band", album: "Live", durationSeconds: 230, kind: "plain",
          provider: "LRCLIB"),
      ]
      try host.sync { _ in
        UIState.intents["lookup"] = []
        UIState.mains["lookup"]?.showChoices(LyricsChoices(.ready(rows)))
      }
      _ = try poll(timeout: 5) { try X11Tools.xprop(window, "WM_STATE").contains("Normal") }
      try X11Tools.xdotool(["windowactivate", "--sync", String(window)])
      try X11Tools.xdotool(["key", "Down", "Return"])
      #expect(
        try host.wait { _ in UIState.intents["lookup", default: []] == [.chooseCandidate(1)] })
      #expect(try host.sync { _ in UIState.mains["lookup"]?.isShowingChoices } == false)

      // Opened again: a click on its last row, "No lyrics for this track".
      try host.sync { _ in
        UIState.intents["lookup"] = []
        UIState.mains["lookup"]?.showChoices(LyricsChoices(.ready(rows)))
      }
      let rowY = try #require(
        try host.sync { _ in UIState.mains["lookup"]?.pickerRowCentreInWindow(2) })
      let geometry = try X11Tools.geometry(window)
      try X11Tools.xdotool([
        "mousemove", "--window", String(window), String(geometry.width / 2), String(rowY),
      ])
      try X11Tools.xdotool(["click", "1"])
      #expect(try host.wait { _ in UIState.intents["lookup", default: []] == [.chooseNoLyrics] })

      // The footer's "Lyrics…" and "Save .lrc" buttons ask for what C and S ask for.
      try host.sync { _ in UIState.intents["lookup"] = [] }
      let centres = try host.sync { _ -> [(Int32, Int32)] in
        guard let main = UIState.mains["lookup"] else { return [] }
        let scale = main.pixelScale()
        return main.layout.buttons().filter { [.chooseLyrics, .saveBeside].contains($0.0) }.map {
          (($0.1.x + $0.1.w / 2) / scale, ($0.1.y + $0.1.h / 2) / scale)
        }
      }
      for (x, y) in centres {
        try X11Tools.xdotool(["mousemove", "--window", String(window), String(x), String(y)])
        try X11Tools.xdotool(["click", "1"])
      }
      #expect(
        try host.wait { _ in
          UIState.intents["lookup", default: []] == [.showCandidates, .saveLyricsBeside]
        })
    }

    /// Each candidate names its provider, small, right-aligned in a column of its own at the
    /// row's right; "No lyrics for this track" names none, and a title too long for the row is
    /// cut before the column rather than drawn under it.
    @Test func eachPickerRowNamesItsProviderInAColumnAtTheRight() throws {
      defer { try? reset() }
      let window = try show(LyricsStatus(.timed, source: "LRCLIB"))
      let rows = [
        LyricsChoices.Row(
          title: "星图", artist: "白鹭", album: "甲", durationSeconds: 200, kind: "synced",
          provider: "LRCLIB"),
        LyricsChoices.Row(
          title: String(repeating: "A title far too long for one row of the picker ", count: 4),
          artist: "Band", album: nil, durationSeconds: 201, kind: "synced", provider: "NetEase"),
      ]
      try host.sync { _ in UIState.mains["lookup"]?.showChoices(LyricsChoices(.ready(rows))) }
      let (firstRowY, spacing, right, gap) = try host.sync { _ -> (Int, Int, Int, Int) in
        guard let layout = UIState.mains["lookup"]?.layout else { return (0, 1, 0, 0) }
        let list = layout.list
        return (
          Int(list.y + layout.lineSpacing), Int(layout.lineSpacing),
          Int(list.x + list.w - layout.margin / 2), Int(layout.margin / 2)
        )
      }
      let widths = try ["LRCLIB", "NetEase"].map { name in
        try host.sync { _ -> Int in
          guard let main = UIState.mains["lookup"], let window = main.window,
            let label = main.regular.text(
              name, pixelSize: main.layout.annotationSize, on: window)
          else { return -1 }
          return Int(label.width)
        }
      }
      #expect(widths.allSatisfy { $0 > 0 }, "\(widths)")
      let column = right - (widths.max() ?? 0)..<right
      let band = { (row: Int) in firstRowY + row * spacing...firstRowY + (row + 1) * spacing - 1 }
      let path = try Paths.makeTemporaryDirectory().appendingPathComponent("picker.png").path
      var spans: [(left: Int, right: Int)] = []
      // The long title's ink left of the column, and in the gap before it (none: it is cut).
      var (textRight, inGap) = (-1, 0)
      _ = try poll(timeout: 5, interval: 0.1) {
        let image = try X11Tools.capture(window, savingTo: path)
        spans = (0..<3).map { Self.ink(image, rows: band($0), columns: column) }
        textRight = Self.ink(image, rows: band(1), columns: 0..<column.lowerBound - gap).right
        let gapInk = Self.ink(
          image, rows: band(1), columns: column.lowerBound - gap..<column.lowerBound)
        inGap = gapInk.right - gapInk.left + 1
        return spans.map { $0.right - $0.left + 1 }
      } until: { found in
        Self.fits(found[0], widths[0]) && Self.fits(found[1], widths[1]) && found[2] == 0
      }
      // Right-aligned: each label's ink ends at the column's right edge (within a glyph's side
      // bearing), whatever its width.
      for (span, width) in zip(spans.prefix(2), widths) {
        #expect(Self.fits(span.right - span.left + 1, width), "\(spans) \(widths)")
        #expect(
          span.right < right && span.right >= right - 4, "\(spans), column ends at \(right)")
      }
      #expect(spans[2].right < 0, "a provider on the \"no lyrics\" row: \(spans)")
      #expect(textRight >= 0, "the long title is not drawn")
      #expect(inGap == 0, "the long title runs on towards the column: \(inGap) px in the gap")
    }

    /// The ink (pixels brighter than the background) in `rows` and `columns`: its leftmost and
    /// rightmost x, or (0, -1) when there is none.
    private static func ink(
      _ image: GrayImage, rows: ClosedRange<Int>, columns: Range<Int>
    ) -> (left: Int, right: Int) {
      var left = Int.max
      var right = -1
      for y in rows where y >= 0 && y < image.height {
        for x in columns
        where x >= 0 && x < image.width
          && image.pixels[y * image.width + x] > 90
        {
          left = min(left, x)
          right = max(right, x)
        }
      }
      return right < 0 ? (0, -1) : (left, right)
    }

    /// The strip with no timed lines says why under the title, through its usual second line,
    /// and a note of the source comes up in its corner once lines arrive.
    @Test func theStripSaysWhyThereAreNoLinesAndWhereTheyCameFrom() throws {
      defer { try? reset() }
      let now = host.clock.nowNanos
      let widths = try host.sync { loop -> [Int32] in
        loop.model.setLyrics(nil)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 1_000, clockNanos: now)
        let strip = try FloatingWindow(loop: loop, settings: .withSourceTreePicture())
        try strip.prepare()
        try strip.show()
        defer { strip.hide() }
        var widths: [Int32] = []
        for status in [LyricsStatus(.lookingUp), LyricsStatus(.plain("words"), source: "LRCLIB")] {
          loop.model.setStatus(status)
          strip.drawIfNeeded(nowNanos: loop.clock.nowNanos)
          let expected = try strip.text.width(
            of: [status.message ?? ""], pixelSize: strip.layout.subPixelSize)
          widths += [strip.current?.sub?.width ?? -1, expected]
        }
        #expect(strip.notice == nil, "a source note without lines")
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.setStatus(LyricsStatus(.timed, source: "LRCLIB"))
        strip.drawIfNeeded(nowNanos: loop.clock.nowNanos)
        let note = try strip.text.width(
          of: ["lyrics: LRCLIB"], pixelSize: strip.layout.noticePixelSize)
        widths += [strip.notice?.text.width ?? -1, note]
        return widths
      }
      #expect(widths[0] > 0 && widths[0] == widths[1], "looking up: \(widths)")
      #expect(widths[2] > 0 && widths[2] == widths[3], "plain: \(widths)")
      #expect(widths[4] > 0 && widths[4] == widths[5], "the source: \(widths)")
    }
  }
}

import Foundation
import TestSupport
import Testing

extension LayerSurfaceSwayTests {
  /// `lyricpip play --pip` on the private sway, as a user runs it: the main window on the X
  /// display of scripts/with-services, the strip a native layer surface on sway (`auto` takes it
  /// where layer shell is offered), or the X11 strip when `LYRICPIP_STRIP_BACKEND=x11` says so.
  ///
  /// Nested in `LayerSurfaceSwayTests`, whose `.serialized` then holds for both: the two suites
  /// read the same sway's screen, and side by side each saw the other's surfaces.
  @Suite(.enabled(if: Service.x11.shouldRun && Service.pulse.shouldRun))
  struct PlayStripOnSwayTests {
    let folder: TemporaryDirectory
    let desktop: PrivateSwayDesktop

    init() throws {
      folder = try TemporaryDirectory()
      desktop = PrivateSwayDesktop(folder: folder)
    }

    @Test func autoShowsTheStripAsALayerSurfaceAtTheBottomCentre() throws {
      let output = try desktop.output()
      let empty = try desktop.screenshot()
      #expect(
        Self.brightPixels(in: empty, x: 0, y: 0, width: empty.width, height: empty.height) == 0)
      let player = try StripPlayer(folder: folder.url, backend: nil)
      defer { _ = player.end() }
      let ready = try #require(player.event(named: "ready"), "\(player.stderr)")
      #expect(ready["strip"] as? String == "layer-shell", "\(ready)")
      #expect(player.event(named: "strip") { $0["state"] as? String == "shown" } != nil)
      // The strip's letters (the title and the first line, the lyrics' source) are light on
      // its dark box.
      let shown = poll(timeout: 15) {
        guard let shot = try? desktop.screenshot() else { return false }
        return Self.brightPixels(
          in: shot, x: output.width / 4, y: output.height * 2 / 3, width: output.width / 2,
          height: output.height / 3) > 500
      }
      #expect(shown, "no text at the bottom centre; \(player.stderr)")
      let shot = try desktop.screenshot()
      // Nothing of it anywhere but the bottom: the top half is the bare background.
      #expect(
        Self.brightPixels(in: shot, x: 0, y: 0, width: shot.width, height: shot.height / 2) == 0)
      // Centred: what differs from the background (the strip's box) is as far from the
      // output's left side as from its right, and it ends above the bottom edge.
      let background = empty.colour(x: 0, y: 0)
      let strip = try #require(Self.extent(in: shot, apartFrom: background))
      let right = output.width - (strip.x + strip.width)
      #expect(abs(strip.x - right) <= 2, "\(strip)")
      #expect(strip.y + strip.height < output.height && strip.y > output.height / 2, "\(strip)")
      // A layer surface is no window: sway's tree has none of the player's.
      let windows = try desktop.windows()
      #expect(!windows.contains { $0["pid"] as? Int == Int(player.pid) }, "\(windows)")
      if let keep = ProcessInfo.processInfo.environment["LYRICPIP_KEEP_SCREENSHOT"] {
        _ = try ProcessRunner.run("grim", [keep], timeout: 20)
      }
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    @Test func theEnvironmentChoosesTheX11Strip() throws {
      let output = try desktop.output()
      let player = try StripPlayer(folder: folder.url, backend: "x11")
      defer { _ = player.end() }
      let ready = try #require(player.event(named: "ready"), "\(player.stderr)")
      #expect(ready["strip"] as? String == "x11", "\(ready)")
      #expect(player.event(named: "strip") { $0["state"] as? String == "shown" } != nil)
      // The strip is on the X display, not on sway: sway shows nothing of it.
      usleep(2_500_000)
      let shot = try desktop.screenshot()
      #expect(
        Self.brightPixels(in: shot, x: 0, y: 0, width: output.width, height: output.height) == 0)
      // The X11 strip keeps its X key grab: no note that the compositor should bind the key.
      #expect(!player.stderr.contains("bindsym"), "\(player.stderr)")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    /// Starts the player with the layer-shell strip and waits until sway shows it; where it is.
    func shownStrip(settings: String? = nil, changes: [String: String?] = [:]) throws -> (
      StripPlayer, (x: Int, y: Int, width: Int, height: Int)
    ) {
      let before = try desktop.screenshot()
      let player = try StripPlayer(
        folder: folder.url, backend: nil, settings: settings, changes: changes)
      let ready = try #require(player.event(named: "ready"), "\(player.stderr)")
      #expect(ready["strip"] as? String == "layer-shell", "\(ready)")
      var found: (x: Int, y: Int, width: Int, height: Int)?
      _ = poll(timeout: 15) {
        found = (try? desktop.screenshot()).flatMap { Self.changes(from: before, to: $0) }
        return found != nil
      }
      return (player, try #require(found, "\(player.stderr)"))
    }

    /// xdotool on the Xvfb sway is nested in: its pointer is sway's seat's.
    func pointer(_ arguments: [String]) throws {
      let display = try #require(ProcessInfo.processInfo.environment["LYRICPIP_SWAY_X_DISPLAY"])
      let result = try ProcessRunner.run(
        "xdotool", arguments, environment: ["DISPLAY": display], timeout: 20)
      #expect(result.status == 0, "xdotool \(arguments): \(result.stderr)")
    }

    /// On a scale-2 output the strip's canvas is drawn at twice its size: a canvas of the
    /// logical size would not fit the layer surface's buffer, and nothing would be shown.
    @Test func onAScale2OutputTheStripIsShownSharp() throws {
      let output = try desktop.output()
      _ = try desktop.swaymsg(["output", output.name, "scale", "2"])
      defer { _ = try? desktop.swaymsg(["output", output.name, "scale", "1"]) }
      #expect(poll(timeout: 10) { (try? desktop.output().width) == output.width / 2 })
      let (player, strip) = try shownStrip()
      defer { _ = player.end() }
      // In physical pixels: the strip, sized for the 512-point-wide output, is centred.
      let right = output.width - (strip.x + strip.width)
      #expect(abs(strip.x - right) <= 2, "\(strip)")
      #expect(strip.y > output.height / 2, "\(strip)")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    /// Locked (`locked = yes`), the strip's input region is its padlock: a click on its body
    /// reaches the window below. Unlocked, the body takes it: a click outside the strip after
    /// it is the window's first (sway handles its seat's input in order, so no sleep).
    @Test(arguments: [true, false])
    func lockedClicksOnTheBodyReachTheWindowBelow(locked: Bool) throws {
      let window = try desktop.startWindow()
      let (player, strip) = try shownStrip(settings: locked ? "locked = yes\n" : nil)
      defer { _ = player.end() }
      try desktop.click(x: strip.x + strip.width * 3 / 4, y: strip.y + strip.height - 8)
      // Above the strip, inside the window (its top is sway's title bar, not the client's).
      if !locked { try desktop.click(x: strip.x + strip.width / 2, y: strip.y / 2) }
      #expect(poll(timeout: 10) { window.buttonPresses() >= 1 }, "\(player.stderr)")
      #expect(window.buttonPresses() == 1)
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    @Test func aDragMovesTheLayerSurface() throws {
      let (player, before) = try shownStrip()
      defer { _ = player.end() }
      let background = try desktop.screenshot().colour(x: 0, y: 0)
      // On the strip's left part, below its title: its body, not a control.
      let start = (x: before.x + 20, y: before.y + before.height - 10)
      try pointer(["mousemove", "\(start.x)", "\(start.y)", "mousedown", "1"])
      for step in 1...6 {
        try pointer(["mousemove", "\(start.x - step * 20)", "\(start.y - step * 50)"])
      }
      try pointer(["mouseup", "1"])
      var after: (x: Int, y: Int, width: Int, height: Int)?
      let moved = poll(timeout: 10) {
        after = (try? desktop.screenshot()).flatMap { Self.extent(in: $0, apartFrom: background) }
        guard let after else { return false }
        return abs(after.x - (before.x - 120)) <= 3 && abs(after.y - (before.y - 300)) <= 3
      }
      #expect(moved, "before \(before), after \(String(describing: after)); \(player.stderr)")
      #expect(after?.width == before.width && after?.height == before.height)
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    /// A press on the strip's right edge and a drag to the right make the surface wider (sway
    /// has no window of ours to resize: the strip resizes itself), the aspect kept and its top
    /// left corner where it was.
    @Test func aDragOnTheRightEdgeResizesTheLayerSurfaceKeepingTheAspect() throws {
      let (player, before) = try shownStrip()
      defer { _ = player.end() }
      let background = try desktop.screenshot().colour(x: 0, y: 0)
      let start = (x: before.x + before.width - 2, y: before.y + before.height / 2)
      try pointer(["mousemove", "\(start.x)", "\(start.y)", "mousedown", "1"])
      for step in 1...6 {
        try pointer(["mousemove", "\(start.x + step * 20)", "\(start.y)"])
      }
      try pointer(["mouseup", "1"])
      let wanted = before.width + 120
      var after: (x: Int, y: Int, width: Int, height: Int)?
      let resized = poll(timeout: 10) {
        after = (try? desktop.screenshot()).flatMap { Self.extent(in: $0, apartFrom: background) }
        guard let after else { return false }
        return abs(after.width - wanted) <= 3
      }
      #expect(resized, "before \(before), after \(String(describing: after)); \(player.stderr)")
      let result = try #require(after)
      let aspect = Double(before.width) / Double(before.height)
      #expect(abs(Double(result.width) / Double(result.height) - aspect) < 0.05, "\(result)")
      #expect(abs(result.x - before.x) <= 2 && abs(result.y - before.y) <= 2, "\(result)")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    /// While the button is still held, the surface is already where the drag has brought it
    /// (it follows the pointer frame by frame, as the X11 strip does), and it stays there at
    /// the release.
    @Test func theLayerSurfaceFollowsADragBeforeTheRelease() throws {
      let (player, before) = try shownStrip()
      defer { _ = player.end() }
      let background = try desktop.screenshot().colour(x: 0, y: 0)
      let start = (x: before.x + 20, y: before.y + before.height - 10)
      try pointer(["mousemove", "\(start.x)", "\(start.y)", "mousedown", "1"])
      for step in 1...6 {
        try pointer(["mousemove", "\(start.x - step * 20)", "\(start.y - step * 50)"])
      }
      var held: (x: Int, y: Int, width: Int, height: Int)?
      let followed = poll(timeout: 10) {
        held = (try? desktop.screenshot()).flatMap { Self.extent(in: $0, apartFrom: background) }
        guard let held else { return false }
        return abs(held.x - (before.x - 120)) <= 3 && abs(held.y - (before.y - 300)) <= 3
      }
      #expect(
        followed, "before \(before), held \(String(describing: held)); \(player.stderr)")
      #expect(held?.width == before.width && held?.height == before.height)
      try pointer(["mouseup", "1"])
      // Settled where it was at the release: the place saved is the one shown.
      var after: (x: Int, y: Int, width: Int, height: Int)?
      let stayed = poll(timeout: 10) {
        after = (try? desktop.screenshot()).flatMap { Self.extent(in: $0, apartFrom: background) }
        return after.map { $0.x == held?.x && $0.y == held?.y } ?? false
      }
      #expect(stayed, "held \(String(describing: held)), after \(String(describing: after))")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    enum Edge { case left, right }

    /// Presses on the strip's `edge`, moves the pointer 120 px outwards in six steps and, with
    /// the button still held, waits until the strip on screen is that much wider; releases
    /// (before anything that may throw: the next test starts with the button up) and returns
    /// the strip's extent while held, checked for the aspect kept.
    func heldResize(
      _ player: StripPlayer, _ before: (x: Int, y: Int, width: Int, height: Int), edge: Edge
    ) throws -> (x: Int, y: Int, width: Int, height: Int) {
      let background = try desktop.screenshot().colour(x: 0, y: 0)
      let outwards = edge == .right ? 20 : -20
      let start = (
        x: edge == .right ? before.x + before.width - 2 : before.x + 1,
        y: before.y + before.height / 2
      )
      try pointer(["mousemove", "\(start.x)", "\(start.y)", "mousedown", "1"])
      for step in 1...6 {
        try pointer(["mousemove", "\(start.x + step * outwards)", "\(start.y)"])
      }
      let wanted = before.width + 120
      var held: (x: Int, y: Int, width: Int, height: Int)?
      let resized = poll(timeout: 10) {
        held = (try? desktop.screenshot()).flatMap { Self.extent(in: $0, apartFrom: background) }
        guard let held else { return false }
        return abs(held.width - wanted) <= 3
      }
      try pointer(["mouseup", "1"])
      #expect(
        resized, "before \(before), held \(String(describing: held)); \(player.stderr)")
      let result = try #require(held)
      let aspect = Double(before.width) / Double(before.height)
      #expect(abs(Double(result.width) / Double(result.height) - aspect) < 0.05, "\(result)")
      return result
    }

    /// While the button is still held on the strip's right edge, the surface has already grown
    /// with the pointer, the aspect kept and its top left corner where it was.
    @Test func theLayerSurfaceFollowsAResizeBeforeTheRelease() throws {
      let (player, before) = try shownStrip()
      defer { _ = player.end() }
      let result = try heldResize(player, before, edge: .right)
      #expect(abs(result.x - before.x) <= 2 && abs(result.y - before.y) <= 2, "\(result)")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    /// Held on the left edge, the surface grows to the left as the pointer goes: its right edge
    /// and its top stay where they were (the place and the size change in one step, so the
    /// margins keep the right edge), the aspect kept.
    @Test func aResizeByTheLeftEdgeKeepsTheRightEdgeBeforeTheRelease() throws {
      let (player, before) = try shownStrip()
      defer { _ = player.end() }
      let result = try heldResize(player, before, edge: .left)
      let rightEdge = (before: before.x + before.width, held: result.x + result.width)
      #expect(abs(rightEdge.held - rightEdge.before) <= 2, "\(result)")
      #expect(abs(result.y - before.y) <= 2, "\(result)")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    /// A resize by hand as a user makes it, the pointer moving on every frame: the requests
    /// the strip sends while the button is held (libwayland's `WAYLAND_DEBUG` log) show one
    /// step a frame callback at most, and the strip's drawing goes with the size (a buffer
    /// of the new size in most steps, not only once the pointer stops).
    @Test func aResizeByHandStepsOnceAFrameWithTheDrawingAlong() throws {
      let (player, before) = try shownStrip(changes: ["WAYLAND_DEBUG": "1"])
      defer { _ = player.end() }
      let background = try desktop.screenshot().colour(x: 0, y: 0)
      let start = (x: before.x + before.width - 2, y: before.y + before.height / 2)
      try pointer(["mousemove", "\(start.x)", "\(start.y)", "mousedown", "1"])
      var moves: [String] = []
      for step in 1...60 {
        moves += ["mousemove", "\(start.x + step * 4)", "\(start.y)", "sleep", "0.01"]
      }
      try pointer(moves)
      let grown = poll(timeout: 10) {
        (try? desktop.screenshot()).flatMap { Self.extent(in: $0, apartFrom: background) }
          .map { abs($0.width - (before.width + 240)) <= 3 } ?? false
      }
      let log = player.stderr
      try pointer(["mouseup", "1"])
      #expect(grown, "\(player.stderr.suffix(2000))")
      let lines = log.split(separator: "\n")
      // From the press on (libwayland prints `wl_pointer@N.button(serial, time, 272, 1)`).
      let press = try #require(
        lines.lastIndex {
          $0.contains("wl_pointer@") && $0.contains(".button(") && $0.hasSuffix(", 1)")
        })
      let held = lines[press...]
      func count(_ parts: String...) -> Int {
        held.filter { line in parts.allSatisfy { line.contains($0) } }.count
      }
      let steps = count("zwlr_layer_surface_v1@", ".set_margin(")
      let sizes = count("zwlr_layer_surface_v1@", ".set_size(")
      let motions = count("wl_pointer@", ".motion(")
      let buffers = count("wl_surface@", ".attach(")
      // The compositor's frames: sway answers every callback due in one output frame with
      // that frame's time, so the distinct times count the frames.
      let frames = Set(
        held.filter { $0.contains("wl_callback@") && $0.contains(".done(") }
          .map { $0.split(separator: "(").last ?? "" }
      ).count
      let figures =
        "motions \(motions), frames \(frames), steps \(steps), set_size \(sizes), buffers \(buffers)"
      #expect(sizes >= 5, "\(figures)")
      // The first step needs no callback; each later one waits for the next frame's.
      #expect(steps <= frames + 1, "\(figures)")
      #expect(buffers * 2 >= sizes, "\(figures)")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr.suffix(2000))")
    }

    /// The strip takes keys only after a click on it (keyboard interactivity on demand from
    /// then): `L` locks it. xdotool's keys on sway's nested X display are sway's seat's.
    @Test func afterAClickLLocksTheLayerSurface() throws {
      let (player, strip) = try shownStrip()
      defer { _ = player.end() }
      try pointer(["mousemove", "\(strip.x + 20)", "\(strip.y + strip.height - 10)", "click", "1"])
      // The strip asks for the keys when it has read the press, which xdotool does not wait
      // for: `L` again until the lock is seen (once locked, the strip gives the keys back, so
      // a later `L` cannot unlock it).
      let locked = poll(timeout: 10, interval: 0.2) {
        try? pointer(["key", "l"])
        return player.allEvents().contains {
          $0["event"] as? String == "strip" && $0["state"] as? String == "locked"
        }
      }
      #expect(locked, "\(player.stderr)")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    @Test func aDoubleClickOnTheLayerSurfaceGoesBackToTheMainWindow() throws {
      let (player, strip) = try shownStrip()
      defer { _ = player.end() }
      let (x, y) = (strip.x + 20, strip.y + strip.height - 10)
      try pointer(["mousemove", "\(x)", "\(y)", "click", "--repeat", "2", "--delay", "80", "1"])
      let stopped = player.event(named: "pip") { $0["state"] as? String == "didStop" }
      #expect(stopped?["reason"] as? String == "strip", "\(String(describing: stopped))")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    /// Pixels much lighter than sway's grey background (the strip's letters; its box is darker).
    static func brightPixels(in shot: Screenshot, x: Int, y: Int, width: Int, height: Int) -> Int {
      var count = 0
      for row in y..<min(shot.height, y + height) {
        for column in x..<min(shot.width, x + width) where isBright(shot.colour(x: column, y: row))
        {
          count += 1
        }
      }
      return count
    }

    /// The smallest rectangle holding every pixel that differs between two screenshots.
    static func changes(from before: Screenshot, to after: Screenshot)
      -> (x: Int, y: Int, width: Int, height: Int)?
    {
      var left = Int.max
      var top = Int.max
      var right = -1
      var bottom = -1
      for y in 0..<min(before.height, after.height) {
        for x in 0..<min(before.width, after.width)
        where before.colour(x: x, y: y) != after.colour(x: x, y: y) {
          left = min(left, x)
          top = min(top, y)
          right = max(right, x)
          bottom = max(bottom, y)
        }
      }
      guard right >= 0 else { return nil }
      return (left, top, right - left + 1, bottom - top + 1)
    }

    /// The smallest rectangle holding every pixel not of `colour` (nil: there is none), in
    /// the rows from `fromRow` down.
    static func extent(in shot: Screenshot, apartFrom colour: UInt32, fromRow: Int = 0)
      -> (x: Int, y: Int, width: Int, height: Int)?
    {
      var left = Int.max
      var top = Int.max
      var right = -1
      var bottom = -1
      for y in max(0, fromRow)..<shot.height {
        for x in 0..<shot.width where shot.colour(x: x, y: y) != colour {
          left = min(left, x)
          top = min(top, y)
          right = max(right, x)
          bottom = max(bottom, y)
        }
      }
      guard right >= 0 else { return nil }
      return (left, top, right - left + 1, bottom - top + 1)
    }

    static func isBright(_ colour: UInt32) -> Bool {
      let red = colour >> 16 & 0xFF
      let green = colour >> 8 & 0xFF
      let blue = colour & 0xFF
      return red + green + blue > 3 * 0x90
    }
  }
}

/// `lyricpip play --pip --audio null` of the demo (or `command`, with `--events` after it), its
/// settings, state and events in the test's folder; `backend` is `LYRICPIP_STRIP_BACKEND` (nil:
/// unset, so `auto`); `changes` sets or (nil) removes variables of its environment.
final class StripPlayer {
  let process = Process()
  let events: URL
  let errors: URL
  private let exited = DispatchSemaphore(value: 0)

  /// `settings`: the settings file's text (nil: none).
  init(
    folder: URL, backend: String?, settings: String? = nil, command: [String]? = nil,
    changes: [String: String?] = [:]
  ) throws {
    if let settings {
      let config = folder.appendingPathComponent("config/lyricpip")
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      try Data(settings.utf8).write(to: config.appendingPathComponent("config"))
    }
    events = folder.appendingPathComponent("events.jsonl")
    errors = folder.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let root = Paths.packageRoot
    process.executableURL = URL(fileURLWithPath: Paths.lyricpipBinary)
    process.arguments =
      command.map { $0 + ["--events", events.path] } ?? [
        "play", "--pip", "--audio", "null", "--events", events.path, "--lyrics",
        root.appendingPathComponent("Lyrics/demo.lrc").path,
        root.appendingPathComponent("Assets/demo.ogg").path,
      ]
    var environment = ProcessInfo.processInfo.environment
    environment["LYRICPIP_STRIP_BACKEND"] = backend
    for (name, value) in changes { environment[name] = value }
    for (name, sub) in [
      ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache"),
    ] {
      environment[name] = folder.appendingPathComponent(sub).path
    }
    environment[LRCLIBTestServer.urlVariable] = LRCLIBTestServer.nowhere
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errors)
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
  }

  deinit {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    _ = exited.wait(timeout: .now() + 10)
  }

  var pid: Int32 { process.processIdentifier }

  var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

  func allEvents() -> [[String: Any]] {
    let text = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The first event `name` for which `match` holds, waited for up to 20 s.
  func event(named name: String, _ match: ([String: Any]) -> Bool = { _ in true })
    -> [String: Any]?
  {
    var found: [String: Any]?
    _ = poll(timeout: 20, interval: 0.05) {
      found = allEvents().first { $0["event"] as? String == name && match($0) }
      return found != nil || !process.isRunning
    }
    return found
  }

  /// Ends the player as Ctrl-C would (SIGTERM), once; its exit status.
  func end() -> (status: Int32, bySignal: Bool) {
    if process.isRunning { process.terminate() }
    if exited.wait(timeout: .now() + 15) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      _ = exited.wait(timeout: .now() + 10)
    }
    exited.signal()  // the next call returns at once
    return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
  }
}

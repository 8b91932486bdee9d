import Foundation
import TestSupport
import Testing
import WaylandStrip

/// The strip's layer surface on a real compositor: the private sway of scripts/with-sway
/// (sway 1.7 nested in an Xvfb of its own; one output, 1024×768 at scale 1 unless a test
/// changes it and puts it back). Every check reads what sway shows (grim), its tree (swaymsg)
/// or what its seat delivers (xdotool on the nested display drives sway's pointer).
@Suite(
  .tags(.wayland), .serialized, .enabled(if: Service.sway.shouldRun), .timeLimit(.minutes(5)))
struct LayerSurfaceSwayTests {
  let folder: TemporaryDirectory
  let desktop: PrivateSwayDesktop

  static let magenta: UInt32 = 0xFF00FF
  static let cyan: UInt32 = 0x00FFFF
  static let yellow: UInt32 = 0xFFFF00

  init() throws {
    folder = try TemporaryDirectory()
    desktop = PrivateSwayDesktop(folder: folder)
  }

  func connect() throws -> WaylandConnection {
    try WaylandConnection(environment: desktop.environment)
  }

  /// Presents the whole `frame` and waits for the compositor's frame callback.
  func show(_ surface: LayerSurface, _ frame: TestFrame) throws {
    #expect(surface.bufferWidth == frame.width && surface.bufferHeight == frame.height)
    let outcome = try frame.pixels.withUnsafeBytes { bytes in
      try surface.present(
        pixels: try #require(bytes.baseAddress), width: frame.width, height: frame.height,
        stride: frame.width * 4, damage: .whole(width: frame.width, height: frame.height))
    }
    #expect(outcome == .committed)
    try surface.waitForFrame()
  }

  /// Where sway puts a `width` × `height` surface anchored to the bottom, `margin` above it.
  func expectedOrigin(width: Int, height: Int, margin: Int) throws -> (x: Int, y: Int) {
    let output = try desktop.output()
    return (output.x + (output.width - width) / 2, output.y + output.height - margin - height)
  }

  @Test func appearsAtTheBottomCentreWithoutTakingTheFocus() throws {
    let window = try desktop.startWindow()
    let focusedBefore = try desktop.focusedNodeID()
    let windowsBefore = try desktop.windows().count
    let connection = try connect()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 300, height: 80, marginBottom: 30)
    #expect(surface.state == .configured)
    #expect(surface.logicalWidth == 300 && surface.logicalHeight == 80)
    var frame = TestFrame(width: 300, height: 80, colour: Self.magenta)
    frame.fill(x: 0, y: 0, width: 20, height: 20, colour: Self.cyan)
    try show(surface, frame)
    #expect(surface.state == .mapped)

    let origin = try expectedOrigin(width: 300, height: 80, margin: 30)
    let screen = try poll(timeout: 10, interval: 0.05, desktop.screenshot) {
      $0.find(Self.magenta) != nil && $0.find(Self.cyan) != nil
    }
    let body = try #require(screen.find(Self.magenta))
    #expect(body.count == 300 * 80 - 20 * 20)
    #expect(body.x == origin.x && body.y == origin.y && body.width == 300 && body.height == 80)
    // The marked corner is the top-left one: rows are not upside down, columns not mirrored.
    let mark = try #require(screen.find(Self.cyan))
    #expect(mark.count == 400 && mark.x == origin.x && mark.y == origin.y)

    // A layer surface, not a window: the tree has no node of this process and no new one.
    try connection.roundtrip()
    let pid = Int(ProcessInfo.processInfo.processIdentifier)
    #expect(try desktop.windows().allSatisfy { $0["pid"] as? Int != pid })
    #expect(try desktop.windows().count == windowsBefore)
    // The window keeps the focus, and the keyboard never came to the strip.
    #expect(try desktop.focusedNodeID() == focusedBefore)
    #expect(connection.surfacesGivenKeyboard.isEmpty)
    withExtendedLifetime(window) {}
  }

  /// Locked: only the input region (the padlock) takes clicks; a click on the body goes to
  /// the window below and the strip sees nothing of it.
  @Test func clicksOutsideTheInputRegionPassThrough() throws {
    let window = try desktop.startWindow()
    let connection = try connect()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 300, height: 80, marginBottom: 30)
    let padlock = BufferRect(x: 10, y: 10, width: 30, height: 30)
    surface.setInputRegion(padlock)
    try show(surface, TestFrame(width: 300, height: 80, colour: Self.magenta))
    _ = try poll(timeout: 10, interval: 0.05, desktop.screenshot) { $0.find(Self.magenta) != nil }
    _ = connection.takePointerEvents()

    let origin = try expectedOrigin(width: 300, height: 80, margin: 30)
    try desktop.click(x: origin.x + 200, y: origin.y + 50)
    try desktop.click(x: origin.x + 25, y: origin.y + 25)
    // sway handles its seat's input in order: once the second click has come, the first one
    // has been dealt with too.
    try connection.dispatch(until: {
      connection.pointerEvents.contains {
        if case .button(surface.surfaceID, WaylandPointerEvent.leftButton, false) = $0 {
          true
        } else {
          false
        }
      }
    })
    let events = connection.takePointerEvents().filter { $0.surface == surface.surfaceID }
    let presses = events.filter {
      if case .button(_, _, true) = $0 { true } else { false }
    }
    #expect(presses.count == 1)
    for event in events {
      switch event {
      case .enter(_, let x, let y), .motion(_, let x, let y):
        #expect(Int(x) == 25 && Int(y) == 25, "the strip saw the pointer at \(x), \(y)")
      default:
        break
      }
    }
    #expect(events.first == .enter(surface: surface.surfaceID, x: 25, y: 25))
    // The body click went to the window below; the padlock click did not.
    #expect(poll(timeout: 10) { window.buttonPresses() >= 1 })
    #expect(window.buttonPresses() == 1)
  }

  /// With no input region the same body click reaches the strip (the unlocked strip).
  @Test func withoutAnInputRegionTheBodyTakesClicks() throws {
    let window = try desktop.startWindow()
    let connection = try connect()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 300, height: 80, marginBottom: 30)
    surface.setInputRegion(BufferRect(x: 10, y: 10, width: 30, height: 30))
    try show(surface, TestFrame(width: 300, height: 80, colour: Self.magenta))
    surface.setInputRegion(nil)
    try connection.roundtrip()
    _ = connection.takePointerEvents()
    let origin = try expectedOrigin(width: 300, height: 80, margin: 30)
    try desktop.click(x: origin.x + 200, y: origin.y + 50)
    try connection.dispatch(until: {
      connection.pointerEvents.contains {
        if case .button(surface.surfaceID, _, false) = $0 { true } else { false }
      }
    })
    let events = connection.takePointerEvents()
    #expect(events.contains(.button(surface: surface.surfaceID, button: 0x110, pressed: true)))
    // The pointer may already be over the strip (where an earlier test left it): then the
    // click's move is a motion, else an enter.
    #expect(
      events.contains(.enter(surface: surface.surfaceID, x: 200, y: 50))
        || events.contains(.motion(surface: surface.surfaceID, x: 200, y: 50)))
    // Off the strip: it hears that the pointer left.
    try desktop.movePointer(x: origin.x + 150, y: origin.y - 40)
    try connection.dispatch(until: {
      connection.pointerEvents.contains(.leave(surface: surface.surfaceID))
    })
    withExtendedLifetime(window) {}
  }

  /// sway draws the `top` layer under a fullscreen window and the `overlay` layer above it.
  @Test func aFullscreenWindowHidesTopButNotOverlay() throws {
    let window = try desktop.startWindow()
    let connection = try connect()
    let top = try LayerSurface(
      connection: connection, layer: .top, width: 300, height: 80, marginBottom: 30)
    let overlay = try LayerSurface(
      connection: connection, layer: .overlay, width: 300, height: 80, marginBottom: 200)
    try show(top, TestFrame(width: 300, height: 80, colour: Self.magenta))
    try show(overlay, TestFrame(width: 300, height: 80, colour: Self.yellow))
    let before = try poll(timeout: 10, interval: 0.05, desktop.screenshot) {
      $0.find(Self.magenta) != nil && $0.find(Self.yellow) != nil
    }
    #expect(before.find(Self.magenta)?.count == 300 * 80)

    _ = try desktop.swaymsg(["[pid=\(window.pid)] fullscreen enable"])
    defer { _ = try? desktop.swaymsg(["[pid=\(window.pid)] fullscreen disable"]) }
    let after = try poll(timeout: 10, interval: 0.05, desktop.screenshot) {
      $0.find(Self.magenta) == nil
    }
    #expect(after.find(Self.magenta) == nil, "the top layer shows over the fullscreen window")
    let shown = try #require(after.find(Self.yellow), "the overlay layer went under it")
    #expect(shown.count == 300 * 80)
    let origin = try expectedOrigin(width: 300, height: 80, margin: 200)
    #expect(shown.x == origin.x && shown.y == origin.y)
  }

  /// On a scale-2 output the buffer has two pixels a point, and sway shows them one to one.
  @Test func aScale2OutputGetsABufferTwiceTheLogicalSize() throws {
    let output = try desktop.output()
    let connection = try connect()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 200, height: 60, marginBottom: 30)
    try show(surface, TestFrame(width: 200, height: 60, colour: Self.magenta))
    #expect(surface.scale == 1)

    _ = try desktop.swaymsg(["output", output.name, "scale", "2"])
    defer { _ = try? desktop.swaymsg(["output", output.name, "scale", "1"]) }
    try connection.dispatch(until: { surface.scale == 2 })
    #expect(surface.bufferWidth == 400 && surface.bufferHeight == 120)
    #expect(surface.logicalWidth == 200 && surface.logicalHeight == 60)

    // Columns of one pixel, magenta and cyan by turns: only a buffer shown one to one keeps
    // them apart (a scale-1 buffer stretched to the output would make them two pixels wide).
    var frame = TestFrame(width: 400, height: 120, colour: Self.magenta)
    for column in stride(from: 1, to: 400, by: 2) {
      frame.fill(x: column, y: 0, width: 1, height: 120, colour: Self.cyan)
    }
    try show(surface, frame)
    let scaled = try desktop.output()
    #expect(scaled.width == output.width / 2)
    let origin = try expectedOrigin(width: 200, height: 60, margin: 30)
    let screen = try poll(timeout: 10, interval: 0.05, desktop.screenshot) {
      $0.find(Self.cyan)?.count == 200 * 120
    }
    #expect(screen.width == output.width && screen.height == output.height)
    let magenta = try #require(screen.find(Self.magenta))
    let cyan = try #require(screen.find(Self.cyan))
    #expect(magenta.count == 200 * 120 && cyan.count == 200 * 120)
    #expect(magenta.x == origin.x * 2 && magenta.y == origin.y * 2 && magenta.height == 120)
    #expect(cyan.x == origin.x * 2 + 1 && cyan.width == 399)
  }

  /// One commit per frame callback: a present before the last one's `done` keeps its damage
  /// and commits nothing; the next one after `done` commits both damages.
  @Test func aPresentWaitsForTheFrameCallback() throws {
    let connection = try connect()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 100, height: 40, marginBottom: 30)
    var frame = TestFrame(width: 100, height: 40, colour: Self.magenta)
    let present = { (frame: TestFrame, damage: BufferRect) throws in
      try frame.pixels.withUnsafeBytes { bytes in
        try surface.present(
          pixels: try #require(bytes.baseAddress), width: 100, height: 40, stride: 400,
          damage: damage)
      }
    }
    #expect(try present(frame, .whole(width: 100, height: 40)) == .committed)
    #expect(surface.waitingForFrame && !surface.readyToPresent)
    frame.fill(x: 0, y: 0, width: 10, height: 10, colour: Self.cyan)
    #expect(
      try present(frame, BufferRect(x: 0, y: 0, width: 10, height: 10))
        == .deferred(.waitingForFrame))
    try surface.waitForFrame()
    #expect(surface.readyToPresent && surface.framesDone == 1)
    #expect(try present(frame, BufferRect(x: 0, y: 0, width: 0, height: 0)) == .committed)
    #expect(surface.lastCommittedDamage == BufferRect(x: 0, y: 0, width: 10, height: 10))
    // A window loop's way: take what has arrived, never block on the compositor.
    #expect(
      try poll(timeout: 10) {
        try connection.dispatchAvailable()
        return surface.readyToPresent
      })
    #expect(surface.framesDone == 2)
    let screen = try poll(timeout: 10, interval: 0.05, desktop.screenshot) {
      $0.find(Self.cyan)?.count == 100
    }
    #expect(screen.find(Self.cyan)?.count == 100, "the deferred damage was not committed")
  }

  /// A drag's steps: at most one commit a frame callback. A step while the last commit's
  /// callback has not come is refused (nothing sent, the owner keeps it due); after the
  /// callback the next one is taken, margins and size in one commit.
  @Test func aDragStepWaitsForTheFrameCallback() throws {
    let connection = try connect()
    // sway counts the pointer during a hold from the press: the strip follows a drag here.
    #expect(!connection.pointerOriginFollowsSurface)
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 100, height: 40, marginBottom: 30)
    try show(surface, TestFrame(width: 100, height: 40, colour: Self.magenta))
    let output = try desktop.output()
    #expect(surface.stage(left: 50, bottom: 100, width: 100, height: 40))
    surface.commitStaged()
    #expect(surface.waitingForFrame)
    #expect(!surface.stage(left: 300, bottom: 100, width: 100, height: 40))
    let first = try poll(timeout: 10, interval: 0.05, desktop.screenshot) {
      $0.find(Self.magenta)?.x == output.x + 50
    }
    let body = try #require(first.find(Self.magenta))
    #expect(body.x == output.x + 50 && body.y == output.y + output.height - 100 - 40, "\(body)")
    try surface.waitForFrame()
    // Wider and taller, the bottom margin keeping the top edge: one commit, one configure.
    #expect(surface.stage(left: 300, bottom: 80, width: 150, height: 60))
    surface.commitStaged()
    try connection.roundtrip()
    #expect(surface.logicalWidth == 150 && surface.logicalHeight == 60)
    let second = try poll(timeout: 10, interval: 0.05, desktop.screenshot) {
      $0.find(Self.magenta)?.x == output.x + 300
    }
    let moved = try #require(second.find(Self.magenta))
    #expect(moved.y == output.y + output.height - 80 - 60, "\(moved)")
  }

  /// The keymap sway sends is compiled only when the keyboard comes to our surface (the strip
  /// asks for keys only after a click on it): most runs never give the strip a key, and a
  /// compiled map costs about as much memory as a frame.
  @Test func theKeymapIsCompiledOnlyWhenTheKeysCome() throws {
    let connection = try connect()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 100, height: 40, marginBottom: 30)
    try show(surface, TestFrame(width: 100, height: 40, colour: Self.magenta))
    try connection.roundtrip()
    #expect(connection.hasKeymap && !connection.keymapCompiled)
    surface.setKeyboardInteractive(true)
    defer { surface.setKeyboardInteractive(false) }
    #expect(
      try poll(timeout: 10) {
        try connection.dispatchAvailable()
        return connection.keyboardFocus == surface.surfaceID
      })
    #expect(connection.keymapCompiled)
  }

  /// The watch thread's reads (`WaylandReader`): a frame callback and a released buffer are
  /// read into the pacing queue without telling the window loop, and the next present hands
  /// them out; while a frame waits for them (`wantPacingEvents`), they tell the loop.
  @Test func pacingEventsTellTheLoopOnlyWhileAFrameWaits() throws {
    let connection = try connect()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 100, height: 40, marginBottom: 30)
    let frame = TestFrame(width: 100, height: 40, colour: Self.magenta)
    func present() throws -> LayerSurface.PresentOutcome {
      try frame.pixels.withUnsafeBytes { bytes in
        try surface.present(
          pixels: try #require(bytes.baseAddress), width: 100, height: 40, stride: 400,
          damage: BufferRect(x: 0, y: 0, width: 4, height: 4))
      }
    }
    /// One turn of the watch thread: prepare, wait for data, read; whether it tells the loop.
    func watchTurn() throws -> Bool {
      let reader = connection.reader
      try #require(reader.prepare(), "the default queue holds events")
      var descriptor = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard Glibc.poll(&descriptor, 1, 10_000) > 0 else {
        reader.cancel()
        throw WaylandStripError.closed
      }
      return reader.read()
    }
    // The first frame brings the surface's `enter` (the default queue's) as well.
    #expect(try present() == .committed)
    try surface.waitForFrame()
    #expect(try present() == .committed)
    var told: [Bool] = []
    repeat {
      told.append(try watchTurn())
      connection.dispatchPacing()
    } while !surface.readyToPresent
    #expect(told.allSatisfy { !$0 }, "told the loop of a frame nothing waited for: \(told)")
    #expect(try present() == .committed)
    connection.reader.wantPacingEvents(true)
    defer { connection.reader.wantPacingEvents(false) }
    #expect(try watchTurn(), "not told of the frame callback a frame waits for")
  }

  /// A size of nothing is refused before it reaches the compositor (the protocol lets a
  /// compositor end the connection over it), and the connection goes on working.
  @Test func anEmptySizeIsAClearErrorAndTheConnectionLives() throws {
    let connection = try connect()
    #expect(throws: WaylandStripError.invalidSize(width: 0, height: 80)) {
      try LayerSurface(
        connection: connection, layer: .top, width: 0, height: 80, marginBottom: 30)
    }
    #expect(throws: WaylandStripError.invalidSize(width: 8, height: -1)) {
      try ShmBufferPair(connection: connection, width: 8, height: -1)
    }
    try connection.roundtrip()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 10, height: 10, marginBottom: 30)
    #expect(surface.state == .configured)
  }

  /// A partial update into the buffer that lags two frames behind copies both frames' damage,
  /// and so holds the whole current frame afterwards; it copies no more than that.
  @Test func aPartialCopyCatchesUpOnWhatTheBufferMissed() throws {
    let connection = try connect()
    let pair = try ShmBufferPair(connection: connection, width: 8, height: 4)
    let first = TestFrame(width: 8, height: 4, colour: 0x000010)
    var second = first
    second.fill(x: 1, y: 1, width: 2, height: 1, colour: 0x000020)
    var third = second
    third.fill(x: 5, y: 2, width: 2, height: 2, colour: 0x000030)

    func write(_ frame: TestFrame, into index: Int, damage: BufferRect) throws -> BufferRect {
      try frame.pixels.withUnsafeBytes {
        pair.write(
          into: index, from: try #require($0.baseAddress), sourceStride: 32, damage: damage)
      }
    }
    func contents(_ index: Int) -> [UInt32] {
      pair.withBytes(of: index) { Array($0.bindMemory(to: UInt32.self)) }
    }
    #expect(
      try write(first, into: 0, damage: .whole(width: 8, height: 4)) == .whole(width: 8, height: 4))
    // Buffer 1 never had a frame: it is copied whole, whatever the damage says.
    let secondDamage = BufferRect(x: 1, y: 1, width: 2, height: 1)
    #expect(try write(second, into: 1, damage: secondDamage) == .whole(width: 8, height: 4))
    #expect(contents(1) == second.pixels)
    // Buffer 0 has the first frame: it needs the second's damage and the third's.
    let thirdDamage = BufferRect(x: 5, y: 2, width: 2, height: 2)
    #expect(pair.stale(0) == secondDamage)
    let copied = try write(third, into: 0, damage: thirdDamage)
    #expect(copied == secondDamage.union(thirdDamage))
    #expect(contents(0) == third.pixels)
    #expect(pair.stale(1) == thirdDamage)
  }
}

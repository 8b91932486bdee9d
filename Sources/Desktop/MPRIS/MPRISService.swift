import Locking
import SystemSupport

/// lyricpip on the session bus: the MPRIS2 name and object (`MPRISObject`), and the hand-off of
/// files to an instance that already runs.
///
/// Threads: made, and its name claimed, on the main thread; `start` then hands the connection to
/// one thread of its own (`lyricpip.mpris`) that runs the sd-bus loop: it polls the bus socket
/// and `wake`, processes calls (which reach the player through `MPRISPlayerControl`), and sends
/// the signals. The player's threads only call `playerChanged`/`seeked`, which note the change
/// in `state` and wake the loop; the loop reads the player's state itself and signals what
/// changed. `stop` wakes the loop to end and waits for it.
public final class MPRISService: Sendable {
  /// The name MPRIS clients look for; a second instance takes `…lyricpip.instance<pid>`.
  public static let plainName = "org.mpris.MediaPlayer2.lyricpip"

  private let connection: BusConnection
  let thread: BusThread
  private struct State {
    var pendingChange = false
    var pendingSeeks: [Int64] = []
    /// Every line change since the loop last ran, in order: each one is signalled.
    var pendingLines: [LyricsBusLine] = []
    /// The name taken on the bus, taken again on a new bus after the old one went away.
    var name: String?
  }
  private let state = Mutex(State())

  /// Connects to the session bus; throws when there is none.
  public init() throws(DesktopBusError) {
    connection = try BusConnection()
    thread = try BusThread()
  }

  deinit {
    stop()
  }

  /// Takes `org.mpris.MediaPlayer2.lyricpip`; false when another process has it. Bounded as
  /// `claim` is: a bus that says nothing holds `play`'s start at most 2 s per step.
  public func claimPlainName() throws(DesktopBusError) -> Bool {
    try claim(Self.plainName)
  }

  /// Takes another well-known name (`org.lyricpip.Follow`, one follower per session); false
  /// when another process has it. A new bus after the old one went away is asked for it again.
  /// Bounded: a bus that does not finish the handshake, or answer the request, within
  /// `claimTimeoutMicros` each is given up (thrown), so a service that starts with the desktop
  /// says there is no bus instead of waiting sd-bus's 25 s.
  public func claim(_ name: String) throws(DesktopBusError) -> Bool {
    try connection.waitUntilReady(timeoutMicros: Self.claimTimeoutMicros)
    let claimed = try connection.requestName(name, timeoutMicros: Self.claimTimeoutMicros)
    if claimed { state.withLock { $0.name = name } }
    return claimed
  }

  /// A session bus answers its own calls within milliseconds; one that has not within 2 s is
  /// stopped or hung, and waiting longer only delays saying so.
  static let claimTimeoutMicros: UInt64 = 2_000_000

  static var instanceName: String { "\(plainName).instance\(SystemProcess.id)" }

  /// Takes this process's own name, as MPRIS asks of a second instance; returns it.
  @discardableResult
  public func claimInstanceName() throws(DesktopBusError) -> String {
    let name = Self.instanceName
    _ = try claim(name)
    // Kept even if the bus said no: a new bus after this one is asked for it again.
    state.withLock { $0.name = name }
    return name
  }

  /// Main thread, before `start`: gives `paths` (absolute) to the instance that owns the plain
  /// name (one file through MPRIS's OpenUri, several through lyricpip's OpenUris, which keeps
  /// them in order), then asks it to raise its window.
  public func handOff(paths: [String]) throws(DesktopBusError) {
    let uris = paths.map(FileURI.uri(forPath:))
    if uris.count == 1 {
      let call = try newCall(MPRISProperties.playerInterface, "OpenUri")
      try call.append(.string(uris[0]))
      try connection.call(call, timeoutMicros: Self.callTimeoutMicros)
    } else if uris.count > 1 {
      let call = try newCall(MPRISObject.ownInterface, "OpenUris")
      try call.append(.strings(uris))
      try connection.call(call, timeoutMicros: Self.callTimeoutMicros)
    }
    try connection.call(
      try newCall(MPRISProperties.rootInterface, "Raise"), timeoutMicros: Self.callTimeoutMicros)
  }

  /// The running instance may still be starting (its windows, its sound): it answers once its
  /// bus thread runs.
  static let callTimeoutMicros: UInt64 = 20_000_000

  private func newCall(_ interface: String, _ member: String) throws(DesktopBusError)
    -> BusMessage
  {
    try connection.newMethodCall(
      destination: Self.plainName, path: MPRISObject.path, interface: interface, member: member)
  }

  /// Publishes the object and starts the bus thread. Calls that came in since the name was
  /// claimed waited in the connection and are answered now. `lost` hears (on the bus thread)
  /// why the bus went away; the thread then connects to the session bus again (see
  /// `BusReconnect`) and `back` hears the name it took there, once the objects are on it.
  /// `strip`: the lyric strip of a player with windows (the `ctl` commands, `Locked`).
  public func start(
    control: any MPRISPlayerControl, strip: (any DesktopStripControl)? = nil,
    lost: @escaping @Sendable (DesktopBusError) -> Void,
    back: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(DesktopBusError) {
    let name = state.withLock { $0.name } ?? Self.instanceName
    let loop = BusLoop(
      connection: connection, name: name, control: control, strip: strip, service: self,
      lost: lost, back: back)
    try loop.register()
    try thread.start(name: "lyricpip.mpris", what: "MPRIS") { [loop] in loop.run() }
  }

  /// Any thread: the player's status, track or volume may have changed.
  public func playerChanged() {
    state.withLock { $0.pendingChange = true }
    thread.wake()
  }

  /// Any thread: the position jumped (MPRIS's Seeked signal), µs.
  public func seeked(toMicros micros: Int64) {
    state.withLock {
      $0.pendingSeeks.append(micros)
      $0.pendingChange = true
    }
    thread.wake()
  }

  /// Any thread: a new line is on display (PropertiesChanged of `org.lyricpip.Lyrics1`).
  public func lineChanged(_ line: LyricsBusLine) {
    state.withLock {
      $0.pendingLines.append(line)
      $0.pendingChange = true
    }
    thread.wake()
  }

  /// Any thread: the strip was shown, hidden, locked or unlocked.
  public func stripChanged() {
    playerChanged()
  }

  /// Ends the bus thread and waits for it; the connection is closed when the service goes.
  public func stop() { thread.stop() }

  // MARK: For the bus thread

  struct Pending {
    var changed: Bool
    var seeks: [Int64]
    var lines: [LyricsBusLine]
  }

  func takePending() -> Pending {
    state.withLock {
      let pending = Pending(
        changed: $0.pendingChange, seeks: $0.pendingSeeks, lines: $0.pendingLines)
      $0.pendingChange = false
      $0.pendingSeeks = []
      $0.pendingLines = []
      return pending
    }
  }
}

/// The bus thread's loop and what it owns while it runs: made on the main thread by `start`,
/// then handed whole to the bus thread (`DetachedThread` takes it as `sending`).
private final class BusLoop {
  /// The bus now: the one claimed on the main thread, then each new one after a loss.
  private var connection: BusConnection
  /// The name held, asked for again on a new bus.
  private var name: String
  private let control: any MPRISPlayerControl
  private let strip: (any DesktopStripControl)?
  private let service: MPRISService
  private let lost: @Sendable (DesktopBusError) -> Void
  private let back: @Sendable (String) -> Void
  private var object: MPRISObject?
  private var slot: BusSlot?
  /// The tray icon, in a player with windows (the strip is what its menu is about).
  private var tray: TrayIcon?
  /// The Player properties last signalled (without Position).
  private var published: [DBusValue.Entry]
  /// The Lyrics1 properties last signalled.
  private var publishedLyrics: [DBusValue.Entry]
  /// The line last signalled.
  private var publishedLine: LyricsBusLine

  init(
    connection: BusConnection, name: String, control: any MPRISPlayerControl,
    strip: (any DesktopStripControl)?, service: MPRISService,
    lost: @escaping @Sendable (DesktopBusError) -> Void,
    back: @escaping @Sendable (String) -> Void
  ) {
    self.lost = lost
    self.back = back
    self.connection = connection
    self.name = name
    self.control = control
    self.strip = strip
    self.service = service
    published = MPRISProperties.player(control.state())
    publishedLine = control.currentLine()
    publishedLyrics = LyricsProperties.all(
      line: publishedLine, offsetMs: control.offsetMs(), locked: strip?.isLocked ?? false)
  }

  func register() throws(DesktopBusError) {
    let object = MPRISObject(control: control, strip: strip, connection: connection) {
      [weak service] in
      service?.playerChanged()
    }
    self.object = object
    slot = try connection.addObject(
      path: MPRISObject.path, userdata: Unmanaged.passUnretained(object).toOpaque()
    ) { message, userdata, _ in
      guard let message, let userdata else { return 0 }
      let object = Unmanaged<MPRISObject>.fromOpaque(userdata).takeUnretainedValue()
      return object.handle(BusMessage(borrowing: message)) ? 1 : 0
    }
    if let strip {
      let tray = TrayIcon(control: control, strip: strip, connection: connection) {
        [weak service] in
        service?.playerChanged()
      }
      try tray.register()
      self.tray = tray
    }
  }

  /// Serves the bus until `stop`; when the bus goes away, says so and connects again (with
  /// back-off), then serves the new one.
  func run() {
    defer {
      slot = nil
      tray = nil
      connection.flush()
      service.thread.ended()
    }
    while true {
      do {
        try serve()
        return
      } catch {
        lost(error)
      }
      guard reconnect() else { return }
    }
  }

  /// A new bus with the name and the objects on it (false: the service stopped first). A bus
  /// that takes the name but not the objects is dropped and the next one tried.
  private func reconnect() -> Bool {
    while true {
      slot = nil
      tray = nil
      object = nil
      let attempts = BusReconnect(wakeFD: service.thread.wakeFD) { [service] in
        service.thread.drainWake()
        return service.thread.isStopping
      }
      guard let fresh = attempts.connect(claiming: name) else { return false }
      connection = fresh.connection
      name = fresh.name
      do {
        try register()
      } catch {
        lost(error)
        continue
      }
      // Everything is new to the new bus: its clients read the properties when they come.
      published = MPRISProperties.player(control.state())
      publishedLine = control.currentLine()
      publishedLyrics = LyricsProperties.all(
        line: publishedLine, offsetMs: control.offsetMs(), locked: strip?.isLocked ?? false)
      back(name)
      return true
    }
  }

  /// Processes calls and sends signals until `stop` (returns) or the bus fails (throws).
  private func serve() throws(DesktopBusError) {
    try service.thread.run(on: connection) { () throws(DesktopBusError) in
      let pending = service.takePending()
      if pending.changed { try publish(seeks: pending.seeks, lines: pending.lines) }
    }
  }

  /// Sends Seeked for each jump, then PropertiesChanged with what differs from the last time;
  /// then the lyrics interface's: one PropertiesChanged for each new line, in order, and one
  /// for an offset or lock change.
  private func publish(seeks: [Int64], lines: [LyricsBusLine]) throws(DesktopBusError) {
    try publishPlayer(seeks: seeks)
    for line in lines where line != publishedLine {
      publishedLine = line
      let entry = DBusValue.Entry(key: "Line", value: line.value)
      publishedLyrics = publishedLyrics.map { $0.key == entry.key ? entry : $0 }
      try sendPropertiesChanged(LyricsProperties.interface, [entry])
    }
    let lyrics = LyricsProperties.all(
      line: publishedLine, offsetMs: control.offsetMs(), locked: strip?.isLocked ?? false)
    let changes = MPRISProperties.changes(from: publishedLyrics, to: lyrics)
    publishedLyrics = lyrics
    if !changes.isEmpty { try sendPropertiesChanged(LyricsProperties.interface, changes) }
    try tray?.publish()
  }

  private func sendPropertiesChanged(_ interface: String, _ changes: [DBusValue.Entry])
    throws(DesktopBusError)
  {
    let signal = try connection.newSignal(
      path: MPRISObject.path, interface: MPRISProperties.propertiesInterface,
      member: "PropertiesChanged")
    try signal.append(.string(interface))
    try signal.append(.dictionary(changes))
    try signal.append(.strings([]))
    try connection.send(signal)
  }

  private func publishPlayer(seeks: [Int64]) throws(DesktopBusError) {
    for micros in seeks {
      let signal = try connection.newSignal(
        path: MPRISObject.path, interface: MPRISProperties.playerInterface, member: "Seeked")
      try signal.append(.int64(micros))
      try connection.send(signal)
    }
    let current = MPRISProperties.player(control.state())
    let changes = MPRISProperties.changes(from: published, to: current)
    published = current
    guard !changes.isEmpty else { return }
    try sendPropertiesChanged(MPRISProperties.playerInterface, changes)
  }
}

/// A global shortcut through the desktop's own service, for a Wayland session, where no
/// program may take a key from the others: the GlobalShortcuts portal where its `version`
/// says it is there (KDE Plasma, GNOME 48 and later), else KDE's kglobalaccel; neither (sway,
/// Hyprland, GNOME before 48) is the outcome `noService`, and the shortcut is then the
/// compositor's to bind.
///
/// Threads: its own connection to the session bus, opened and used only on its own thread
/// (`lyricpip.shortcut`), which asks the services (each call bounded, and ended at once by
/// `stop`), then waits for presses. `onOutcome` and `onPress` run on that thread.
public final class DesktopShortcutListener: Sendable {
  private let thread: BusThread

  public init() throws(DesktopBusError) {
    thread = try BusThread()
  }

  /// Starts the thread, which asks for `shortcut` and calls `onOutcome` once it knows what
  /// became of it (and again if the portal refuses it later, after the user's answer), then
  /// `onPress` at each press.
  public func start(
    _ shortcut: DesktopShortcut, onOutcome: @escaping @Sendable (DesktopShortcutOutcome) -> Void,
    onPress: @escaping @Sendable () -> Void
  ) throws(DesktopBusError) {
    let thread = thread
    try thread.start(name: "lyricpip.shortcut", what: "shortcut") {
      let binding = ShortcutBinding(
        shortcut: shortcut, thread: thread, onOutcome: onOutcome, onPress: onPress)
      binding.run()
      thread.ended()
    }
  }

  /// Ends the thread (and with its connection, the portal's session) and waits for it.
  public func stop() { thread.stop() }

  deinit { stop() }
}

/// The listener's thread and what it keeps while it runs: the connection, the signal
/// matches, the portal's answers.
final class ShortcutBinding {
  /// How long one call to the bus or a service may take. A service may be started for it
  /// (D-Bus activation: the portal takes about a second), so more than a daemon's 2 s.
  static let timeoutMicros: UInt64 = 5_000_000

  private let shortcut: DesktopShortcut
  private let thread: BusThread
  private let onOutcome: @Sendable (DesktopShortcutOutcome) -> Void
  private let onPress: @Sendable () -> Void
  private var slots: [BusSlot] = []
  /// The portal's `Response`s not yet read, by request path.
  private var responses: [String: (code: UInt32, results: [DBusValue.Entry])] = [:]
  /// The paths BindShortcuts' answer may come on.
  private var bindRequests: Set<String> = []
  private var portalSession: String?
  private var componentPath: String?

  init(
    shortcut: DesktopShortcut, thread: BusThread,
    onOutcome: @escaping @Sendable (DesktopShortcutOutcome) -> Void,
    onPress: @escaping @Sendable () -> Void
  ) {
    self.shortcut = shortcut
    self.thread = thread
    self.onOutcome = onOutcome
    self.onPress = onPress
  }

  func run() {
    let thread = thread
    let wake = BusWake(fd: thread.wakeFD, stopping: { thread.isStopping })
    let connection: BusConnection
    do {
      connection = try BusConnection()
      connection.setMethodCallTimeout(micros: Self.timeoutMicros)
      try connection.waitUntilReady(timeoutMicros: Self.timeoutMicros, wake: wake)
    } catch {
      if !thread.isStopping { onOutcome(.noService("no session bus (\(error))")) }
      return
    }
    let outcome = bind(on: connection, wake: wake)
    if thread.isStopping { return }
    if let outcome { onOutcome(outcome) }
    if case .noService = outcome { return }
    if case .refused = outcome { return }
    // A bus that fails ends the presses; the strip's other controls stay.
    try? thread.run(on: connection) { () throws(DesktopBusError) in }
    slots = []
  }

  /// Asks the portal, else kglobalaccel. nil when the outcome is the portal's answer, which
  /// comes later (`Response` to BindShortcuts).
  private func bind(on connection: BusConnection, wake: BusWake) -> DesktopShortcutOutcome? {
    var portalFailure: DesktopBusError?
    let portal = GlobalShortcutsPortal(
      connection: connection, timeoutMicros: Self.timeoutMicros, wake: wake)
    if portal.version() != nil {
      do {
        try bindThroughPortal(portal, connection: connection)
        return nil
      } catch {
        // A portal that cannot make the session: kglobalaccel may still take the key.
        portalFailure = error
        slots = []
      }
    }
    let kde = KGlobalAccelService(
      connection: connection, timeoutMicros: Self.timeoutMicros, wake: wake)
    if let key = shortcut.kdeKey, kde.register(shortcut) {
      do {
        let path = try kde.componentPath()
        componentPath = path
        try subscribe(
          connection,
          "type='signal',interface='\(KGlobalAccelService.componentInterface)',"
            + "member='globalShortcutPressed',path='\(path)'")
        let active = try kde.setKey(key, for: shortcut)
        guard !active.isEmpty else {
          return .refused(.kglobalaccel, "the key is another action's in KDE's shortcut settings")
        }
        return .bound(.kglobalaccel)
      } catch {
        return .refused(.kglobalaccel, error.description)
      }
    }
    if let portalFailure { return .refused(.portal, portalFailure.description) }
    return .noService("neither the GlobalShortcuts portal nor kglobalaccel is on the session bus")
  }

  private func bindThroughPortal(_ portal: GlobalShortcutsPortal, connection: BusConnection)
    throws(DesktopBusError)
  {
    let token = "lyricpip\(UInt32.random(in: 0...UInt32.max))"
    try subscribe(
      connection,
      "type='signal',interface='\(GlobalShortcutsPortal.interface)',member='Activated',"
        + "path='\(GlobalShortcutsPortal.objectPath)'")
    let listen = { (path: String) throws(DesktopBusError) in
      try self.subscribe(
        connection,
        "type='signal',interface='\(GlobalShortcutsPortal.requestInterface)',"
          + "member='Response',path='\(path)'")
    }
    let session = try portal.createSession(
      token: token, subscribe: listen, response: { self.responses.values.first })
    responses = [:]
    portalSession = session
    try portal.bind(shortcut, session: session, token: token) { path throws(DesktopBusError) in
      bindRequests.insert(path)
      try listen(path)
    }
  }

  private func subscribe(_ connection: BusConnection, _ rule: String) throws(DesktopBusError) {
    let me = Unmanaged.passUnretained(self).toOpaque()
    let slot = try connection.addMatch(rule, userdata: me) { message, userdata, _ in
      guard let message, let userdata else { return 0 }
      Unmanaged<ShortcutBinding>.fromOpaque(userdata).takeUnretainedValue()
        .signal(BusMessage(borrowing: message))
      return 0
    }
    slots.append(slot)
  }

  /// A signal one of the matches let through (on this thread, inside `process`).
  private func signal(_ message: BusMessage) {
    switch (message.interface, message.member) {
    case (GlobalShortcutsPortal.requestInterface, "Response"):
      guard let code = try? message.readFixed("u", as: UInt32(0)) else { return }
      var results: [DBusValue.Entry] = []
      if case .dictionary(let entries)? = try? message.readValue() { results = entries }
      if bindRequests.contains(message.path) {
        onOutcome(
          code == 0
            ? .bound(.portal) : .refused(.portal, GlobalShortcutsPortal.responseText(code)))
      } else {
        responses[message.path] = (code, results)
      }
    case (GlobalShortcutsPortal.interface, "Activated"):
      guard let session = try? message.readObjectPath(), session == portalSession,
        let id = try? message.readString(), id == shortcut.id
      else { return }
      onPress()
    case (KGlobalAccelService.componentInterface, "globalShortcutPressed"):
      guard message.path == componentPath,
        let component = try? message.readString(), component == KGlobalAccelService.component,
        let action = try? message.readString(), action == shortcut.id
      else { return }
      onPress()
    default:
      break
    }
  }
}

/// The tray icon: an `org.kde.StatusNotifierItem` at `/StatusNotifierItem` with its
/// `com.canonical.dbusmenu` menu at `/MenuBar`, registered with the panel's
/// `org.kde.StatusNotifierWatcher` when one owns that name, now or later (`NameOwnerChanged`).
/// Without a watcher there is no icon, and nothing is said: the registration's error reply is
/// dropped.
///
/// Threads: made and registered on the main thread in `MPRISService.start`, then used only on
/// the bus thread, like `MPRISObject`. The registration call does not wait: its reply is
/// handled by the loop like any other message.
final class TrayIcon {
  static let itemPath = "/StatusNotifierItem"
  static let menuPath = "/MenuBar"
  static let itemInterface = "org.kde.StatusNotifierItem"
  static let menuInterface = "com.canonical.dbusmenu"
  static let watcherName = "org.kde.StatusNotifierWatcher"

  private let control: any MPRISPlayerControl
  private let strip: any DesktopStripControl
  private let connection: BusConnection
  private let changed: () -> Void
  private var slots: [BusSlot] = []
  /// The menu last sent out, and its revision (bumped at each change, for LayoutUpdated).
  private var menu: TrayMenu
  private var revision: UInt32 = 1
  private var toolTip: DBusValue

  init(
    control: any MPRISPlayerControl, strip: any DesktopStripControl, connection: BusConnection,
    changed: @escaping () -> Void
  ) {
    self.control = control
    self.strip = strip
    self.connection = connection
    self.changed = changed
    menu = TrayMenu(Self.facts(control, strip))
    toolTip = Self.toolTip(control.state())
  }

  /// Publishes both objects, watches for a panel, and registers with the one there is.
  func register() throws(DesktopBusError) {
    let userdata = Unmanaged.passUnretained(self).toOpaque()
    for path in [Self.itemPath, Self.menuPath] {
      slots.append(
        try connection.addObject(path: path, userdata: userdata) { message, userdata, _ in
          guard let message, let userdata else { return 0 }
          let tray = Unmanaged<TrayIcon>.fromOpaque(userdata).takeUnretainedValue()
          return tray.handle(BusMessage(borrowing: message)) ? 1 : 0
        })
    }
    slots.append(
      try connection.addMatch(
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
          + "member='NameOwnerChanged',arg0='\(Self.watcherName)'", userdata: userdata
      ) { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        let tray = Unmanaged<TrayIcon>.fromOpaque(userdata).takeUnretainedValue()
        tray.watcherChanged(BusMessage(borrowing: message))
        return 0
      })
    try registerWithWatcher()
  }

  /// A panel that starts (or restarts) after us: a new owner of the watcher's name.
  private func watcherChanged(_ message: BusMessage) {
    guard (try? message.readString()) != nil, (try? message.readString()) != nil,
      let newOwner = try? message.readString(), !newOwner.isEmpty
    else { return }
    try? registerWithWatcher()
  }

  private func registerWithWatcher() throws(DesktopBusError) {
    let call = try connection.newMethodCall(
      destination: Self.watcherName, path: "/StatusNotifierWatcher",
      interface: Self.watcherName, member: "RegisterStatusNotifierItem")
    call.setNoAutoStart()
    try call.append(.string(try connection.uniqueName()))
    // No watcher: the error reply comes back to this callback, which drops it.
    try connection.callAsync(call, timeoutMicros: 5_000_000, userdata: nil) { _, _, _ in 0 }
  }

  // MARK: Calls

  private typealias Refusal = BusMethodCall.Refusal

  private func handle(_ call: BusMessage) -> Bool {
    BusMethodCall.handle(call, on: connection) { try answer($0) }
  }

  private func answer(_ call: BusMessage) throws -> [DBusValue]? {
    let isItem = call.path == Self.itemPath
    switch (call.interface, call.member) {
    case ("org.freedesktop.DBus.Introspectable", "Introspect"):
      return [.string(isItem ? TrayIntrospection.item : TrayIntrospection.menu)]
    case (MPRISProperties.propertiesInterface, "Get"),
      (MPRISProperties.propertiesInterface, "GetAll"):
      return try BusMethodCall.properties(call) { interface in
        switch (isItem, interface) {
        case (true, Self.itemInterface): return itemProperties()
        case (false, Self.menuInterface): return Self.menuProperties
        default: throw Refusal.unknownInterface(interface)
        }
      }
    case (Self.itemInterface, let member) where isItem:
      return try item(member, call)
    case (Self.menuInterface, let member) where !isItem:
      return try menuCall(member, call)
    default:
      return nil
    }
  }

  private func itemProperties() -> [DBusValue.Entry] {
    [
      .init(key: "Category", value: .string("ApplicationStatus")),
      .init(key: "Id", value: .string("lyricpip")),
      .init(key: "Title", value: .string("lyricpip")),
      .init(key: "Status", value: .string("Active")),
      .init(key: "IconName", value: .string("lyricpip")),
      .init(key: "ToolTip", value: toolTip),
      .init(key: "Menu", value: .objectPath(Self.menuPath)),
      .init(key: "ItemIsMenu", value: .bool(false)),
    ]
  }

  static let menuProperties: [DBusValue.Entry] = [
    .init(key: "Version", value: .uint32(3)),
    .init(key: "TextDirection", value: .string("ltr")),
    .init(key: "Status", value: .string("normal")),
    .init(key: "IconThemePath", value: .strings([])),
  ]

  /// Activate (a left click) opens the main window, or shows or hides the strip where there is
  /// no main window (`follow`); SecondaryActivate (a middle click) plays or pauses; ContextMenu
  /// and Scroll are left to the panel (it shows the menu).
  private func item(_ member: String, _ call: BusMessage) throws -> [DBusValue]? {
    switch member {
    case "Activate":
      if control.canRaise {
        control.raise()
      } else {
        click(TrayMenu.Action.toggleStrip.rawValue)
      }
    case "SecondaryActivate": playPause()
    case "ContextMenu", "Scroll": break
    default: return nil
    }
    return []
  }

  private func menuCall(_ member: String, _ call: BusMessage) throws -> [DBusValue]? {
    switch member {
    case "GetLayout":
      let parent = try call.readInt32()
      let depth = try call.readInt32()
      let names = try call.readStrings()
      guard let layout = menu.layout(of: parent, depth: depth, names: names) else {
        throw Refusal.invalidArgs("no menu item \(parent)")
      }
      return [.uint32(revision), layout]
    case "GetGroupProperties":
      let ids = try call.readInt32s()
      let names = try call.readStrings()
      return [menu.groupProperties(ids: ids, names: names)]
    case "GetProperty":
      let id = try call.readInt32()
      let name = try call.readString()
      guard
        let entry = menu.items.first(where: { $0.id == id })?.properties
          .first(where: { $0.key == name })
      else { throw Refusal.invalidArgs("no property \(name) on menu item \(id)") }
      return [.wrapping(entry.value)]
    case "Event":
      let id = try call.readInt32()
      let eventID = try call.readString()
      if eventID == "clicked" { click(id) }
      return []
    case "EventGroup":
      var unknown: [DBusValue] = []
      guard try call.enter("a", "(isvu)") else { return [.array(element: "i", [])] }
      while try call.enter("r", "isvu") {
        let id = try call.readInt32()
        let eventID = try call.readString()
        try call.skip("vu")
        try call.exitContainer()
        if TrayMenu.Action(rawValue: id) == nil { unknown.append(.int32(id)) }
        if eventID == "clicked" { click(id) }
      }
      try call.exitContainer()
      return [.array(element: "i", unknown)]
    case "AboutToShow":
      return [.bool(false)]
    case "AboutToShowGroup":
      return [.array(element: "i", []), .array(element: "i", [])]
    default:
      return nil
    }
  }

  private func click(_ id: Int32) {
    guard let action = TrayMenu.Action(rawValue: id) else { return }
    switch action {
    case .toggleStrip: if strip.isShown { strip.hide() } else { strip.show() }
    case .toggleLock: strip.setLocked(!strip.isLocked)
    case .playPause: playPause()
    case .next: control.next()
    case .previous: control.previous()
    case .openMain: control.raise()
    case .quit: control.quit()
    }
    changed()
  }

  private func playPause() {
    if control.state().status == .playing { control.pause() } else { control.play() }
  }

  // MARK: Signals (bus thread, when woken)

  /// Sends ItemsPropertiesUpdated and LayoutUpdated when the menu changed, NewToolTip when the
  /// tool tip did.
  func publish() throws(DesktopBusError) {
    let state = control.state()
    let current = TrayMenu(Self.facts(control, strip, state: state))
    if current != menu {
      let changedItems = current.changedItems(since: menu)
      menu = current
      revision &+= 1
      let updated = try connection.newSignal(
        path: Self.menuPath, interface: Self.menuInterface, member: "ItemsPropertiesUpdated")
      try updated.append(
        .array(
          element: "(ia{sv})",
          changedItems.map { .structure([.int32($0.id), .dictionary($0.properties)]) }))
      try updated.append(.array(element: "(ias)", []))
      try connection.send(updated)
      let layout = try connection.newSignal(
        path: Self.menuPath, interface: Self.menuInterface, member: "LayoutUpdated")
      try layout.append(.uint32(revision))
      try layout.append(.int32(0))
      try connection.send(layout)
    }
    let tip = Self.toolTip(state)
    if tip != toolTip {
      toolTip = tip
      try connection.send(
        try connection.newSignal(
          path: Self.itemPath, interface: Self.itemInterface, member: "NewToolTip"))
    }
  }

  private static func facts(
    _ control: any MPRISPlayerControl, _ strip: any DesktopStripControl,
    state: MPRISState? = nil
  ) -> TrayMenu.Facts {
    let state = state ?? control.state()
    return TrayMenu.Facts(
      status: state.status, hasTrack: state.track != nil, canGoNext: state.canGoNext,
      canGoPrevious: state.canGoPrevious, stripShown: strip.isShown, locked: strip.isLocked,
      canRaise: control.canRaise)
  }

  /// `(sa(iiay)ss)`: icon name, no pixmaps, title, the track playing.
  private static func toolTip(_ state: MPRISState) -> DBusValue {
    let track = state.track.map { track in
      [track.artist, track.title].compactMap { $0 }.joined(separator: " – ")
    }
    return .structure([
      .string("lyricpip"), .array(element: "(iiay)", []), .string("lyricpip"),
      .string(track ?? ""),
    ])
  }
}

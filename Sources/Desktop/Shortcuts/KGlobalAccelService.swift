/// KDE's global-shortcut service (`org.kde.kglobalaccel`, `/kglobalaccel`,
/// `org.kde.KGlobalAccel`), as lyricpip uses it: the action registered (`doRegister`) under
/// the component `lyricpip`, its default and active key set (`setShortcut`, kglobalaccel's
/// answer being the keys now active), and the component's object, whose
/// `globalShortcutPressed` signal says each press.
///
/// Threads: used only on the listener's thread, with that thread's connection.
struct KGlobalAccelService {
  static let busName = "org.kde.kglobalaccel"
  static let objectPath = "/kglobalaccel"
  static let interface = "org.kde.KGlobalAccel"
  static let componentInterface = "org.kde.kglobalaccel.Component"
  static let component = "lyricpip"

  let connection: BusConnection
  let timeoutMicros: UInt64
  let wake: BusWake

  /// kglobalaccel's action id: component, action, and their names as KDE's settings show them.
  static func actionID(_ shortcut: DesktopShortcut) -> [String] {
    [component, shortcut.id, "lyricpip", shortcut.description]
  }

  /// Registers the action; false when there is no kglobalaccel on the bus, so that the caller
  /// can say the shortcut is the compositor's. Only a running one counts (KWin hosts it on
  /// Plasma's Wayland session): one that D-Bus would start, where KDE's libraries are
  /// installed beside another desktop (sway), takes the key through XWayland and would hear
  /// it only while an X11 window has the focus.
  func register(_ shortcut: DesktopShortcut) -> Bool {
    guard let reply = try? call("doRegister", [.strings(Self.actionID(shortcut))]) else {
      return false
    }
    return !reply.isError
  }

  /// The component's object path (`/component/lyricpip`), where its presses are signalled.
  func componentPath() throws(DesktopBusError) -> String {
    let reply = try call("getComponent", [.string(Self.component)])
    if let failure = reply.errorReply(operation: "kglobalaccel getComponent") { throw failure }
    return try reply.readObjectPath()
  }

  /// Sets `key` as the action's default and active shortcut; the keys kglobalaccel made active
  /// (a key the user chose in KDE's settings wins over ours; none: the key is another
  /// action's). `setShortcut` takes plain key codes; a kglobalaccel built without the calls
  /// KDE deprecated (Frameworks 5.90) has only `setShortcutKeys`, whose key sequences are
  /// four codes each.
  func setKey(_ key: Int32, for shortcut: DesktopShortcut) throws(DesktopBusError) -> [Int32] {
    let id = DBusValue.strings(Self.actionID(shortcut))
    var sequences = false
    var active: [Int32] = []
    for flags in [KGlobalAccelKeys.isDefault, KGlobalAccelKeys.setPresent] {
      var reply = try call(
        sequences ? "setShortcutKeys" : "setShortcut",
        [id, Self.keys(key, sequences: sequences), .uint32(flags)])
      if !sequences, reply.errorReply(operation: "")?.name == Self.unknownMethod {
        sequences = true
        reply = try call("setShortcutKeys", [id, Self.keys(key, sequences: true), .uint32(flags)])
      }
      if let failure = reply.errorReply(operation: "kglobalaccel setShortcut") { throw failure }
      if flags == KGlobalAccelKeys.setPresent { active = try Self.readKeys(reply) }
    }
    return active
  }

  private static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"

  private static func keys(_ key: Int32, sequences: Bool) -> DBusValue {
    guard sequences else { return .array(element: "i", [.int32(key)]) }
    let sequence = DBusValue.array(element: "i", [key, 0, 0, 0].map { .int32($0) })
    return .array(element: "(ai)", [.structure([sequence])])
  }

  /// The first key of each answer (`ai`, or `a(ai)` of sequences), zeros left out.
  private static func readKeys(_ reply: BusMessage) throws(DesktopBusError) -> [Int32] {
    guard case .array(_, let items)? = try reply.readValue() else { return [] }
    return items.compactMap { item in
      var first = item
      if case .structure(let members) = first, let inner = members.first { first = inner }
      if case .array(_, let codes) = first, let code = codes.first { first = code }
      guard case .int32(let code) = first, code != 0 else { return nil }
      return code
    }
  }

  private func call(_ member: String, _ arguments: [DBusValue]) throws(DesktopBusError)
    -> BusMessage
  {
    let message = try connection.newMethodCall(
      destination: Self.busName, path: Self.objectPath, interface: Self.interface,
      member: member)
    message.setNoAutoStart()
    for argument in arguments { try message.append(argument) }
    return try connection.awaitReply(message, timeoutMicros: timeoutMicros, wake: wake)
  }
}

/// The XDG desktop portal's GlobalShortcuts interface, as lyricpip uses it: is it there
/// (its `version` property), a session (`CreateSession`, answered by a `Request`'s `Response`
/// signal), the shortcut bound (`BindShortcuts`, whose `Response` may wait for the user's
/// consent, so it is not waited for), then `Activated` for each press.
///
/// Threads: used only on the listener's thread, with that thread's connection.
struct GlobalShortcutsPortal {
  static let busName = "org.freedesktop.portal.Desktop"
  static let objectPath = "/org/freedesktop/portal/desktop"
  static let interface = "org.freedesktop.portal.GlobalShortcuts"
  static let requestInterface = "org.freedesktop.portal.Request"

  let connection: BusConnection
  let timeoutMicros: UInt64
  let wake: BusWake

  /// The interface's version; nil when the portal is not there or has no GlobalShortcuts (a
  /// frontend without a backend that implements it does not export the interface). The call
  /// may start the portal (D-Bus activation), so it is bounded like every other.
  func version() -> UInt32? {
    guard
      let call = try? connection.newMethodCall(
        destination: Self.busName, path: Self.objectPath,
        interface: "org.freedesktop.DBus.Properties", member: "Get"),
      (try? call.append(.string(Self.interface))) != nil,
      (try? call.append(.string("version"))) != nil,
      let reply = try? connection.awaitReply(call, timeoutMicros: timeoutMicros, wake: wake),
      !reply.isError, case .variant(let value)? = try? reply.readValue()
    else { return nil }
    switch value {
    case .uint32(let number): return number
    case .int32(let number): return UInt32(clamping: number)
    default: return nil
    }
  }

  /// The path a request made with `token` answers on: the sender's unique name without its
  /// colon, its dots made underscores (the portal's documented rule).
  static func requestPath(uniqueName: String, token: String) -> String {
    let sender = String(uniqueName.drop { $0 == ":" }).replacingDots()
    return "\(objectPath)/request/\(sender)/\(token)"
  }

  /// Makes a session and waits (bounded) for its `Response`; the session's handle.
  /// `subscribe` is told each request path to listen on before the call is sent, so that the
  /// answer cannot come before the match; `response` reads the answer the match got.
  func createSession(
    token: String, subscribe: (String) throws(DesktopBusError) -> Void,
    response: () -> (code: UInt32, results: [DBusValue.Entry])?
  ) throws(DesktopBusError) -> String {
    let operation = "creating a GlobalShortcuts session"
    let requestToken = "\(token)_session_request"
    let expected = Self.requestPath(
      uniqueName: try connection.uniqueName(), token: requestToken)
    try subscribe(expected)
    let call = try connection.newMethodCall(
      destination: Self.busName, path: Self.objectPath, interface: Self.interface,
      member: "CreateSession")
    try call.append(
      .dictionary([
        .init(key: "handle_token", value: .string(requestToken)),
        .init(key: "session_handle_token", value: .string("\(token)_session")),
      ]))
    let reply = try connection.awaitReply(call, timeoutMicros: timeoutMicros, wake: wake)
    if let failure = reply.errorReply(operation: operation) { throw failure }
    // Portals before 0.9 chose the request's path themselves: listen there too.
    let handle = try reply.readObjectPath()
    if handle != expected { try subscribe(handle) }
    try connection.pump(
      until: { response() != nil }, timeoutMicros: timeoutMicros, operation: operation,
      wake: wake)
    guard let (code, results) = response() else {
      throw DesktopBusError(operation: operation, message: "no response")
    }
    guard code == 0 else {
      throw DesktopBusError(operation: operation, message: Self.responseText(code))
    }
    for entry in results where entry.key == "session_handle" {
      switch entry.value {
      case .string(let path), .objectPath(let path): return path
      default: break
      }
    }
    throw DesktopBusError(operation: operation, message: "no session_handle in the response")
  }

  /// Asks the portal to bind `shortcut` in `session`. Only the call's own reply (the request's
  /// handle) is waited for: the `Response` may come after the user answered a dialog.
  func bind(
    _ shortcut: DesktopShortcut, session: String, token: String,
    subscribe: (String) throws(DesktopBusError) -> Void
  ) throws(DesktopBusError) {
    let requestToken = "\(token)_bind_request"
    let expected = Self.requestPath(
      uniqueName: try connection.uniqueName(), token: requestToken)
    try subscribe(expected)
    let call = try connection.newMethodCall(
      destination: Self.busName, path: Self.objectPath, interface: Self.interface,
      member: "BindShortcuts")
    try call.append(.objectPath(session))
    try call.append(
      .array(
        element: "(sa{sv})",
        [
          .structure([
            .string(shortcut.id),
            .dictionary([
              .init(key: "description", value: .string(shortcut.description)),
              .init(key: "preferred_trigger", value: .string(shortcut.portalTrigger)),
            ]),
          ])
        ]))
    try call.append(.string(""))
    try call.append(.dictionary([.init(key: "handle_token", value: .string(requestToken))]))
    let reply = try connection.awaitReply(call, timeoutMicros: timeoutMicros, wake: wake)
    if let failure = reply.errorReply(operation: "binding the shortcut") { throw failure }
    let handle = try reply.readObjectPath()
    if handle != expected { try subscribe(handle) }
  }

  /// A `Response`'s code as words (the portal's numbers: 1 the user cancelled, 2 other).
  static func responseText(_ code: UInt32) -> String {
    switch code {
    case 0: "done"
    case 1: "cancelled by the user"
    default: "refused (response \(code))"
    }
  }
}

extension String {
  fileprivate func replacingDots() -> String {
    String(map { $0 == "." ? "_" : $0 })
  }
}

internal import CSystemd
import SystemSupport

/// Every sd-bus call of the module goes through here; failures become `DesktopBusError` with
/// sd-bus's message. The C objects are owned by the final classes below (`BusConnection`,
/// `BusSlot`, `BusMessage`), each freed in `deinit`.
///
/// Thread model: an `sd_bus` is not thread-safe. Each connection is used by one thread at a
/// time: the main thread while it claims a name or hands files over, then only the MPRIS bus
/// thread (`MPRISService`).
enum SDBus {
  static func failure(_ code: Int32, _ operation: String) -> DesktopBusError {
    DesktopBusError(operation: operation, message: SystemError.message(-code))
  }

  @discardableResult
  static func check(_ code: Int32, _ operation: String) throws(DesktopBusError) -> Int32 {
    if code < 0 { throw failure(code, operation) }
    return code
  }

  /// A D-Bus type code (`s`, `a`, `v`, …) as sd-bus takes it.
  static func code(_ scalar: Unicode.Scalar) -> CChar { CChar(UInt8(ascii: scalar)) }

  /// The error a D-Bus reply carried, or errno's message when sd-bus filled none in.
  static func failure(
    _ code: Int32, _ operation: String, _ error: inout sd_bus_error
  ) -> DesktopBusError {
    var result = failure(code, operation)
    if let name = error.name { result.name = String(cString: name) }
    if let message = error.message { result.message = String(cString: message) }
    return result
  }
}

/// A connection to the user's session bus.
// @unchecked: owns an sd_bus used by one thread at a time (main, then the bus thread).
final class BusConnection: @unchecked Sendable {
  let bus: OpaquePointer

  /// Opens `$DBUS_SESSION_BUS_ADDRESS` (else `$XDG_RUNTIME_DIR/bus`).
  init() throws(DesktopBusError) {
    var opened: OpaquePointer?
    let status = sd_bus_open_user(&opened)
    guard status >= 0, let opened else { throw SDBus.failure(status, "sd_bus_open_user") }
    bus = opened
  }

  /// Takes over a bus sd-bus made (its reference is this object's).
  init(owning bus: OpaquePointer) { self.bus = bus }

  deinit {
    // sd-bus's flush first waits for a connection still in its handshake to finish it (up to
    // its own 90 s): one the bus never took has nothing of ours to write out anyway.
    if sd_bus_is_ready(bus) > 0 {
      _ = sd_bus_flush_close_unref(bus)
    } else {
      _ = sd_bus_close_unref(bus)
    }
  }

  /// How long a method call of this connection (the name request among them) waits for its
  /// answer; sd-bus's own default is 25 s.
  func setMethodCallTimeout(micros: UInt64) {
    _ = sd_bus_set_method_call_timeout(bus, micros)
  }

  /// Sends every call under `path` to `callback` with `userdata`; the slot keeps it registered.
  func addObject(
    path: String, userdata: UnsafeMutableRawPointer, callback: sd_bus_message_handler_t
  ) throws(DesktopBusError) -> BusSlot {
    var slot: OpaquePointer?
    let status = sd_bus_add_object(bus, &slot, path, callback, userdata)
    guard status >= 0, let slot else { throw SDBus.failure(status, "sd_bus_add_object(\(path))") }
    return BusSlot(slot)
  }

  func newSignal(path: String, interface: String, member: String) throws(DesktopBusError)
    -> BusMessage
  {
    var message: OpaquePointer?
    let status = sd_bus_message_new_signal(bus, &message, path, interface, member)
    guard status >= 0, let message else {
      throw SDBus.failure(status, "sd_bus_message_new_signal(\(member))")
    }
    return BusMessage(owning: message)
  }

  func newMethodCall(
    destination: String, path: String, interface: String, member: String
  ) throws(DesktopBusError) -> BusMessage {
    var message: OpaquePointer?
    let status = sd_bus_message_new_method_call(
      bus, &message, destination, path, interface, member)
    guard status >= 0, let message else {
      throw SDBus.failure(status, "sd_bus_message_new_method_call(\(member))")
    }
    return BusMessage(owning: message)
  }

  /// Queues a message (a reply or a signal); `process` and the loop's poll write it out.
  func send(_ message: BusMessage) throws(DesktopBusError) {
    try SDBus.check(sd_bus_send(bus, message.message, nil), "sd_bus_send")
  }

  /// Calls a method and waits for its reply.
  func call(_ message: BusMessage, timeoutMicros: UInt64) throws(DesktopBusError) {
    var error = sd_bus_error()
    defer { sd_bus_error_free(&error) }
    var reply: OpaquePointer?
    let status = sd_bus_call(bus, message.message, timeoutMicros, &error, &reply)
    if let reply { _ = sd_bus_message_unref(reply) }
    if status < 0 { throw SDBus.failure(status, "calling \(message.member)", &error) }
  }

  /// Calls a method and waits (at most `timeoutMicros`) for its reply, which is returned.
  func callForReply(_ message: BusMessage, timeoutMicros: UInt64) throws(DesktopBusError)
    -> BusMessage
  {
    var error = sd_bus_error()
    defer { sd_bus_error_free(&error) }
    var reply: OpaquePointer?
    let status = sd_bus_call(bus, message.message, timeoutMicros, &error, &reply)
    if status < 0 {
      if let reply { _ = sd_bus_message_unref(reply) }
      throw SDBus.failure(status, "calling \(message.member)", &error)
    }
    guard let reply else {
      throw DesktopBusError(operation: "calling \(message.member)", message: "no reply")
    }
    return BusMessage(owning: reply)
  }

  /// Sends a call without waiting: its reply (or error) goes to `callback` when the loop
  /// processes it, within `timeoutMicros`. The registration lives until then.
  func callAsync(
    _ message: BusMessage, timeoutMicros: UInt64, userdata: UnsafeMutableRawPointer?,
    callback: sd_bus_message_handler_t
  ) throws(DesktopBusError) {
    try SDBus.check(
      sd_bus_call_async(bus, nil, message.message, callback, userdata, timeoutMicros),
      "calling \(message.member)")
  }

  /// Delivers the signals that match `rule` to `callback` while the slot lives. Waits for the
  /// bus to take the rule, as long as the connection's method-call timeout (sd-bus's 25 s
  /// unless `setMethodCallTimeout` said otherwise).
  func addMatch(
    _ rule: String, userdata: UnsafeMutableRawPointer?, callback: sd_bus_message_handler_t
  ) throws(DesktopBusError) -> BusSlot {
    var slot: OpaquePointer?
    let status = sd_bus_add_match(bus, &slot, rule, callback, userdata)
    guard status >= 0, let slot else { throw SDBus.failure(status, "sd_bus_add_match") }
    return BusSlot(slot)
  }

  /// Waits until there is work for `process`, at most `timeoutMicros` (`UInt64.max`: no limit
  /// but sd-bus's own). Through SystemSupport's `Poll.wait`, not `sd_bus_wait`, so that a signal
  /// ends it as it ends every other wait of the program: early, for the caller's loop.
  func wait(timeoutMicros: UInt64) throws(DesktopBusError) {
    let setup = try pollSetup()
    var timeoutMs = setup.timeoutMs
    if timeoutMicros != UInt64.max {
      let askedMs = Int32(clamping: (timeoutMicros + 999) / 1_000)
      timeoutMs = timeoutMs < 0 ? askedMs : min(timeoutMs, askedMs)
    }
    var fds = [PollDescriptor(fd: setup.fd, events: setup.events)]
    if case .failure(let error) = Poll.wait(&fds, timeoutMs: timeoutMs) {
      throw SDBus.failure(-error.rawValue, "poll")
    }
  }

  /// This connection's unique name (`:1.42`).
  func uniqueName() throws(DesktopBusError) -> String {
    var name: UnsafePointer<CChar>?
    try SDBus.check(sd_bus_get_unique_name(bus, &name), "sd_bus_get_unique_name")
    return name.map { String(cString: $0) } ?? ""
  }

  /// Answers `call` with a D-Bus error.
  func replyError(to call: BusMessage, name: String, message: String) throws(DesktopBusError) {
    var error = sd_bus_error()
    defer { sd_bus_error_free(&error) }
    _ = sd_bus_error_set(&error, name, message)
    try SDBus.check(sd_bus_reply_method_error(call.message, &error), "sd_bus_reply_method_error")
  }

  func newMethodReturn(to call: BusMessage) throws(DesktopBusError) -> BusMessage {
    var reply: OpaquePointer?
    let status = sd_bus_message_new_method_return(call.message, &reply)
    guard status >= 0, let reply else {
      throw SDBus.failure(status, "sd_bus_message_new_method_return")
    }
    return BusMessage(owning: reply)
  }

  /// Handles one pending piece of work; true when there may be more right away.
  func process() throws(DesktopBusError) -> Bool {
    try SDBus.check(sd_bus_process(bus, nil), "sd_bus_process") > 0
  }

  /// The descriptor, the poll events and the relative timeout (ms, -1: none) to wait with.
  func pollSetup() throws(DesktopBusError) -> (fd: Int32, events: Int16, timeoutMs: Int32) {
    let fd = try SDBus.check(sd_bus_get_fd(bus), "sd_bus_get_fd")
    let events = try SDBus.check(sd_bus_get_events(bus), "sd_bus_get_events")
    var until: UInt64 = 0
    try SDBus.check(sd_bus_get_timeout(bus, &until), "sd_bus_get_timeout")
    var timeoutMs: Int32 = -1
    if until != UInt64.max {
      // sd-bus's deadline is on CLOCK_MONOTONIC, in microseconds.
      let nowMicros = UInt64(SystemClock.monotonicNanos() / 1_000)
      let left = until > nowMicros ? (until - nowMicros + 999) / 1_000 : 0
      timeoutMs = Int32(min(left, UInt64(Int32.max)))
    }
    return (fd, Int16(truncatingIfNeeded: events), timeoutMs)
  }

  func flush() {
    _ = sd_bus_flush(bus)
  }
}

/// A registration on the bus (an object path); unregistered when it goes.
final class BusSlot {
  private let slot: OpaquePointer

  init(_ slot: OpaquePointer) { self.slot = slot }

  deinit {
    _ = sd_bus_slot_unref(slot)
  }
}

/// One D-Bus message with a reference of its own.
final class BusMessage {
  let message: OpaquePointer

  init(owning message: OpaquePointer) { self.message = message }

  /// A message sd-bus lent to a callback: referenced for as long as this object lives.
  init(borrowing message: OpaquePointer) {
    self.message = message
    _ = sd_bus_message_ref(message)
  }

  deinit {
    _ = sd_bus_message_unref(message)
  }

  var interface: String { sd_bus_message_get_interface(message).map { String(cString: $0) } ?? "" }
  var path: String { sd_bus_message_get_path(message).map { String(cString: $0) } ?? "" }
  /// Whether the message is an error reply.
  var isError: Bool { sd_bus_message_is_method_error(message, nil) > 0 }

  /// The D-Bus error an error reply carries (its name and message), for `operation`; nil when
  /// the message is no error.
  func errorReply(operation: String) -> DesktopBusError? {
    guard isError else { return nil }
    var failure = DesktopBusError(operation: operation, message: "refused")
    if let error = sd_bus_message_get_error(message)?.pointee {
      if let text = error.name { failure.name = String(cString: text) }
      if let text = error.message { failure.message = String(cString: text) }
    }
    return failure
  }

  /// Asks the bus not to start a service for this call when no one owns the destination.
  func setNoAutoStart() {
    _ = sd_bus_message_set_auto_start(message, 0)
  }
  var member: String { sd_bus_message_get_member(message).map { String(cString: $0) } ?? "" }

  // MARK: Reading arguments

  func readString() throws(DesktopBusError) -> String {
    try readText(SDBus.code("s"))
  }

  func readObjectPath() throws(DesktopBusError) -> String {
    try readText(SDBus.code("o"))
  }

  func readStrings() throws(DesktopBusError) -> [String] {
    try SDBus.check(
      sd_bus_message_enter_container(message, SDBus.code("a"), "s"), "reading an array")
    var strings: [String] = []
    while true {
      var text: UnsafePointer<CChar>?
      let status = try SDBus.check(
        sd_bus_message_read_basic(message, SDBus.code("s"), &text), "reading a string")
      guard status > 0, let text else { break }
      strings.append(String(cString: text))
    }
    try SDBus.check(sd_bus_message_exit_container(message), "reading an array")
    return strings
  }

  func readInt32() throws(DesktopBusError) -> Int32 {
    var value: Int32 = 0
    let status = try SDBus.check(
      sd_bus_message_read_basic(message, SDBus.code("i"), &value), "reading an int32")
    if status == 0 { throw DesktopBusError(operation: "reading an int32", message: "missing") }
    return value
  }

  func readBool() throws(DesktopBusError) -> Bool {
    var value: Int32 = 0
    let status = try SDBus.check(
      sd_bus_message_read_basic(message, SDBus.code("b"), &value), "reading a bool")
    if status == 0 { throw DesktopBusError(operation: "reading a bool", message: "missing") }
    return value != 0
  }

  /// `ai`.
  func readInt32s() throws(DesktopBusError) -> [Int32] {
    var numbers: [Int32] = []
    try SDBus.check(
      sd_bus_message_enter_container(message, SDBus.code("a"), "i"), "reading an array")
    while true {
      var value: Int32 = 0
      let status = try SDBus.check(
        sd_bus_message_read_basic(message, SDBus.code("i"), &value), "reading an int32")
      if status == 0 { break }
      numbers.append(value)
    }
    try SDBus.check(sd_bus_message_exit_container(message), "reading an array")
    return numbers
  }

  /// Enters a container (`a`, `v`, `r`, `e`) of the given contents; false at the end of the
  /// enclosing array (nothing left to enter).
  func enter(_ type: Unicode.Scalar, _ contents: String) throws(DesktopBusError) -> Bool {
    try SDBus.check(
      sd_bus_message_enter_container(message, SDBus.code(type), contents),
      "reading a container \(type)\(contents)") > 0
  }

  func exitContainer() throws(DesktopBusError) {
    try SDBus.check(sd_bus_message_exit_container(message), "leaving a container")
  }

  /// Passes over the next value of signature `types` unread.
  func skip(_ types: String) throws(DesktopBusError) {
    try SDBus.check(sd_bus_message_skip(message, types), "skipping \(types)")
  }

  /// The signature of the value inside the variant that comes next (without entering it).
  func peekVariantContents() throws(DesktopBusError) -> String {
    var type: CChar = 0
    var contents: UnsafePointer<CChar>?
    try SDBus.check(
      sd_bus_message_peek_type(message, &type, &contents), "reading a variant's type")
    return contents.map { String(cString: $0) } ?? ""
  }

  var sender: String { sd_bus_message_get_sender(message).map { String(cString: $0) } ?? "" }

  func readInt64() throws(DesktopBusError) -> Int64 {
    var value: Int64 = 0
    let status = try SDBus.check(
      sd_bus_message_read_basic(message, SDBus.code("x"), &value), "reading an int64")
    if status == 0 { throw DesktopBusError(operation: "reading an int64", message: "missing") }
    return value
  }

  /// A `v` holding a `d` (what a client sends to set Volume).
  func readVariantDouble() throws(DesktopBusError) -> Double {
    try SDBus.check(
      sd_bus_message_enter_container(message, SDBus.code("v"), "d"), "reading a double variant")
    var value: Double = 0
    try SDBus.check(
      sd_bus_message_read_basic(message, SDBus.code("d"), &value), "reading a double")
    try SDBus.check(sd_bus_message_exit_container(message), "reading a double variant")
    return value
  }

  /// A `b` in a variant (a boolean property being set). sd-bus reads it as a C int.
  func readVariantBool() throws(DesktopBusError) -> Bool {
    try SDBus.check(
      sd_bus_message_enter_container(message, SDBus.code("v"), "b"), "reading a boolean variant")
    var value: Int32 = 0
    try SDBus.check(
      sd_bus_message_read_basic(message, SDBus.code("b"), &value), "reading a boolean")
    try SDBus.check(sd_bus_message_exit_container(message), "reading a boolean variant")
    return value != 0
  }

  /// An `s` in a variant (a string property being set).
  func readVariantString() throws(DesktopBusError) -> String {
    try SDBus.check(
      sd_bus_message_enter_container(message, SDBus.code("v"), "s"), "reading a string variant")
    let text = try readText(SDBus.code("s"))
    try SDBus.check(sd_bus_message_exit_container(message), "reading a string variant")
    return text
  }

  /// The type of the value that comes next and, for a container, its contents' signature; nil
  /// at the end of the container being read.
  func peekType() throws(DesktopBusError) -> (type: Unicode.Scalar, contents: String)? {
    var type: CChar = 0
    var contents: UnsafePointer<CChar>?
    let status = try SDBus.check(
      sd_bus_message_peek_type(message, &type, &contents), "reading a value's type")
    guard status > 0 else { return nil }
    return (Unicode.Scalar(UInt8(bitPattern: type)), contents.map { String(cString: $0) } ?? "")
  }

  /// A fixed-size basic value (`y`, `b`, `n`, `q`, `i`, `u`, `x`, `t`, `d`, `h`) read into a
  /// value of the matching C size.
  func readFixed<Value: BitwiseCopyable>(_ type: Unicode.Scalar, as initial: Value)
    throws(DesktopBusError) -> Value
  {
    var value = initial
    let status = try withUnsafeMutableBytes(of: &value) { bytes throws(DesktopBusError) in
      try SDBus.check(
        sd_bus_message_read_basic(message, SDBus.code(type), bytes.baseAddress),
        "reading a \(type)")
    }
    if status == 0 { throw DesktopBusError(operation: "reading a \(type)", message: "missing") }
    return value
  }

  /// A string-like basic value (`s`, `o`, `g`).
  func readText(_ type: Unicode.Scalar) throws(DesktopBusError) -> String {
    try readText(SDBus.code(type))
  }

  private func readText(_ type: CChar) throws(DesktopBusError) -> String {
    var text: UnsafePointer<CChar>?
    let status = try SDBus.check(
      sd_bus_message_read_basic(message, type, &text), "reading a string")
    guard status > 0, let text else {
      throw DesktopBusError(operation: "reading a string", message: "missing")
    }
    return String(cString: text)
  }

  // MARK: Writing arguments

  func append(_ value: DBusValue) throws(DesktopBusError) {
    switch value {
    case .string(let text): try appendText(text, type: SDBus.code("s"))
    case .objectPath(let path): try appendText(path, type: SDBus.code("o"))
    case .int64(var number):
      try SDBus.check(
        sd_bus_message_append_basic(message, SDBus.code("x"), &number), "appending an int64")
    case .double(var number):
      try SDBus.check(
        sd_bus_message_append_basic(message, SDBus.code("d"), &number), "appending a double")
    case .int32(var number):
      try SDBus.check(
        sd_bus_message_append_basic(message, SDBus.code("i"), &number), "appending an int32")
    case .uint32(var number):
      try SDBus.check(
        sd_bus_message_append_basic(message, SDBus.code("u"), &number), "appending a uint32")
    case .structure(let members):
      try openContainer("r", members.map(\.signature).joined())
      for member in members { try append(member) }
      try closeContainer()
    case .array(let element, let elements):
      try openContainer("a", element)
      for item in elements { try append(item) }
      try closeContainer()
    case .bool(let flag):
      var number: Int32 = flag ? 1 : 0
      try SDBus.check(
        sd_bus_message_append_basic(message, SDBus.code("b"), &number), "appending a bool")
    case .strings(let strings):
      try openContainer("a", "s")
      for text in strings { try appendText(text, type: SDBus.code("s")) }
      try closeContainer()
    case .variant(let inner):
      try openContainer("v", inner.signature)
      try append(inner)
      try closeContainer()
    case .dictionary(let entries):
      try openContainer("a", "{sv}")
      for entry in entries {
        try openContainer("e", "sv")
        try appendText(entry.key, type: SDBus.code("s"))
        try append(.wrapping(entry.value))
        try closeContainer()
      }
      try closeContainer()
    }
  }

  private func appendText(_ text: String, type: CChar) throws(DesktopBusError) {
    let status = text.withCString { sd_bus_message_append_basic(message, type, $0) }
    try SDBus.check(status, "appending a string")
  }

  private func openContainer(_ type: Unicode.Scalar, _ contents: String) throws(DesktopBusError) {
    try SDBus.check(
      sd_bus_message_open_container(message, SDBus.code(type), contents),
      "opening a container \(type)\(contents)")
  }

  private func closeContainer() throws(DesktopBusError) {
    try SDBus.check(sd_bus_message_close_container(message), "closing a container")
  }
}

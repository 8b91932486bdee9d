internal import CSystemd
import SystemSupport

/// What may cut a bounded wait on the bus short: a wake pipe to poll beside the bus socket, and
/// whether its owner now stops (asked each time the pipe wakes the wait).
struct BusWake {
  let fd: Int32
  let stopping: () -> Bool
}

/// Waits on a server that may not answer, each bounded by a timeout of its own and, given a
/// `BusWake`, ended at once when the owner stops. sd-bus's blocking calls wait for a connection
/// to finish its handshake first, without any bound but sd-bus's own (25 s or more), so a bus
/// that accepts the connection and then says nothing would hold them that long.
extension BusConnection {
  /// Connects to `address` (a D-Bus address, `unix:path=…`) as a bus client.
  convenience init(address: String) throws(DesktopBusError) {
    var made: OpaquePointer?
    try SDBus.check(sd_bus_new(&made), "sd_bus_new")
    guard let made else { throw DesktopBusError(operation: "sd_bus_new", message: "no bus") }
    let status = address.withCString { sd_bus_set_address(made, $0) }
    if status < 0 || sd_bus_set_bus_client(made, 1) < 0 {
      _ = sd_bus_unref(made)
      throw SDBus.failure(
        status < 0 ? status : -Errno.invalidArgument.rawValue, "sd_bus_set_address(\(address))")
    }
    let started = sd_bus_start(made)
    if started < 0 {
      _ = sd_bus_unref(made)
      throw SDBus.failure(started, "sd_bus_start(\(address))")
    }
    self.init(owning: made)
  }

  /// Waits (at most `timeoutMicros`) until the bus took this connection: authenticated, and
  /// its Hello answered with a unique name.
  func waitUntilReady(timeoutMicros: UInt64, wake: BusWake? = nil) throws(DesktopBusError) {
    try pump(
      until: { sd_bus_is_ready(bus) > 0 }, timeoutMicros: timeoutMicros,
      operation: "connecting to the session bus", wake: wake)
  }

  /// Takes the well-known `name` without queueing, waiting at most `timeoutMicros` for the
  /// bus's answer; false when another connection owns it.
  func requestName(_ name: String, timeoutMicros: UInt64, wake: BusWake? = nil)
    throws(DesktopBusError) -> Bool
  {
    let call = try newMethodCall(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "RequestName")
    try call.append(.string(name))
    try call.append(.uint32(Self.doNotQueue))
    let reply = try awaitReply(call, timeoutMicros: timeoutMicros, wake: wake)
    if let failure = reply.errorReply(operation: "requesting the name \(name)") { throw failure }
    switch try reply.readFixed("u", as: UInt32(0)) {
    case Self.primaryOwner, Self.alreadyOwner: return true
    default: return false
    }
  }

  // The bus daemon's RequestName flag and answers (the D-Bus specification's numbers).
  private static let doNotQueue: UInt32 = 4
  private static let primaryOwner: UInt32 = 1
  private static let alreadyOwner: UInt32 = 4

  /// Sends `message` and waits for its reply (or error reply) at most `timeoutMicros`.
  func awaitReply(_ message: BusMessage, timeoutMicros: UInt64, wake: BusWake? = nil)
    throws(DesktopBusError) -> BusMessage
  {
    final class Answer { var reply: BusMessage? }
    let answer = Answer()
    var slot: OpaquePointer?
    let status = sd_bus_call_async(
      bus, &slot, message.message,
      { reply, userdata, _ in
        guard let reply, let userdata else { return 0 }
        Unmanaged<Answer>.fromOpaque(userdata).takeUnretainedValue().reply = BusMessage(
          borrowing: reply)
        return 0
      }, Unmanaged.passUnretained(answer).toOpaque(), timeoutMicros)
    guard status >= 0, let slot else { throw SDBus.failure(status, "calling \(message.member)") }
    // The slot going cancels a call still unanswered, so its callback never sees `answer` gone.
    let pending = BusSlot(slot)
    try withExtendedLifetime(pending) { () throws(DesktopBusError) in
      try pump(
        until: { answer.reply != nil }, timeoutMicros: timeoutMicros,
        operation: "calling \(message.member)", wake: wake)
    }
    guard let reply = answer.reply else {
      throw DesktopBusError(operation: "calling \(message.member)", message: "no reply")
    }
    return reply
  }

  /// Processes the connection until `done`, polling its socket (and `wake`'s pipe) in between;
  /// throws when `timeoutMicros` passed first or `wake`'s owner stops. Signals that arrive
  /// meanwhile go to their matches' callbacks (how a portal's `Response` is waited for).
  func pump(
    until done: () -> Bool, timeoutMicros: UInt64, operation: String, wake: BusWake?
  ) throws(DesktopBusError) {
    let deadline = SystemClock.monotonicNanos() + Int64(clamping: timeoutMicros) * 1_000
    while true {
      while try process() { if done() { return } }
      if done() { return }
      if let wake, wake.stopping() {
        throw DesktopBusError(operation: operation, message: "stopped")
      }
      let leftMs = (deadline - SystemClock.monotonicNanos() + 999_999) / 1_000_000
      guard leftMs > 0 else {
        throw DesktopBusError(
          operation: operation,
          message: "no answer within \(timeoutMicros / 1_000) ms")
      }
      let setup = try pollSetup()
      let waitMs = setup.timeoutMs < 0 ? leftMs : min(Int64(setup.timeoutMs), leftMs)
      var fds = [PollDescriptor(fd: setup.fd, events: setup.events)]
      if let wake { fds.append(PollDescriptor(fd: wake.fd, events: Poll.readable)) }
      if case .failure(let error) = Poll.wait(&fds, timeoutMs: Int32(clamping: waitMs)) {
        throw SDBus.failure(-error.rawValue, "poll")
      }
    }
  }
}

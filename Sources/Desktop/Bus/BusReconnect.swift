import SystemSupport

/// Connecting to the session bus again after it went away (its daemon restarted, at the same
/// address): on the bus thread, which serves nothing meanwhile, so nothing else waits for it.
///
/// Tries after a pause that doubles from a quarter of a second up to 2 s, so a bus that is back
/// is found within about 2 s and one that stays away costs one failed connect every 2 s. Each
/// attempt is bounded (its handshake and its name requests wait 2 s at most each). The pauses
/// and the attempts' waits all poll the service's wake pipe too, so `stop` ends them at once,
/// also while a bus that took the connection says nothing.
struct BusReconnect {
  let wakeFD: Int32
  /// Drains the wake pipe and says whether the service is stopping.
  let stopping: () -> Bool
  /// A new connection (the session bus; a test's own address).
  var open: () throws(DesktopBusError) -> BusConnection = { () throws(DesktopBusError) in
    try BusConnection()
  }

  static let firstPauseMs = 250
  static let longestPauseMs = 2_000
  static let callTimeoutMicros: UInt64 = 2_000_000

  /// A new connection holding `name`, or when another process took it meanwhile, this
  /// process's instance name of it (`fallbackName`); nil when the service stopped first.
  func connect(claiming name: String) -> (connection: BusConnection, name: String)? {
    var pauseMs = Self.firstPauseMs
    while true {
      if !pause(ms: pauseMs) { return nil }
      pauseMs = min(pauseMs * 2, Self.longestPauseMs)
      guard let connection = try? open() else { continue }
      connection.setMethodCallTimeout(micros: Self.callTimeoutMicros)
      let wake = BusWake(fd: wakeFD, stopping: stopping)
      do {
        try connection.waitUntilReady(timeoutMicros: Self.callTimeoutMicros, wake: wake)
        return (connection, try claim(name, on: connection, wake: wake))
      } catch {
        if stopping() { return nil }
      }
    }
  }

  /// Waits `ms` milliseconds, woken early only to see whether the service stops; false when
  /// it does.
  private func pause(ms: Int) -> Bool {
    let deadline = Self.nowMs() + ms
    while true {
      if stopping() { return false }
      let left = deadline - Self.nowMs()
      if left <= 0 { return true }
      var fds = [PollDescriptor(fd: wakeFD, events: Poll.readable)]
      _ = Poll.wait(&fds, timeoutMs: Int32(left))
    }
  }

  private func claim(_ name: String, on connection: BusConnection, wake: BusWake)
    throws(DesktopBusError) -> String
  {
    if try connection.requestName(name, timeoutMicros: Self.callTimeoutMicros, wake: wake) {
      return name
    }
    let instance = Self.fallbackName(for: name)
    _ = try connection.requestName(instance, timeoutMicros: Self.callTimeoutMicros, wake: wake)
    return instance
  }

  /// The name taken when `name` is held by another process: a player's MPRIS name becomes its
  /// `…lyricpip.instance<pid>`, as MPRIS asks of a second instance; any other (the follower's
  /// `org.lyricpip.Follow`) `<name>.instance<pid>`, which is no MPRIS name, so the follower is
  /// still not listed as a player.
  static func fallbackName(for name: String, pid: Int32 = SystemProcess.id) -> String {
    name.hasPrefix(MPRISService.plainName)
      ? "\(MPRISService.plainName).instance\(pid)" : "\(name).instance\(pid)"
  }

  private static func nowMs() -> Int {
    Int(SystemClock.monotonicNanos() / 1_000_000)
  }
}

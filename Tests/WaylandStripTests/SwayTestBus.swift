import Foundation
import TestSupport

/// A session bus of one test's own (`dbus-daemon --session`), for `lyricpip follow` and the
/// player it follows: no other player or follower can meet them. Stopped by its process id
/// when the value goes.
final class SwayTestBus {
  let address: String
  private let daemon = Process()
  private let exited = DispatchSemaphore(value: 0)

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  init(folder: URL) throws {
    let socket = folder.appendingPathComponent("bus").path
    address = "unix:path=\(socket)"
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    daemon.arguments = ["--session", "--nofork", "--address=\(address)"]
    daemon.standardOutput = FileHandle.nullDevice
    daemon.standardError = FileHandle.nullDevice
    daemon.terminationHandler = { [exited] _ in exited.signal() }
    try daemon.run()
    let listening = poll(timeout: 10) {
      FileManager.default.fileExists(atPath: socket) || !daemon.isRunning
    }
    guard listening, daemon.isRunning else {
      throw Failed(description: "dbus-daemon did not start")
    }
  }

  /// What a program needs to find this bus as its session bus.
  var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

  /// Waits until `name` has an owner on this bus.
  func waitForName(_ name: String, seconds: Double = 15) -> Bool {
    poll(timeout: seconds) {
      (try? ProcessRunner.run(
        "busctl", ["--user", "status", name], environment: environment, timeout: 20
      ).status) == 0
    }
  }

  /// Killed outright: the test process's blocked signals are inherited by its children.
  deinit {
    guard daemon.isRunning else { return }
    kill(daemon.processIdentifier, SIGKILL)
    _ = exited.wait(timeout: .now() + 10)
  }
}

import Foundation
import TestSupport

/// A D-Bus session bus of one test's own (`dbus-daemon --session`), so MPRIS names and the
/// one-instance hand-off cannot meet players of tests running at the same time. Stopped (by
/// process id) when the value goes.
final class PrivateBus {
  let address: String
  private let socket: String
  private var daemon: Process

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  init() throws {
    socket = try Paths.makeTemporaryDirectory().appendingPathComponent("bus").path
    address = "unix:path=\(socket)"
    daemon = try Self.startDaemon(address: address, socket: socket)
  }

  private static func startDaemon(address: String, socket: String) throws -> Process {
    let daemon = try PrivateDesktop.launch(
      "/usr/bin/dbus-daemon", ["--session", "--nofork", "--address=\(address)"])
    let listening = poll(timeout: 10) {
      FileManager.default.fileExists(atPath: socket) || !daemon.isRunning
    }
    guard listening, daemon.isRunning else {
      PrivateDesktop.kill(daemon)
      throw Failed(description: "dbus-daemon did not start")
    }
    return daemon
  }

  /// A new bus daemon at the same address, once `stop` ended the old one: a session bus that
  /// came back (its clients must connect again; the names they held are gone).
  func restart() throws {
    stop()
    // The old daemon's socket file is left behind; the new one cannot bind over it.
    try? FileManager.default.removeItem(atPath: socket)
    daemon = try Self.startDaemon(address: address, socket: socket)
  }

  deinit { PrivateDesktop.kill(daemon) }

  /// The bus daemon's process (a test stops it to make a bus that does not answer).
  var daemonID: Int32 { daemon.processIdentifier }

  /// Ends the bus daemon now, as a session bus that goes away mid-run.
  func stop() { PrivateDesktop.kill(daemon) }

  /// What a program needs to find this bus as its session bus.
  var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

  /// Runs a bus client (`busctl --user …`, `gdbus`, `playerctl`) against this bus.
  @discardableResult
  func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(tool, arguments, environment: environment, timeout: 20)
  }

  /// `busctl --user get-property` of the MPRIS object: the value as busctl prints it.
  func property(_ name: String, of busName: String, interface: String = MPRIS.player) throws
    -> String
  {
    try run("busctl", ["--user", "get-property", busName, MPRIS.path, interface, name]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `busctl --user call` of an MPRIS method; the result of the call.
  @discardableResult
  func call(_ busName: String, _ interface: String, _ member: String, _ arguments: [String] = [])
    throws -> ProcessResult
  {
    try run("busctl", ["--user", "call", busName, MPRIS.path, interface, member] + arguments)
  }

  /// Waits until `busName` has an owner on this bus.
  func waitForName(_ busName: String, seconds: Double = 15) -> Bool {
    poll(timeout: seconds) {
      (try? run("busctl", ["--user", "status", busName]).status) == 0
    }
  }

  /// Starts `gdbus monitor` on the signals of `busName`, its output in `file`; ready once it
  /// says so. Stop it with `PrivateDesktop.kill`.
  func monitor(_ busName: String, into file: String) throws -> Process {
    guard FileManager.default.createFile(atPath: file, contents: nil) else {
      throw Failed(description: "cannot create \(file)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
    process.arguments = ["monitor", "--session", "--dest", busName]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle(forWritingAtPath: file)
    process.standardError = FileHandle.nullDevice
    try process.run()
    let ready = poll(timeout: 10) {
      Self.text(of: file).contains("is owned by") || !process.isRunning
    }
    guard ready, process.isRunning else {
      PrivateDesktop.kill(process)
      throw Failed(description: "gdbus monitor did not start: \(Self.text(of: file))")
    }
    return process
  }

  static func text(of file: String) -> String {
    (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
  }
}

/// The MPRIS names the tests use.
enum MPRIS {
  static let path = "/org/mpris/MediaPlayer2"
  static let root = "org.mpris.MediaPlayer2"
  static let player = "org.mpris.MediaPlayer2.Player"
  static let plainName = "org.mpris.MediaPlayer2.lyricpip"

  static func instanceName(_ pid: Int32) -> String { "\(plainName).instance\(pid)" }
}

import Foundation
import Glibc

/// A PulseAudio server of one test's own, with a null sink (as `scripts/with-services` starts
/// the shared one): a test may stop it, freeze it or start it again on the same socket without
/// disturbing the tests that share the other server. Ended (by process id) when the value goes.
public final class PrivatePulseServer {
  public let directory: URL
  /// What `PULSE_SERVER` (or `PulseOutput(server:)`) takes to reach this server.
  public var address: String { "unix:" + directory.appendingPathComponent("native").path }
  /// The shell the server runs under, and the server's own process id.
  private var shell: Process?
  private var serverPID: Int32?

  public struct Failed: Error, CustomStringConvertible {
    public var description: String
  }

  public init() throws {
    directory = try Paths.makeTemporaryDirectory()
    try start()
  }

  /// Starts the server (again) and waits until a client can talk to it.
  ///
  /// The server runs as a grandchild, under a shell: a child that is stopped (SIGSTOP) makes
  /// Foundation's child watcher wait for it to exit, and every other `Process` of the test run
  /// then hangs behind that wait. The stop of a grandchild is its shell's business.
  public func start() throws {
    let pidFile = directory.appendingPathComponent("server.pid").path
    let logFile = directory.appendingPathComponent("server.log").path
    try? FileManager.default.removeItem(atPath: pidFile)
    let command = [
      "pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
      "'--load=module-null-sink sink_name=test'",
      "'--load=module-native-protocol-unix socket=\(directory.path)/native auth-anonymous=1'",
    ].joined(separator: " ")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [
      "-c", "\(command) </dev/null >>'\(logFile)' 2>&1 & echo $! >'\(pidFile)'; wait",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["PULSE_RUNTIME_PATH"] = directory.path
    shell.environment = environment
    shell.standardOutput = FileHandle.nullDevice
    shell.standardError = FileHandle.nullDevice
    try shell.run()
    self.shell = shell
    // Up when its socket takes a connection (the protocol module loads last).
    let socket = directory.appendingPathComponent("native").path
    let up = poll(timeout: 10, interval: 0.025) {
      if serverPID == nil, let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
        text.hasSuffix("\n")
      {
        serverPID = Int32(text.dropLast())
      }
      return serverPID != nil && Self.acceptsConnections(socket) || !shell.isRunning
    }
    if up && shell.isRunning { return }
    stop()
    let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
    throw Failed(description: "the private PulseAudio server did not start: \(log)")
  }

  /// The server's process id, while it runs.
  public var pid: Int32? { serverPID }

  /// Freezes the server (SIGSTOP) as a hung or swapped-out sound server would be: its socket
  /// stays open and nothing answers.
  public func suspend() {
    if let pid { kill(pid, SIGSTOP) }
  }

  /// Lets a suspended server go on (SIGCONT). Harmless on a running one.
  public func resume() {
    if let pid { kill(pid, SIGCONT) }
  }

  /// Ends the server (SIGTERM) as a crashed or restarted server would go; its shell follows.
  public func stop() {
    if let pid = serverPID {
      kill(pid, SIGCONT)
      kill(pid, SIGTERM)
    }
    if let shell { _ = poll(timeout: 5, interval: 0.005) { !shell.isRunning } }
    if let pid = serverPID, shell?.isRunning == true { kill(pid, SIGKILL) }
    if let shell, shell.isRunning { kill(shell.processIdentifier, SIGKILL) }
    shell?.waitUntilExit()
    shell = nil
    serverPID = nil
  }

  deinit { stop() }

  /// Whether a Unix socket at `path` accepts a connection.
  private static func acceptsConnections(_ path: String) -> Bool {
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
      }
    }
  }
}

import Foundation
import Glibc

/// A PulseAudio server of one test's own, with a null sink (as `scripts/with-services` starts
/// the shared one): a test may stop it, freeze it or start it again on the same socket without
/// disturbing the tests that share the other server. Ended (by process id) when the value goes.
public final class PrivatePulseServer {
  public let directory: URL
  /// What `PULSE_SERVER` (or `PulseOutput(server:)`) takes to reach this server.
  public var address: String { "unix:" + directory.appendingPathComponent("native").path }
  /// The server's process id, while it runs.
  private var serverPID: pid_t?

  public struct Failed: Error, CustomStringConvertible {
    public var description: String
  }

  /// - Parameter started: false makes only the folder and the address, for a test of a player
  ///   that starts before its server does (`start` later).
  public init(started: Bool = true) throws {
    directory = try Paths.makeTemporaryDirectory()
    if started { try start() }
  }

  /// Starts the server (again) and waits until a client can talk to it.
  ///
  /// Spawned directly (posix_spawn), not through Foundation's `Process`: a child of `Process`
  /// that is stopped (SIGSTOP) makes Foundation's child watcher wait for it to exit, and every
  /// other `Process` of the test run then hangs behind that wait. The child starts with no
  /// signal blocked (the test's threads block some, and a child inherits that mask).
  public func start() throws {
    let logFile = directory.appendingPathComponent("server.log").path
    let arguments = [
      "/usr/bin/pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
      "--load=module-null-sink sink_name=test",
      "--load=module-native-protocol-unix socket=\(directory.path)/native auth-anonymous=1",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["PULSE_RUNTIME_PATH"] = directory.path
    // Off the session bus: a server there takes the name org.PulseAudio1 and exits, saying
    // nothing much, when another test's server has it.
    environment["DBUS_SESSION_BUS_ADDRESS"] = nil
    environment["DISPLAY"] = nil
    let pid = try Self.spawn(
      arguments, environment: environment.map { "\($0.key)=\($0.value)" }, output: logFile)
    serverPID = pid
    // Up when its socket takes a connection (the protocol module loads last).
    let socket = directory.appendingPathComponent("native").path
    let up = poll(timeout: 10, interval: 0.025) {
      Self.acceptsConnections(socket) || !isRunning
    }
    if up && isRunning { return }
    stop()
    let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
    throw Failed(description: "the private PulseAudio server did not start: \(log)")
  }

  /// Whether the server process is still there (it is reaped here once it ended).
  public var isRunning: Bool {
    guard let pid = serverPID else { return false }
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) == 0
  }

  private static func spawn(_ arguments: [String], environment: [String], output: String) throws
    -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard status == 0 else {
      throw Failed(description: "cannot start pulseaudio: \(String(cString: strerror(status)))")
    }
    return pid
  }

  public var pid: Int32? { serverPID }

  /// Freezes the server (SIGSTOP) as a hung or swapped-out sound server would be: its socket
  /// stays open and nothing answers.
  public func suspend() {
    if let pid, isRunning { kill(pid, SIGSTOP) }
  }

  /// Lets a suspended server go on (SIGCONT). Harmless on a running one.
  public func resume() {
    if let pid { kill(pid, SIGCONT) }
  }

  /// Ends the server (SIGTERM, then SIGKILL if it lingers) as a crashed or restarted server
  /// goes, and reaps it.
  public func stop() {
    guard let pid = serverPID else { return }
    defer { serverPID = nil }
    // Reaped already: its number may be another process's by now.
    guard isRunning else { return }
    kill(pid, SIGCONT)
    kill(pid, SIGTERM)
    if !poll(timeout: 5, interval: 0.005, until: { !isRunning }) {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
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

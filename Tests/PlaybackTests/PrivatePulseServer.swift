import Foundation
import Glibc
import Playback
import TestSupport

/// A PulseAudio server of this test's own (the shared one must not be killed), stopped and
/// started again on the same socket to play "the server went away and came back".
final class PrivatePulseServer {
  let directory: URL
  var address: String { "unix:" + directory.appendingPathComponent("native").path }
  private var process: Process?

  init() throws {
    directory = try Paths.makeTemporaryDirectory()
    try start()
  }

  func start() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pulseaudio")
    process.arguments = [
      "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
      "--load=module-null-sink sink_name=test",
      "--load=module-native-protocol-unix socket=\(directory.path)/native auth-anonymous=1",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["PULSE_RUNTIME_PATH"] = directory.path
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    // Up when a client can connect (pactl is not used: it may autospawn a daemon of its own).
    for _ in 0..<200 {
      if let probe = try? PulseOutput(server: address), (try? probe.open()) != nil {
        probe.close()
        return
      }
      usleep(25_000)
    }
  }

  /// The server's process id, while it runs.
  var pid: Int32? { process.map(\.processIdentifier) }

  /// Freezes the server (SIGSTOP) as a hung or swapped-out sound server would be: its socket
  /// stays open and nothing answers.
  func suspend() {
    if let pid { kill(pid, SIGSTOP) }
  }

  /// Lets a suspended server go on (SIGCONT). Harmless on a running one.
  func resume() {
    if let pid { kill(pid, SIGCONT) }
  }

  func stop() {
    resume()
    process?.terminate()
    let deadline = Date().addingTimeInterval(5)
    while process?.isRunning == true && Date() < deadline { usleep(5_000) }
    process = nil
  }

  deinit { stop() }
}

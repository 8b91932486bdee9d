import Foundation
import LyricsCore
import Playback
import SystemSupport
import TestSupport
import Testing

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
    _ = poll(timeout: 5, interval: 0.025) {
      guard let probe = try? PulseOutput(server: address), (try? probe.open()) != nil else {
        return false
      }
      probe.close()
      return true
    }
  }

  func stop() {
    process?.terminate()
    if let process { _ = poll(timeout: 5, interval: 0.005) { !process.isRunning } }
    process = nil
  }

  deinit { stop() }
}

@Suite(.enabled(if: Service.pulse.shouldRun), .timeLimit(.minutes(5)))
struct PulseReconnectTests {
  @Test func serverGoneAndBackKeepsThePosition() throws {
    // The fixture first: a child started while the server runs would share its descriptors.
    let path = try AudioFixtures.sine("tone.flac", seconds: 6, rate: 48_000)
    let server = try PrivatePulseServer()
    let output = try PulseOutput(server: server.address)
    try output.open()
    let player = Player(output: output, clock: SystemClock())
    defer { player.shutdown() }
    let log = EventLog(player)
    player.load([.file(path)])
    player.play()
    #expect(poll(timeout: 10) { player.heardPosition().nanos > 1_000_000_000 })
    server.stop()
    #expect(
      poll(timeout: 5) { log.all.contains { if case .outputLost = $0 { true } else { false } } })
    let kept = player.heardPosition().nanos
    try server.start()
    #expect(poll(timeout: 10) { log.all.contains(.outputReconnected) })
    // Not from 0: on from where it was heard, then to the end.
    #expect(player.heardPosition().nanos >= kept - 100_000_000)
    #expect(poll(timeout: 15) { player.state == .ended })
    #expect(player.heardPosition().nanos == 6_000_000_000)
    #expect(log.trackIndexes == [0])
  }
}

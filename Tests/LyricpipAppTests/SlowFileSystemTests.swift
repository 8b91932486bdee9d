import Foundation
import Glibc
import TestSupport
import Testing

/// A track on a slow file system, where every read takes a second (a network share, a disk
/// waking up): a FUSE file system of the test's own (`Fixtures/slowfs.py`, python3-fuse over
/// /dev/fuse; root, as the build machines run). Once it plays, while the player waits for the
/// file, the window keys and MPRIS answer within a second, even a seek (it reads the file); the
/// track plays, late, and the queue goes on to the next one.
@Suite(
  .enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun),
  .enabled(if: SlowFileSystem.canMount, "needs root, /dev/fuse and python3-fuse"),
  .timeLimit(.minutes(3)))
struct SlowFileSystemTests {
  func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  @Test func keysAndMPRISAnswerWhileTheFileIsSlowAndTheQueueGoesOn() throws {
    let folder = try TemporaryDirectory()
    let source = folder.appendingPathComponent("source")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    // Noise, so the file is many of FFmpeg's 32 KiB reads long (a tone fits in one or two).
    let made = try ProcessRunner.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "anoisesrc=duration=10:amplitude=0.05", "-ac",
        "2", "-c:a", "libvorbis", "-q:a", "8", source.appendingPathComponent("slow.ogg").path,
      ])
    try #require(made.status == 0, "ffmpeg: \(made.stderr)")
    let next = folder.appendingPathComponent("next.ogg").path
    try FileManager.default.copyItem(
      atPath: Paths.packageRoot.appendingPathComponent("Assets/demo.ogg").path, toPath: next)
    let slow = try SlowFileSystem(showing: source, in: folder.appendingPathComponent("slow"))

    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let player = try PlayProcess(
      [slow.path + "/slow.ogg", next, "--offline"], display: desktop.display,
      folder: folder.url, environment: bus.environment)
    defer { _ = player.terminate() }
    // The first track is opened before the windows and the bus answer (seconds here).
    let playing = player.waitForEvent(seconds: 60) {
      $0["event"] as? String == "state" && $0["state"] as? String == "playing"
    }
    try #require(playing != nil, "never played: \(player.events()) \(player.stderr)")
    let name = MPRIS.plainName
    try #require(bus.waitForName(name, seconds: 30), "\(name) never appeared: \(player.stderr)")
    let main = try #require(
      desktop.window(ofProcess: player.pid, named: "lyricpip$|– lyricpip"),
      "no main window: \(player.stderr)")
    try desktop.run("xdotool", ["windowactivate", "--sync", main])

    // A seek reads the file: seconds on this file system. The call is answered at once.
    let seekSeconds = try seconds {
      try bus.call(name, MPRIS.player, "Seek", ["x", "5000000"])
    }
    #expect(seekSeconds < 1, "Seek took \(seekSeconds) s")
    let positionSeconds = try seconds { _ = try bus.property("Position", of: name) }
    #expect(positionSeconds < 1, "Position took \(positionSeconds) s")
    // A key while the seek waits for the file: + moves the lyrics, at once.
    let offsetsBefore = player.events().filter { $0["event"] as? String == "offset" }.count
    try desktop.run("xdotool", ["key", "plus"])
    #expect(
      poll(timeout: 1) {
        player.events().filter { $0["event"] as? String == "offset" }.count > offsetsBefore
      }, "+ did not answer within 1 s: \(player.events().suffix(3))")

    // The slow track plays (late) to its end, and the next one comes.
    let nextReady = player.waitForEvent(seconds: 90) {
      $0["event"] as? String == "ready" && $0["track"] as? String == next
    }
    #expect(nextReady != nil, "the queue never went on: \(player.events()) \(player.stderr)")
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "status \(end.status): \(player.stderr)")
  }
}

/// `Fixtures/slowfs.py` mounted at a folder: `source` seen there, each read a second late.
/// Unmounted when the value goes away.
final class SlowFileSystem {
  let path: String
  private let process: Process

  static var canMount: Bool {
    geteuid() == 0 && access("/dev/fuse", R_OK | W_OK) == 0
      && (try? ProcessRunner.run("/usr/bin/python3", ["-c", "import fuse"]))?.status == 0
  }

  init(showing source: URL, in mountPoint: URL, delaySeconds: Double = 1) throws {
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    path = mountPoint.path
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      Paths.fixtures.appendingPathComponent("slowfs.py").path, source.path, path,
      String(delaySeconds),
    ]
    try process.run()
    let mounted = poll(timeout: 10) {
      (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8))?.contains(" \(path) ")
        ?? false
    }
    guard mounted else {
      process.terminate()
      throw CocoaError(.fileReadUnknown)
    }
  }

  deinit {
    umount2(path, Int32(MNT_DETACH))
    process.terminate()
    process.waitUntilExit()
  }
}

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
  .tags(.realTime),
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

  /// A 10 s Ogg file of noise on the slow file system (`slow`, seen at `slowPath`), and a copy
  /// of the demo on the ordinary one (`next`).
  /// The file system is unmounted before the folder under it is removed.
  final class Files {
    let folder: TemporaryDirectory
    private var mounted: SlowFileSystem?
    let next: String
    /// Where the slow file system is mounted.
    let slowFolder: String
    var slowPath: String { slowFolder + "/slow.ogg" }
    var notAudioPath: String { slowFolder + "/text.ogg" }

    init() throws {
      folder = try TemporaryDirectory()
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
      // Text named as audio: FFmpeg's probe of its first read says it is not.
      try String(repeating: "not a sound\n", count: 4000).write(
        to: source.appendingPathComponent("text.ogg"), atomically: true, encoding: .utf8)
      next = folder.appendingPathComponent("next.ogg").path
      try FileManager.default.copyItem(
        atPath: Paths.packageRoot.appendingPathComponent("Assets/demo.ogg").path, toPath: next)
      let slow = try SlowFileSystem(showing: source, in: folder.appendingPathComponent("slow"))
      slowFolder = slow.path
      mounted = slow
    }

    deinit { mounted = nil }
  }

  /// Waits (up to `seconds`) for MPRIS to answer `PlaybackStatus`; its answer.
  func waitForPlaybackStatus(_ bus: PrivateBus, seconds: Double) -> String? {
    var status: String?
    _ = poll(timeout: seconds) {
      // busctl prints nothing when there is no answer yet.
      status = try? bus.property("PlaybackStatus", of: MPRIS.plainName)
      return !(status ?? "").isEmpty
    }
    return status
  }

  /// Waits (up to `seconds`) for the main window of `player` to be mapped.
  func waitForMainWindow(_ desktop: PrivateDesktop, of player: PlayProcess, seconds: Double)
    -> Bool
  {
    poll(timeout: seconds) {
      ((try? desktop.windows(ofProcess: player.pid, named: "lyricpip$|– lyricpip")) ?? [])
        .contains { (try? desktop.isMapped($0)) ?? false }
    }
  }

  /// The first file is slow to open (its check and its start read it: about 10 s here): the
  /// main window is on screen and MPRIS answers (Stopped) within 2 s all the same, and the
  /// track plays once it is read.
  @Test func theWindowAndTheBusComeUpWhileTheFirstFileOpens() throws {
    let files = try Files()
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let started = ContinuousClock.now
    let player = try PlayProcess(
      [files.slowPath, files.next, "--offline"], display: desktop.display,
      folder: files.folder.url, environment: bus.environment)
    defer { _ = player.terminate() }
    // The bus name is taken early (the single-instance check): the answer is what counts.
    let status = waitForPlaybackStatus(bus, seconds: 2)
    let answeredAfter = ContinuousClock.now - started
    #expect(answeredAfter < .seconds(2.5), "MPRIS answered after \(answeredAfter)")
    #expect(status == "s \"Stopped\"" || status == "s \"Playing\"", "\(status ?? "")")
    let mapped = waitForMainWindow(desktop, of: player, seconds: 2)
    let mappedAfter = ContinuousClock.now - started
    #expect(mapped, "no main window on screen: \(player.stderr)")
    #expect(mappedAfter < .seconds(2.5), "the main window came after \(mappedAfter)")
    // Not playing yet: the file is still being read. A key answers all the same.
    #expect(player.events().first { $0["event"] as? String == "ready" } == nil)
    let main = try #require(desktop.window(ofProcess: player.pid, named: "lyricpip$|– lyricpip"))
    try desktop.run("xdotool", ["windowactivate", "--sync", main])
    try desktop.run("xdotool", ["key", "plus"])
    #expect(
      player.waitForEvent(seconds: 1) { $0["event"] as? String == "offset" } != nil,
      "+ did not answer within 1 s: \(player.events().suffix(3))")
    #expect(player.events().first { $0["event"] as? String == "ready" } == nil)

    let playing = player.waitForEvent(seconds: 60) {
      $0["event"] as? String == "state" && $0["state"] as? String == "playing"
    }
    #expect(playing != nil, "never played: \(player.events()) \(player.stderr)")
    #expect(
      poll(timeout: 5) {
        (try? bus.property("PlaybackStatus", of: MPRIS.plainName)) == "s \"Playing\""
      }, "MPRIS never said Playing")
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "status \(end.status): \(player.stderr)")
  }

  /// SIGTERM while the first file is still being opened: exit 0 within 3 s, with the state
  /// saved as it was asked for (the track, its `--start` position, the queue), not empty.
  @Test func sigtermWhileTheFirstFileOpensQuitsWithTheStateSaved() throws {
    let files = try Files()
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let player = try PlayProcess(
      [files.slowPath, files.next, "--offline", "--start", "4"], display: desktop.display,
      folder: files.folder.url, environment: bus.environment)
    defer { _ = player.terminate() }
    try #require(
      waitForMainWindow(desktop, of: player, seconds: 5),
      "no main window on screen: \(player.stderr)")
    try #require(player.events().first { $0["event"] as? String == "ready" } == nil)

    let end = player.quitTimed()
    #expect(end.seconds < 3, "SIGTERM took \(end.seconds) s")
    #expect(end.status == 0 && !end.bySignal, "status \(end.status): \(player.stderr)")
    let saved = try #require(player.savedState())
    let last = saved["lastTrack"] as? [String: Any] ?? [:]
    #expect(last["path"] as? String == files.slowPath, "\(saved)")
    #expect(last["positionMs"] as? Int == 4000, "\(saved)")
    let queue = saved["queue"] as? [String: Any] ?? [:]
    #expect(queue["paths"] as? [String] == [files.slowPath, files.next], "\(saved)")
    #expect(queue["index"] as? Int == 0, "\(saved)")

    // The desktop shortcut (no file) resumes there: the slow track, from 4 s.
    let again = try PlayProcess(
      ["--offline"], display: desktop.display, folder: files.folder.url,
      environment: bus.environment)
    defer { _ = again.terminate() }
    let resumed = again.waitForEvent(seconds: 60) {
      $0["event"] as? String == "state" && $0["state"] as? String == "playing"
    }
    #expect((resumed?["posMs"] as? Int ?? 0) >= 4000, "\(again.events()) \(again.stderr)")
    let ready = again.events().first { $0["event"] as? String == "ready" }
    #expect(ready?["track"] as? String == files.slowPath, "\(again.events())")
  }

  /// `--pip` with a slow first file: the strip comes up as soon as the track plays (before, the
  /// strip has no track and no lyrics to show).
  @Test func pipEntersTheStripOnceTheSlowFirstTrackPlays() throws {
    let files = try Files()
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let lrc = files.folder.appendingPathComponent("slow.lrc").path
    try "[00:00.00]noise\n[00:05.00]more noise\n".write(
      toFile: lrc, atomically: true, encoding: .utf8)
    let player = try PlayProcess(
      [files.slowPath, "--lyrics", lrc, "--offline", "--pip"], display: desktop.display,
      folder: files.folder.url, environment: bus.environment)
    defer { _ = player.terminate() }
    let entered = player.waitForPip("didStart", seconds: 60)
    #expect(entered != nil, "the strip never came: \(player.pipEvents()) \(player.stderr)")
    #expect(!player.pipEvents().contains { $0.hasPrefix("failedToStart") }, "\(player.pipEvents())")
    let events = player.events().compactMap { $0["event"] as? String }
    let playingAt = player.events().firstIndex {
      $0["event"] as? String == "state" && $0["state"] as? String == "playing"
    }
    let pipAt = player.events().firstIndex { $0["event"] as? String == "pip" }
    #expect((playingAt ?? .max) < (pipAt ?? -1), "\(events)")
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "status \(end.status): \(player.stderr)")
  }

  /// A first file that is not audio is exit 2 with its message, as on any file system, even
  /// when its check ends only after the windows came up; the saved queue is not touched.
  @Test func aSlowFirstFileThatIsNotAudioStillExitsTwo() throws {
    let files = try Files()
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let player = try PlayProcess(
      [files.notAudioPath, files.next, "--offline"], display: desktop.display,
      folder: files.folder.url, environment: bus.environment)
    defer { _ = player.terminate() }
    #expect(poll(timeout: 30) { !player.process.isRunning }, "still running: \(player.stderr)")
    let end = player.terminate()
    #expect(end.status == 2 && !end.bySignal, "status \(end.status): \(player.stderr)")
    #expect(player.stderr.contains("text.ogg"), "\(player.stderr)")
    #expect(player.events().first { $0["event"] as? String == "ready" } == nil)
    let saved = player.savedState()
    #expect(saved?["queue"] == nil && saved?["lastTrack"] == nil, "\(saved ?? [:])")
  }

  @Test func keysAndMPRISAnswerWhileTheFileIsSlowAndTheQueueGoesOn() throws {
    let files = try Files()
    let next = files.next
    let folder = files.folder

    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let player = try PlayProcess(
      [files.slowPath, next, "--offline"], display: desktop.display,
      folder: folder.url, environment: bus.environment)
    defer { _ = player.terminate() }
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

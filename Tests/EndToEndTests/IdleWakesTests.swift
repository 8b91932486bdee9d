import Foundation
import TestSupport
import Testing

/// While nothing on the strip moves, nothing in the process wakes for nothing: paused, every
/// thread sleeps until an input, a timer that is due or a command; playing lyrics that have no
/// time (or none at all), the window loop does. Counted from outside, as the context switches of
/// each thread in /proc (each is a thread going to sleep, so each wake counts once).
@Suite(
  .tags(.realTime), .enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun),
  .timeLimit(.minutes(5)))
struct IdleWakesTests {
  let temporary: TemporaryDirectory

  init() throws { temporary = try TemporaryDirectory() }

  /// Context switches of each thread of `pid` (name and thread id as the key).
  static func switches(of pid: Int32) -> [String: Int] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    var counts: [String: Int] = [:]
    for task in tasks {
      guard
        let status = try? String(
          contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
      else { continue }
      var name = "?"
      var count = 0
      for line in status.split(separator: "\n") {
        let parts = line.split(separator: ":", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2 else { continue }
        if parts[0] == "Name" { name = parts[1] }
        if parts[0].hasSuffix("ctxt_switches") { count += Int(parts[1]) ?? 0 }
      }
      counts[task == "\(pid)" ? "main" : "\(name) \(task)"] = count
    }
    return counts
  }

  /// The wakes of each thread of `pid` over `seconds` (threads that woke at least once).
  static func wakes(of pid: Int32, over seconds: Double) -> [String: Int] {
    let before = switches(of: pid)
    usleep(UInt32(seconds * 1e6))
    let after = switches(of: pid)
    return after.reduce(into: [:]) { woke, entry in
      let count = entry.value - (before[entry.key] ?? 0)
      if count > 0 { woke[entry.key] = count }
    }
  }

  func startStrip(
    _ arguments: [String], desktop: PrivateDesktop, bus: PrivateBus
  ) throws -> PlayProcess {
    let player = try PlayProcess(
      arguments + ["--pip"], display: desktop.display, folder: temporary.url,
      environment: bus.environment)
    try #require(player.waitForPip("didStart") != nil, "\(player.stderr)")
    try #require(bus.waitForName(MPRIS.plainName), "\(player.stderr)")
    // The notice of the lyrics' source shows for 1.5 s after the entry; its end is a frame.
    usleep(2_000_000)
    return player
  }

  /// Paused for 2 s with the strip up: no thread wakes more than once or twice (the X server
  /// may send the strip an event; the bus a message), where before the window loop woke every
  /// second, the decoder every half second and the null output every 50 ms.
  @Test func pausedNothingWakes() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let audio = try LyricsBusFixtures.toneWithLyrics(temporary.url, seconds: 30)
    let player = try startStrip([audio], desktop: desktop, bus: bus)
    defer { _ = player.terminate() }
    try bus.call(MPRIS.plainName, MPRIS.player, "Pause")
    #expect(
      poll(timeout: 10) {
        (try? bus.property("PlaybackStatus", of: MPRIS.plainName))?.contains("Paused") == true
      })
    // What the pause itself set going (the strip's last frame, the bus's answers) settles.
    usleep(500_000)
    let woke = Self.wakes(of: player.pid, over: 2)
    #expect(woke.values.reduce(0, +) <= 6, "wakes in 2 s paused: \(woke)")
    #expect(woke.values.allSatisfy { $0 <= 2 }, "wakes in 2 s paused: \(woke)")
  }

  /// Playing lines with no time (a text file), or in a long gap between lines (the line's end
  /// stamp passed, its fill whole, the next line far off: an instrumental part): the strip shows
  /// a still picture, so its loop (the main thread) sleeps while the sound plays on. (With no
  /// lyrics at all the strip does not show.)
  @Test(arguments: ["untimed", "gap"]) func playingWithNothingMovingTheLoopSleeps(_ lyrics: String)
    throws
  {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let audio = temporary.url.appendingPathComponent("still.ogg").path
    try ToneFile.write(to: audio, seconds: 30)
    if lyrics == "untimed" {
      try temporary.write("still.txt", "first line\nsecond line\n")
    } else {
      try temporary.write("still.lrc", "[00:00.20]<00:00.20>short<00:00.60>\n[00:40.00]later\n")
    }
    let player = try startStrip([audio, "--offline"], desktop: desktop, bus: bus)
    defer { _ = player.terminate() }
    // (It woke every second before, and the hidden main window asked for every second too.)
    let woke = Self.wakes(of: player.pid, over: 3)
    #expect((woke["main"] ?? 0) <= 1, "wakes in 3 s playing: \(woke)")
  }
}

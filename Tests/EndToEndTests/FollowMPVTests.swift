import Foundation
import TestSupport
import Testing

/// `lyricpip follow` with a real player: mpv with Debian's MPRIS plugin (`mpv-mpris`) on the
/// private bus and sound server, driven with `playerctl` as a user would: start, pause, seek,
/// next track, quit.
@Suite(
  .tags(.realTime),
  .enabled(if: Service.dbus.shouldRun && Service.pulse.shouldRun), .timeLimit(.minutes(5)))
struct FollowMPVTests {
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  /// A 20 s tone `NAME.flac` and `NAME.lrc` with a line every second from 0.5 s.
  func tone(_ name: String) throws -> String {
    let audio = temporary.url.appendingPathComponent("\(name).flac").path
    try ToneFile.write(to: audio, seconds: 20)
    let lrc = (0..<19).map { String(format: "[00:%02d.50]%@ %d\n", $0, name, $0) }.joined()
    try Data(lrc.utf8).write(to: temporary.url.appendingPathComponent("\(name).lrc"))
    return audio
  }

  static let mpvName = "org.mpris.MediaPlayer2.mpv"

  func mono() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  func playerctl(_ bus: PrivateBus, _ arguments: [String]) throws {
    let result = try bus.run("playerctl", ["--player", "mpv"] + arguments)
    try #require(result.status == 0, "playerctl \(arguments): \(result.stderr)")
  }

  @Test func followsMPVThroughPauseSeekNextTrackAndQuit() throws {
    let bus = try PrivateBus()
    let first = try tone("first")
    let second = try tone("second")
    let follow = try PlayProcess(
      [], display: "", folder: temporary.url, environment: bus.environment,
      command: ["follow", "--no-window"])
    defer { _ = follow.terminate() }
    let mpv = try PrivateDesktop.launch(
      "/usr/bin/mpv",
      [
        "--no-config", "--script=/etc/mpv/scripts/mpris.so", "--ao=pulse", "--vo=null",
        "--really-quiet", first, second,
      ], environment: bus.environment)
    defer { PrivateDesktop.kill(mpv) }
    try #require(bus.waitForName(Self.mpvName), "mpv never came on the bus")

    let started = follow.waitForEvent {
      $0["event"] as? String == "player" && $0["name"] as? String == Self.mpvName
    }
    try #require(started != nil, "\(follow.events()) \(follow.stderr)")
    let lineTwo = follow.waitForEvent {
      $0["event"] as? String == "line" && $0["ms"] as? Int == 2_500
    }
    try #require(lineTwo != nil, "\(follow.events())")

    try playerctl(bus, ["pause"])
    let paused = try #require(
      follow.waitForEvent {
        $0["event"] as? String == "state" && $0["state"] as? String == "paused"
      })
    let mpvPosition = try #require(
      Double(
        try bus.run("playerctl", ["--player", "mpv", "position"])
          .stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    let pausedMs = try #require(paused["posMs"] as? Int)
    #expect(
      abs(Double(pausedMs) / 1000 - mpvPosition) < 0.15, "paused at \(pausedMs), mpv \(mpvPosition)"
    )

    let seekAsked = mono()
    try playerctl(bus, ["position", "10.8"])
    let sought = try #require(
      follow.waitForEvent { $0["event"] as? String == "line" && $0["ms"] as? Int == 10_500 },
      "\(follow.events())")
    let seekDelay = (sought["mono"] as? Double ?? 0) - seekAsked
    #expect(seekDelay < 0.3, "the seek was followed \(seekDelay) s after playerctl was started")
    try playerctl(bus, ["play"])
    let onAfterSeek = follow.waitForEvent {
      $0["event"] as? String == "line" && $0["ms"] as? Int == 11_500
    }
    #expect(onAfterSeek != nil, "\(follow.events())")

    try playerctl(bus, ["next"])
    let ready = follow.waitForEvent {
      $0["event"] as? String == "ready" && $0["track"] as? String == second
    }
    try #require(ready != nil, "\(follow.events())")
    let secondLine = follow.waitForEvent {
      $0["event"] as? String == "line" && ($0["text"] as? String ?? "").hasPrefix("second ")
    }
    #expect(secondLine != nil, "\(follow.events())")

    try bus.call(Self.mpvName, MPRIS.root, "Quit")
    let gone = follow.waitForEvent { $0["event"] as? String == "player" && $0["name"] is NSNull }
    #expect(gone != nil, "\(follow.events())")
  }
}

import Foundation
import TestSupport
import Testing

/// `lyricpip script` with `clock real`: the demo track on the real sound server (the private
/// PulseAudio of scripts/with-services) and the real windows (its Xvfb), checked with the
/// tolerance. Each run takes the script's ~3.6 s plus the output's start-up before t=0.
@Suite(.tags(.realTime), .serialized, .timeLimit(.minutes(10))) struct RealScriptTests {
  static let demoLine0 = "Lyrics float above the windows"

  /// The demo's lyrics and audio next to a script made of `steps`.
  func write(_ steps: String) throws -> String {
    let folder = try Paths.makeTemporaryDirectory()
    for (source, name) in [("Lyrics/demo.lrc", "demo.lrc"), ("Assets/demo.ogg", "demo.ogg")] {
      try FileManager.default.copyItem(
        at: Paths.packageRoot.appendingPathComponent(source),
        to: folder.appendingPathComponent(name))
    }
    let url = folder.appendingPathComponent("real.script")
    try Data(("lyrics demo.lrc\naudio demo.ogg\nclock real\n" + steps).utf8).write(to: url)
    return url.path
  }

  func run(_ path: String, environment: [String: String] = [:]) throws -> ProcessResult {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["script", path], environment: environment, timeout: 60)
    #expect(!result.endedBySignal)
    return result
  }

  /// Script lines 4-14: play, the strip on a focus loss after the grace, the first line at
  /// 2.0 s of the track, pause and play, the strip gone when the focus comes back.
  static let steps = """
    at 0 play
    at 1.0 focus-lost
    expect 1.5 pip active
    expect 2.3 line 0
    expect 2.3 text "\(demoLine0)"
    at 2.5 pause
    expect 2.7 state paused
    at 3.0 play
    at 3.2 focus-gained
    expect 3.5 pip inactive
    expect 3.5 state playing
    end 3.6

    """

  @Test(.enabled(if: Service.pulse.shouldRun && Service.x11.shouldRun))
  func aShortScriptPassesOnTheRealServerAndWindows() throws {
    let result = try run(try write(Self.steps))
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stderr.isEmpty)
    let events = result.stdout.split(separator: "\n").map(String.init)
    #expect(events.first?.contains("\"output\":\"pulse\"") == true)
    let line0 = try #require(events.first { $0.contains("\"event\":\"line\",\"index\":0") })
    let t = try #require(Int(line0.split(separator: ":").last?.dropLast() ?? ""))
    // The line is due at 2.0 s of the track, played from t=0; the tolerance is 30 ms.
    #expect((1_970...2_030).contains(t), "\(line0)")
    #expect(events.contains { $0.contains("\"state\":\"didStart\"") })
    #expect(events.contains { $0.contains("\"event\":\"main\",\"state\":\"restored\"") })
  }

  @Test(.enabled(if: Service.pulse.shouldRun))
  func withoutADisplayItRunsWithStandInWindowsAndSaysSo() throws {
    let result = try run(
      try write(Self.steps), environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stderr.contains("warning: clock real without windows"))
  }

  /// After a seek the output's position stands still until new audio is written; the scheduler
  /// must hear when it moves again, or the line stays where it was (it did, in 5 runs of 8).
  @Test(.enabled(if: Service.pulse.shouldRun))
  func linesFollowASeek() throws {
    let path = try write(
      "at 0 play\nexpect 2.5 line 0\nat 3.0 seek 6.0\nexpect 3.5 line 1\nend 4.0\n")
    for _ in 0..<3 {
      let result = try run(path, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
      #expect(result.status == 0, "stderr: \(result.stderr)")
    }
  }

  @Test(.enabled(if: Service.pulse.shouldRun))
  func aWrongExpectationFailsWithItsLine() throws {
    let path = try write("at 0 play\nexpect 2.3 line 3\nexpect 2.3 state playing\nend 2.4\n")
    let result = try run(path)
    #expect(result.status == 1)
    #expect(result.stderr.hasSuffix("script:5: expected line 3, got line 0\n"), "\(result.stderr)")
  }

  @Test func noSoundServerExitsSixtyNineNamingWhatToStart() throws {
    let path = try write("at 0 play\nexpect 1 state playing\n")
    let result = try run(
      path,
      environment: ["PULSE_SERVER": "unix:/nonexistent/pulse", "ALSA_CONFIG_PATH": "/dev/null"])
    #expect(result.status == 69)
    #expect(result.stderr.contains("clock real needs a sound output"))
    #expect(result.stderr.contains("pulseaudio --start"))
    #expect(result.stdout.isEmpty)
  }
}

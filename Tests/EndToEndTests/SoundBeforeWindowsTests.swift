import Foundation
import TestSupport
import Testing

/// `play --pip` starts the sound before it makes its windows (issue 26: the first sound within
/// 50 ms of paplay's): the window loop (SDL video) comes up before the session, so a missing
/// display still fails before any sound; the session starts; then the windows are made on the
/// main thread while the first track is opened and played. The strip still shows the line
/// heard from its first frame, and `ready` names the video driver and the strip as before.
@Suite(.enabled(if: Service.x11.shouldRun), .timeLimit(.minutes(5)))
struct SoundBeforeWindowsTests {
  /// The start-up marks (`LYRICPIP_TRACE_START`): each one's name and CLOCK_MONOTONIC ns.
  static func marks(_ stderr: String) -> [String: Int64] {
    var marks: [String: Int64] = [:]
    for line in stderr.split(separator: "\n") where line.hasPrefix("lyricpip start: ") {
      let fields = line.dropFirst("lyricpip start: ".count).split(separator: " ", maxSplits: 1)
      guard fields.count == 2, let nanos = Int64(fields[0]) else { continue }
      marks[String(fields[1])] = nanos
    }
    return marks
  }

  @Test func theSessionStartsBeforeTheWindowsAreMadeAndTheStripShowsTheLineHeard() throws {
    let desktop = try PrivateDesktop()
    let player = try PlayProcess(
      ["--pip", "--start", "2.3"], display: desktop.display,
      folder: try Paths.makeTemporaryDirectory(), environment: ["LYRICPIP_TRACE_START": "1"])
    #expect(player.waitForPip("didStart") != nil, "\(player.stderr)")
    // The first line shown is the one heard at 2.3 s (the demo's first, from 2.0 s), not a
    // line from before the windows were there.
    let line = player.waitForEvent {
      $0["event"] as? String == "line" && ($0["index"] as? Int ?? -1) >= 0
    }
    #expect(line?["index"] as? Int == 0, "\(player.events().prefix(6))")
    #expect((line?["posMs"] as? Int ?? 0) >= 2_300, "\(String(describing: line))")
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")

    let ready = try #require(
      player.events().first { $0["event"] as? String == "ready" }, "\(player.events())")
    #expect(ready["video"] as? String == "x11", "\(ready)")
    #expect(ready["strip"] as? String == "x11", "\(ready)")
    let marks = Self.marks(player.stderr)
    let loop = try #require(marks["front end made"], "\(player.stderr)")
    let session = try #require(marks["session starting"], "\(player.stderr)")
    let windows = try #require(marks["windows made"], "\(player.stderr)")
    #expect(loop < session, "the window loop after the session: \(marks)")
    #expect(session < windows, "the windows made before the session started: \(marks)")
    // The loader's pages go once the sound is heard, never on its way (`LoaderPages`).
    let firstChunk = try #require(marks["first chunk to the output"], "\(player.stderr)")
    let released = try #require(marks["loader pages released"], "\(player.stderr)")
    #expect(firstChunk < released, "the loader's pages let go before the sound: \(marks)")
  }
}

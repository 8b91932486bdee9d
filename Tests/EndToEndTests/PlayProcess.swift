import Foundation
import TestSupport

/// `lyricpip play` running as a user runs it, in the background, on a given display, with its
/// settings and saved state in folders of the test's own; its `--events` file read as it grows.
final class PlayProcess {
  let process: Process
  let folder: URL
  let eventsPath: String
  let stderrPath: String

  /// Starts `lyricpip play --audio null --events FILE` with `arguments` added; `command` puts
  /// another command in place of `play --audio null` (`follow`).
  init(
    _ arguments: [String], display: String, folder: URL, environment: [String: String] = [:],
    command: [String] = ["play", "--audio", "null"]
  ) throws {
    self.folder = folder
    eventsPath = folder.appendingPathComponent("events.jsonl").path
    stderrPath = folder.appendingPathComponent("stderr.txt").path
    guard FileManager.default.createFile(atPath: stderrPath, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    process = Process()
    process.executableURL = URL(fileURLWithPath: Paths.lyricpipBinary)
    process.arguments = command + ["--events", eventsPath] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(
      [
        "DISPLAY": display,
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        LRCLIBTestServer.urlVariable: LRCLIBTestServer.nowhere,
      ].merging(ProviderTestServer.urlVariables.map { ($0, LRCLIBTestServer.nowhere) }) { $1 }
        .merging(environment) { $1 }
    ) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: stderrPath)
    try process.run()
  }

  deinit { PrivateDesktop.kill(process) }

  var pid: Int32 { process.processIdentifier }

  /// The events written so far, each a JSON object.
  func events() -> [[String: Any]] {
    guard let data = FileManager.default.contents(atPath: eventsPath) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The `pip` events so far, as "state reason".
  func pipEvents() -> [String] {
    events().filter { $0["event"] as? String == "pip" }.map {
      "\($0["state"] as? String ?? "?") \($0["reason"] as? String ?? "?")"
    }
  }

  /// Waits (up to `seconds`) for an event for which `match` holds; returns it.
  func waitForEvent(
    seconds: Double = 15, _ match: ([String: Any]) -> Bool
  ) -> [String: Any]? {
    var found: [String: Any]?
    _ = poll(timeout: seconds) {
      found = events().first(where: match)
      return found != nil || !process.isRunning
    }
    return found ?? events().first(where: match)
  }

  /// Waits for the main window to have the focus (its `main focus-gained` event): whether it came.
  func waitForMainFocus() -> Bool {
    waitForEvent {
      $0["event"] as? String == "main" && $0["state"] as? String == "focus-gained"
    } != nil
  }

  func waitForPip(_ state: String, reason: String? = nil, seconds: Double = 15) -> [String: Any]? {
    waitForEvent(seconds: seconds) {
      $0["event"] as? String == "pip" && $0["state"] as? String == state
        && (reason == nil || $0["reason"] as? String == reason)
    }
  }

  /// Ends the player as Ctrl-C or a session logout would (SIGTERM); returns its exit status.
  func terminate() -> (status: Int32, bySignal: Bool) {
    if process.isRunning { process.terminate() }
    if !poll(timeout: 15, until: { !process.isRunning }) {
      PrivateDesktop.kill(process)
    }
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
  }

  /// Sends SIGTERM and waits up to `limit` seconds for the exit: how long it took, and the
  /// exit status (after at most 15 s more, as `terminate`).
  func quitTimed(limit: Double = 3) -> (seconds: Double, status: Int32, bySignal: Bool) {
    let start = Date()
    process.terminate()
    _ = poll(timeout: limit) { !process.isRunning }
    let took = Date().timeIntervalSince(start)
    let end = terminate()
    return (took, end.status, end.bySignal)
  }

  /// The state `play` saved in its folder (`state.json`), nil when there is none.
  func savedState() -> [String: Any]? {
    let file = folder.appendingPathComponent("state/lyricpip/state.json")
    return (try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) as? [String: Any]
  }

  var stderr: String {
    (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
  }
}

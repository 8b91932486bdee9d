import Session

/// The events of a script run as JSON lines, in the `--events` format of cli.md with `"t"` (script
/// milliseconds) in place of `"mono"`, added last to every event so a reader can line any of them
/// up with the script.
final class ScriptTranscript {
  private(set) var lines: [String] = []
  /// Script milliseconds now; the runner points it at its clock.
  private let now: () -> Int

  init(now: @escaping () -> Int) {
    self.now = now
  }

  var text: String { lines.map { $0 + "\n" }.joined() }

  func write(_ event: String, _ fields: [(String, JSONLine.Value)]) {
    var line = JSONLine([("event", .string(event))] + fields)
    line.append("t", .int(now()))
    lines.append(line.text)
  }

  func ready(track: String?, durationMs: Int, lines count: Int, output: String) {
    write(
      "ready",
      [
        ("track", track.map(JSONLine.Value.string) ?? .null), ("durationMs", .int(durationMs)),
        ("lines", .int(count)), ("output", .string(output)),
      ])
  }

  func state(_ activity: PlaybackActivity, posMs: Int) {
    write("state", [("state", .string(activity.scriptName)), ("posMs", .int(posMs))])
  }

  func line(index: Int, ms: Int, posMs: Int, text: String) {
    write(
      "line",
      [("index", .int(index)), ("ms", .int(ms)), ("posMs", .int(posMs)), ("text", .string(text))])
  }

  func word(line: Int, word: Int, posMs: Int) {
    write("word", [("index", .int(line)), ("word", .int(word)), ("posMs", .int(posMs))])
  }

  func seek(posMs: Int) {
    write("seek", [("posMs", .int(posMs))])
  }

  func offset(totalMs: Int) {
    write("offset", [("offsetMs", .int(totalMs))])
  }

  func pip(_ event: PiPEvent) {
    write(
      "pip", [("state", .string(event.transition.rawValue)), ("reason", .string(event.reason))])
  }

  /// The main window came to the front, scrolled to `line` (a lyricpip extension of the events).
  func mainRestored(line: Int) {
    write("main", [("state", .string("restored")), ("line", .int(line))])
  }

  func error(_ message: String) {
    write("error", [("message", .string(message))])
  }
}

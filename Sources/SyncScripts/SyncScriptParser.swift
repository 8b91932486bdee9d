import Session

/// A syntax error in a script, with its line (1-based): `script:LINE: message`, exit 64.
struct ScriptSyntaxError: Error, Equatable, CustomStringConvertible {
  var line: Int
  var message: String
  var description: String { "script:\(line): \(message)" }
}

/// Reads the text of a sync script into a `SyncScript`; the first error stops it.
enum SyncScriptParser {
  static func parse(_ text: String) throws(ScriptSyntaxError) -> SyncScript {
    var builder = Builder()
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = index + 1
      do {
        let tokens = try ScriptTokenizer.tokens(of: rawLine)
        guard !tokens.isEmpty else { continue }
        try builder.add(tokens, line: number)
      } catch let failure as ScriptTokenizer.Failure {
        throw ScriptSyntaxError(line: number, message: failure.message)
      } catch let error as ScriptSyntaxError {
        throw error
      } catch {
        throw ScriptSyntaxError(line: number, message: "\(error)")
      }
    }
    return try builder.finish(lineCount: text.split(separator: "\n").count)
  }

  /// Collects the lines; remembers where each one-off setting came from, to name a duplicate.
  private struct Builder {
    var lyrics: (path: String, line: Int)?
    var audio: (path: String, line: Int)?
    var clock: (mode: SyncScript.ClockMode, line: Int)?
    var tolerance: (ms: Int, line: Int)?
    var end: (ms: Int, line: Int)?
    var pip = PiPSettings()
    var desktop = DesktopFacts(x11Display: ":virtual", waylandDisplay: nil)
    var steps: [ScriptStep] = []

    mutating func add(_ tokens: [ScriptTokenizer.Token], line: Int) throws(ScriptSyntaxError) {
      let words = Words(tokens: tokens, line: line)
      let keyword = try words.keyword()
      switch keyword {
      case "lyrics":
        try once(lyrics?.line, "lyrics", line)
        lyrics = (try words.single(1, "a lyrics file path"), line)
      case "audio":
        try once(audio?.line, "audio", line)
        audio = (try words.single(1, "an audio file path"), line)
      case "clock":
        try once(clock?.line, "clock", line)
        let word = try words.single(1, "virtual or real")
        guard let mode = SyncScript.ClockMode(rawValue: word) else {
          throw words.error("unknown clock '\(word)' (virtual or real)")
        }
        clock = (mode, line)
      case "tolerance":
        try once(tolerance?.line, "tolerance", line)
        let word = try words.single(1, "milliseconds")
        guard let ms = Int(word), ms >= 0 else {
          throw words.error("tolerance must be whole milliseconds, 0 or more, not '\(word)'")
        }
        tolerance = (ms, line)
      case "end":
        try once(end?.line, "end", line)
        end = (try ScriptTime.milliseconds(try words.single(1, "a time in seconds"), words), line)
      case "set":
        try set(words)
      case "at":
        try words.expectCount(atLeast: 3, "at TIME ACTION")
        let time = try ScriptTime.milliseconds(words.tokens[1].text, words)
        steps.append(
          ScriptStep(line: line, timeMs: time, kind: .action(try ScriptActionParser.parse(words))))
      case "expect":
        try words.expectCount(atLeast: 3, "expect TIME WHAT VALUE")
        let time = try ScriptTime.milliseconds(words.tokens[1].text, words)
        steps.append(
          ScriptStep(
            line: line, timeMs: time, kind: .expect(try ScriptExpectationParser.parse(words))))
      default:
        throw words.error(
          "unknown command '\(keyword)' (lyrics, audio, clock, tolerance, set, at, expect, end)")
      }
    }

    /// `set NAME VALUE`: lyricpip's own settings for the run (an extension of the spec).
    private mutating func set(_ words: Words) throws(ScriptSyntaxError) {
      try words.expectCount(exactly: 3, "set NAME VALUE")
      let name = words.tokens[1].text
      let value = words.tokens[2].text
      switch name {
      case "autoenter":
        guard let policy = AutoEnterPolicy(rawValue: value) else {
          throw words.error("unknown autoenter '\(value)' (focus-loss, minimize or never)")
        }
        pip.autoEnter = policy
      case "grace":
        guard let ms = Int(value), (0...PiPSettings.maximumGraceMs).contains(ms) else {
          throw words.error("grace must be 0 to \(PiPSettings.maximumGraceMs) ms, not '\(value)'")
        }
        pip.graceMs = ms
      case "enter-when-paused":
        guard let flag = ["yes": true, "no": false][value] else {
          throw words.error("enter-when-paused is yes or no, not '\(value)'")
        }
        pip.autoEnterWhenPaused = flag
      case "desktop":
        switch value {
        case "x11": desktop = DesktopFacts(x11Display: ":virtual", waylandDisplay: nil)
        case "wayland": desktop = DesktopFacts(x11Display: nil, waylandDisplay: "wayland-virtual")
        case "none": desktop = DesktopFacts(x11Display: nil, waylandDisplay: nil)
        default: throw words.error("unknown desktop '\(value)' (x11, wayland or none)")
        }
      default:
        throw words.error(
          "unknown setting '\(name)' (autoenter, grace, enter-when-paused, desktop)")
      }
    }

    private func once(_ earlier: Int?, _ name: String, _ line: Int) throws(ScriptSyntaxError) {
      if let earlier {
        throw ScriptSyntaxError(
          line: line, message: "'\(name)' given twice (first on line \(earlier))")
      }
    }

    func finish(lineCount: Int) throws(ScriptSyntaxError) -> SyncScript {
      guard let lyrics else {
        throw ScriptSyntaxError(
          line: max(lineCount, 1), message: "no 'lyrics FILE' line (required)")
      }
      if let end, let late = steps.first(where: { $0.timeMs > end.ms }) {
        throw ScriptSyntaxError(
          line: late.line,
          message: "this step is after the end (\(ScriptTime.seconds(end.ms)) s, line \(end.line))")
      }
      return SyncScript(
        lyricsPath: lyrics.path, audioPath: audio?.path, clock: clock?.mode ?? .virtual,
        toleranceMs: tolerance?.ms ?? 30, pip: pip, desktop: desktop, steps: steps,
        endMs: end?.ms)
    }
  }
}

/// The words of one line, with helpers that turn mistakes into errors at that line.
struct Words {
  var tokens: [ScriptTokenizer.Token]
  var line: Int

  func error(_ message: String) -> ScriptSyntaxError {
    ScriptSyntaxError(line: line, message: message)
  }

  func keyword() throws(ScriptSyntaxError) -> String {
    guard let first = tokens.first, !first.quoted else {
      throw error("a line starts with a command")
    }
    return first.text
  }

  func expectCount(exactly count: Int, _ form: String) throws(ScriptSyntaxError) {
    if tokens.count != count { throw error("expected '\(form)'") }
  }

  func expectCount(atLeast count: Int, _ form: String) throws(ScriptSyntaxError) {
    if tokens.count < count { throw error("expected '\(form)'") }
  }

  /// The one argument of a `keyword ARG` line.
  func single(_ index: Int, _ what: String) throws(ScriptSyntaxError) -> String {
    guard tokens.count == index + 1 else {
      throw error("'\(tokens[0].text)' takes one argument: \(what)")
    }
    return tokens[index].text
  }
}

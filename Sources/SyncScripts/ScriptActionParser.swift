import LyricsCore
import Session

/// Reads the action of an `at TIME ACTION [ARG]` line.
enum ScriptActionParser {
  static let names =
    "play, pause, seek SEC, stop, offset ±MS, focus-lost, focus-gained, minimize, restore, "
    + "pip-start, pip-stop, strip-restore, strip-close"

  static func parse(_ words: Words) throws(ScriptSyntaxError) -> ScriptAction {
    let name = words.tokens[2].text
    let arguments = words.tokens.dropFirst(3).map(\.text)
    let simple: [String: ScriptAction] = [
      "play": .play, "pause": .pause, "stop": .stop, "focus-lost": .focusLost,
      "focus-gained": .focusGained, "minimize": .minimize, "restore": .restore,
      "pip-start": .pipStart, "pip-stop": .pipStop, "strip-restore": .stripRestore,
      "strip-close": .stripClose,
    ]
    if let action = simple[name] {
      guard arguments.isEmpty else { throw words.error("'\(name)' takes no argument") }
      return action
    }
    switch name {
    case "seek":
      guard arguments.count == 1, let ms = ScriptTime.parse(arguments[0]) else {
        throw words.error("expected 'seek SECONDS' (like seek 30 or seek 30.5)")
      }
      return .seek(ms: ms)
    case "offset":
      guard arguments.count == 1, let ms = offset(arguments[0]) else {
        throw words.error("expected 'offset ±MS' in whole milliseconds (like offset +250)")
      }
      return .offset(ms: ms)
    default:
      throw words.error("unknown action '\(name)' (\(names))")
    }
  }

  private static func offset(_ text: String) -> Int? {
    SignedDecimal.parse(text, maxDigits: 9)
  }
}

/// Reads what an `expect TIME WHAT VALUE` line checks.
enum ScriptExpectationParser {
  static func parse(_ words: Words) throws(ScriptSyntaxError) -> ScriptExpectation {
    let what = words.tokens[2].text
    guard words.tokens.count == 4 else {
      throw words.error("expected 'expect TIME \(what) VALUE' with one value")
    }
    let value = words.tokens[3]
    switch what {
    case "line":
      guard let index = Int(value.text), index >= -1 else {
        throw words.error("a line is an index from 0 (or -1 for none), not '\(value.text)'")
      }
      return .line(index)
    case "text":
      return .text(value.text)
    case "pip":
      switch value.text {
      case "active": return .pip(active: true)
      case "inactive": return .pip(active: false)
      default: throw words.error("pip is active or inactive, not '\(value.text)'")
      }
    case "state":
      let states: [String: PlaybackActivity] = [
        "playing": .playing, "paused": .paused, "stopped": .stopped, "ended": .ended,
      ]
      guard let state = states[value.text] else {
        throw words.error("state is playing, paused, stopped or ended, not '\(value.text)'")
      }
      return .state(state)
    default:
      throw words.error("unknown expectation '\(what)' (line, text, pip, state)")
    }
  }
}

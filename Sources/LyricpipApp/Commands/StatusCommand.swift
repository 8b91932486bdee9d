import Desktop
import EventStream
import SessionWiring
import SystemSupport

/// `lyricpip status [--follow] [--format plain|json|waybar]`: the running player's current line
/// (`org.lyricpip.Lyrics1`), and with `--follow` every new line as the player signals it, one
/// line of output each, written at once (for waybar, polybar, i3blocks). Exit 0 (with `--follow`,
/// when the player quits), 69 when no player runs, 64 for bad usage.
enum StatusCommand {
  static let usage = "usage: lyricpip status [--follow] [--format plain|json|waybar]"

  enum Format: String {
    case plain, json, waybar
  }

  static func run(_ arguments: [String]) -> ExitStatus {
    let parsed: CommandLineArguments
    switch CommandLineArguments.start(
      arguments, options: [.flag("--follow"), .value("--format")], command: "status", usage: usage)
    {
    case .proceed(let arguments): parsed = arguments
    case .finish(let status): return status
    }
    guard parsed.operands.isEmpty else {
      printError("status takes no operands; \(usage)")
      return .usage
    }
    var format = Format.plain
    var follow = false
    for option in parsed.options {
      if option.name == "--follow" { follow = true }
      if option.name == "--format" {
        guard let value = option.value, let chosen = Format(rawValue: value) else {
          printError("--format must be plain, json or waybar, not '\(option.value ?? "")'")
          return .usage
        }
        format = chosen
      }
    }
    let found: RunningPlayer.Found
    switch RunningPlayer.find() {
    case .success(let player): found = player
    case .failure(let failure):
      printError(failure.message)
      return failure.status
    }
    let output = OutputFile.standardOutput
    do {
      if follow {
        try found.client.follow(found.name) { line in
          output.write(render(line, as: format) + "\n")
        }
      } else {
        output.write(render(try found.client.currentLine(of: found.name), as: format) + "\n")
      }
      return .success
    } catch let error where error.name == "org.freedesktop.DBus.Error.ServiceUnknown" {
      printError(RunningPlayer.noneRunning)
      return .serviceUnavailable
    } catch {
      printError("cannot read the player's line: \(error)")
      return .failure
    }
  }

  /// One line of output for `line`.
  static func render(_ line: LyricsBusLine, as format: Format) -> String {
    switch format {
    case .plain:
      guard let translation = line.translation else { return line.text }
      return "\(line.text) / \(translation)"
    case .json:
      return JSONValue.object([
        JSONField("index", .int(line.index)), JSONField("text", .string(line.text)),
        JSONField("translation", line.translation.map(JSONValue.string) ?? .null),
        JSONField("startMs", .int(line.startMs)),
        JSONField("endMs", line.endMs.map(JSONValue.int) ?? .null),
      ]).compact
    case .waybar:
      // waybar's custom module reads one object a line: text, tooltip, class.
      return JSONValue.object([
        JSONField("text", .string(line.text)),
        JSONField("tooltip", .string(line.translation ?? line.text)),
        JSONField("class", .string(line.index < 0 ? "idle" : "line")),
      ]).compact
    }
  }
}

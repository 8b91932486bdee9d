import Desktop
import EventStream
import SessionWiring
import SystemSupport

/// `lyricpip status [--follow] [--format plain|json|waybar]`: the running player's current line
/// (`org.lyricpip.Lyrics1`), and with `--follow` every new line as the player signals it, one
/// line of output each, written at once (for waybar, polybar, i3blocks). Exit 0 (with `--follow`,
/// when the player quits), 69 when no player runs, 64 for bad usage.
enum StatusCommand {
  enum Format: String, CaseIterable {
    case plain, json, waybar
  }

  struct Options {
    var format = Format.plain
    var follow = false
  }

  static let flags: [CommandFlag<Options>] = [
    .toggle(.follow, "print each new line") { $0.follow = true },
    .value(.format, .choices(Format.allCases.map(\.rawValue)), "output") {
      options, value throws(CommandLineArguments.UsageError) in
      guard let chosen = Format(rawValue: value) else {
        throw .init(description: "\(Flag.format) must be plain, json or waybar, not '\(value)'")
      }
      options.format = chosen
    },
  ]

  static let command = CommandSpec(
    name: "status", summary: "print the running player's line",
    synopsis: [[.command, .optional(.follow), .optional(.format)]], flags: flags.map(\.info),
    operands: .none)

  static let usage = UsageText.usageLines(command)

  static func run(_ arguments: [String]) -> ExitStatus {
    let parsed: CommandLineArguments
    switch CommandLineArguments.start(
      arguments, options: flags.options(), command: "status", usage: usage)
    {
    case .proceed(let arguments): parsed = arguments
    case .finish(let status): return status
    }
    guard parsed.operands.isEmpty else {
      printError("status takes no operands; \(usage)")
      return .usage
    }
    var options = Options()
    do {
      try flags.apply(parsed.options, to: &options)
    } catch {
      printError(error.description)
      return .usage
    }
    let (format, follow) = (options.format, options.follow)
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

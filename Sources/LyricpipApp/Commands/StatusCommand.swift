import CommandLineOptions
import Desktop
import DesktopControl
import EventStream
import SessionWiring
import SystemSupport

/// `lyricpip status [--follow] [--format plain|json|waybar]`: the running player's current line
/// (`org.lyricpip.Lyrics1`), and with `--follow` every new line as the player signals it, one
/// line of output each, written at once (for waybar, polybar, i3blocks). Exit 0 (with `--follow`,
/// when the player quits), 69 when no player runs, 64 for bad usage.
enum StatusCommand {
  typealias Format = StatusLine.Format

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
    switch RunningPlayer.find(followerName: FollowCommand.busName) {
    case .success(let player): found = player
    case .failure(let failure):
      printError(failure.message)
      return .serviceUnavailable
    }
    let output = OutputFile.standardOutput
    do {
      if follow {
        try found.client.follow(found.name) { line in
          output.write(StatusLine.render(line, as: format) + "\n")
        }
      } else {
        let line = try found.client.currentLine(of: found.name)
        output.write(StatusLine.render(line, as: format) + "\n")
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
}

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
  static let usage = "usage: lyricpip status [--follow] [--format plain|json|waybar]"

  typealias Format = StatusLine.Format

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

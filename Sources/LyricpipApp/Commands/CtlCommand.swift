import CommandLineOptions
import Desktop
import DesktopControl
import SystemSupport

/// `lyricpip ctl lock|unlock|toggle-lock|show|hide`: the lyric strip's commands, sent over the
/// session bus to the running player (`org.lyricpip.Player`). Exit 0 once the player took the
/// command, 69 when no player runs (or it has no strip: `--no-window`), 64 for bad usage.
enum CtlCommand {
  /// The subcommands and the bus methods they call, in the usage's order.
  static let subcommands: KeyValuePairs = [
    "lock": "Lock", "unlock": "Unlock", "toggle-lock": "ToggleLock", "show": "ShowStrip",
    "hide": "HideStrip",
  ]
  static let methods = Dictionary(uniqueKeysWithValues: subcommands.map { ($0.key, $0.value) })

  static let command = CommandSpec(
    name: "ctl", summary: "control the running player's strip",
    synopsis: [[.command, .words(subcommands.map(\.key).joined(separator: " | "))]], flags: [],
    operands: .words(subcommands.map(\.key)))

  static let usage = UsageText.usageLines(command)

  static func run(_ arguments: [String]) -> ExitStatus {
    let parsed: CommandLineArguments
    switch CommandLineArguments.start(
      arguments, options: [], command: "ctl", usage: usage)
    {
    case .proceed(let arguments): parsed = arguments
    case .finish(let status): return status
    }
    guard parsed.operands.count == 1, let word = parsed.operands.first else {
      printError(usage)
      return .usage
    }
    guard let method = methods[word] else {
      printError("unknown ctl command '\(word)'; \(usage)")
      return .usage
    }
    let found: RunningPlayer.Found
    switch RunningPlayer.find(followerName: FollowCommand.busName) {
    case .success(let player): found = player
    case .failure(let failure):
      printError(failure.message)
      return .serviceUnavailable
    }
    do {
      try found.client.sendStripCommand(method, to: found.name)
      return .success
    } catch let error where error.name == "org.freedesktop.DBus.Error.NotSupported" {
      printError(error.message)
      return .serviceUnavailable
    } catch let error where error.name == "org.freedesktop.DBus.Error.ServiceUnknown" {
      printError(RunningPlayer.noneRunning)
      return .serviceUnavailable
    } catch {
      printError("the player did not take '\(word)': \(error)")
      return .failure
    }
  }
}

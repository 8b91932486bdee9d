import CheckCommandLine
import CommandLineOptions
import FoundationEssentials
import RunOptions
import Surface
import SystemSupport

/// Entry point of the `lyricpip` command: picks the subcommand, runs it, exits with its status.
/// The commands live one per file (`CheckCommand`, `ConvertCommand`, `PlayCommand`,
/// `ScriptCommand`, `CtlCommand`, `StatusCommand`, `FollowCommand`).
public enum LyricpipMain {
  public static func run(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    StartupTrace.mark("main")
    // SDL 2 takes the windows' WM_CLASS (and the Wayland app id) from these variables, else
    // from the executable's name, which is `lyricpip-player` behind the launcher
    // (docs/ARCHITECTURE.md, "Two executables"); the desktop entry's StartupWMClass says
    // `lyricpip`. Set here, while the process has one thread; a user's own value stays.
    SystemProcess.setEnvironmentIfUnset("SDL_VIDEO_X11_WMCLASS", to: "lyricpip")
    SystemProcess.setEnvironmentIfUnset("SDL_VIDEO_WAYLAND_WMCLASS", to: "lyricpip")
    HeapTuning.keepLargeBlocksOutOfTheHeap()
    ComposeTable.leaveUnloaded()
    let status = dispatch(arguments)
    SystemProcess.exit(status.rawValue)
  }

  static func dispatch(_ arguments: [String]) -> ExitStatus {
    guard let first = arguments.first else { return runPlay([]) }
    switch first {
    case Flag.help.name, Flag.shortHelp.name, "help":
      print(usageText)
      return .success
    case Flag.version.name:
      print("lyricpip \(version)")
      return .success
    case "check": return CheckCommand.run(Array(arguments.dropFirst()))
    case "convert": return ConvertCommand.run(Array(arguments.dropFirst()))
    case "script": return ScriptCommand.run(Array(arguments.dropFirst()))
    case "fetch": return FetchCommand.run(Array(arguments.dropFirst()))
    case "ctl": return CtlCommand.run(Array(arguments.dropFirst()))
    case "status": return StatusCommand.run(Array(arguments.dropFirst()))
    case "follow": return FollowCommand.run(Array(arguments.dropFirst()))
    case "completions": return CompletionsCommand.run(Array(arguments.dropFirst()))
    case "play": return runPlay(Array(arguments.dropFirst()))
    default: return runPlay(arguments)
    }
  }

  static func runPlay(_ arguments: [String]) -> ExitStatus {
    PlayCommand.run(arguments)
  }

  public static let version = "0.1.0"

  /// Every command, in the order `lyricpip --help` lists them: the table the usage texts and the
  /// completion scripts are made from.
  static let commands: [CommandSpec] = [
    PlayOptions.command, CheckCommand.command, ConvertCommand.command, ScriptCommand.command,
    FetchCommand.command, CtlCommand.command, StatusCommand.command, FollowOptions.command,
    CompletionsCommand.command,
  ]

  static let usageText =
    "usage: "
    + (commands.map { UsageText.synopsis($0) } + [
      "lyricpip \(Flag.help) | \(Flag.version)", "lyricpip COMMAND \(Flag.help)",
    ]).joined(separator: "\n       ") + "\n\n" + playOptionsText

  /// `lyricpip play --help`.
  static let playUsage = UsageText.usageLines(PlayOptions.command) + "\n\n" + playOptionsText

  static let playOptionsText =
    "play options:\n" + UsageText.flagsHelp(PlayOptions.command) + "\n\n" + settingsText

  static let settingsText = """
    settings: $XDG_CONFIG_HOME/lyricpip/config (~/.config/lyricpip/config), `key = value` lines:
      controls, opacity, font-family, font-size, second-line = next|translation|romanisation,
      auto-enter = focus-loss|minimize|never, auto-enter-when-paused = yes|no, grace-ms = 0..300,
      locked = yes|no, background = placeholder|none, look = classic|karaoke, text-colour,
      fill-colour, outline-colour = #RRGGBB, outline-width = 0..8, shadow = yes|no,
      online = lrclib, kugou, netease, amll (a list in order) | off, lrclib-url, kugou-url,
      netease-url, amll-url = URL ($LYRICPIP_<NAME>_URL wins),
      duration-tolerance = SECONDS, replaygain = track|album|off
    saved state: $XDG_STATE_HOME/lyricpip/state.json (~/.local/state/lyricpip)
    windows: the strip comes up when the main window loses the focus or is minimised; focus the
      main window, double-click the strip or press Esc on it to go back. Ctrl-C or closing the
      main window quits and saves the windows' places.
    """
}

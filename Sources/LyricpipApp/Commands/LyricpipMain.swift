import FoundationEssentials
import SystemSupport

/// Entry point of the `lyricpip` command: picks the subcommand, runs it, exits with its status.
/// The commands live one per file (`CheckCommand`, `ConvertCommand`, `PlayCommand`,
/// `ScriptCommand`, `CtlCommand`, `StatusCommand`, `FollowCommand`).
public enum LyricpipMain {
  public static func run(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    HeapTuning.keepLargeBlocksOutOfTheHeap()
    let status = dispatch(arguments)
    SystemProcess.exit(status.rawValue)
  }

  static func dispatch(_ arguments: [String]) -> ExitStatus {
    guard let first = arguments.first else { return runPlay([]) }
    switch first {
    case "--help", "-h", "help":
      print(usageText)
      return .success
    case "--version":
      print("lyricpip \(version)")
      return .success
    case "check": return CheckCommand.run(Array(arguments.dropFirst()))
    case "convert": return ConvertCommand.run(Array(arguments.dropFirst()))
    case "script": return ScriptCommand.run(Array(arguments.dropFirst()))
    case "fetch": return FetchCommand.run(Array(arguments.dropFirst()))
    case "ctl": return CtlCommand.run(Array(arguments.dropFirst()))
    case "status": return StatusCommand.run(Array(arguments.dropFirst()))
    case "follow": return FollowCommand.run(Array(arguments.dropFirst()))
    case "play": return runPlay(Array(arguments.dropFirst()))
    default: return runPlay(arguments)
    }
  }

  static func runPlay(_ arguments: [String]) -> ExitStatus {
    PlayCommand.run(arguments)
  }

  public static let version = "0.1.0"

  static let usageText = """
    usage: lyricpip [play] [FILE...] [options]   play audio files with their lyrics
           lyricpip check [--json] [--encoding NAME] [--format NAME] FILE...
           lyricpip convert IN [--from NAME] --to NAME [-o OUT]
           lyricpip script FILE
           lyricpip fetch [--save-beside] [--dry-run] [--json] [--jobs N] [--offline] DIR|FILE...
           lyricpip ctl lock | unlock | toggle-lock | show | hide
           lyricpip status [--follow] [--format plain|json|waybar]
           lyricpip follow [--player NAME] [--no-window] [--events PATH|-] [--offset MS]
           lyricpip --help | --version
           lyricpip COMMAND --help

    \(playOptionsText)
    """

  /// `lyricpip play --help`.
  static let playUsage = """
    usage: lyricpip [play] [FILE...] [options]   play audio files with their lyrics

    \(playOptionsText)
    """

  static let playOptionsText = """
    play options:
      --lyrics PATH          lyrics for the first track (else looked up beside it and in ~/.lyrics)
      --pip                  start in the floating lyric strip instead of the main window
      --no-window            no window: the current line in the terminal
      --audio pulse|alsa|null  sound output (default: PulseAudio, then ALSA)
      --offset MS            extra lyric offset in ms (positive: lyrics sooner)
      --start SEC            start position (default: with the windows, where the last
                             track was left, when FILE is that track)
      --events PATH|-        JSON lines of events (line, word, state, seek, pip, main, offset)
      --exit-at-end          quit when the last track ends (always with --no-window or --events)
      --screenshot PATH      a PNG of the strip (--pip) or the main window once the first line
                             is up; playing goes on
      --new-instance         play here even if lyricpip already runs (else, with windows,
                             the FILEs go to the running player and its window comes up)
      --offline              no online lookup (lyrics not on this computer are not asked for)
      --replaygain track|album|off  the loudness tags the sound follows (default: track)
      --controls hidden|minimal|full  --opacity 0..1  --font FAMILY  --font-size PX
                             the strip's look (over the settings file)
      --second-line next|translation|romanisation
                             under the strip's line (default: the translation, else the next)
      --background placeholder|none  --look classic|karaoke
                             the box behind the strip's letters, or only the letters; the
                             colours they start from

    settings: $XDG_CONFIG_HOME/lyricpip/config (~/.config/lyricpip/config), `key = value` lines:
      controls, opacity, font-family, font-size, second-line = next|translation|romanisation,
      auto-enter = focus-loss|minimize|never, auto-enter-when-paused = yes|no, grace-ms = 0..300,
      locked = yes|no, background = placeholder|none, look = classic|karaoke, text-colour,
      fill-colour, outline-colour = #RRGGBB, outline-width = 0..8, shadow = yes|no, online = lrclib|off, lrclib-url = URL ($LYRICPIP_LRCLIB_URL wins),
      duration-tolerance = SECONDS, replaygain = track|album|off
    saved state: $XDG_STATE_HOME/lyricpip/state.json (~/.local/state/lyricpip)
    windows: the strip comes up when the main window loses the focus or is minimised; focus the
      main window, double-click the strip or press Esc on it to go back. Ctrl-C or closing the
      main window quits and saves the windows' places.
    """
}

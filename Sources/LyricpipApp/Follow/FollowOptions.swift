import LyricsCore

/// The flags of `lyricpip follow` (docs/cli.md, "lyricpip follow"); their spellings are an
/// interface.
struct FollowOptions: Equatable, Sendable {
  /// `--player NAME`: a bus-name suffix or an `Identity`.
  var player: String?
  var noWindow = false
  /// A path, or "-" for stdout.
  var eventsPath: String?
  /// `--offset MS`: nil when not given (then the player's saved offset applies).
  var offsetMs: Int?
  /// `--enable-autostart` (true) or `--disable-autostart` (false): write the setting and exit.
  var setAutostart: Bool?
  /// `--autostart`: started by the desktop's autostart entry; exits 0 at once unless the
  /// settings file says `follow-autostart = yes`.
  var autostart = false
  /// `--offline`: no online lookup, as for `play`.
  var offline = false

  static let flags: [CommandLineArguments.Option] = [
    .value("--player"), .flag("--no-window"), .value("--events"), .value("--offset"),
    .flag("--enable-autostart"), .flag("--disable-autostart"), .flag("--autostart"),
    .flag("--offline"),
  ]

  static let usage = """
    usage: lyricpip follow [--player NAME] [--no-window] [--events PATH|-] [--offset MS]
           lyricpip follow --enable-autostart | --disable-autostart | --autostart
    the lyrics of whatever another MPRIS player (mpv, Spotify, a browser…) plays, in the strip
    (or the terminal with --no-window), until Ctrl-C.
      --player NAME        follow only this player: the end of its bus name (mpv, vlc) or its
                           Identity (Spotify); else the one playing, the latest to start
      --no-window          the current line in the terminal
      --events PATH|-      JSON lines of events, as play's, plus `player` (who is followed)
      --offset MS          lyric offset in ms (positive: lyrics sooner); with --player it is
                           saved for that player and used next time
      --offline            no online lookup
      --enable-autostart   start `lyricpip follow` with the desktop from now on (sets
                           follow-autostart = yes in the settings file), and exit
      --disable-autostart  no longer (follow-autostart = no), and exit; both also mend a
                           user autostart entry of an older version to obey the setting
      --autostart          what the desktop runs: follow only if follow-autostart = yes
    settings: follow-ignore = NAME, NAME…   follow-keep-while-paused = yes|no
              follow-autostart = yes|no
    """

  /// The options of `arguments` (nil: `--help`), or a usage error naming the flag.
  static func parse(_ arguments: [String]) throws(PlayOptions.UsageError) -> FollowOptions? {
    let parsed: CommandLineArguments
    do {
      parsed = try CommandLineArguments.parse(arguments, options: flags, command: "follow")
    } catch {
      throw PlayOptions.UsageError(description: error.description)
    }
    guard !parsed.wantsHelp else { return nil }
    if let operand = parsed.operands.first {
      throw PlayOptions.UsageError(
        description: "follow takes no FILE ('\(operand)'); it follows another player")
    }
    var options = FollowOptions()
    for (name, value) in parsed.options {
      let text = value ?? ""
      switch name {
      case "--player":
        guard !text.isEmpty else {
          throw PlayOptions.UsageError(description: "--player needs a name")
        }
        options.player = text
      case "--no-window": options.noWindow = true
      case "--events": options.eventsPath = text
      case "--enable-autostart": options.setAutostart = true
      case "--disable-autostart": options.setAutostart = false
      case "--autostart": options.autostart = true
      case "--offline": options.offline = true
      case "--offset":
        guard let offset = SignedDecimal.parse(text) else {
          throw PlayOptions.UsageError(
            description: "--offset needs whole milliseconds, not '\(text)'")
        }
        options.offsetMs = offset
      default:
        throw PlayOptions.UsageError(
          description: "unknown option '\(name)' (see lyricpip follow --help)")
      }
    }
    return options
  }
}

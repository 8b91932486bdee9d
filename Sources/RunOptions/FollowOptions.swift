import CommandLineOptions
import LyricsCore

/// The flags of `lyricpip follow` (docs/cli.md, "lyricpip follow"); their spellings are an
/// interface.
package struct FollowOptions: Equatable, Sendable {
  /// `--player NAME`: a bus-name suffix or an `Identity`.
  package var player: String?
  package var noWindow = false
  /// A path, or "-" for stdout.
  package var eventsPath: String?
  /// `--offset MS`: nil when not given (then the player's saved offset applies).
  package var offsetMs: Int?
  /// `--enable-autostart` (true) or `--disable-autostart` (false): write the setting and exit.
  package var setAutostart: Bool?
  /// `--autostart`: started by the desktop's autostart entry; exits 0 at once unless the
  /// settings file says `follow-autostart = yes`.
  package var autostart = false
  /// `--offline`: no online lookup, as for `play`.
  package var offline = false

  /// `follow`'s table of flags, in the order its usage lists them.
  package static let flags: [CommandFlag<FollowOptions>] = [
    .value(
      .player, .text("NAME"), "follow only this player",
      help: [
        "follow only this player: the end of its bus name (mpv, vlc) or its",
        "Identity (Spotify); else the one playing, the latest to start",
      ]
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard !value.isEmpty else { throw .init(description: "\(Flag.player) needs a name") }
      options.player = value
    },
    .toggle(
      .noWindow, "the current line in the terminal", help: ["the current line in the terminal"]
    ) { $0.noWindow = true },
    .value(
      .events, .file("PATH|-"), "JSON lines of events",
      help: ["JSON lines of events, as play's, plus `player` (who is followed)"]
    ) { options, value in options.eventsPath = value },
    .value(
      .offset, .text("MS"), "lyric offset in ms",
      help: [
        "lyric offset in ms (positive: lyrics sooner); with \(Flag.player) it is",
        "saved for that player and used next time",
      ]
    ) { options, value throws(CommandLineArguments.UsageError) in
      options.offsetMs = try PlayOptions.milliseconds(value, of: .offset)
    },
    .toggle(.offline, "no online lookup", help: ["no online lookup"]) { $0.offline = true },
    .toggle(
      .enableAutostart, "start lyricpip follow with the desktop",
      help: [
        "start `lyricpip follow` with the desktop from now on (sets",
        "follow-autostart = yes in the settings file), and exit",
      ]
    ) { $0.setAutostart = true },
    .toggle(
      .disableAutostart, "no longer start lyricpip follow with the desktop",
      help: [
        "no longer (follow-autostart = no), and exit; both also mend a",
        "user autostart entry of an older version to obey the setting",
      ]
    ) { $0.setAutostart = false },
    .toggle(
      .autostart, "follow only if follow-autostart is on",
      help: ["what the desktop runs: follow only if follow-autostart = yes"]
    ) { $0.autostart = true },
  ]

  package static let command = CommandSpec(
    name: "follow", summary: "show the lyrics of another player",
    synopsis: [
      [.command, .optional(.player), .optional(.noWindow), .optional(.events), .optional(.offset)],
      [.command, .oneOf([.enableAutostart, .disableAutostart, .autostart])],
    ],
    flags: flags.map(\.info), operands: .none, helpColumn: 23)

  package static let usage =
    UsageText.usageLines(command) + "\n" + """
      the lyrics of whatever another MPRIS player (mpv, Spotify, a browser…) plays, in the strip
      (or the terminal with \(Flag.noWindow)), until Ctrl-C.

      """ + UsageText.flagsHelp(command) + "\n" + """
      settings: follow-ignore = NAME, NAME…   follow-keep-while-paused = yes|no
                follow-autostart = yes|no
      """

  /// The options of `arguments` (nil: `--help`), or a usage error naming the flag.
  package static func parse(_ arguments: [String]) throws(PlayOptions.UsageError) -> FollowOptions?
  {
    var options = FollowOptions()
    do throws(CommandLineArguments.UsageError) {
      let parsed = try CommandLineArguments.parse(
        arguments, options: flags.options(), command: "follow")
      guard !parsed.wantsHelp else { return nil }
      if let operand = parsed.operands.first {
        throw CommandLineArguments.UsageError(
          description: "follow takes no FILE ('\(operand)'); it follows another player")
      }
      try flags.apply(parsed.options, to: &options)
    } catch {
      throw PlayOptions.UsageError(description: error.description)
    }
    return options
  }
}

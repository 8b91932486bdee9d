import CommandLineOptions
import LyricsCore
import PlayerContract
import Surface

/// The flags of `lyricpip play` (docs/cli.md, "lyricpip play"), parsed by its table of flags
/// (`flags`); with the settings file they make the run's `RunConfiguration`.
public struct PlayOptions: Equatable, Sendable {
  public enum Audio: String, Sendable {
    /// PulseAudio, then ALSA, then a clear error.
    case automatic
    case pulse, alsa, null
  }

  public var files: [String] = []
  public var lyricsPath: String?
  public var pip = false
  public var noWindow = false
  public var audio = Audio.automatic
  /// Live offset, ms; positive = lyrics sooner.
  public var offsetMs = 0
  public var startSeconds: Double = 0
  /// Whether `--start` was given; without it the windowed player resumes the last track where
  /// it was left.
  public var startGiven = false
  /// A path, or "-" for stdout.
  public var eventsPath: String?
  public var exitAtEnd = false
  /// Write a PNG of the window showing the lyrics once the first line is up.
  public var screenshotPath: String?
  /// The floating strip's settings: controls (hidden, minimal, full), opacity 0…1, font. Nil:
  /// as the settings file says (`AppConfig`), else the default.
  public var stripControls: String?
  public var stripOpacity: Double?
  public var fontFamily: String?
  public var fontSize: Int?
  /// What the strip shows under the current line (`SecondLine`'s names).
  public var secondLine: String?
  /// `--background placeholder|none` and `--look classic|karaoke`, over the settings file.
  public var background: StripBackground?
  public var look: StripLook.Name?
  /// Start a player of its own even when one already runs (else, with windows, the files go to
  /// the running one).
  public var newInstance = false
  /// `--offline`: the online lookup makes no connection (the cache is still read).
  public var offline = false
  /// `--shuffle`: the queue plays in a random order, starting from a random track. Nil: as the
  /// saved queue was left when resuming it, else off.
  public var shuffle: Bool?
  /// `--repeat none|track|all`. Nil: as the saved queue was left when resuming it, else none.
  public var repeatMode: RepeatMode?
  /// `--replaygain track|album|off`; nil: as the settings file says, else track.
  public var replayGain: ReplayGainMode?

  public init() {}

  /// A bad flag or value, said in one line that names it (exit 64).
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Quits at the end of the last track: asked for, or implied by no window or by events.
  public var quitsAtEnd: Bool { exitAtEnd || noWindow || eventsPath != nil }

  /// `play`'s table of flags, in the order its usage lists them; the spellings are `Flag`'s.
  package static let flags: [CommandFlag<PlayOptions>] = [
    .value(
      .lyrics, .file("PATH"), "lyrics for the first track",
      help: ["lyrics for the first track (else looked up beside it and in ~/.lyrics)"]
    ) { options, value in options.lyricsPath = value },
    .toggle(
      .pip, "start in the floating lyric strip",
      help: ["start in the floating lyric strip instead of the main window"]
    ) { $0.pip = true },
    .toggle(
      .noWindow, "no window: the current line in the terminal",
      help: ["no window: the current line in the terminal"]
    ) { $0.noWindow = true },
    .value(
      .audio, .choices(["pulse", "alsa", "null"]), "sound output",
      help: ["sound output (default: PulseAudio, then ALSA)"]
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard let audio = Audio(rawValue: value), audio != .automatic else {
        throw .init(description: "\(Flag.audio) must be pulse, alsa or null, not '\(value)'")
      }
      options.audio = audio
    },
    .value(
      .offset, .text("MS"), "extra lyric offset in ms",
      help: ["extra lyric offset in ms (positive: lyrics sooner)"]
    ) { options, value throws(CommandLineArguments.UsageError) in
      options.offsetMs = try milliseconds(value, of: .offset)
    },
    .value(
      .start, .text("SEC"), "start position in seconds",
      help: [
        "start position (default: with the windows, where the last",
        "track was left, when FILE is that track)",
      ]
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
        throw .init(description: "\(Flag.start) needs seconds (0 or more), not '\(value)'")
      }
      options.startSeconds = seconds
      options.startGiven = true
    },
    .value(
      .events, .file("PATH|-"), "JSON lines of events",
      help: ["JSON lines of events (line, word, state, seek, pip, main, offset)"]
    ) { options, value in options.eventsPath = value },
    .toggle(
      .exitAtEnd, "quit when the last track ends",
      help: [
        "quit when the last track ends (always with \(Flag.noWindow) or \(Flag.events))"
      ]
    ) { $0.exitAtEnd = true },
    .value(
      .screenshot, .file("PATH"), "a PNG of the window once the first line is up",
      help: [
        "a PNG of the strip (\(Flag.pip)) or the main window once the first line",
        "is up; playing goes on",
      ]
    ) { options, value in options.screenshotPath = value },
    .toggle(
      .newInstance, "play here even if lyricpip already runs",
      help: [
        "play here even if lyricpip already runs (else, with windows,",
        "the FILEs go to the running player and its window comes up)",
      ]
    ) { $0.newInstance = true },
    .toggle(
      .offline, "no online lookup",
      help: ["no online lookup (lyrics not on this computer are not asked for)"]
    ) { $0.offline = true },
    .toggle(
      .shuffle, "play the queue shuffled",
      help: ["play the queue in a random order (default: as a resumed queue was left)"]
    ) { $0.shuffle = true },
    .value(
      .repeat, .choices(RepeatMode.allCases.map(\.rawValue)), "what to repeat",
      help: ["what to repeat (default: as a resumed queue was left, else none)"]
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard let mode = RepeatMode(rawValue: value) else {
        throw .init(description: "\(Flag.repeat) must be none, track or all, not '\(value)'")
      }
      options.repeatMode = mode
    },
    .value(
      .replayGain, .choices(["track", "album", "off"]), "which loudness tags the sound follows",
      help: ["the loudness tags the sound follows (default: track)"]
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard let mode = ReplayGainMode(rawValue: value) else {
        throw .init(
          description: "\(Flag.replayGain) must be track, album or off, not '\(value)'")
      }
      options.replayGain = mode
    },
    .value(.controls, .choices(["hidden", "minimal", "full"]), "the strip's controls on hover") {
      options, value throws(CommandLineArguments.UsageError) in
      guard ["hidden", "minimal", "full"].contains(value) else {
        throw .init(
          description: "\(Flag.controls) must be hidden, minimal or full, not '\(value)'")
      }
      options.stripControls = value
    }.sharingNextHelp(),
    .value(.opacity, .text("0..1"), "the strip's opacity, 0..1") {
      options, value throws(CommandLineArguments.UsageError) in
      guard let opacity = Double(value), opacity > 0, opacity <= 1 else {
        throw .init(
          description: "\(Flag.opacity) needs a number above 0 and at most 1, not '\(value)'")
      }
      options.stripOpacity = opacity
    }.sharingNextHelp(),
    .value(.font, .text("FAMILY"), "font family of the lyrics") { options, value in
      options.fontFamily = value
    }.sharingNextHelp(),
    .value(
      .fontSize, .text("PX"), "current line size in pixels",
      help: ["the strip's look (over the settings file)"]
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard let size = Int(value), (8...400).contains(size) else {
        throw .init(description: "\(Flag.fontSize) needs pixels from 8 to 400, not '\(value)'")
      }
      options.fontSize = size
    },
    .value(
      .secondLine, .choices(["next", "translation", "romanisation"]),
      "what goes under the strip's line",
      help: ["under the strip's line (default: the translation, else the next)"]
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard ["next", "translation", "romanisation"].contains(value) else {
        throw .init(
          description:
            "\(Flag.secondLine) must be next, translation or romanisation, not '\(value)'")
      }
      options.secondLine = value
    },
    .value(
      .background, .choices(["placeholder", "none"]), "what is behind the strip's letters"
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard let background = StripBackground(rawValue: value) else {
        throw .init(
          description: "\(Flag.background) must be placeholder or none, not '\(value)'")
      }
      options.background = background
    }.sharingNextHelp(),
    .value(
      .look, .choices(["classic", "karaoke"]), "the colours the strip starts from",
      help: [
        "the box behind the strip's letters, or only the letters; the",
        "colours they start from",
      ]
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard let look = StripLook.Name(rawValue: value) else {
        throw .init(description: "\(Flag.look) must be classic or karaoke, not '\(value)'")
      }
      options.look = look
    },
  ]

  /// `--offset`'s value, for `play` and `follow`.
  package static func milliseconds(
    _ value: String, of flag: Flag
  ) throws(CommandLineArguments.UsageError) -> Int {
    guard let offset = SignedDecimal.parse(value) else {
      throw .init(description: "\(flag) needs whole milliseconds, not '\(value)'")
    }
    return offset
  }

  /// The options of `arguments`, or nil when `--help` was asked for.
  public static func parse(_ arguments: [String]) throws(UsageError) -> PlayOptions? {
    var options = PlayOptions()
    do {
      let parsed = try CommandLineArguments.parse(
        arguments, options: flags.options(), command: "play")
      guard !parsed.wantsHelp else { return nil }
      options.files = parsed.operands
      try flags.apply(parsed.options, to: &options)
    } catch {
      throw UsageError(description: error.description)
    }
    if options.noWindow, options.screenshotPath != nil {
      throw UsageError(
        description:
          "\(Flag.screenshot) needs the windows; it cannot go with \(Flag.noWindow)")
    }
    return options
  }
}

extension PlayOptions {
  /// `play` in the usage and the completion scripts.
  package static let command = CommandSpec(
    name: "play", summary: "play audio files",
    synopsis: [[.words("[play] [FILE...] [options]   play audio files with their lyrics")]],
    flags: flags.map(\.info), operands: .paths("audio file"))
}

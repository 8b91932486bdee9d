import LyricsCore
import Playback
import PlayerContract
import Surface

/// The flags of `lyricpip play` (docs/cli.md, "lyricpip play"), parsed without outside packages.
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
  /// Not a flag: set by `lyricpip follow`, whose windows are the strip alone. It shows while
  /// the followed player plays (and lyrics are known) and hides when it stops; there is no
  /// main window to go back to.
  public var followsPlayer = false

  public init() {}

  /// A bad flag or value, said in one line that names it (exit 64).
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Quits at the end of the last track: asked for, or implied by no window or by events.
  public var quitsAtEnd: Bool { exitAtEnd || noWindow || eventsPath != nil }

  /// Every flag of `play`; their spellings are an interface.
  static let flags: [CommandLineArguments.Option] = [
    .value("--lyrics"), .flag("--pip"), .flag("--no-window"), .flag("--exit-at-end"),
    .flag("--new-instance"), .value("--events"), .value("--screenshot"), .value("--controls"),
    .value("--opacity"), .value("--font"), .value("--font-size"), .value("--second-line"),
    .value("--background"), .value("--look"),
    .value("--audio"), .value("--offset"), .value("--start"), .flag("--offline"),
    .flag("--shuffle"), .value("--repeat"), .value("--replaygain"),
  ]

  /// The options of `arguments`, or nil when `--help` was asked for.
  public static func parse(_ arguments: [String]) throws(UsageError) -> PlayOptions? {
    let parsed: CommandLineArguments
    do {
      parsed = try CommandLineArguments.parse(arguments, options: flags, command: "play")
    } catch {
      throw UsageError(description: error.description)
    }
    guard !parsed.wantsHelp else { return nil }
    var options = PlayOptions()
    options.files = parsed.operands
    for (name, value) in parsed.options {
      let text = value ?? ""
      switch name {
      case "--lyrics": options.lyricsPath = text
      case "--pip": options.pip = true
      case "--no-window": options.noWindow = true
      case "--exit-at-end": options.exitAtEnd = true
      case "--new-instance": options.newInstance = true
      case "--offline": options.offline = true
      case "--shuffle": options.shuffle = true
      case "--repeat":
        guard let mode = RepeatMode(rawValue: text) else {
          throw UsageError(description: "--repeat must be none, track or all, not '\(text)'")
        }
        options.repeatMode = mode
      case "--events": options.eventsPath = text
      case "--screenshot": options.screenshotPath = text
      case "--controls":
        guard ["hidden", "minimal", "full"].contains(text) else {
          throw UsageError(description: "--controls must be hidden, minimal or full, not '\(text)'")
        }
        options.stripControls = text
      case "--opacity":
        guard let opacity = Double(text), opacity > 0, opacity <= 1 else {
          throw UsageError(
            description: "--opacity needs a number above 0 and at most 1, not '\(text)'")
        }
        options.stripOpacity = opacity
      case "--font": options.fontFamily = text
      case "--font-size":
        guard let size = Int(text), (8...400).contains(size) else {
          throw UsageError(description: "--font-size needs pixels from 8 to 400, not '\(text)'")
        }
        options.fontSize = size
      case "--second-line":
        guard ["next", "translation", "romanisation"].contains(text) else {
          throw UsageError(
            description: "--second-line must be next, translation or romanisation, not '\(text)'")
        }
        options.secondLine = text
      case "--background":
        guard let background = StripBackground(rawValue: text) else {
          throw UsageError(description: "--background must be placeholder or none, not '\(text)'")
        }
        options.background = background
      case "--look":
        guard let look = StripLook.Name(rawValue: text) else {
          throw UsageError(description: "--look must be classic or karaoke, not '\(text)'")
        }
        options.look = look
      case "--audio":
        guard let audio = Audio(rawValue: text), audio != .automatic else {
          throw UsageError(description: "--audio must be pulse, alsa or null, not '\(text)'")
        }
        options.audio = audio
      case "--replaygain":
        guard let mode = ReplayGainMode(rawValue: text) else {
          throw UsageError(description: "--replaygain must be track, album or off, not '\(text)'")
        }
        options.replayGain = mode
      case "--offset":
        guard let offset = SignedDecimal.parse(text) else {
          throw UsageError(description: "--offset needs whole milliseconds, not '\(text)'")
        }
        options.offsetMs = offset
      case "--start":
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
          throw UsageError(description: "--start needs seconds (0 or more), not '\(text)'")
        }
        options.startSeconds = seconds
        options.startGiven = true
      default:
        throw UsageError(description: "unknown option '\(name)' (see lyricpip play --help)")
      }
    }
    if options.noWindow, options.screenshotPath != nil {
      throw UsageError(description: "--screenshot needs the windows; it cannot go with --no-window")
    }
    return options
  }
}

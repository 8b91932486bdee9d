/// The flags of `lyricpip play` (cli.md), parsed without outside packages.
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
  /// Start a player of its own even when one already runs (else, with windows, the files go to
  /// the running one).
  public var newInstance = false

  public init() {}

  /// A bad flag or value, said in one line that names it (exit 64).
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Quits at the end of the last track: asked for, or implied by no window or by events.
  public var quitsAtEnd: Bool { exitAtEnd || noWindow || eventsPath != nil }

  public static func parse(_ arguments: [String]) throws(UsageError) -> PlayOptions {
    var options = PlayOptions()
    var rest = arguments[...]
    var onlyFiles = false
    while let argument = rest.popFirst() {
      if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
        options.files.append(argument)
        continue
      }
      // `--flag=value` is accepted as well as `--flag value`.
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = rest.popFirst() else {
          throw UsageError(description: "\(name) needs a value")
        }
        return next
      }
      switch name {
      case "--": onlyFiles = true
      case "--lyrics": options.lyricsPath = try value()
      case "--pip": options.pip = true
      case "--no-window": options.noWindow = true
      case "--exit-at-end": options.exitAtEnd = true
      case "--new-instance": options.newInstance = true
      case "--events": options.eventsPath = try value()
      case "--screenshot": options.screenshotPath = try value()
      case "--controls":
        let text = try value()
        guard ["hidden", "minimal", "full"].contains(text) else {
          throw UsageError(description: "--controls must be hidden, minimal or full, not '\(text)'")
        }
        options.stripControls = text
      case "--opacity":
        let text = try value()
        guard let opacity = Double(text), opacity > 0, opacity <= 1 else {
          throw UsageError(
            description: "--opacity needs a number above 0 and at most 1, not '\(text)'")
        }
        options.stripOpacity = opacity
      case "--font": options.fontFamily = try value()
      case "--font-size":
        let text = try value()
        guard let size = Int(text), (8...400).contains(size) else {
          throw UsageError(description: "--font-size needs pixels from 8 to 400, not '\(text)'")
        }
        options.fontSize = size
      case "--audio":
        let text = try value()
        guard let audio = Audio(rawValue: text), audio != .automatic else {
          throw UsageError(description: "--audio must be pulse, alsa or null, not '\(text)'")
        }
        options.audio = audio
      case "--offset":
        let text = try value()
        guard let offset = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
          throw UsageError(description: "--offset needs whole milliseconds, not '\(text)'")
        }
        options.offsetMs = offset
      case "--start":
        let text = try value()
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
          throw UsageError(description: "--start needs seconds (0 or more), not '\(text)'")
        }
        options.startSeconds = seconds
        options.startGiven = true
      default:
        throw UsageError(description: "unknown option '\(argument)' (see lyricpip --help)")
      }
    }
    if options.noWindow, options.screenshotPath != nil {
      throw UsageError(description: "--screenshot needs the windows; it cannot go with --no-window")
    }
    return options
  }
}

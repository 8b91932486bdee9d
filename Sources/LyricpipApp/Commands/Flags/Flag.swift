/// A flag's spelling: the one place each name of the command line is written. The commands'
/// tables (`CommandFlag`), their parsing, usage texts and messages, and the shells' completion
/// scripts all name a flag through these constants; their spellings are an interface
/// (docs/cli.md).
struct Flag: Hashable, Sendable, CustomStringConvertible {
  let name: String

  private init(_ name: String) { self.name = name }

  var description: String { name }

  /// Whether it is a one-letter flag (`-o`) rather than a long one (`--offline`).
  var isShort: Bool { !name.hasPrefix("--") }

  /// The name without its dashes (`offline`, `o`), as fish spells it.
  var bareName: String { String(name.drop { $0 == "-" }) }

  // Every command.
  static let help = Flag("--help")
  static let shortHelp = Flag("-h")
  static let version = Flag("--version")

  // play (and follow, which shares a few).
  static let lyrics = Flag("--lyrics")
  static let pip = Flag("--pip")
  static let noWindow = Flag("--no-window")
  static let audio = Flag("--audio")
  static let offset = Flag("--offset")
  static let start = Flag("--start")
  static let events = Flag("--events")
  static let exitAtEnd = Flag("--exit-at-end")
  static let screenshot = Flag("--screenshot")
  static let newInstance = Flag("--new-instance")
  static let offline = Flag("--offline")
  static let shuffle = Flag("--shuffle")
  static let `repeat` = Flag("--repeat")
  static let replayGain = Flag("--replaygain")
  static let controls = Flag("--controls")
  static let opacity = Flag("--opacity")
  static let font = Flag("--font")
  static let fontSize = Flag("--font-size")
  static let secondLine = Flag("--second-line")
  static let background = Flag("--background")
  static let look = Flag("--look")

  // check, convert, fetch, status.
  static let json = Flag("--json")
  static let encoding = Flag("--encoding")
  static let format = Flag("--format")
  static let from = Flag("--from")
  static let to = Flag("--to")
  static let o = Flag("-o")
  static let output = Flag("--output")
  static let saveBeside = Flag("--save-beside")
  static let dryRun = Flag("--dry-run")
  static let jobs = Flag("--jobs")
  static let follow = Flag("--follow")

  // follow.
  static let player = Flag("--player")
  static let enableAutostart = Flag("--enable-autostart")
  static let disableAutostart = Flag("--disable-autostart")
  static let autostart = Flag("--autostart")
}

/// A flag's spelling: the one place each name of the command line is written. The commands'
/// tables (`CommandFlag`), their parsing, usage texts and messages, and the shells' completion
/// scripts all name a flag through these constants; their spellings are an interface
/// (docs/cli.md).
package struct Flag: Hashable, Sendable, CustomStringConvertible {
  package let name: String

  private init(_ name: String) { self.name = name }

  package var description: String { name }

  /// Whether it is a one-letter flag (`-o`) rather than a long one (`--offline`).
  package var isShort: Bool { !name.hasPrefix("--") }

  /// The name without its dashes (`offline`, `o`), as fish spells it.
  package var bareName: String { String(name.drop { $0 == "-" }) }

  // Every command.
  package static let help = Flag("--help")
  package static let shortHelp = Flag("-h")
  package static let version = Flag("--version")

  // play (and follow, which shares a few).
  package static let lyrics = Flag("--lyrics")
  package static let pip = Flag("--pip")
  package static let noWindow = Flag("--no-window")
  package static let audio = Flag("--audio")
  package static let offset = Flag("--offset")
  package static let start = Flag("--start")
  package static let events = Flag("--events")
  package static let exitAtEnd = Flag("--exit-at-end")
  package static let screenshot = Flag("--screenshot")
  package static let newInstance = Flag("--new-instance")
  package static let offline = Flag("--offline")
  package static let shuffle = Flag("--shuffle")
  package static let `repeat` = Flag("--repeat")
  package static let replayGain = Flag("--replaygain")
  package static let controls = Flag("--controls")
  package static let opacity = Flag("--opacity")
  package static let font = Flag("--font")
  package static let fontSize = Flag("--font-size")
  package static let secondLine = Flag("--second-line")
  package static let background = Flag("--background")
  package static let look = Flag("--look")

  // check, convert, fetch, status.
  package static let json = Flag("--json")
  package static let encoding = Flag("--encoding")
  package static let format = Flag("--format")
  package static let from = Flag("--from")
  package static let to = Flag("--to")
  package static let o = Flag("-o")
  package static let output = Flag("--output")
  package static let saveBeside = Flag("--save-beside")
  package static let dryRun = Flag("--dry-run")
  package static let jobs = Flag("--jobs")
  package static let follow = Flag("--follow")

  // follow.
  package static let player = Flag("--player")
  package static let enableAutostart = Flag("--enable-autostart")
  package static let disableAutostart = Flag("--disable-autostart")
  package static let autostart = Flag("--autostart")
}

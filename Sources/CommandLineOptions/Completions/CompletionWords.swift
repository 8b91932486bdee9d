/// What the three completion scripts share: the words they offer, and where they come from.
package enum CompletionWords {
  /// The first word's choices besides the commands: `help` prints the usage.
  package static let helpWord = "help"

  /// The commands' names, and `help`.
  package static func commandWords(_ commands: [CommandSpec]) -> [String] {
    commands.map(\.name) + [helpWord]
  }

  /// The command that runs without its name (`lyricpip song.flac` plays).
  package static func defaultCommand(_ commands: [CommandSpec]) -> CommandSpec? {
    commands.first { $0.name == "play" }
  }

  /// The flags of `command` as a shell offers them: its table's, then the help flags (and the
  /// version, for the default command).
  package static func flagNames(_ command: CommandSpec, isDefault: Bool) -> [String] {
    command.flags.map(\.flag.name) + [Flag.help.name, Flag.shortHelp.name]
      + (isDefault ? [Flag.version.name] : [])
  }

  /// `'text'` for the shells, with any `'` inside kept.
  package static func quoted(_ text: String) -> String {
    "'" + text.replacingEvery("'", with: #"'\''"#) + "'"
  }
}

extension String {
  /// Every `target` replaced (the scripts are made without Foundation).
  package func replacingEvery(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

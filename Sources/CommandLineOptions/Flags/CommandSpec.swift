/// A command as its usage and the shells' completion see it: the name, a phrase for the
/// completion menus, its synopsis, its flags (from its `CommandFlag` table) and its operands.
package struct CommandSpec: Sendable {
  /// What the command's operands are, for the completion scripts.
  package enum Operands: Sendable, Equatable {
    case none
    /// Paths (files or folders), described by the phrase.
    case paths(String)
    /// One of these words.
    case words([String])
  }

  package var name: String
  package var summary: String
  /// The synopsis lines after `lyricpip `: the first goes into `lyricpip --help`, all of them
  /// into the command's own usage.
  package var synopsis: [[SynopsisPart]]
  package var flags: [FlagInfo]
  package var operands: Operands
  /// The column the help of the flags starts at in the command's usage.
  package var helpColumn = 25

  package init(
    name: String, summary: String, synopsis: [[SynopsisPart]], flags: [FlagInfo],
    operands: Operands, helpColumn: Int = 25
  ) {
    self.name = name
    self.summary = summary
    self.synopsis = synopsis
    self.flags = flags
    self.operands = operands
    self.helpColumn = helpColumn
  }

  package func flag(_ flag: Flag) -> FlagInfo? { flags.first { $0.flag == flag } }
}

/// A piece of a synopsis line.
package enum SynopsisPart: Sendable {
  /// The command's name.
  case command
  /// Words as they are (`FILE...`, `IN`).
  case words(String)
  /// `[--flag VALUE]`.
  case optional(Flag)
  /// `--flag VALUE`; with `choicesInOwnUsage`, the command's own usage spells the value's
  /// choices instead of its placeholder (`--to lrc|enhanced-lrc|…`).
  case required(Flag, choicesInOwnUsage: Bool = false)
  /// `--a | --b | --c`.
  case oneOf([Flag])
}

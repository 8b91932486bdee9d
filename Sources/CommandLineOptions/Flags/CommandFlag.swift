/// What a flag's value is: the word the usage shows for it, and what the shells complete.
package struct FlagValue: Sendable, Equatable {
  package enum Completion: Sendable, Equatable {
    /// Free text (a number, a name): nothing to complete.
    case text
    /// A file's path.
    case file
    /// A folder's path.
    case directory
    /// One of these words.
    case choices([String])
  }

  /// `PATH`, `MS`, `pulse|alsa|null`.
  package var placeholder: String
  package var completion: Completion

  package static func text(_ placeholder: String) -> FlagValue {
    FlagValue(placeholder: placeholder, completion: .text)
  }
  package static func file(_ placeholder: String) -> FlagValue {
    FlagValue(placeholder: placeholder, completion: .file)
  }
  package static func directory(_ placeholder: String) -> FlagValue {
    FlagValue(placeholder: placeholder, completion: .directory)
  }
  /// The choices, shown as `a|b|c` unless `placeholder` names them (`NAME`).
  package static func choices(_ words: [String], placeholder: String? = nil) -> FlagValue {
    FlagValue(
      placeholder: placeholder ?? words.joined(separator: "|"), completion: .choices(words))
  }
}

/// One flag of one command, as everything but its parsing sees it: the spelling, the value (nil:
/// it takes none), a short phrase for the shells' completion menus, and its lines in the
/// command's usage (none: the usage names it only in the synopsis).
package struct FlagInfo: Sendable {
  package var flag: Flag
  package var value: FlagValue?
  package var summary: String
  package var help: [String]
  /// In the usage, it shares the next flag's help, on one line with it (`--controls … --font-size
  /// PX`).
  package var sharesNextHelp = false

  package var option: CommandLineArguments.Option {
    value == nil ? .flag(flag.name) : .value(flag.name)
  }
}

/// One row of a command's table of flags: what the flag is (`FlagInfo`) and what it does to the
/// command's options. The table drives parsing, the usage text and the completion scripts.
package struct CommandFlag<Options>: Sendable {
  package typealias Apply =
    @Sendable (inout Options, String) throws(CommandLineArguments.UsageError) ->
    Void

  package var info: FlagInfo
  package var apply: Apply

  /// A flag without a value.
  package static func toggle(
    _ flag: Flag, _ summary: String, help: [String] = [],
    _ set: @escaping @Sendable (inout Options) -> Void
  ) -> CommandFlag {
    CommandFlag(
      info: FlagInfo(flag: flag, value: nil, summary: summary, help: help),
      apply: { options, _ in set(&options) })
  }

  /// A flag with a value; `apply` checks it (a usage error that names the flag) and keeps it.
  package static func value(
    _ flag: Flag, _ value: FlagValue, _ summary: String, help: [String] = [],
    _ apply: @escaping Apply
  ) -> CommandFlag {
    CommandFlag(
      info: FlagInfo(flag: flag, value: value, summary: summary, help: help), apply: apply)
  }

  /// The same row, its usage entry on one line with the next row's, which holds the help.
  package func sharingNextHelp() -> CommandFlag {
    var row = self
    row.info.sharesNextHelp = true
    return row
  }
}

extension Array {
  /// The flags of `parsed` applied to `options` in the order given (a later one wins), by the
  /// rows of this table.
  package func apply<Options>(
    _ parsed: [(name: String, value: String?)], to options: inout Options
  ) throws(CommandLineArguments.UsageError) where Element == CommandFlag<Options> {
    for (name, value) in parsed {
      // The parser knows only this table's names, so a row is always found.
      guard let row = first(where: { $0.info.flag.name == name }) else {
        throw CommandLineArguments.UsageError(description: "unknown option '\(name)'")
      }
      try row.apply(&options, value ?? "")
    }
  }

  /// What the parser needs to know of each flag.
  package func options<Options>() -> [CommandLineArguments.Option]
  where Element == CommandFlag<Options> {
    map(\.info.option)
  }
}

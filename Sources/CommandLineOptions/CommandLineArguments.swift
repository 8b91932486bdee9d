/// The one argument parser of every `lyricpip` command (no outside packages): `--flag`,
/// `--flag value` and `--flag=value`; `--` ends the options; `-` and anything not starting with
/// `-` is an operand; `--help`/`-h` asks for the command's usage. An unknown flag, a missing
/// value or a value given to a flag that takes none is a `UsageError` naming it (exit 64).
package struct CommandLineArguments: Equatable {
  /// A flag a command knows, and whether it takes a value.
  package struct Option: Equatable {
    package var name: String
    package var takesValue: Bool

    package static func flag(_ name: String) -> Option { Option(name: name, takesValue: false) }
    package static func value(_ name: String) -> Option { Option(name: name, takesValue: true) }
  }

  /// A bad flag or value, said in one line that names it.
  package struct UsageError: Error, Equatable, CustomStringConvertible {
    package var description: String

    package init(description: String) { self.description = description }
  }

  /// The flags given, in order, with their values (nil for a flag that takes none).
  package var options: [(name: String, value: String?)] = []
  /// What is not a flag: files, in order.
  package var operands: [String] = []
  /// `--help` or `-h` was given: the command prints its usage and exits 0.
  package var wantsHelp = false

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.options.elementsEqual(rhs.options) { $0.name == $1.name && $0.value == $1.value }
      && lhs.operands == rhs.operands && lhs.wantsHelp == rhs.wantsHelp
  }

  /// - Parameter command: the command's name, for the messages (`lyricpip play --help`).
  package static func parse(_ arguments: [String], options known: [Option], command: String)
    throws(UsageError) -> CommandLineArguments
  {
    var parsed = CommandLineArguments()
    var rest = arguments[...]
    var onlyOperands = false
    while let argument = rest.popFirst() {
      if onlyOperands || !argument.hasPrefix("-") || argument == "-" {
        parsed.operands.append(argument)
        continue
      }
      if argument == "--" {
        onlyOperands = true
        continue
      }
      if argument == Flag.help.name || argument == Flag.shortHelp.name {
        parsed.wantsHelp = true
        return parsed
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = known.first(where: { $0.name == name }) else {
        throw UsageError(
          description: "unknown option '\(argument)' (see lyricpip \(command) \(Flag.help))")
      }
      if option.takesValue {
        guard let value = inlineValue ?? rest.popFirst() else {
          throw UsageError(description: "\(name) needs a value")
        }
        parsed.options.append((name, value))
      } else {
        guard inlineValue == nil else {
          throw UsageError(description: "\(name) takes no value")
        }
        parsed.options.append((name, nil))
      }
    }
    return parsed
  }
}

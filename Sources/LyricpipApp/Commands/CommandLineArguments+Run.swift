import CommandLineOptions
import SystemSupport
extension CommandLineArguments {
  /// What a command does with its arguments before its own work: go on with them, or end now.
  enum Start {
    case proceed(CommandLineArguments)
    /// A usage error was printed (64), or the usage was printed for `--help` (0).
    case finish(ExitStatus)
  }

  /// Parses `arguments` the way every command that prints straight to the terminal starts: a
  /// bad flag is printed on stderr and ends the command with 64; `--help` prints `usage` on
  /// stdout and ends it with 0.
  static func start(
    _ arguments: [String], options known: [Option], command: String, usage: String
  ) -> Start {
    do {
      let parsed = try parse(arguments, options: known, command: command)
      if parsed.wantsHelp {
        print(usage)
        return .finish(.success)
      }
      return .proceed(parsed)
    } catch {
      printError(error.description)
      return .finish(.usage)
    }
  }
}

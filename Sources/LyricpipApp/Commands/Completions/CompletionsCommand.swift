import CommandLineOptions
import SystemSupport

/// `lyricpip completions bash|zsh|fish`: prints the shell's completion script, made from the
/// commands' tables of flags (`make install` installs its output). Exit 0, or 64 for a missing
/// or unknown shell.
enum CompletionsCommand {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish

    /// The script for this shell.
    func script(for commands: [CommandSpec]) -> String {
      switch self {
      case .bash: BashCompletion.script(for: commands)
      case .zsh: ZshCompletion.script(for: commands)
      case .fish: FishCompletion.script(for: commands)
      }
    }
  }

  static let command = CommandSpec(
    name: "completions", summary: "print a shell's completion script",
    synopsis: [[.command, .words(Shell.allCases.map(\.rawValue).joined(separator: "|"))]],
    flags: [], operands: .words(Shell.allCases.map(\.rawValue)))

  static let usage = UsageText.usageLines(command)

  static func run(_ arguments: [String]) -> ExitStatus {
    let parsed: CommandLineArguments
    switch CommandLineArguments.start(
      arguments, options: [], command: command.name, usage: usage)
    {
    case .proceed(let arguments): parsed = arguments
    case .finish(let status): return status
    }
    guard parsed.operands.count == 1, let name = parsed.operands.first else {
      printError(usage)
      return .usage
    }
    guard let shell = Shell(rawValue: name) else {
      printError("unknown shell '\(name)'; \(usage)")
      return .usage
    }
    OutputFile.standardOutput.write(shell.script(for: LyricpipMain.commands))
    return .success
  }
}

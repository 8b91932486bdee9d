import FoundationEssentials
import Glibc

/// Entry point of the `lyricpip` command: picks the subcommand, runs it, exits with its status.
/// The commands live one per file (`CheckCommand`, `PlayCommand`, `ScriptCommand`).
public enum LyricpipMain {
  public static func run(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    let status = dispatch(arguments)
    exit(status.rawValue)
  }

  static func dispatch(_ arguments: [String]) -> ExitStatus {
    guard let first = arguments.first else { return runPlay([]) }
    switch first {
    case "--help", "-h", "help":
      print(usageText)
      return .success
    case "--version":
      print("lyricpip \(version)")
      return .success
    case "check": return CheckCommand.run(Array(arguments.dropFirst()))
    case "script": return ScriptCommand.run(Array(arguments.dropFirst()))
    case "play": return runPlay(Array(arguments.dropFirst()))
    default: return runPlay(arguments)
    }
  }

  static func runPlay(_ arguments: [String]) -> ExitStatus {
    PlayCommand.run(arguments)
  }

  public static let version = "0.1.0"

  static let usageText = """
    usage: lyricpip [play] [FILE...] [options]   play audio files with their lyrics
           lyricpip check [--json] [--encoding NAME] LRC...
           lyricpip script FILE
           lyricpip --help | --version
    """
}

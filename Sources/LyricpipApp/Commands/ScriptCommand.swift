import CommandLineOptions
import FoundationEssentials
import LyricsCore
import Session
import SessionWiring
import Surface
import SyncScripts
import SystemSupport
import WindowFrontEnd

/// `lyricpip script FILE`: runs a sync script (docs/sync-script.md) and prints its
/// event transcript. Exit 0 when every expectation held, 1 when one failed, 2 when a file cannot
/// be read, 64 for bad syntax, 69 when `clock real` finds no sound server.
enum ScriptCommand {
  static let command = CommandSpec(
    name: "script", summary: "run a sync script", synopsis: [[.command, .words("FILE")]],
    flags: [], operands: .paths("script"))

  static let usage = UsageText.usageLines(command)

  static func run(_ arguments: [String]) -> ExitStatus {
    let parsed: CommandLineArguments
    switch CommandLineArguments.start(
      arguments, options: [], command: "script", usage: usage)
    {
    case .proceed(let arguments): parsed = arguments
    case .finish(let status): return status
    }
    guard parsed.operands.count == 1, let path = parsed.operands.first else {
      printError(usage)
      return .usage
    }
    let text: String
    switch readScript(path) {
    case .success(let contents): text = contents
    case .failure(let problem):
      printError(problem.message)
      return .unreadableInput
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      let outcome = try SyncScriptRun.execute(
        text, folder: folder, media: PlayerMedia(), makeRealHost: realHost(desktop:),
        say: printError)
      OutputFile.standardOutput.write(outcome.transcript)
      for failure in outcome.failures { printPlain(failure.description) }
      return outcome.failures.isEmpty ? .success : .failure
    } catch {
      switch error {
      case .syntax(let message):
        printPlain(message)
        return .usage
      case .load(let failure):
        printError(failure.message)
        switch failure.status {
        case .unreadableInput: return .unreadableInput
        case .serviceUnavailable: return .serviceUnavailable
        }
      }
    }
  }

  /// The real windows when a display answers; else stand-ins, with a warning (a script that
  /// checks only lines and states needs no windows).
  private static func realHost(desktop: DesktopFacts) -> ScriptHost {
    do {
      return try WindowScriptHost()
    } catch {
      let reason = (error as? NoDisplayError).map { "no display: \($0.detail)" } ?? "\(error)"
      printError(
        "warning: clock real without windows (\(reason)); the pip actions drive the session "
          + "manager with stand-in windows")
      return QueueScriptHost(desktop: desktop)
    }
  }

  /// The script's text, or a one-line reason it cannot be read.
  private static func readScript(_ path: String) -> Result<String, Unreadable> {
    let kind = FileKind.at(path)
    guard kind != .missing else {
      return .failure(Unreadable("cannot read script \(path): no such file"))
    }
    guard kind != .directory else {
      return .failure(Unreadable("cannot read script \(path): it is a directory"))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(Unreadable("cannot read script \(path): permission denied or unreadable"))
    }
    guard let text = String(data: data, encoding: .utf8) else {
      return .failure(Unreadable("cannot read script \(path): not UTF-8 text"))
    }
    return .success(text)
  }

  struct Unreadable: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// A message already in `FILE:LINE:` form, without the program's name in front.
  private static func printPlain(_ line: String) {
    OutputFile.standardError.write(line + "\n")
  }
}

import FoundationEssentials
import LyricsCore
import Surface
import SystemSupport

/// `lyricpip script FILE`: runs a sync script (../shared/spec/sync-script.md) and prints its
/// event transcript. Exit 0 when every expectation held, 1 when one failed, 2 when a file cannot
/// be read, 64 for bad syntax, 69 when `clock real` finds no sound server.
enum ScriptCommand {
  static func run(_ arguments: [String]) -> ExitStatus {
    guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
      printError("usage: lyricpip script FILE")
      return .usage
    }
    let text: String
    switch readScript(path) {
    case .success(let contents): text = contents
    case .failure(let problem):
      printError(problem.message)
      return .unreadableInput
    }
    let script: SyncScript
    do {
      script = try SyncScriptParser.parse(text)
    } catch {
      printPlain(error.description)
      return .usage
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      let outcome =
        switch script.clock {
        case .virtual:
          try ScriptRun.execute(script, folder: folder, makePlayback: VirtualScriptPlayback.make)
        case .real:
          try RealScriptRun.execute(script, folder: folder) { realHost(for: script) }
        }
      OutputFile.standardOutput.write(outcome.transcript)
      for failure in outcome.failures { printPlain(failure.description) }
      return outcome.failures.isEmpty ? .success : .failure
    } catch {
      printError(error.message)
      return error.status
    }
  }

  /// The real windows when a display answers; else stand-ins, with a warning (a script that
  /// checks only lines and states needs no windows).
  private static func realHost(for script: SyncScript) -> ScriptHost {
    do {
      return try WindowScriptHost()
    } catch {
      let reason = (error as? NoDisplayError).map { "no display: \($0.detail)" } ?? "\(error)"
      printError(
        "warning: clock real without windows (\(reason)); the pip actions drive the session "
          + "manager with stand-in windows")
      return QueueScriptHost(desktop: script.desktop)
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

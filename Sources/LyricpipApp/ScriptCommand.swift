import FoundationEssentials
import LyricsCore

/// `lyricpip script FILE`: runs a sync script (../shared/spec/sync-script.md) and prints its
/// event transcript. Exit 0 when every expectation held, 1 when one failed, 2 when a file cannot
/// be read, 64 for bad syntax, 69 for `clock real` (not available in this build).
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
    if script.clock == .real {
      printError(
        "clock real needs the real sound server and windows wired to the script runner, "
          + "which this build does not have yet; use clock virtual")
      return .serviceUnavailable
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      let outcome = try ScriptRun.execute(
        script, folder: folder, makePlayback: VirtualScriptPlayback.make)
      OutputFile.standardOutput.write(outcome.transcript)
      for failure in outcome.failures { printPlain(failure.description) }
      return outcome.failures.isEmpty ? .success : .failure
    } catch {
      printError(error.message)
      return error.status
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

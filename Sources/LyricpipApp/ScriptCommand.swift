/// `lyricpip script`: not built yet (see the issue that owns it).
enum ScriptCommand {
  static func run(_ arguments: [String]) -> ExitStatus {
    printError("'script' is not implemented yet")
    return .failure
  }
}

/// `lyricpip check`: not built yet (see the issue that owns it).
enum CheckCommand {
  static func run(_ arguments: [String]) -> ExitStatus {
    printError("'check' is not implemented yet")
    return .failure
  }
}

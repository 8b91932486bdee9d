/// `lyricpip play`: not built yet (see the issue that owns it).
enum PlayCommand {
  static func run(_ arguments: [String]) -> ExitStatus {
    printError("'play' is not implemented yet")
    return .failure
  }
}

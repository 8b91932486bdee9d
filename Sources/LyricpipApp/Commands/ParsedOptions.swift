import SystemSupport
/// What a command that checks its own flags (`check`, `convert`) makes of its arguments: its
/// options, a usage error, or `--help`.
enum ParsedOptions<Options> {
  case success(Options)
  case failure(String)
  case help

  /// Runs `body` with the options, or ends the command at once: a usage error is printed on
  /// stderr and ends it with 64, `--help` prints `usage` on stdout and ends it with 0.
  func run(usage: String, _ body: (Options) -> ExitStatus) -> ExitStatus {
    switch self {
    case .success(let options): return body(options)
    case .failure(let message):
      printError(message)
      return .usage
    case .help:
      print(usage)
      return .success
    }
  }
}

extension ParsedOptions {
  /// What a command whose parser throws its usage error and answers nil for `--help` (`play`,
  /// `follow`) makes of its arguments.
  init(parsing parse: () throws(PlayOptions.UsageError) -> Options?) {
    do {
      guard let options = try parse() else {
        self = .help
        return
      }
      self = .success(options)
    } catch {
      self = .failure(error.description)
    }
  }
}

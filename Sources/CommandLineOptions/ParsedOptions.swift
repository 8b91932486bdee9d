import SystemSupport
/// What a command that checks its own flags (`check`, `convert`) makes of its arguments: its
/// options, a usage error, or `--help`.
package enum ParsedOptions<Options> {
  case success(Options)
  case failure(String)
  case help

  /// Runs `body` with the options, or ends the command at once: a usage error is printed on
  /// stderr and ends it with 64, `--help` prints `usage` on stdout and ends it with 0.
  package func run(usage: String, _ body: (Options) -> ExitStatus) -> ExitStatus {
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

import CommandLineOptions

extension ParsedOptions {
  /// What a command whose parser throws its usage error and answers nil for `--help` (`play`,
  /// `follow`) makes of its arguments.
  package init(parsing parse: () throws(PlayOptions.UsageError) -> Options?) {
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

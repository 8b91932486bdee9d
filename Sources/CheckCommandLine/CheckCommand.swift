import CommandLineOptions
import EventStream
import LyricsCore
import LyricsFiles
import LyricsTools
import SystemSupport

/// `lyricpip check [--json] [--encoding NAME] [--format NAME] FILE...`: validates lyrics files
/// in any format lyricpip reads (docs/cli.md, "lyricpip check"; the LRC dialect in docs/lrc.md).
/// Flags in, `LyricsCheck` does the work, exit status out. A module of its own, light enough for
/// the `lyricpip` launcher to run it without loading the player's media libraries
/// (docs/ARCHITECTURE.md, "Two executables").
package enum CheckCommand {
  struct Options: Equatable {
    var json = false
    var encoding: String?
    var format: LyricsFormat?
    var files: [String] = []
  }

  static let flags: [CommandFlag<Options>] = [
    .toggle(.json, "print JSON") { $0.json = true },
    .value(.encoding, .text("NAME"), "the encoding") {
      options, value throws(CommandLineArguments.UsageError) in
      guard !value.isEmpty else {
        throw .init(
          description: "\(Flag.encoding) needs an encoding name (e.g. \(Flag.encoding) GBK)")
      }
      options.encoding = value
    },
    .value(
      .format, .choices(LyricsFormat.allCases.map(\.rawValue), placeholder: "NAME"),
      "read as this format"
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard let format = LyricsFormat(rawValue: value) else {
        throw .init(description: "\(Flag.format) \(value): \(LyricsFormatNames.unknown)")
      }
      options.format = format
    },
  ]

  package static let command = CommandSpec(
    name: "check", summary: "validate lyrics files",
    synopsis: [
      [.command, .optional(.json), .optional(.encoding), .optional(.format), .words("FILE...")]
    ],
    flags: flags.map(\.info), operands: .paths("lyrics file"))

  static let usage = UsageText.usageLines(command)

  package static func run(_ arguments: [String]) -> ExitStatus {
    parse(arguments).run(usage: usage) { run($0, exitAtEnd: false) }
  }

  /// `run`, then the process ends with its status while the reports are still in memory: the
  /// launcher's way, since taking apart every line and word of a large file only to exit was
  /// about 5 % of a `check --json` of 10 MB (perf).
  package static func runThenExit(_ arguments: [String]) -> Never {
    SystemProcess.exit(parse(arguments).run(usage: usage) { run($0, exitAtEnd: true) }.rawValue)
  }

  private static func run(_ options: Options, exitAtEnd: Bool) -> ExitStatus {
    if let encoding = options.encoding {
      do {
        try TextDecoder.validateEncodingName(encoding)
      } catch {
        printError("\(Flag.encoding): \(error)")
        return .usage
      }
    }

    var status = ExitStatus.success
    var reports: [LyricsCheck.Report] = []
    for file in options.files {
      do {
        let report = try LyricsCheck.check(
          path: file, encoding: options.encoding, format: options.format)
        reports.append(report)
        if report.failed, status == .success { status = .failure }
        if !options.json { print(CheckSummary.text(for: report), terminator: "") }
      } catch {
        printError(error.description)
        status = error.exitStatus
      }
    }
    if options.json, !reports.isEmpty || options.files.count == 1 {
      // Straight to the descriptor, as it is made: nothing else went to standard output in JSON
      // mode. One file gives its object, several an array (of those that could be read).
      if options.files.count == 1, !reports.isEmpty {
        CheckJSON.write(reports, asArray: false, to: .standardOutput)
      } else if options.files.count > 1 {
        CheckJSON.write(reports, asArray: true, to: .standardOutput)
      }
    }
    if exitAtEnd { withExtendedLifetime(reports) { SystemProcess.exit(status.rawValue) } }
    return status
  }

  static func parse(_ arguments: [String]) -> ParsedOptions<Options> {
    var options = Options()
    do {
      let parsed = try CommandLineArguments.parse(
        arguments, options: flags.options(), command: "check")
      if parsed.wantsHelp { return .help }
      options.files = parsed.operands
      try flags.apply(parsed.options, to: &options)
    } catch {
      return .failure("check: \(error.description)")
    }
    guard !options.files.isEmpty else { return .failure("check: no lyrics file given (\(usage))") }
    return .success(options)
  }
}

extension LyricsCheck.Failure {
  var exitStatus: ExitStatus {
    switch self {
    case .unreadable: return .unreadableInput
    case .unknownEncoding: return .usage
    case .damaged: return .failure
    }
  }
}

import EventStream
import LyricsCore
import LyricsFiles
import SessionWiring
import SystemSupport

/// `lyricpip check [--json] [--encoding NAME] [--format NAME] FILE...`: validates lyrics files
/// in any format lyricpip reads (docs/cli.md, "lyricpip check"; the LRC dialect in docs/lrc.md).
/// Flags in, `LyricsCheck` does the work, exit status out.
enum CheckCommand {
  struct Options: Equatable {
    var json = false
    var encoding: String?
    var format: LyricsFormat?
    var files: [String] = []
  }

  static let usage =
    "usage: lyricpip check [--json] [--encoding NAME] [--format NAME] FILE..."

  static func run(_ arguments: [String]) -> ExitStatus {
    parse(arguments).run(usage: usage, run)
  }

  private static func run(_ options: Options) -> ExitStatus {
    if let encoding = options.encoding {
      do {
        try TextDecoder.validateEncodingName(encoding)
      } catch {
        printError("--encoding: \(error)")
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
      var json: JSONBytes?
      if options.files.count == 1, let report = reports.first {
        json = CheckJSON.object(for: report)
      } else if options.files.count > 1 {
        json = CheckJSON.array(for: reports)
      }
      if var json {
        json.append("\n")
        // Straight to the descriptor: nothing else went to standard output in JSON mode.
        OutputFile.standardOutput.write(json.bytes)
      }
    }
    return status
  }

  static func parse(_ arguments: [String]) -> ParsedOptions<Options> {
    let parsed: CommandLineArguments
    do {
      parsed = try CommandLineArguments.parse(
        arguments, options: [.flag("--json"), .value("--encoding"), .value("--format")],
        command: "check")
    } catch {
      return .failure("check: \(error.description)")
    }
    if parsed.wantsHelp { return .help }
    var options = Options()
    options.files = parsed.operands
    for (name, value) in parsed.options {
      switch name {
      case "--json": options.json = true
      case "--format":
        guard let value, let format = LyricsFormat(rawValue: value) else {
          return .failure("check: --format \(value ?? ""): \(LyricsFormatNames.unknown)")
        }
        options.format = format
      default:
        guard let value, !value.isEmpty else {
          return .failure("check: --encoding needs an encoding name (e.g. --encoding GBK)")
        }
        options.encoding = value
      }
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

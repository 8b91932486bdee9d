import LyricsCore
import LyricsFiles

/// `lyricpip check [--json] [--encoding NAME] LRC...`: validates lyrics files (lrc.md).
/// Flags in, `LyricsCheck` does the work, exit status out.
enum CheckCommand {
  struct Options: Equatable {
    var json = false
    var encoding: String?
    var files: [String] = []
  }

  static let usage = "usage: lyricpip check [--json] [--encoding NAME] LRC..."

  static func run(_ arguments: [String]) -> ExitStatus {
    let options: Options
    switch parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let message):
      printError(message)
      return .usage
    case .help:
      print(usage)
      return .success
    }
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
        let report = try LyricsCheck.check(path: file, encoding: options.encoding)
        reports.append(report)
        if report.failed, status == .success { status = .failure }
        if !options.json { print(CheckSummary.text(for: report), terminator: "") }
      } catch {
        printError(error.description)
        status = error.exitStatus
      }
    }
    if options.json, !reports.isEmpty || options.files.count == 1 {
      if options.files.count == 1, let report = reports.first {
        print(CheckJSON.object(for: report))
      } else if options.files.count > 1 {
        print(CheckJSON.array(for: reports))
      }
    }
    return status
  }

  enum Parsed {
    case success(Options)
    case failure(String)
    case help
  }

  static func parse(_ arguments: [String]) -> Parsed {
    var options = Options()
    var index = 0
    var onlyFiles = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
        options.files.append(argument)
        continue
      }
      switch argument {
      case "--": onlyFiles = true
      case "--json": options.json = true
      case "-h", "--help": return .help
      case "--encoding":
        guard index < arguments.count, !arguments[index].isEmpty else {
          return .failure("check: --encoding needs an encoding name (e.g. --encoding GBK)")
        }
        options.encoding = arguments[index]
        index += 1
      default:
        if argument.hasPrefix("--encoding=") {
          let name = String(argument.dropFirst("--encoding=".count))
          guard !name.isEmpty else { return .failure("check: --encoding= needs an encoding name") }
          options.encoding = name
        } else {
          return .failure("check: unknown option '\(argument)' (\(usage))")
        }
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
    }
  }
}

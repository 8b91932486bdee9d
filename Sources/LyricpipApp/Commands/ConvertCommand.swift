import FoundationEssentials
import LyricsContainers
import LyricsCore
import LyricsFiles
import SystemSupport

/// `lyricpip convert IN [--from NAME] --to NAME [-o OUT]`: reads lyrics in any format and
/// writes them in another. What the target cannot hold is dropped with a warning that says
/// what; OUT is written atomically and is never IN; without `-o` the result goes to stdout.
enum ConvertCommand {
  struct Options: Equatable {
    var input = ""
    var from: LyricsFormat?
    var to: LyricsFormat = .lrc
    var output: String?
  }

  static let usage =
    "usage: lyricpip convert IN [--from NAME]"
    + " --to lrc|enhanced-lrc|krc|qrc|yrc|ttml|eslyric|lys|lyl [-o OUT]"

  static func run(_ arguments: [String]) -> ExitStatus {
    parse(arguments).run(usage: usage, run)
  }

  private static func run(_ options: Options) -> ExitStatus {
    if let output = options.output, isSameFile(options.input, output) {
      printError("convert: -o \(output) is the input file; it is never written over")
      return .usage
    }
    let bytes: [UInt8]
    do {
      bytes = try LyricsFileReader.read(path: options.input)
    } catch {
      printError("\(options.input): \(error)")
      return .unreadableInput
    }
    let document: LyricsDocumentReader.Document
    do {
      document = try LyricsDocumentReader.read(
        bytes, format: options.from, transcoder: IconvTranscoder())
    } catch {
      printError("\(options.input): \(error)")
      return .failure
    }
    let result = document.result
    for diagnostic in result.diagnostics {
      let place = diagnostic.line > 0 ? "\(options.input):\(diagnostic.line)" : options.input
      OutputFile.standardError.write(
        "\(place): \(diagnostic.severity.rawValue): \(diagnostic.message)\n")
    }
    guard !result.lyrics.lines.isEmpty else {
      if result.lyrics.isUntimed {
        printError("convert: \(options.input) is untimed lyrics: the formats written need times")
      }
      return .failure
    }
    guard let written = LyricsDocumentWriter.write(result.lyrics, as: options.to) else {
      printError("convert: \(options.to.rawValue) cannot be written")
      return .usage
    }
    for loss in written.losses {
      printError(
        "warning: \(document.format.displayName) to \(options.to.displayName) drops \(loss)")
    }
    if let output = options.output {
      do {
        try AtomicFile.write(Data(written.text.utf8), to: URL(fileURLWithPath: output))
      } catch {
        printError("\(output): \(error)")
        return .unreadableInput
      }
    } else {
      OutputFile.standardOutput.write(written.text)
    }
    return result.hasErrors ? .failure : .success
  }

  /// Whether `output` names `input` (the same path, or the same file through another name).
  static func isSameFile(_ input: String, _ output: String) -> Bool {
    if input == output { return true }
    guard case .success(let inputStatus) = FileStatus.of(input),
      case .success(let outputStatus) = FileStatus.of(output)
    else { return false }
    return inputStatus.isSameFile(as: outputStatus)
  }

  static func parse(_ arguments: [String]) -> ParsedOptions<Options> {
    let parsed: CommandLineArguments
    do {
      parsed = try CommandLineArguments.parse(
        arguments,
        options: [.value("--from"), .value("--to"), .value("-o"), .value("--output")],
        command: "convert")
    } catch {
      return .failure("convert: \(error.description)")
    }
    if parsed.wantsHelp { return .help }
    var options = Options()
    var target: LyricsFormat?
    for (name, value) in parsed.options {
      let value = value ?? ""
      switch name {
      case "--from":
        guard let format = LyricsFormat(rawValue: value) else {
          return .failure("convert: --from \(value): \(LyricsFormatNames.unknown)")
        }
        options.from = format
      case "--to":
        guard let format = LyricsFormat(rawValue: value), format.isWritable else {
          return .failure(
            "convert: --to \(value): not a format lyricpip writes (\(LyricsFormatNames.writable))")
        }
        target = format
      default:
        guard !value.isEmpty else { return .failure("convert: \(name) needs a file name") }
        options.output = value
      }
    }
    guard parsed.operands.count == 1, let input = parsed.operands.first else {
      return .failure("convert: give exactly one input file (\(usage))")
    }
    guard let target else { return .failure("convert: --to is required (\(usage))") }
    options.input = input
    options.to = target
    return .success(options)
  }
}

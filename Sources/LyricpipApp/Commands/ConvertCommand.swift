import CommandLineOptions
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

  /// `convert`'s flags; `--to` is kept aside, for the check that it was given.
  static let flags: [CommandFlag<(options: Options, to: LyricsFormat?)>] = [
    .value(
      .from, .choices(LyricsFormat.allCases.map(\.rawValue), placeholder: "NAME"),
      "the input's format"
    ) { parsed, value throws(CommandLineArguments.UsageError) in
      guard let format = LyricsFormat(rawValue: value) else {
        throw .init(description: "\(Flag.from) \(value): \(LyricsFormatNames.unknown)")
      }
      parsed.options.from = format
    },
    .value(
      .to, .choices(LyricsFormat.writable.map(\.rawValue), placeholder: "NAME"),
      "the output's format"
    ) { parsed, value throws(CommandLineArguments.UsageError) in
      guard let format = LyricsFormat(rawValue: value), format.isWritable else {
        throw .init(
          description:
            "\(Flag.to) \(value): not a format lyricpip writes (\(LyricsFormatNames.writable))")
      }
      parsed.to = format
    },
    .value(.o, .file("OUT"), "the output file") {
      parsed, value throws(CommandLineArguments.UsageError) in
      parsed.options.output = try outputFile(value, of: .o)
    },
    .value(.output, .file("OUT"), "the output file") {
      parsed, value throws(CommandLineArguments.UsageError) in
      parsed.options.output = try outputFile(value, of: .output)
    },
  ]

  private static func outputFile(_ value: String, of flag: Flag)
    throws(CommandLineArguments.UsageError) -> String
  {
    guard !value.isEmpty else { throw .init(description: "\(flag) needs a file name") }
    return value
  }

  static let command = CommandSpec(
    name: "convert", summary: "convert lyrics between formats",
    synopsis: [
      [
        .command, .words("IN"), .optional(.from), .required(.to, choicesInOwnUsage: true),
        .optional(.o),
      ]
    ],
    flags: flags.map(\.info), operands: .paths("lyrics file"))

  static let usage = UsageText.usageLines(command)

  static func run(_ arguments: [String]) -> ExitStatus {
    parse(arguments).run(usage: usage, run)
  }

  private static func run(_ options: Options) -> ExitStatus {
    if let output = options.output, isSameFile(options.input, output) {
      printError("convert: \(Flag.o) \(output) is the input file; it is never written over")
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
    var parsed: (options: Options, to: LyricsFormat?) = (Options(), nil)
    let operands: [String]
    do {
      let arguments = try CommandLineArguments.parse(
        arguments, options: flags.options(), command: "convert")
      if arguments.wantsHelp { return .help }
      operands = arguments.operands
      try flags.apply(arguments.options, to: &parsed)
    } catch {
      return .failure("convert: \(error.description)")
    }
    guard operands.count == 1, let input = operands.first else {
      return .failure("convert: give exactly one input file (\(usage))")
    }
    guard let target = parsed.to else {
      return .failure("convert: \(Flag.to) is required (\(usage))")
    }
    var options = parsed.options
    options.input = input
    options.to = target
    return .success(options)
  }
}

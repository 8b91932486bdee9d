import CommandLineOptions
import EventStream
import FoundationEssentials
import LyricsCore
import LyricsFiles
import LyricsOnline
import LyricsProviders
import LyricsTools
import Playback
import SessionWiring
import Settings
import SystemSupport

/// `lyricpip fetch [--save-beside] [--dry-run] [--json] [--jobs N] [--offline] DIR|FILE...`:
/// every track of the folders and files looked up as `play` would (local sources, the cache,
/// LRCLIB), the cache filled, and with `--save-beside` the timed lyrics written beside the
/// tracks. The work is `LibraryFetch`; this is flags, tags through FFmpeg, output and status.
enum FetchCommand {
  struct Options: Equatable {
    var saveBeside = false
    var dryRun = false
    var json = false
    var offline = false
    var jobs = 4
    var inputs: [String] = []
  }

  static let flags: [CommandFlag<Options>] = [
    .toggle(
      .saveBeside, "write NAME.lrc beside each track",
      help: ["also write each track's timed lyrics beside it as NAME.lrc (never over a file)"]
    ) { $0.saveBeside = true },
    .toggle(
      .dryRun, "ask no server, write nothing",
      help: ["read tags, local lyrics and the cache only: ask no server, write nothing"]
    ) { $0.dryRun = true },
    .toggle(
      .json, "one JSON object per track",
      help: ["one JSON object per track on stdout (the summary goes to stderr)"]
    ) { $0.json = true },
    .value(
      .jobs, .choices(["1", "2", "3", "4"], placeholder: "N"), "tracks at once",
      help: ["tracks looked up at once, 1 to 4 (default 4)"]
    ) { options, value throws(CommandLineArguments.UsageError) in
      guard let jobs = Int(value), (1...4).contains(jobs) else {
        throw .init(description: "\(Flag.jobs) needs a whole number from 1 to 4, not '\(value)'")
      }
      options.jobs = jobs
    },
    .toggle(.offline, "ask no server", help: ["ask no server (the cache is still read)"]) {
      $0.offline = true
    },
  ]

  static let command = CommandSpec(
    name: "fetch", summary: "look up the lyrics of a library",
    synopsis: [
      [
        .command, .optional(.saveBeside), .optional(.dryRun), .optional(.json), .optional(.jobs),
        .optional(.offline), .words("DIR|FILE..."),
      ]
    ],
    flags: flags.map(\.info), operands: .paths("folder or file"), helpColumn: 18)

  static let usage =
    UsageText.usageLines(command)
    + "\n  looks up the lyrics of every track (folders are walked) and keeps them in the cache\n"
    + UsageText.flagsHelp(command)

  static func run(_ arguments: [String]) -> ExitStatus {
    let options: Options
    do {
      guard let parsed = try parse(arguments) else {
        print(usage)
        return .success
      }
      options = parsed
    } catch {
      printError("fetch: \(error.description)")
      return .usage
    }
    let environment = ProcessInfo.processInfo.environment
    var settings = OnlineSettings()
    if let path = AppConfig.defaultPath(environment: environment) {
      let config = AppConfig.load(path: path)
      for warning in config.warnings { printError("warning: \(warning)") }
      settings = config.online
    }
    let (lookup, cache) = OnlineSetup.lookup(
      settings, offline: options.offline || options.dryRun, environment: environment)
    if lookup.isOnline, CurlTransport.libraryVersion == nil {
      printError("fetch: libcurl (libcurl4) cannot be loaded; install it, or use \(Flag.offline)")
      return .serviceUnavailable
    }

    let walked = AudioFileWalk.files(in: options.inputs)
    for problem in walked.unreadable { printError("\(problem)") }
    let locator = LyricsLocator.withEmbeddedLyrics(readTags: LyricsLookup.decoderTags)
    let fetch = LibraryFetch(
      lookup: lookup, cache: cache,
      options: .init(saveBeside: options.saveBeside, dryRun: options.dryRun, jobs: options.jobs),
      readTags: readTags,
      localLyrics: { path, tags in
        let identity = TrackIdentity(audioPath: path, artist: tags.artist, title: tags.title)
        // A `.txt` beside the track is untimed at best: the lookup may still find timed lyrics.
        return locator.first(for: identity) {
          $0.path?.lowercased().hasSuffix(".txt") == true ? nil : $0.source
        }
      })
    let progress = FetchProgress(total: walked.files.count)
    let summary = fetch.run(
      walked.files,
      each: { _, item in
        progress.clear()
        print(FetchReport.text(for: item, json: options.json))
      },
      progress: { done, summary in progress.show(done: done, summary) })
    progress.clear()
    if options.json {
      printError(summary.line)
    } else {
      print(summary.line)
    }
    if !walked.unreadable.isEmpty || summary.unreadable > 0 { return .unreadableInput }
    return summary.failed > 0 ? .failure : .success
  }

  /// The options, or nil for `--help`.
  static func parse(_ arguments: [String]) throws(CommandLineArguments.UsageError) -> Options? {
    let parsed = try CommandLineArguments.parse(
      arguments, options: flags.options(), command: "fetch")
    if parsed.wantsHelp { return nil }
    var options = Options()
    options.inputs = parsed.operands
    try flags.apply(parsed.options, to: &options)
    guard !options.inputs.isEmpty else {
      throw .init(description: "no folder or file given (see lyricpip fetch \(Flag.help))")
    }
    return options
  }

  /// A track's tags and length, through FFmpeg.
  @Sendable static func readTags(_ path: String) throws -> AudioTags {
    let info = try AudioProbe.probe(path)
    return AudioTags(
      title: info.title, artist: info.artist, album: info.album,
      durationSeconds: info.durationNanos.map { Double($0) / 1e9 })
  }

}

/// The progress bar and live count on stderr, when stderr is a terminal; nothing otherwise.
final class FetchProgress {
  private let total: Int
  private let isTerminal = OutputFile.standardError.isTerminal
  private var shown = false

  init(total: Int) {
    self.total = total
  }

  func show(done: Int, _ summary: FetchSummary) {
    guard isTerminal, total > 0 else { return }
    let width = 24
    let filled = done * width / total
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    OutputFile.standardError.write(
      "\r[\(bar)] \(done)/\(total)  synced \(summary.synced) · plain \(summary.plain) · "
        + "instrumental \(summary.instrumental) · not found \(summary.notFound) · "
        + "failed \(summary.failed)\u{1B}[K")
    shown = true
  }

  /// Takes the bar off the line so that other output starts clean.
  func clear() {
    guard shown else { return }
    OutputFile.standardError.write("\r\u{1B}[K")
    shown = false
  }
}

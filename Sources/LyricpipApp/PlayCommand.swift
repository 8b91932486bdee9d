import Desktop
import FoundationEssentials
import LyricsCore
import Playback
import SystemSupport

/// `lyricpip play [FILE...] [options]`: the flags, the wiring and the exit status. The work is in
/// `PlaySession`, `Player` and `SyncScheduler`.
enum PlayCommand {
  static func run(_ arguments: [String]) -> ExitStatus {
    var options: PlayOptions
    do {
      options = try PlayOptions.parse(arguments)
    } catch {
      printError(error.description)
      return .usage
    }
    // A file manager or the desktop entry (`Exec=lyricpip %U`) may pass file: URIs.
    options.files = options.files.map { FileURI.path(fromURI: $0) ?? $0 }
    // The windowed player quits cleanly on SIGINT/SIGTERM from here on, so before any thread
    // starts (see `QuitSignals`); without windows they keep their default action.
    let quitSignals = options.noWindow ? nil : QuitSignals.install()
    let desktop: MPRISService?
    switch DesktopLink.join(options) {
    case .handedOff(let count):
      printError(
        count == 0
          ? "already running; brought its window forward"
          : "already running; handed it \(count) file\(count == 1 ? "" : "s")")
      return .success
    case .failed(let failure):
      printError(failure.message)
      return failure.status
    case .alone(let service):
      desktop = service
    }
    switch prepare(options) {
    case .failure(let failure):
      printError(failure.message)
      return failure.status
    case .success(let prepared):
      if let quitSignals, let windows = prepared.presenter as? WindowPresenter {
        quitSignals.onQuit { windows.quit() }
      }
      return play(prepared, options: options, desktop: desktop)
    }
  }

  struct Failure: Error {
    var status: ExitStatus
    var message: String
  }

  struct Prepared {
    var tracks: [PlaySession.Track]
    var presenter: LyricsPresenter
    var output: AudioOutput
    var events: EventWriter?
  }

  /// Checks every input before a sound is made: files (2), lyrics (2), front end and output (69).
  static func prepare(_ options: PlayOptions) -> Result<Prepared, Failure> {
    var files = options.files
    var lyricsPath = options.lyricsPath
    if files.isEmpty {
      guard let demo = DemoFiles.locate() else {
        return .failure(
          Failure(
            status: .unreadableInput,
            message: "no FILE given and the demo (Assets/demo.ogg) is not installed"))
      }
      files = [demo.audio]
      lyricsPath = lyricsPath ?? demo.lyrics
    }
    var tracks: [PlaySession.Track] = []
    for (position, path) in files.enumerated() {
      switch track(path: path, lyricsPath: position == 0 ? lyricsPath : nil) {
      case .success(let track): tracks.append(track)
      case .failure(let failure): return .failure(failure)
      }
    }
    let presenter: LyricsPresenter
    if options.noWindow {
      // With events on stdout, the lines go to stderr so the JSON stays clean.
      presenter = TerminalPresenter(
        handle: options.eventsPath == "-" ? .standardError : .standardOutput)
    } else {
      do {
        presenter = try WindowFrontEnd.makePresenter(options: options)
      } catch {
        return .failure(Failure(status: .serviceUnavailable, message: "\(error)"))
      }
    }
    let output: AudioOutput
    do {
      output = try OutputChooser.open(options.audio, format: AudioFormat.standard)
    } catch {
      return .failure(Failure(status: .serviceUnavailable, message: "\(error)"))
    }
    var events: EventWriter?
    if let eventsPath = options.eventsPath {
      do {
        events = try EventWriter.open(path: eventsPath) {
          ("mono", .seconds(Double(SystemClock.monotonicNanos()) / 1e9))
        }
      } catch {
        output.close()
        return .failure(
          Failure(status: .unreadableInput, message: "cannot write events to \(eventsPath)"))
      }
    }
    return .success(
      Prepared(tracks: tracks, presenter: presenter, output: output, events: events))
  }

  /// One file of the queue: probed by the decoder (exit 2 when it is not audio) and its lyrics
  /// found (`lyricsPath` when given). Also used for the files the desktop opens.
  static func track(path: String, lyricsPath: String?) -> Result<PlaySession.Track, Failure> {
    let info: TrackInfo
    do {
      info = try AudioDecoder(path: path, format: AudioFormat.standard).info
    } catch {
      return .failure(Failure(status: .unreadableInput, message: describe(error, path: path)))
    }
    do {
      let (lyrics, origin) = try LyricsLookup.lyrics(for: info, explicitPath: lyricsPath)
      if origin == .none { printError("no lyrics found for \(path)") }
      var lyricsFile: String?
      if case .file(let file) = origin { lyricsFile = file }
      return .success(PlaySession.Track(item: .file(path), lyrics: lyrics, lyricsFile: lyricsFile))
    } catch {
      return .failure(Failure(status: .unreadableInput, message: "\(error)"))
    }
  }

  static func play(_ prepared: Prepared, options: PlayOptions, desktop: MPRISService?)
    -> ExitStatus
  {
    let player = Player(output: prepared.output, clock: SystemClock())
    let session = PlaySession(
      player: player, tracks: prepared.tracks, presenter: prepared.presenter,
      events: prepared.events, offsetMs: options.offsetMs)
    if let desktop { DesktopLink.observe(player, for: desktop) }
    session.start(atNanos: startNanos(prepared, options: options))
    if let desktop {
      DesktopLink.start(desktop, session: session, presenter: prepared.presenter)
    }
    if let looping = prepared.presenter as? MainThreadPresenter {
      looping.runMainLoop(session: session, quitsAtEnd: options.quitsAtEnd)
    } else {
      session.waitUntilEnded()
    }
    desktop?.stop()
    player.shutdown()
    return session.failedTracks == prepared.tracks.count ? .failure : .success
  }

  /// `--start`, else, with the windows, where the first track was left at the last exit (the
  /// saved state), else 0.
  static func startNanos(_ prepared: Prepared, options: PlayOptions) -> Int64 {
    if !options.startGiven, let windows = prepared.presenter as? WindowPresenter,
      let path = prepared.tracks.first?.item.path,
      let resume = windows.resumePositionMs(forTrack: path)
    {
      printError("resuming \(path) at \(TerminalPresenter.clock(Int64(resume) * 1_000_000))")
      return Int64(resume) * 1_000_000
    }
    return Int64(options.startSeconds * 1e9)
  }

  static func describe(_ error: Error, path: String) -> String {
    let kind = FileKind.at(path)
    if kind == .missing {
      return "\(path): no such file"
    }
    if kind == .directory { return "\(path) is a directory, not an audio file" }
    if let decoderError = error as? DecoderError {
      switch decoderError {
      case .notAudio: return "\(path) has no audio stream"
      case .unreadable(_, let reason): return "\(path) is not a readable audio file (\(reason))"
      case .seekFailed: return "\(decoderError)"
      }
    }
    return "\(path): \(error)"
  }
}

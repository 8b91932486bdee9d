import Library
import LyricsFiles
import LyricsProviders
import Playback
import PlayerContract
import Session
import SessionWiring
import SystemSupport

/// The session's tracks for what `play` (or the desktop) was given: files, folders, playlists.
/// Only the files given by name, and the first track, are opened before anything plays (a
/// given file that is not audio is exit 2, as always); the files of a folder or a playlist are
/// opened, and their lyrics looked for, when each comes up (`LocalThenOnlineLyrics`), so a
/// folder of thousands starts at once. One that cannot be played then is skipped and reported.
public enum QueueTracks {
  /// The walk of `play`: disc and track numbers from each file's header tags.
  public static let sources = QueueSources(
    walk: FolderWalk { path in
      let tags = HeaderTags.read(path)
      return AlbumPosition(discTag: tags["disc"], trackTag: tags["track"])
    })

  /// The tracks for `paths`; `lyricsPath` is the first track's (`--lyrics`). Warnings (a
  /// playlist's missing entry) go to `warn`. `startsPlaying`: the first track plays next (the
  /// start of `play`), so it keeps its check's decoder for the player; files added to a queue
  /// that plays on do not, or their files would stay open until they come up.
  public static func tracks(
    for paths: [String], lyricsPath: String?, startsPlaying: Bool = false,
    warn: (String) -> Void
  ) -> Result<[SessionTrack], QueueFailure> {
    plan(for: paths, lyricsPath: lyricsPath, startsPlaying: startsPlaying, warn: warn)
      .flatMap { $0.check() }
  }

  /// The saved queue's files: only the one to play first is checked before it plays (a file
  /// that went bad since is skipped when it comes up).
  public static func tracks(resuming queue: SavedQueue) -> Result<[SessionTrack], QueueFailure> {
    plan(resuming: queue).check()
  }

  /// The files for `paths` (folders and playlists walked), and which of them to check, without
  /// opening any: `Plan.check` opens them.
  public static func plan(
    for paths: [String], lyricsPath: String?, startsPlaying: Bool = false,
    warn: (String) -> Void
  ) -> Result<Plan, QueueFailure> {
    let entries: [QueueSources.Entry]
    do {
      entries = try sources.entries(for: paths, warn: warn)
    } catch {
      return .failure(QueueFailure(status: .unreadableInput, message: error.description))
    }
    return .success(
      Plan(
        entries: entries, checked: entries.indices.filter { entries[$0].isGiven || $0 == 0 },
        lyricsPath: lyricsPath, startsPlaying: startsPlaying))
  }

  public static func plan(resuming queue: SavedQueue) -> Plan {
    Plan(
      entries: queue.paths.map { QueueSources.Entry(path: $0, isGiven: false) },
      checked: [queue.index], lyricsPath: nil, startsPlaying: true)
  }

  /// A queue's files, those at `checked` to be opened before they play (the first of them with
  /// `lyricsPath`, and, when it `startsPlaying`, its decoder kept).
  public struct Plan: Sendable {
    public var entries: [QueueSources.Entry]
    public var checked: [Int]
    public var lyricsPath: String?
    public var startsPlaying: Bool

    /// The files as tracks, none opened yet (each is opened when it comes up).
    public var unchecked: [SessionTrack] {
      entries.map { SessionTrack(item: .file($0.path), lyrics: nil) }
    }

    /// Opens the files at `checked` (FFmpeg's probe; reads the file) and finds their lyrics.
    public func check() -> Result<[SessionTrack], QueueFailure> {
      var tracks = unchecked
      for position in checked where tracks.indices.contains(position) {
        let explicit = position == checked.first ? lyricsPath : nil
        // The first one checked is the one that plays first, unless a shuffle picks another.
        switch track(
          path: entries[position].path, lyricsPath: explicit,
          keepingDecoder: startsPlaying && position == checked.first)
        {
        case .success(let track): tracks[position] = track
        case .failure(let failure): return .failure(failure)
        }
      }
      return .success(tracks)
    }
  }

  /// One file of the queue: probed by the decoder (exit 2 when it is not audio) and its lyrics
  /// found (`lyricsPath` when given). Also used for the files the desktop opens. A track with
  /// nothing on this computer but a title and an artist in its tags is left without lyrics
  /// (nil): the session asks the online lookup once it plays. `keepingDecoder`: the track plays
  /// first, so the probe's open decoder goes to the player and the file is not opened again.
  public static func track(
    path: String, lyricsPath: String?, keepingDecoder: Bool = false
  ) -> Result<SessionTrack, QueueFailure> {
    let info: TrackInfo
    let item: PlayerItem
    do {
      let decoder = try AudioProbe.open(path)
      StartupTrace.mark("decoder opened")
      info = decoder.info
      item = keepingDecoder ? .file(path, opened: OpenedDecoder(decoder)) : .file(path)
    } catch {
      return .failure(QueueFailure(status: .unreadableInput, message: error.message))
    }
    do {
      let (lyrics, origin) = try LyricsLookup.standard.lyrics(for: info, explicitPath: lyricsPath)
      if origin == .none {
        if info.onlineFacts != nil {
          return .success(SessionTrack(item: item, lyrics: nil))
        }
        printError("no lyrics found for \(path)")
      }
      var lyricsFile: String?
      if case .file(let file, _) = origin { lyricsFile = file }
      return .success(
        SessionTrack(
          item: item, lyrics: lyrics, lyricsFile: lyricsFile, source: origin.sourceName))
    } catch {
      return .failure(QueueFailure(status: .unreadableInput, message: "\(error)"))
    }
  }
}

import Library
import Playback
import Session
import SessionWiring

/// The session's tracks for what `play` (or the desktop) was given: files, folders, playlists.
/// Only the files given by name, and the first track, are opened before anything plays (a
/// given file that is not audio is exit 2, as always); the files of a folder or a playlist are
/// opened, and their lyrics looked for, when each comes up (`LocalThenOnlineLyrics`), so a
/// folder of thousands starts at once. One that cannot be played then is skipped and reported.
enum QueueTracks {
  /// The walk of `play`: disc and track numbers from each file's header tags.
  static let sources = QueueSources(
    walk: FolderWalk { path in
      let tags = HeaderTags.read(path)
      return AlbumPosition(discTag: tags["disc"], trackTag: tags["track"])
    })

  /// The tracks for `paths`; `lyricsPath` is the first track's (`--lyrics`). Warnings (a
  /// playlist's missing entry) go to `warn`. `startsPlaying`: the first track plays next (the
  /// start of `play`), so it keeps its check's decoder for the player; files added to a queue
  /// that plays on do not, or their files would stay open until they come up.
  static func tracks(
    for paths: [String], lyricsPath: String?, startsPlaying: Bool = false,
    warn: (String) -> Void
  ) -> Result<[SessionTrack], PlayCommand.Failure> {
    plan(for: paths, lyricsPath: lyricsPath, startsPlaying: startsPlaying, warn: warn)
      .flatMap { $0.check() }
  }

  /// The saved queue's files: only the one to play first is checked before it plays (a file
  /// that went bad since is skipped when it comes up).
  static func tracks(resuming queue: SavedQueue) -> Result<[SessionTrack], PlayCommand.Failure> {
    plan(resuming: queue).check()
  }

  /// The files for `paths` (folders and playlists walked), and which of them to check, without
  /// opening any: `Plan.check` opens them.
  static func plan(
    for paths: [String], lyricsPath: String?, startsPlaying: Bool = false,
    warn: (String) -> Void
  ) -> Result<Plan, PlayCommand.Failure> {
    let entries: [QueueSources.Entry]
    do {
      entries = try sources.entries(for: paths, warn: warn)
    } catch {
      return .failure(PlayCommand.Failure(status: .unreadableInput, message: error.description))
    }
    return .success(
      Plan(
        entries: entries, checked: entries.indices.filter { entries[$0].isGiven || $0 == 0 },
        lyricsPath: lyricsPath, startsPlaying: startsPlaying))
  }

  static func plan(resuming queue: SavedQueue) -> Plan {
    Plan(
      entries: queue.paths.map { QueueSources.Entry(path: $0, isGiven: false) },
      checked: [queue.index], lyricsPath: nil, startsPlaying: true)
  }

  /// A queue's files, those at `checked` to be opened before they play (the first of them with
  /// `lyricsPath`, and, when it `startsPlaying`, its decoder kept).
  struct Plan: Sendable {
    var entries: [QueueSources.Entry]
    var checked: [Int]
    var lyricsPath: String?
    var startsPlaying: Bool

    /// The files as tracks, none opened yet (each is opened when it comes up).
    var unchecked: [SessionTrack] {
      entries.map { SessionTrack(item: .file($0.path), lyrics: nil) }
    }

    /// Opens the files at `checked` (FFmpeg's probe; reads the file) and finds their lyrics.
    func check() -> Result<[SessionTrack], PlayCommand.Failure> {
      var tracks = unchecked
      for position in checked where tracks.indices.contains(position) {
        let explicit = position == checked.first ? lyricsPath : nil
        // The first one checked is the one that plays first, unless a shuffle picks another.
        switch PlayCommand.track(
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
}

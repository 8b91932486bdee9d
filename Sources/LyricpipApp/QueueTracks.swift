import Library
import Playback
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
  /// playlist's missing entry) go to `warn`.
  static func tracks(
    for paths: [String], lyricsPath: String?, warn: (String) -> Void
  ) -> Result<[SessionTrack], PlayCommand.Failure> {
    let entries: [QueueSources.Entry]
    do {
      entries = try sources.entries(for: paths, warn: warn)
    } catch {
      return .failure(PlayCommand.Failure(status: .unreadableInput, message: error.description))
    }
    var tracks: [SessionTrack] = []
    tracks.reserveCapacity(entries.count)
    for (position, entry) in entries.enumerated() {
      guard entry.isGiven || position == 0 else {
        tracks.append(SessionTrack(item: .file(entry.path), lyrics: nil))
        continue
      }
      switch PlayCommand.track(path: entry.path, lyricsPath: position == 0 ? lyricsPath : nil) {
      case .success(let track): tracks.append(track)
      case .failure(let failure): return .failure(failure)
      }
    }
    return .success(tracks)
  }
}

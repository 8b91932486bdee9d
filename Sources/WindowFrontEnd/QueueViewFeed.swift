import Locking
import Playback
import PlayerContract
import SessionWiring
import Surface
import SystemSupport

/// The rows of the main window's queue view: each file's name at first, then its title, artist
/// and length as a thread of its own reads them (`HeaderTags`: the header, and the streams where
/// the header has no length), in queue order, so the view fills in without the first sound ever waiting for it. The current track's
/// row takes what the decoder read when it starts. Published to the window loop on every track
/// change, when the queue grows, and every 200 rows read.
final class QueueViewFeed: Sendable {
  private struct State {
    var rows: [QueueRow] = []
    /// Rows whose tags were read (or are being read by a reader thread).
    var claimed = 0
  }

  private let session: LyricsSession
  private let mailbox: SurfaceMailbox
  private let state = Mutex(State())

  init(session: LyricsSession, mailbox: SurfaceMailbox) {
    self.session = session
    self.mailbox = mailbox
  }

  func start() {
    session.addPlaybackListener { [weak self] event in
      guard let self, case .trackChanged(let index, let info) = event else { return }
      refresh(current: index, info: info)
    }
    // The reading waits for the first track to be current: its row is then what the decoder
    // read, and that file is not opened again for it (a queue of one opens no reader at all).
    let current = session.currentTrackIndex
    refresh(current: current, info: session.engine.currentTrack, reading: current != nil)
  }

  /// Tracks were added to the queue.
  func queueChanged() { refresh(current: nil, info: nil) }

  /// Takes in tracks added to the queue, the current track's facts, publishes, and, when
  /// `reading`, starts a reader for the rows neither read yet nor told by the decoder.
  private func refresh(current: Int?, info: TrackInfo?, reading: Bool = true) {
    let paths = session.queuePaths
    let (rows, unread): ([QueueRow], [Int]) = state.withLock { state in
      if paths.count > state.rows.count {
        state.rows += paths[state.rows.count...].map { QueueRow(title: Self.fileName($0)) }
      }
      // The index and the facts are read apart at the start: a track change between them
      // would pair one track's facts with another's row.
      if let current, let info, state.rows.indices.contains(current), paths[current] == info.path {
        state.rows[current] = Self.row(
          path: info.path, title: info.title, artist: info.artist,
          durationNanos: info.durationNanos)
      }
      guard reading else { return (state.rows, []) }
      let unread = (state.claimed..<state.rows.count).filter { state.rows[$0].durationMs == nil }
      state.claimed = state.rows.count
      return (state.rows, unread)
    }
    mailbox.setQueue(rows, current: current ?? session.currentTrackIndex)
    if let last = unread.last { read(unread, endingAt: last, of: paths) }
  }

  private func read(_ indices: [Int], endingAt last: Int, of paths: [String]) {
    _ = DetachedThread.start(name: "lyricpip.tags") { [weak self] in
      for index in indices {
        guard let self else { return }
        let peek = HeaderTags.peekWithLength(paths[index])
        let row = Self.row(
          path: paths[index], title: peek?.tags["title"], artist: peek?.tags["artist"],
          durationNanos: peek?.durationNanos)
        let rows: [QueueRow]? = state.withLock { state in
          guard state.rows.indices.contains(index) else { return nil }
          // What the decoder said of a track that played meanwhile is not overwritten.
          if state.rows[index].durationMs == nil { state.rows[index] = row }
          return (index + 1) % 200 == 0 || index == last ? state.rows : nil
        }
        if let rows { mailbox.setQueue(rows, current: session.currentTrackIndex) }
      }
    }
  }

  private static func row(
    path: String, title: String?, artist: String?, durationNanos: Int64?
  ) -> QueueRow {
    QueueRow(
      title: title.flatMap { $0.isEmpty ? nil : $0 } ?? fileName(path), artist: artist ?? "",
      durationMs: durationNanos.map { Int($0 / 1_000_000) })
  }

  private static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}

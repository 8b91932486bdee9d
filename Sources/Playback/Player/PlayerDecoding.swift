/// A source on its way from the thread that opened it into `Decoding`. The opener lets go of it
/// once handed over; from then on it is touched only under the `decoding` mutex.
// @unchecked: a closure's captures cannot be moved into a `Mutex` (region checking), this can.
struct HandedSource: @unchecked Sendable {
  let source: PCMSource
  init(_ source: PCMSource) { self.source = source }
}

/// The next track, opened ahead so that its first sample can follow the last one before it.
struct UpcomingSource {
  var key: UpcomingKey
  var source: PCMSource
}

/// The sources and the epoch their next samples belong to, behind the player's `decoding` mutex.
struct Decoding {
  /// The source being decoded.
  var source: PCMSource?
  var epoch = 0
  /// The epoch's frame of the next sample handed out.
  var nextFrame: Int64 = 0
  /// Sources decoded to their end but still being heard, oldest first (the current track's
  /// first, then one per `PlayerBook.switches` entry but the last, whose source is `source`):
  /// kept so that a seek or stop before a switch is heard can go back to the current track.
  var finished: [PCMSource] = []
  var upcoming: UpcomingSource?

  /// Goes back to the current track's source when a gapless switch was decoded but not heard
  /// yet (a seek or stop applies to what is heard); the sources after it are let go.
  mutating func returnToCurrentTrack() {
    if let current = finished.first { source = current }
    finished = []
  }

  /// The next samples belong to `newEpoch`, starting at its frame `frame`.
  mutating func begin(epoch newEpoch: Int, at frame: Int64) {
    epoch = newEpoch
    nextFrame = frame
  }

  /// The track decoded so far ended; `next` (opened ahead) follows it in the same epoch.
  mutating func switchTo(_ next: UpcomingSource) {
    if let source { finished.append(source) }
    source = next.source
    upcoming = nil
  }
}

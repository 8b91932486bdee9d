import PlayerContract
import SystemSupport

/// Gapless playback: the next track is opened ahead (with no lock held), and when the track being
/// decoded ends, its first samples follow the last ones of the track before in the same epoch,
/// with no flush, so the output never runs dry at the joint. The output goes on counting frames
/// across the joint; `PlayerBook.switches` says at which of its frames each new track starts,
/// and a watch on the clock makes the track current (`trackChanged`) when that frame is heard.
extension Player {
  /// The track to open ahead, when one is wanted and not asked for yet: the entry after the last
  /// one handed to the decoder, in the current queue.
  func upcomingWanted() -> (key: UpcomingKey, item: PlayerItem)? {
    bookkeeping.withLock { book in
      guard book.hasSource, !book.shuttingDown else { return nil }
      let index = book.entry(after: book.lastDecodedIndex)
      guard index < book.items.count else { return nil }
      let key = UpcomingKey(generation: book.openGeneration, index: index)
      guard book.upcomingAsked != key else { return nil }
      book.upcomingAsked = key
      return (key, book.items[index])
    }
  }

  /// Opens `item` on a thread of its own, so that a slow file never holds the decoder thread
  /// while the output's short buffer runs down.
  func openUpcomingInBackground(_ key: UpcomingKey, _ item: PlayerItem) {
    let started = DetachedThread.start(name: "lyricpip.preopen") { [weak self] in
      self?.openUpcoming(key, item)
    }
    // No thread: the track is opened when the one before ends, as without gapless.
    if !started { bookkeeping.withLock { $0.upcomingAsked = nil } }
  }

  /// Opens `item` with no lock held and keeps it as the upcoming track. A track that does not
  /// open is left to the ordinary end of the track before, which reports it.
  func openUpcoming(_ key: UpcomingKey, _ item: PlayerItem) {
    guard let opened = try? item.open(output.format) else { return }
    let handed = HandedSource(opened)
    decoding.withLock { current in
      guard bookkeeping.withLock({ $0.openGeneration == key.generation }) else { return }
      current.upcoming = UpcomingSource(key: key, source: handed.source)
    }
  }

  /// Whether `next` may follow the source that just ended in `current`'s epoch: it is still the
  /// entry that plays next in the same queue. Records the switch when it may.
  func acceptSwitch(to next: UpcomingSource, in current: inout Decoding) -> Bool {
    let accepted = bookkeeping.withLock { book in
      let wanted = book.entry(after: book.lastDecodedIndex)
      guard book.epoch == current.epoch, book.openGeneration == next.key.generation,
        next.key.index == wanted, wanted < book.items.count
      else { return false }
      book.switches.append(
        TrackSwitch(index: wanted, info: next.source.info, startFrame: current.nextFrame))
      return true
    }
    if !accepted { current.upcoming = nil }
    return accepted
  }

  /// How long the watch waits while the heard position does not move (a stalled server).
  private static let stalledWatchNanos: Int64 = 250_000_000
  /// The shortest wait: the output's position may lag the clock by a frame's rounding.
  private static let shortestWatchNanos: Int64 = 1_000_000

  /// Schedules the announcement of the next gapless switch for the instant its first frame will
  /// be heard. While paused nothing is scheduled: `play()` arms the watch again.
  func armSwitchWatch() {
    let armed: (token: Int, startFrame: Int64)? = bookkeeping.withLock { book in
      guard let next = book.switches.first, book.playerState == .playing else { return nil }
      book.switchWatch += 1
      return (book.switchWatch, next.startFrame)
    }
    guard let armed else { return }
    let heard = output.heardFrame()
    let frames = max(0, armed.startFrame - heard.frame)
    let rate = Int64(output.format.sampleRate)
    var wait = (frames * 1_000_000_000 + rate - 1) / rate
    wait = heard.isAdvancing ? max(wait, Self.shortestWatchNanos) : Self.stalledWatchNanos
    if frames == 0 { wait = 0 }
    clock.schedule(at: clock.nowNanos + wait) { [weak self] in
      self?.switchWatchFired(token: armed.token)
    }
  }

  /// Announces the switches heard by now; arms the watch again for the rest.
  private func switchWatchFired(token: Int) {
    let epoch: Int? = bookkeeping.withLock { book in
      guard book.switchWatch == token, !book.flushPending else { return nil }
      return book.epoch
    }
    guard let epoch else { return }
    let heard = output.heardFrame().frame
    var events: [PlayerEvent] = []
    decoding.withLock { current in
      let count = bookkeeping.withLock { book in
        guard book.epoch == epoch, !book.flushPending else { return 0 }
        return book.announceSwitches(heardUpTo: heard, events: &events)
      }
      current.finished.removeFirst(min(count, current.finished.count))
    }
    deliver(events)
    armSwitchWatch()
  }
}

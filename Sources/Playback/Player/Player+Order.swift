import PlayerContract

/// Shuffle and repeat on the player: the `PlayOrder` it keeps under its lock, set from the
/// command line, the keys and MPRIS; each change is reported as `orderChanged`.
extension Player {
  public var isShuffled: Bool { bookkeeping.withLock { $0.order.isShuffled } }
  public var repeatMode: RepeatMode { bookkeeping.withLock { $0.order.repeatMode } }

  /// A skip forward has somewhere to go (MPRIS `CanGoNext`).
  public var canGoNext: Bool {
    bookkeeping.withLock { book in book.index != nil && book.order.next(after: book.index) != nil }
  }

  /// A skip back has somewhere to go (MPRIS `CanGoPrevious`): a track before this one in the play
  /// order. (It also rewinds the current track, which is always possible.)
  public var canGoPrevious: Bool {
    bookkeeping.withLock { book in
      guard let index = book.index else { return false }
      return book.order.previous(before: index) != nil
    }
  }

  /// Adds `newItems` at the end of the queue (shuffled: in random places after the current
  /// track); what plays goes on.
  public func append(_ newItems: [PlayerItem]) {
    bookkeeping.withLock { book in
      book.items += newItems
      book.order.append(newItems.count, current: book.index)
    }
  }

  /// Shuffle on (the current track stays, the rest in a new random order) or off.
  public func setShuffled(_ on: Bool) {
    changeOrder { book in
      guard book.order.isShuffled != on else { return }
      book.order.setShuffled(on, current: book.index)
    }
  }

  /// Shuffled: the queue's items in the order they play (saved with the queue); nil when not.
  public var shuffledOrder: [Int]? { bookkeeping.withLock { $0.order.shuffledSequence } }

  /// Shuffle on in `order`, a saved `shuffledOrder`, for a resumed queue: its `load` plays the
  /// items in that order from the start index, instead of shuffling them again.
  public func resumeShuffled(inOrder order: [Int]) {
    changeOrder { $0.order.resumeShuffled(order) }
  }

  public func setRepeatMode(_ mode: RepeatMode) {
    changeOrder { $0.order.repeatMode = mode }
  }

  private func changeOrder(_ change: (inout PlayerBook) -> Void) {
    let (before, after): (PlayOrder, PlayOrder) = bookkeeping.withLock { book in
      let before = book.order
      change(&book)
      return (before, book.order)
    }
    guard before != after else { return }
    deliver([.orderChanged(shuffled: after.isShuffled, repeatMode: after.repeatMode)])
  }
}

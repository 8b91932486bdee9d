import PlayerContract

/// The order the queue plays in: straight through, or shuffled; and what follows the end of a
/// track and of the queue (`RepeatMode`). A plain value: the player keeps one under its lock and
/// asks it which item comes next; nothing here opens, plays or waits.
///
/// Shuffled, the order is a permutation of the items that puts the current one first and the
/// rest after it in random order, so "previous" walks back through what was heard; turning
/// shuffle off goes back to the queue's own order from the current item on.
public struct PlayOrder: Sendable, Equatable {
  public private(set) var count: Int
  public private(set) var isShuffled: Bool
  public var repeatMode: RepeatMode
  /// Shuffled: the items in play order (empty when not shuffled: the queue's own order).
  private var sequence: [Int] = []
  /// Shuffled: where each item is in `sequence`.
  private var place: [Int] = []
  /// A saved shuffled order for the next `reset` to take up instead of a new shuffle
  /// (`resumeShuffled`).
  private var resumed: [Int]?
  private var random: SplitMix64

  /// - Parameter seed: fixes the shuffles (tests); nil draws one from the system.
  public init(
    count: Int = 0, shuffled: Bool = false, repeatMode: RepeatMode = .none, seed: UInt64? = nil
  ) {
    self.count = max(0, count)
    self.isShuffled = false
    self.repeatMode = repeatMode
    random = SplitMix64(seed: seed ?? UInt64.random(in: .min ... .max))
    if shuffled { setShuffled(true, current: nil) }
  }

  /// The item that plays first.
  public var first: Int? {
    guard count > 0 else { return nil }
    return isShuffled ? sequence[0] : 0
  }

  /// The item that plays when `index` ends by itself: itself again with `track` repeat; after
  /// the last, the first with `all` repeat, else nil (the queue ends). Nil `index`: the first.
  public func following(_ index: Int?) -> Int? {
    if repeatMode == .track, let index, index < count { return index }
    return next(after: index)
  }

  /// The item a skip forward goes to from `index` (a skip moves on even with `track` repeat).
  public func next(after index: Int?) -> Int? {
    guard let index, index >= 0, index < count else { return first }
    let position = self.position(of: index) + 1
    if position < count { return item(at: position) }
    return repeatMode == .none ? nil : first
  }

  /// The item a skip back goes to from `index`; nil at the start of the order (no repeat).
  public func previous(before index: Int) -> Int? {
    guard index >= 0, index < count else { return nil }
    let position = self.position(of: index) - 1
    if position >= 0 { return item(at: position) }
    return repeatMode == .none || count == 0 ? nil : item(at: count - 1)
  }

  /// Shuffled: the items in the order they play, to be saved (`resumeShuffled` takes it up
  /// again); nil when not shuffled.
  public var shuffledSequence: [Int]? { isShuffled ? sequence : nil }

  /// Shuffle on in `sequence`, an order saved from `shuffledSequence`: the next `reset` (the
  /// resumed queue's load) keeps it, the current item where it was in it, instead of
  /// shuffling again, so the same tracks come next and skip back goes to those heard before.
  /// A `sequence` that is not an order of that reset's items is ignored (a new shuffle).
  public mutating func resumeShuffled(_ sequence: [Int]) {
    // Until that reset, the items there are now (none, before a load) are shuffled as usual.
    setShuffled(true, current: nil)
    resumed = sequence
  }

  /// Shuffle on (the current item first, the rest in a new random order) or off.
  public mutating func setShuffled(_ on: Bool, current: Int?) {
    isShuffled = on
    resumed = nil
    guard on else {
      sequence = []
      place = []
      return
    }
    var rest = Array(0..<count)
    var head: [Int] = []
    if let current, current >= 0, current < count {
      rest.remove(at: current)
      head = [current]
    }
    rest.shuffle(using: &random)
    follow(head + rest)
  }

  /// A new queue of `newCount` items, `current` the one playing (shuffled again around it, or
  /// in the order `resumeShuffled` saved for it).
  public mutating func reset(count newCount: Int, current: Int?) {
    count = max(0, newCount)
    if isShuffled, let saved = resumed, saved.sorted() == Array(0..<count) {
      resumed = nil
      follow(saved)
    } else {
      setShuffled(isShuffled, current: current)
    }
  }

  /// Items added at the end of the queue: shuffled, they go in random places after `current`.
  public mutating func append(_ added: Int, current: Int?) {
    guard added > 0 else { return }
    let old = count
    count += added
    guard isShuffled else { return }
    let after = current.map { position(of: $0) + 1 } ?? 0
    for item in old..<count {
      let at = Int.random(in: after...sequence.count, using: &random)
      sequence.insert(item, at: at)
    }
    follow(sequence)
  }

  /// Plays in `order`, a permutation of the items.
  private mutating func follow(_ order: [Int]) {
    sequence = order
    place = Array(repeating: 0, count: count)
    for (position, item) in sequence.enumerated() { place[item] = position }
  }

  private func position(of index: Int) -> Int { isShuffled ? place[index] : index }
  private func item(at position: Int) -> Int { isShuffled ? sequence[position] : position }
}

/// A small seedable generator (SplitMix64), so a shuffle can be the same twice in a test.
struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

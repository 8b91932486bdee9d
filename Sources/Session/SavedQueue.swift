/// The queue as it was left: its files in queue order, the one playing, and shuffle and repeat.
/// Launched with no file (the desktop shortcut), the windowed player plays it again from there,
/// at `SavedState.lastTrack`'s position when that is the same file.
public struct SavedQueue: Codable, Equatable, Sendable {
  public var paths: [String]
  /// Index in `paths` of the track that was current.
  public var index: Int
  public var shuffle: Bool
  /// `none`, `track` or `all` (the `--repeat` names).
  public var repeatMode: String
  /// Shuffled: the play order, as indices into `paths` in the order they play, so that a resumed
  /// queue plays on as it would have. Nil when not shuffled, and in files written before it was
  /// kept (such a queue is shuffled anew when resumed).
  public var order: [Int]?

  enum CodingKeys: String, CodingKey {
    case paths, index, shuffle, order
    case repeatMode = "repeat"
  }

  public init(
    paths: [String], index: Int, shuffle: Bool = false, repeatMode: String = "none",
    order: [Int]? = nil
  ) {
    self.paths = paths
    self.index = index
    self.shuffle = shuffle
    self.repeatMode = repeatMode
    self.order = order
  }

  /// The queue without the files that are gone (`exists` says), the index and the play order
  /// moved with it: nil when nothing is left. A current file that is gone gives the next one
  /// left (in queue order).
  public func keeping(where exists: (String) -> Bool) -> SavedQueue? {
    var kept: [String] = []
    var newIndex = 0
    // Where each kept file is in `kept`, by its place in `paths`.
    var keptPlace: [Int: Int] = [:]
    for (position, path) in paths.enumerated() {
      if position == index { newIndex = kept.count }
      if exists(path) {
        keptPlace[position] = kept.count
        kept.append(path)
      }
    }
    guard !kept.isEmpty else { return nil }
    var result = self
    result.paths = kept
    result.index = min(newIndex, kept.count - 1)
    result.order = order?.compactMap { keptPlace[$0] }
    return result
  }
}

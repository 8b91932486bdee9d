/// Where a track sits in its album, from its tags: the disc and the track number. Taggers write
/// them as `3`, `03` or `3/12`; anything else (or no tag) is unknown, and unknown sorts after
/// every known number.
public struct AlbumPosition: Sendable, Equatable {
  public var disc: Int?
  public var track: Int?

  public init(disc: Int? = nil, track: Int? = nil) {
    self.disc = disc
    self.track = track
  }

  /// From the `disc` and `track` tag texts as the container holds them.
  public init(discTag: String?, trackTag: String?) {
    self.init(disc: Self.number(discTag), track: Self.number(trackTag))
  }

  /// The leading number of `3`, ` 03 `, `3/12`; nil for none.
  static func number(_ tag: String?) -> Int? {
    guard let tag else { return nil }
    let trimmed = tag.drop { $0 == " " }
    let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count < 10 else { return nil }
    return Int(digits)
  }

  /// Disc first, then track; unknown after known.
  static func precedes(_ left: AlbumPosition, _ right: AlbumPosition) -> Bool? {
    if let order = compare(left.disc, right.disc) { return order }
    return compare(left.track, right.track)
  }

  /// Nil when equal.
  private static func compare(_ left: Int?, _ right: Int?) -> Bool? {
    switch (left, right) {
    case (nil, nil): return nil
    case (.some, nil): return true
    case (nil, .some): return false
    case (.some(let left), .some(let right)): return left == right ? nil : left < right
    }
  }
}

/// The `[n]` that opens every Lyricify Syllable line: one digit that says two things, the side
/// of the screen the line is shown on (a duet's two singers) and whether it is the main vocal
/// or background vocals. `n` is `side + 3 * vocal`, each counted from "not set".
struct LyricifyProperty: Equatable {
  enum Side: Int {
    case unset = 0
    case left
    case right
  }

  enum Vocal: Int {
    case unset = 0
    case main
    case background
  }

  var side: Side
  var vocal: Vocal

  /// Nil for a number outside 0...8.
  init?(number: Int) {
    guard (0...8).contains(number), let side = Side(rawValue: number % 3),
      let vocal = Vocal(rawValue: number / 3)
    else { return nil }
    self.side = side
    self.vocal = vocal
  }

  init(side: Side, vocal: Vocal) {
    self.side = side
    self.vocal = vocal
  }

  var number: Int { side.rawValue + 3 * vocal.rawValue }

  /// The model's agent for a side: TTML's duet exports call the left singer `v1` and the right
  /// one `v2`, so a line read from either format names its singer the same way.
  var agent: String? {
    switch side {
    case .unset: nil
    case .left: "v1"
    case .right: "v2"
    }
  }

  static func side(agent: String?) -> Side {
    switch agent {
    case "v1": .left
    case "v2": .right
    default: .unset
    }
  }
}

import LyricsCore

/// Where a line sits across the width of a window.
enum LineAlignment: Equatable {
  case leading
  case centred
  case trailing

  /// The x of text `width` wide in the band `left ..< left + bandWidth` (centred text that is
  /// wider than the band starts at its left edge).
  func x(ofWidth width: Int32, inBandFrom left: Int32, width bandWidth: Int32) -> Int32 {
    switch self {
    case .leading: left
    case .centred: max(left, left + (bandWidth - width) / 2)
    case .trailing: max(left, left + bandWidth - width)
    }
  }
}

/// Duets laid out by voice: the lines of the document's first agent on the left, those of every
/// other agent on the right, lines without an agent centred. A document with fewer than two
/// agents is not a duet (many files name the one singer on every line), so all its lines stay
/// centred.
struct DuetAlignment: Equatable {
  /// The agent whose lines go on the left; nil when the lyrics are not a duet.
  let firstAgent: String?

  init(lyrics: Lyrics?) {
    var first: String?
    var isDuet = false
    for agent in (lyrics?.lines ?? []).lazy.compactMap(\.agent) {
      guard let seen = first else {
        first = agent
        continue
      }
      if agent != seen {
        isDuet = true
        break
      }
    }
    firstAgent = isDuet ? first : nil
  }

  func alignment(of line: LyricLine) -> LineAlignment {
    guard let firstAgent, let agent = line.agent else { return .centred }
    return agent == firstAgent ? .leading : .trailing
  }
}

extension StripLayout {
  /// The x of the current line `width` wide: placed by its voice when it fits, else scrolled
  /// from the left padding so the sung part stays in view.
  func mainX(ofWidth width: Int32, alignment: LineAlignment, scrollX: Int32) -> Int32 {
    guard width <= textWidth else { return padding - scrollX }
    return alignment.x(ofWidth: width, inBandFrom: padding, width: textWidth)
  }
}

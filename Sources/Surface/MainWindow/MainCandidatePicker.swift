/// The main window's list of lyrics to choose from (C or the "Lyrics…" button): the candidates
/// of the lookup, then "No lyrics for this track". ↑/↓ or the wheel move the selection, Enter
/// or a click chooses, Esc (or C again) closes it. It covers the lyric list while open.
struct MainCandidatePicker: Equatable {
  var choices: LyricsChoices
  /// The selected row; `choices.rows.count` is "No lyrics for this track".
  var selected = 0

  static let noLyricsText = "No lyrics for this track"

  /// The rows as drawn: the candidates, then "no lyrics" once the search is over.
  var rowTexts: [String] {
    switch choices.state {
    case .searching: return []
    case .ready(let rows): return rows.map(\.text) + [Self.noLyricsText]
    case .failed: return [Self.noLyricsText]
    }
  }

  /// The provider drawn at the right of each row of `rowTexts`, in its own column; nil for
  /// "No lyrics for this track".
  var rowProviders: [String?] {
    switch choices.state {
    case .searching: return []
    case .ready(let rows): return rows.map(\.provider) + [nil]
    case .failed: return [nil]
    }
  }

  /// The line above the rows.
  var heading: String {
    switch choices.state {
    case .searching: return "Searching for lyrics…"
    case .ready(let rows) where rows.isEmpty: return "No candidates found (Esc closes)"
    case .ready: return "Choose the lyrics: ↑/↓, Enter (Esc closes)"
    case .failed(let reason): return "The search failed: \(reason)"
    }
  }

  mutating func move(by rows: Int) {
    let count = rowTexts.count
    guard count > 0 else { return }
    selected = min(count - 1, max(0, selected + rows))
  }

  /// What choosing row `index` asks for; nil while nothing can be chosen.
  func intent(forRow index: Int) -> SurfaceIntent? {
    let rows = rowTexts
    guard rows.indices.contains(index) else { return nil }
    return index == choices.rows.count ? .chooseNoLyrics : .chooseCandidate(index)
  }

  /// The first row shown when `visible` rows fit: the selection stays in view.
  func firstVisibleRow(fitting visible: Int) -> Int {
    guard visible > 0 else { return 0 }
    return max(0, min(selected - visible / 2, rowTexts.count - visible))
  }
}

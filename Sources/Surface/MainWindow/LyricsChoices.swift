/// The lyrics a user may choose from for the current track, as the main window's picker lists
/// them: plain values the app makes from the lookup's candidates, so the window knows no LRCLIB.
public struct LyricsChoices: Equatable, Sendable {
  /// One candidate: what tells it apart from the others.
  public struct Row: Equatable, Sendable {
    public var title: String
    public var artist: String
    public var album: String?
    public var durationSeconds: Int?
    /// "synced", "plain" or "instrumental".
    public var kind: String
    /// The service the candidate came from, as the windows name it ("LRCLIB", "Kugou",
    /// "NetEase", "AMLL"): the picker lists several providers' candidates together, and two
    /// of them may have the same names.
    public var provider: String

    public init(
      title: String, artist: String, album: String?, durationSeconds: Int?, kind: String,
      provider: String
    ) {
      self.title = title
      self.artist = artist
      self.album = album
      self.durationSeconds = durationSeconds
      self.kind = kind
      self.provider = provider
    }

    /// "Title — Artist · Album · 3:45 · synced".
    var text: String {
      var parts = ["\(title) — \(artist)"]
      if let album, !album.isEmpty { parts.append(album) }
      if let durationSeconds { parts.append(MainWindow.clock(durationSeconds)) }
      parts.append(kind)
      return parts.joined(separator: " · ")
    }
  }

  public enum State: Equatable, Sendable {
    /// The search is running.
    case searching
    case ready([Row])
    /// The search failed: why, in a few words.
    case failed(String)
  }

  public var state: State

  public init(_ state: State) {
    self.state = state
  }

  public var rows: [Row] {
    if case .ready(let rows) = state { return rows }
    return []
  }
}

/// What the windows say about a track's lyrics beside the lines themselves: where they came
/// from, or why there are none to follow (a lookup still running, only untimed text, an
/// instrumental, nothing found, a failure).
public struct LyricsStatus: Equatable, Sendable {
  public enum State: Equatable, Sendable {
    /// Timed lines are on display.
    case timed
    /// The online lookup is running; lines may come at any moment.
    case lookingUp
    /// Only untimed text: shown as text, never given fake times.
    case plain(String)
    /// The track has no words.
    case instrumental
    /// Nothing was found (here, nor online when it was asked).
    case notFound
    /// The user chose "no lyrics" for this track.
    case noneChosen
    /// The lookup failed: a short reason.
    case failed(String)
    /// The track's file is still being read (a slow file system): nothing is known yet.
    case opening
  }

  public var state: State
  /// Where the lyrics came from: "beside the file", "embedded", "lyrics folder", "LRCLIB",
  /// "cache (LRCLIB)", "your choice (LRCLIB)"…; nil when there are none.
  public var source: String?
  /// The online service that sent the lyrics, by its name in the settings (`lrclib`, `kugou`,
  /// `netease`, `amll`), its cache included; nil for lyrics found on this computer or none.
  public var provider: String?

  public init(_ state: State, source: String? = nil, provider: String? = nil) {
    self.state = state
    self.source = source
    self.provider = provider
  }

  /// Whether the answer is still to come.
  public var isPending: Bool { state == .lookingUp }

  /// Whether the strip may come up for it without timed lines: it then says what is going on
  /// instead of looking broken. Nothing found, a failure or "no lyrics" keep the strip away,
  /// as for any track without lyrics.
  public var speaksOnStrip: Bool {
    switch state {
    case .lookingUp, .plain, .instrumental: return true
    case .timed, .notFound, .noneChosen, .failed, .opening: return false
    }
  }

  /// The untimed text, for `plain`.
  public var plainText: String? {
    if case .plain(let text) = state { return text }
    return nil
  }

  /// The one line that stands in for the lyrics when there are no timed lines; nil for `timed`.
  public var message: String? {
    switch state {
    case .timed: return nil
    case .lookingUp: return "looking up lyrics…"
    case .plain: return "plain lyrics — see the main window"
    case .instrumental: return "instrumental"
    case .notFound: return "no lyrics found"
    case .noneChosen: return "no lyrics (your choice)"
    case .failed(let reason): return "lyrics lookup failed: \(reason)"
    case .opening: return "opening the track…"
    }
  }
}

/// A lyrics service the online lookup may ask, by the name the `online` setting gives it. The
/// settings list them in the user's order of preference; that order only breaks ties of the
/// ranking across providers (`CrossProviderRanking`).
public enum OnlineProvider: String, CaseIterable, Sendable, Codable {
  case lrclib
  case kugou
  case netease
  case amll

  /// The name people read: in the windows' source line, the messages, the notice.
  public var displayName: String {
    switch self {
    case .lrclib: "LRCLIB"
    case .kugou: "Kugou"
    case .netease: "NetEase"
    case .amll: "AMLL TTML DB"
    }
  }

  /// The providers a value of the `online` setting names, in its order, each once: names
  /// separated by commas and/or blanks, any case; `off` (alone) is none. Nil when a word is
  /// not a provider's name or `off` is mixed with names; `unknown` then holds the first such
  /// word.
  public static func list(_ text: String) -> (providers: [OnlineProvider]?, unknown: String?) {
    let words = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
      .map { $0.lowercased() }
    if words == ["off"] { return ([], nil) }
    guard !words.isEmpty else { return (nil, "") }
    var providers: [OnlineProvider] = []
    for word in words {
      guard let provider = OnlineProvider(rawValue: word) else { return (nil, word) }
      if !providers.contains(provider) { providers.append(provider) }
    }
    return (providers, nil)
  }
}

/// Which player `follow` follows, from what the bus said about each (a pure value, so the rules
/// are tested without a bus): the one `--player` names (the end of its bus name, or its
/// `Identity`), else the one playing that started playing last; when none plays, the one
/// followed stays (paused), else a paused one. Players the settings ignore, and lyricpip's own
/// player, are never chosen.
public struct PlayerChooser: Equatable, Sendable {
  struct Candidate: Equatable, Sendable {
    var identity: String?
    var status: MPRISPlayerChange.Status?
    /// When it last started playing, as a count of starts seen (0: never seen to start).
    var startedPlaying = 0
  }

  /// `--player`: a bus-name suffix (`mpv`, `vlc`) or an `Identity` (`Spotify`).
  public var pinned: String?
  /// The `follow-ignore` setting: names or identities, as for `pinned`.
  public var ignored: [String]
  private var candidates: [String: Candidate] = [:]
  private var starts = 0
  /// The player followed now, by bus name.
  public private(set) var chosen: String?

  public init(pinned: String? = nil, ignored: [String] = []) {
    self.pinned = pinned
    self.ignored = ignored
  }

  /// The names lyricpip's own players take (`…lyricpip`, `…lyricpip.instance<pid>`).
  static let ownName = MPRISClient.namePrefix + "lyricpip"

  // MARK: What the bus said

  public mutating func appeared(_ busName: String) {
    if candidates[busName] == nil { candidates[busName] = Candidate() }
  }

  public mutating func identified(_ busName: String, as identity: String) {
    candidates[busName, default: Candidate()].identity = identity
  }

  public mutating func statusChanged(_ busName: String, to status: MPRISPlayerChange.Status) {
    var candidate = candidates[busName, default: Candidate()]
    if status == .playing, candidate.status != .playing {
      starts += 1
      candidate.startedPlaying = starts
    }
    candidate.status = status
    candidates[busName] = candidate
  }

  public mutating func vanished(_ busName: String) {
    candidates[busName] = nil
  }

  public func status(of busName: String) -> MPRISPlayerChange.Status? {
    candidates[busName]?.status
  }

  public func identity(of busName: String) -> String? {
    candidates[busName]?.identity
  }

  // MARK: The choice

  /// Chooses again by the rules above; returns the new choice (also kept as `chosen`).
  @discardableResult
  public mutating func choose() -> String? {
    let eligible = candidates.filter { name, candidate in
      !Self.isOwn(name) && !ignored.contains { Self.matches(name, candidate, $0) }
    }
    let pool =
      pinned.map { pin in eligible.filter { Self.matches($0.key, $0.value, pin) } } ?? eligible
    let playing = pool.filter { $0.value.status == .playing }
    if let newest = Self.mostRecent(playing) {
      chosen = newest
    } else if let chosen, pool[chosen] != nil {
      // Paused or stopped, it stays followed until another plays.
    } else {
      let paused = pool.filter { $0.value.status == .paused }
      chosen = Self.mostRecent(paused) ?? (pinned != nil ? Self.mostRecent(pool) : nil)
    }
    return chosen
  }

  private static func mostRecent(_ pool: [String: Candidate]) -> String? {
    pool.max { left, right in
      (left.value.startedPlaying, right.key) < (right.value.startedPlaying, left.key)
    }?.key
  }

  static func isOwn(_ busName: String) -> Bool {
    busName == ownName || busName.hasPrefix(ownName + ".")
  }

  /// `pattern` names the player: its name after `org.mpris.MediaPlayer2.` is `pattern` or starts
  /// with `pattern.` (`vlc` for `…vlc.instance42`), the bus name ends with it, or its
  /// `Identity` is it (case apart).
  static func matches(_ busName: String, _ candidate: Candidate, _ pattern: String) -> Bool {
    guard !pattern.isEmpty else { return false }
    let short =
      busName.hasPrefix(MPRISClient.namePrefix)
      ? String(busName.dropFirst(MPRISClient.namePrefix.count)) : busName
    if short == pattern || short.hasPrefix(pattern + ".") || busName.hasSuffix(pattern) {
      return true
    }
    return candidate.identity?.lowercased() == pattern.lowercased()
  }
}

/// What `fetch` did for one track.
public struct FetchItem: Sendable, Equatable {
  public enum Result: Sendable, Equatable {
    case synced, plain, instrumental
    case notFound
    /// No answer (network, server); asked again by the next run.
    case failed(String)
    /// The track already has lyrics on disk (the source's name): not asked.
    case local(String)
    /// No title or artist in the tags: nothing to ask with.
    case noTags
    /// The audio file could not be read.
    case unreadable(String)
    /// `--dry-run`: would be asked.
    case wouldAsk

    /// The word `--json` and the summary use.
    public var name: String {
      switch self {
      case .synced: return "synced"
      case .plain: return "plain"
      case .instrumental: return "instrumental"
      case .notFound: return "not-found"
      case .failed: return "failed"
      case .local: return "local"
      case .noTags: return "no-tags"
      case .unreadable: return "unreadable"
      case .wouldAsk: return "would-ask"
      }
    }
  }

  public var path: String
  public var tags: AudioTags?
  public var result: Result
  /// Where the answer came from (`lrclib`, `cache`), for found and not-found answers.
  public var origin: String?
  /// The LRCLIB record's id, when one was found.
  public var recordID: Int?
  /// The `.lrc` written beside the track (`--save-beside`).
  public var saved: String?
  /// Why `--save-beside` wrote nothing, when it was asked to.
  public var notSaved: String?

  public init(
    path: String, tags: AudioTags? = nil, result: Result, origin: String? = nil,
    recordID: Int? = nil, saved: String? = nil, notSaved: String? = nil
  ) {
    self.path = path
    self.tags = tags
    self.result = result
    self.origin = origin
    self.recordID = recordID
    self.saved = saved
    self.notSaved = notSaved
  }
}

/// The counts `fetch` ends with.
public struct FetchSummary: Sendable, Equatable {
  public var synced = 0
  public var plain = 0
  public var instrumental = 0
  public var notFound = 0
  public var failed = 0
  public var local = 0
  public var noTags = 0
  public var unreadable = 0
  public var wouldAsk = 0
  /// Answers that came from the cache, not the network.
  public var fromCache = 0
  public var saved = 0

  public init() {}

  public var total: Int {
    synced + plain + instrumental + notFound + failed + local + noTags + unreadable + wouldAsk
  }

  mutating func count(_ item: FetchItem) {
    switch item.result {
    case .synced: synced += 1
    case .plain: plain += 1
    case .instrumental: instrumental += 1
    case .notFound: notFound += 1
    case .failed: failed += 1
    case .local: local += 1
    case .noTags: noTags += 1
    case .unreadable: unreadable += 1
    case .wouldAsk: wouldAsk += 1
    }
    if item.origin == "cache" { fromCache += 1 }
    if item.saved != nil { saved += 1 }
  }

  /// One line: `50 tracks: 30 synced, 5 plain, 1 instrumental, 10 not found, 0 failed, …`.
  public var line: String {
    var parts = [
      "\(synced) synced", "\(plain) plain", "\(instrumental) instrumental",
      "\(notFound) not found", "\(failed) failed",
    ]
    if local > 0 { parts.append("\(local) with lyrics already") }
    if noTags > 0 { parts.append("\(noTags) without tags") }
    if unreadable > 0 { parts.append("\(unreadable) unreadable") }
    if wouldAsk > 0 { parts.append("\(wouldAsk) to ask") }
    var line = "\(total) track\(total == 1 ? "" : "s"): " + parts.joined(separator: ", ")
    if fromCache > 0 { line += " (\(fromCache) from the cache)" }
    if saved > 0 { line += "; \(saved) .lrc written" }
    return line
  }
}

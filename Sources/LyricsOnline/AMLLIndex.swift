import ProviderAnswers

/// The AMLL TTML database's metadata index, read and searched here: the database has no
/// search service, only static files, so the whole index is fetched (`AMLLClient`) and the
/// track is looked for in it locally.
public struct AMLLIndex: Sendable, Equatable {
  /// One song a line, the newest submission of each NetEase id only (the file lists the
  /// submissions oldest first, and a later one corrects an earlier).
  public let entries: [AMLLIndexEntry]
  /// Lines that did not read (`AMLLIndexLine` says why), skipped: one broken line costs that
  /// song, never the index.
  public let skippedLines: Int
  /// Each entry's names as `CrossProviderRanking` compares them, made once with the index
  /// rather than at every track: the index holds thousands of songs, and `fetch` searches it
  /// per track.
  private let names: [CrossProviderRanking.Names]

  /// Reads the JSONL bytes: one JSON object a line; blank lines (and a `\r` before the `\n`)
  /// are not counted as bad.
  public init(jsonl bytes: [UInt8]) {
    var entries: [AMLLIndexEntry] = []
    var skipped = 0
    var indexOfId: [String: Int] = [:]
    for var line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
        continue
      }
      guard let entry = try? AMLLIndexLine.read(Array(line)) else {
        skipped += 1
        continue
      }
      if let earlier = entry.neteaseIds.lazy.compactMap({ indexOfId[$0] }).first {
        entries[earlier] = entry
      } else {
        entries.append(entry)
      }
      for id in entry.neteaseIds where indexOfId[id] == nil { indexOfId[id] = entries.count - 1 }
    }
    self.init(entries: entries, skippedLines: skipped)
  }

  public init(entries: [AMLLIndexEntry], skippedLines: Int = 0) {
    self.entries = entries
    self.skippedLines = skippedLines
    names = entries.map {
      CrossProviderRanking.Names(ProviderCandidate(amll: $0, position: 0), albums: $0.albums)
    }
  }

  /// The entries that are the track, best first. An entry with the NetEase id the caller knows
  /// (a NetEase search found it, a tag carries it) comes first whatever its names: an id is the
  /// song itself. The others are judged and ordered by `ranking`, the one rule for every
  /// provider (`CrossProviderRanking`: names folded across scripts and widths, the version
  /// markers, an artist in common, the duration tolerance; then the same album, the same
  /// artists, the closer duration), each entry as `ProviderCandidate(amll:position:)` with its
  /// first title as its name and the others as aliases. Among equals the newer submission
  /// (later in the index) comes first.
  public func candidates(
    for track: TrackFacts, neteaseId: String? = nil,
    ranking: CrossProviderRanking = CrossProviderRanking(providerOrder: ["amll"])
  ) -> [AMLLIndexEntry] {
    var byId: [AMLLIndexEntry] = []
    if let neteaseId {
      byId = entries.filter { $0.neteaseIds.contains(neteaseId) }
    }
    let wanted = CrossProviderRanking.Wanted(track)
    var accepted: [(candidate: ProviderCandidate, names: CrossProviderRanking.Names)] = []
    for (index, entry) in entries.enumerated() {
      let durationSeconds = entry.durationMs.map { Double($0) / 1000 }
      guard ranking.accepts(names[index], durationSeconds: durationSeconds, for: wanted),
        !byId.contains(entry)
      else { continue }
      // Newest first: the ranking puts the lower position first among equals.
      let position = entries.count - 1 - index
      accepted.append((ProviderCandidate(amll: entry, position: position), names[index]))
    }
    let ranked = ranking.rank(accepted, for: wanted)
    return byId + ranked.map { entries[entries.count - 1 - $0.candidate.position] }
  }
}

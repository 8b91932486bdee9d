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
  /// Each entry's names as `NameNormalizer` leaves them, made once with the index rather than
  /// at every track: the index holds thousands of songs, and `fetch` searches it per track.
  private let names: [Names]

  private struct Names: Sendable, Equatable {
    var titles: [TitleParts]
    var artists: Set<String>
    var albums: [String]

    init(_ entry: AMLLIndexEntry) {
      titles = entry.titles.map { NameNormalizer.title($0) }
      artists = entry.artists.reduce(into: []) { $0.formUnion(NameNormalizer.artists($1)) }
      albums = entry.albums.map(NameNormalizer.album)
    }
  }

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
    names = entries.map(Names.init)
  }

  /// How far an entry's duration may be from the track's, when both are known.
  public static let durationToleranceMs = 3_000

  /// The entries that are the track, best first. An entry with the NetEase id the caller knows
  /// (a NetEase search found it, a tag carries it) comes first whatever its names: an id is the
  /// song itself. The others must have one title whose core is the track's (after
  /// `NameNormalizer`) with the same version markers (a Live take is another recording's
  /// lyrics), an artist in common, and a duration within the tolerance when both are known;
  /// among them the same album first, then the closer duration, then the newer submission.
  public func candidates(for track: TrackFacts, neteaseId: String? = nil) -> [AMLLIndexEntry] {
    var byId: [AMLLIndexEntry] = []
    if let neteaseId {
      byId = entries.filter { $0.neteaseIds.contains(neteaseId) }
    }
    let wantedTitle = NameNormalizer.title(track.title)
    let wantedArtists = NameNormalizer.artists(track.artist)
    let wantedAlbum = track.album.map(NameNormalizer.album).flatMap { $0.isEmpty ? nil : $0 }
    let wantedMs = track.wholeMilliseconds
    guard !wantedTitle.core.isEmpty, !wantedArtists.isEmpty else { return byId }

    struct Match {
      var position: Int
      var albumMatches: Bool
      var durationDifference: Int
    }
    var matches: [Match] = []
    for (position, entry) in entries.enumerated() where !byId.contains(entry) {
      let names = self.names[position]
      guard
        names.titles.contains(where: {
          $0.core == wantedTitle.core && $0.versions == wantedTitle.versions
        })
      else { continue }
      guard !names.artists.isDisjoint(with: wantedArtists) else { continue }
      var difference = Int.max
      if let have = entry.durationMs, let want = wantedMs {
        difference = abs(have - want)
        guard difference <= Self.durationToleranceMs else { continue }
      }
      let albumMatches =
        wantedAlbum.map(names.albums.contains)
        ?? false
      matches.append(
        Match(
          position: position, albumMatches: albumMatches, durationDifference: difference))
    }
    matches.sort { a, b in
      if a.albumMatches != b.albumMatches { return a.albumMatches }
      if a.durationDifference != b.durationDifference {
        return a.durationDifference < b.durationDifference
      }
      return a.position > b.position
    }
    return byId + matches.map { entries[$0.position] }
  }
}

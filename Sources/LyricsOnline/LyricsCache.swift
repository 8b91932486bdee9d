import FoundationEssentials
import LyricsContainers
import LyricsCore
import SystemSupport

/// What the lookup learnt of one provider, kept on disk so a track is asked for once: hits (the
/// record and its origin) and misses (with an expiry, so lyrics uploaded later are found). One
/// small JSON file per track in `$XDG_CACHE_HOME/lyricpip/<provider>/` (`lrclib/`, `kugou/`,
/// `netease/`, `amll/`), replaced atomically; a file that cannot be read as an entry is ignored
/// with a warning and replaced by the next answer. Another provider's lyrics are kept as TTML,
/// the one format lyricpip writes that holds all they can have (word timing, translation,
/// romanisation, voices).
public final class LyricsCache: Sendable {
  /// What the cache says about a track.
  public enum Answer: Sendable, Equatable {
    case hit(OnlineLyrics)
    /// Asked before and not found; not asked again until `expiresAt` (Unix seconds).
    case miss(expiresAt: Int64)
  }

  public let directory: String
  /// How long a miss is believed, in seconds (a week by default).
  public let missLifetime: Int64
  private let now: @Sendable () -> Int64
  private let warn: @Sendable (String) -> Void

  /// Entries are small; anything bigger than this is not one of ours.
  static let entryCap = 2 << 20

  public init(
    directory: String, missLifetime: Int64 = 7 * 24 * 3600,
    now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) },
    warn: @escaping @Sendable (String) -> Void
  ) {
    self.directory = directory
    self.missLifetime = missLifetime
    self.now = now
    self.warn = warn
  }

  /// The cache in `$XDG_CACHE_HOME/lyricpip/lrclib` (default `~/.cache/…`); nil when neither
  /// variable is usable.
  public static func standard(
    directories: XDGDirectories = XDGDirectories(environment: ProcessInfo.processInfo.environment),
    provider: OnlineProvider = .lrclib, warn: @escaping @Sendable (String) -> Void
  ) -> LyricsCache? {
    directories.cache.map {
      LyricsCache(directory: $0 + "/lyricpip/" + provider.rawValue, warn: warn)
    }
  }

  /// The entry for `track`: nil when there is none, it is another key's, or a miss expired.
  public func answer(for track: TrackFacts) -> Answer? {
    let key = CacheKey(track)
    let path = self.path(of: key)
    guard let bytes = read(path) else { return nil }
    guard let entry = try? JSONDecoder().decode(CacheEntry.self, from: Data(bytes)),
      entry.format == CacheEntry.currentFormat
    else {
      warn("lyrics cache: \(path) is not a cache entry; ignored, and replaced by the next answer")
      return nil
    }
    guard entry.key == key.text else { return nil }
    switch entry.result {
    case .hit:
      guard let record = entry.record, let kind = entry.kind else {
        warn("lyrics cache: \(path) has a hit without its lyrics; ignored")
        return nil
      }
      let provider = entry.provider ?? .lrclib
      var lyrics: Lyrics?
      if let ttml = entry.ttml {
        guard let read = try? TTMLParser.parse(Array(ttml.utf8), locale: nil).lyrics,
          !read.lines.isEmpty
        else {
          warn("lyrics cache: \(path) has lyrics that do not read; ignored")
          return nil
        }
        lyrics = read
      }
      return .hit(
        OnlineLyrics(
          record: record, kind: kind, origin: .cache, provider: provider, lyrics: lyrics,
          providerID: entry.providerID))
    case .miss:
      let expiresAt = entry.expiresAt ?? 0
      return expiresAt > now() ? .miss(expiresAt: expiresAt) : nil
    }
  }

  /// Keeps a record that was found.
  public func storeHit(_ found: OnlineLyrics, for track: TrackFacts) {
    store(
      CacheEntry(
        key: CacheKey(track).text, result: .hit, storedAt: now(), kind: found.kind,
        record: found.record, provider: found.provider == .lrclib ? nil : found.provider,
        ttml: found.lyrics.map(TTMLWriter.write), providerID: found.providerID),
      for: track)
  }

  /// Keeps "not found", until `missLifetime` from now.
  public func storeMiss(for track: TrackFacts) {
    let stored = now()
    store(
      CacheEntry(
        key: CacheKey(track).text, result: .miss, storedAt: stored,
        expiresAt: stored + missLifetime),
      for: track)
  }

  /// The file of a key.
  public func path(of key: CacheKey) -> String { directory + "/" + key.fileName }

  private func store(_ entry: CacheEntry, for track: TrackFacts) {
    let key = CacheKey(track)
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      try AtomicFile.write(try encoder.encode(entry), to: URL(fileURLWithPath: path(of: key)))
    } catch {
      warn("lyrics cache: cannot write \(path(of: key)): \(error)")
    }
  }

  /// The file's bytes; nil when it does not exist (silently) or cannot be read (with a warning).
  private func read(_ path: String) -> [UInt8]? {
    let file: PosixFile
    do {
      file = try PosixFile(readingAt: path)
    } catch {
      if FileKind.at(path) != .missing { warn("lyrics cache: cannot open \(path): \(error)") }
      return nil
    }
    do {
      let (kind, _) = try file.status()
      guard kind == .regular else {
        warn("lyrics cache: \(path) is not a regular file; ignored")
        return nil
      }
      return try file.read(upTo: Self.entryCap)
    } catch {
      warn("lyrics cache: cannot read \(path): \(error)")
      return nil
    }
  }
}

/// One cache file.
struct CacheEntry: Codable, Equatable {
  static let currentFormat = 1

  enum Result: String, Codable { case hit, miss }

  var format = currentFormat
  /// `CacheKey.text`, to tell a hash collision from a hit.
  var key: String
  var result: Result
  var storedAt: Int64
  var expiresAt: Int64?
  var kind: OnlineLyrics.Kind?
  var record: LRCLIBRecord?
  /// The provider of a hit other than LRCLIB's (absent: LRCLIB, as in the files written before
  /// there were others).
  var provider: OnlineProvider?
  /// Another provider's lyrics, as TTML.
  var ttml: String?
  /// Another provider's own id of them (`ProviderLyricsID`).
  var providerID: String?
}

import Locking
import LyricsCore
import SystemSupport

/// The work of `lyricpip fetch`: every track of the arguments looked up (local sources first,
/// then the caches, then the enabled providers, ranked as `play` ranks them), at most `jobs` at
/// once, the cache filled, and on request the
/// lyrics written beside the tracks. The tags and the local sources come from the caller (the
/// app reads tags through FFmpeg), so this library knows no decoder.
public struct LibraryFetch: Sendable {
  public struct Options: Sendable, Equatable {
    public var saveBeside = false
    /// Reads tags, local sources and the cache; asks no server, writes nothing.
    public var dryRun = false
    /// Tracks looked up at once (1 to 4).
    public var jobs = 4

    public init(saveBeside: Bool = false, dryRun: Bool = false, jobs: Int = 4) {
      self.saveBeside = saveBeside
      self.dryRun = dryRun
      self.jobs = jobs
    }
  }

  public typealias TagReader = @Sendable (String) throws -> AudioTags
  /// The name of the local source that has lyrics for the track, or nil.
  public typealias LocalLyrics = @Sendable (String, AudioTags) -> String?

  public let lookup: OnlineLookup
  /// LRCLIB's cache (`--dry-run` reads every provider's, through the lookup).
  public let offlineCache: LyricsCache?
  public let readTags: TagReader
  public let localLyrics: LocalLyrics
  public let options: Options

  public init(
    lookup: OnlineLookup, cache: LyricsCache?, options: Options,
    readTags: @escaping TagReader, localLyrics: @escaping LocalLyrics
  ) {
    self.lookup = lookup
    offlineCache = cache
    self.options = options
    self.readTags = readTags
    self.localLyrics = localLyrics
  }

  /// Looks up every file, calling `each` with each item in the order of `files` (on the calling
  /// thread, as soon as it and every item before it are done) and `progress` with the count
  /// done after each one; returns the summary.
  public func run(
    _ files: [String], each: (Int, FetchItem) -> Void, progress: (Int, FetchSummary) -> Void
  ) -> FetchSummary {
    let done = Condition()
    let results = Mutex<[Int: FetchItem]>([:])
    let pool = WorkPool(name: "lyricpip.fetch", limit: max(1, min(4, options.jobs)))
    for (index, path) in files.enumerated() {
      pool.submit { [self] in
        let item = self.item(for: path)
        done.withLock {
          results.withLock { $0[index] = item }
          done.broadcast()
        }
      }
    }
    var summary = FetchSummary()
    var next = 0
    var finished = 0
    while next < files.count {
      let ready: [FetchItem] = done.withLock {
        while true {
          let taken = results.withLock { results -> [FetchItem] in
            var taken: [FetchItem] = []
            while let item = results.removeValue(forKey: next + taken.count) { taken.append(item) }
            return taken
          }
          if !taken.isEmpty { return taken }
          done.wait()
        }
      }
      for item in ready {
        summary.count(item)
        each(next, item)
        next += 1
        finished += 1
        progress(finished, summary)
      }
    }
    return summary
  }

  /// One track, from its tags to its result (on a pool thread).
  func item(for path: String) -> FetchItem {
    let tags: AudioTags
    do {
      tags = try readTags(path)
    } catch {
      return FetchItem(path: path, result: .unreadable("\(error)"))
    }
    if let source = localLyrics(path, tags) {
      return FetchItem(path: path, tags: tags, result: .local(source))
    }
    guard let facts = tags.facts else { return FetchItem(path: path, tags: tags, result: .noTags) }
    if options.dryRun {
      switch lookup.cachedAnswer(for: facts) {
      case .hit(let found): return item(path, tags, found)
      case .miss: return FetchItem(path: path, tags: tags, result: .notFound, origin: "cache")
      case nil: return FetchItem(path: path, tags: tags, result: .wouldAsk)
      }
    }
    switch lookup.resolve(facts) {
    case .found(let found):
      var item = item(path, tags, found)
      if options.saveBeside { save(found, into: &item) }
      return item
    case .notFound(let cached):
      let asked = lookup.providerOrder.map(\.rawValue).joined(separator: ",")
      return FetchItem(
        path: path, tags: tags, result: .notFound, origin: cached ? "cache" : asked)
    case .failed(let failure):
      return FetchItem(path: path, tags: tags, result: .failed(failure.message))
    case .skipped(.offline):
      return FetchItem(path: path, tags: tags, result: .failed("offline: no service asked"))
    case .skipped(.recentlyFailed):
      return FetchItem(path: path, tags: tags, result: .failed("failed moments ago; not asked"))
    case .skipped(.notSearchable):
      return FetchItem(path: path, tags: tags, result: .noTags)
    }
  }

  private func item(_ path: String, _ tags: AudioTags, _ found: OnlineLyrics) -> FetchItem {
    let result: FetchItem.Result
    switch found.kind {
    case .synced: result = .synced
    case .plain: result = .plain
    case .instrumental: result = .instrumental
    }
    return FetchItem(
      path: path, tags: tags, result: result,
      origin: found.origin == .cache ? "cache" : found.provider.rawValue,
      recordID: found.provider == .lrclib ? found.record.id : nil)
  }

  /// Writes timed lyrics beside the track; plain text is not made into an LRC (it has no
  /// times to give), and an instrumental has nothing to write.
  private func save(_ found: OnlineLyrics, into item: inout FetchItem) {
    // Another provider's lyrics as (enhanced) LRC: its word stamps kept, a translation as the
    // second line on its line's stamp.
    guard let synced = found.record.synced ?? found.lyrics.map({ LRCWriter.write($0) }) else {
      item.notSaved = found.kind == .synced ? "word-timed lyricsfile only" : "no timed lyrics"
      return
    }
    do {
      item.saved = try BesideFile.saveLRC(synced, besideAudio: item.path)
    } catch {
      item.notSaved = error.description
    }
  }
}

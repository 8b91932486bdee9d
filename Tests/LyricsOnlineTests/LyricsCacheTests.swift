import Foundation
import Locking
import SystemSupport
import TestSupport
import Testing

@testable import LyricsOnline

@Suite("lyrics cache")
struct LyricsCacheTests {
  let track = TrackFacts(title: "Song", artist: "Artist", album: "Album", durationSeconds: 200)
  let found = OnlineLyrics(
    record: LRCLIBRecord(
      id: 42, trackName: "Song", artistName: "Artist", duration: 200,
      syncedLyrics: "[00:01.00]hello\n", lyricsfile: "version: '1.0'\n"),
    kind: .synced, origin: .lrclib)

  final class Now: Sendable {
    let seconds = Atomic<Int64>(1_000_000)
  }

  func cache(_ directory: URL, now: Now = Now(), warnings: Warnings = Warnings()) -> LyricsCache {
    LyricsCache(
      directory: directory.path, missLifetime: 3600, now: { now.seconds.load(ordering: .relaxed) },
      warn: warnings.add)
  }

  @Test func aHitComesBackWithItsRecordAndSaysItIsFromTheCache() throws {
    let directory = try Paths.makeTemporaryDirectory()
    let cache = cache(directory)
    #expect(cache.answer(for: track) == nil)
    cache.storeHit(found, for: track)
    var expected = found
    expected.origin = .cache
    #expect(cache.answer(for: track) == .hit(expected))
    // Another spelling of the same track finds the same entry.
    let respelled = TrackFacts(
      title: "SONG", artist: "artist", album: "album", durationSeconds: 199.6)
    #expect(cache.answer(for: respelled) == .hit(expected))
  }

  @Test func aMissExpires() throws {
    let directory = try Paths.makeTemporaryDirectory()
    let now = Now()
    let cache = cache(directory, now: now)
    cache.storeMiss(for: track)
    #expect(cache.answer(for: track) == .miss(expiresAt: 1_000_000 + 3600))
    now.seconds.store(1_000_000 + 3599, ordering: .relaxed)
    #expect(cache.answer(for: track) != nil)
    now.seconds.store(1_000_000 + 3600, ordering: .relaxed)
    #expect(cache.answer(for: track) == nil)
  }

  @Test func aCorruptEntryIsIgnoredWithAWarningAndReplaced() throws {
    let directory = try Paths.makeTemporaryDirectory()
    let warnings = Warnings()
    let cache = cache(directory, warnings: warnings)
    let path = cache.path(of: CacheKey(track))
    try Data("{\"format\": 1, \"key\": tru".utf8).write(to: URL(fileURLWithPath: path))
    #expect(cache.answer(for: track) == nil)
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains(path) == true)
    cache.storeHit(found, for: track)
    #expect(cache.answer(for: track)?.isHit == true)
    #expect(warnings.all.count == 1)
  }

  @Test func anEntryOfAnotherKeyIsNotAHit() throws {
    let directory = try Paths.makeTemporaryDirectory()
    let cache = cache(directory)
    let other = TrackFacts(title: "Other", artist: "Artist", durationSeconds: 200)
    cache.storeHit(found, for: other)
    // Put the other track's entry where this track's would be: a hash collision.
    try FileManager.default.moveItem(
      atPath: cache.path(of: CacheKey(other)), toPath: cache.path(of: CacheKey(track)))
    #expect(cache.answer(for: track) == nil)
  }

  @Test func writesLeaveNoTemporaryFilesAndCreateTheFolder() throws {
    let directory = try Paths.makeTemporaryDirectory().appendingPathComponent("deep/er")
    let cache = cache(directory)
    cache.storeHit(found, for: track)
    cache.storeMiss(for: TrackFacts(title: "Two", artist: "Artist"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.count == 2)
    #expect(names.allSatisfy { $0.hasSuffix(".json") && !$0.hasPrefix(".") })
  }

  @Test func theStandardFolderIsUnderXDGCacheHome() {
    let cache = LyricsCache.standard(
      directories: XDGDirectories(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]),
      warn: { _ in })
    #expect(cache?.directory == "/c/lyricpip/lrclib")
    let fallback = LyricsCache.standard(
      directories: XDGDirectories(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]),
      warn: { _ in })
    #expect(fallback?.directory == "/h/.cache/lyricpip/lrclib")
  }
}

extension LyricsCache.Answer {
  var isHit: Bool {
    if case .hit = self { return true }
    return false
  }
}

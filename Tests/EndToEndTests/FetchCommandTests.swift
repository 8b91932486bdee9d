import Foundation
import TestSupport
import Testing

/// `lyricpip fetch` as a user runs it, on a generated library of 50 tagged tracks and the local
/// LRCLIB-compatible server: counts, `--json`, `--save-beside`, a run interrupted and resumed,
/// and the exit statuses.
@Suite(.timeLimit(.minutes(5))) struct FetchCommandTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  var library: String { folder.appendingPathComponent("music").path }

  /// 50 one-second tracks tagged `Track N` by `Band`; the server has timed lyrics for every
  /// third, plain ones for the next, nothing for the rest; track 7 has an .lrc beside it.
  func makeLibrary() throws -> String {
    try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    var records: [[String: Any]] = []
    for number in 0..<50 {
      let path = library + String(format: "/%02d.ogg", number)
      try ToneFile.write(
        to: path, seconds: 1, tags: ["title": "Track \(number)", "artist": "Band"])
      if number % 3 < 2 {
        records.append([
          "id": 100 + number, "trackName": "Track \(number)", "artistName": "Band",
          "duration": 1.0, "instrumental": false, "plainLyrics": "words \(number)\n",
          "syncedLyrics": number % 3 == 0 ? "[00:00.10]words \(number)\n" : NSNull(),
        ])
      }
    }
    try folder.write("music/07.lrc", Array("[00:00.10]mine\n".utf8))
    return try folder.write("records.json", try JSONSerialization.data(withJSONObject: records))
  }

  var environment: [String: String] {
    [
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
      "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
    ]
  }

  func fetch(_ arguments: [String], server: String) throws -> ProcessResult {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["fetch"] + arguments,
      environment: environment.merging([LRCLIBTestServer.urlVariable: server]) { $1 },
      timeout: 120)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    return result
  }

  var cacheEntries: Int {
    let cache = folder.appendingPathComponent("cache/lyricpip/lrclib").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? [])
      .filter { $0.hasSuffix(".json") }.count
  }

  @Test func anInterruptedRunResumesWithoutAskingWhatTheCacheKnows() throws {
    let records = try makeLibrary()
    // The first run, on a slow server, is cut off part way: by SIGKILL, the hardest stop (a
    // process started from a test thread inherits its blocked SIGINT, so Ctrl-C's signal would
    // stay pending).
    let slow = try LRCLIBTestServer(records: records, mode: "slow:0.25")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Paths.lyricpipBinary)
    process.arguments = ["fetch", library]
    process.environment = ProcessInfo.processInfo.environment.merging(
      environment.merging([LRCLIBTestServer.urlVariable: slow.baseURL]) { $1 }
    ) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    _ = poll(timeout: 30) { cacheEntries >= 8 }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let known = cacheEntries
    try #require(known >= 8 && known < 49, "the first run cached \(known) of 49")

    let server = try LRCLIBTestServer(records: records)
    let result = try fetch(["--json", library], server: server.baseURL)
    #expect(result.status == 0, "\(result.stderr)")
    let items = result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(items.count == 50)
    #expect(items.filter { $0["source"] as? String == "cache" }.count == known)
    // Only what the cache did not know was asked: one get per track found by get, get and
    // search for the rest.
    let asked = Set(server.requests().compactMap { $0.query["track_name"] })
    #expect(asked.count == 49 - known)
    let results = Dictionary(grouping: items, by: { $0["result"] as? String ?? "" })
    #expect(results["synced"]?.count == 17)
    #expect(results["plain"]?.count == 16)
    #expect(results["not-found"]?.count == 16)
    #expect(results["local"]?.count == 1)
    #expect(
      result.stderr.contains(
        "50 tracks: 17 synced, 16 plain, 0 instrumental, 16 not found, 0 failed"))
  }

  @Test func saveBesideWritesTimedLyricsAndKeepsExistingFiles() throws {
    let records = try makeLibrary()
    let server = try LRCLIBTestServer(records: records)
    let result = try fetch(
      ["--save-beside", library + "/00.ogg", library + "/07.ogg"], server: server.baseURL)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try String(contentsOfFile: library + "/00.lrc", encoding: .utf8) == "[00:00.10]words 0\n")
    #expect(try String(contentsOfFile: library + "/07.lrc", encoding: .utf8) == "[00:00.10]mine\n")
    #expect(result.stdout.contains("synced: \(library)/00.ogg → \(library)/00.lrc"))
    #expect(result.stdout.contains("local: \(library)/07.ogg (beside-audio)"))
  }

  @Test func failuresAreExit1AndNotCached() throws {
    let records = try makeLibrary()
    let server = try LRCLIBTestServer(records: records, mode: "status500")
    let result = try fetch([library + "/00.ogg"], server: server.baseURL)
    #expect(result.status == 1)
    #expect(result.stdout.contains("failed: \(library)/00.ogg"))
    #expect(cacheEntries == 0)
  }

  @Test func exitStatuses() throws {
    let nowhere = LRCLIBTestServer.nowhere
    #expect(try fetch([], server: nowhere).status == 64)
    #expect(try fetch(["--jobs", "9", "."], server: nowhere).status == 64)
    #expect(try fetch(["--bogus", "."], server: nowhere).status == 64)
    let help = try fetch(["--help"], server: nowhere)
    #expect(help.status == 0 && help.stdout.contains("usage: lyricpip fetch"))
    let missing = try fetch(["--offline", "/nonexistent/music"], server: nowhere)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("/nonexistent/music"))
  }

  /// libcurl is opened only when a request is to be made; when it cannot be (here: the file it
  /// is opened from is named by `LYRICPIP_LIBCURL` and is not there), `fetch` says so and exits
  /// 69 without asking anything, and `--offline` does not need it.
  @Test func withoutLibcurlFetchExits69() throws {
    let records = try makeLibrary()
    let server = try LRCLIBTestServer(records: records)
    let environment = environment.merging([
      LRCLIBTestServer.urlVariable: server.baseURL,
      "LYRICPIP_LIBCURL": folder.appendingPathComponent("no-libcurl.so.4").path,
    ]) { $1 }
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["fetch", library], environment: environment, timeout: 60)
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.contains("libcurl"), "\(result.stderr)")
    #expect(server.requests().isEmpty)
    let offline = try ProcessRunner.run(
      Paths.lyricpipBinary, ["fetch", "--offline", library], environment: environment,
      timeout: 60)
    // Offline, the tracks the cache does not know are counted as not looked up (exit 1), but
    // the missing libcurl is not a reason to stop.
    #expect(offline.status != 69, "\(offline.stderr)")
    #expect(offline.stdout.contains("50 tracks"), "\(offline.stdout)")
  }

  @Test func dryRunAsksNothing() throws {
    let records = try makeLibrary()
    let server = try LRCLIBTestServer(records: records)
    let result = try fetch(["--dry-run", library], server: server.baseURL)
    #expect(result.status == 0)
    #expect(result.stdout.contains("50 tracks: 0 synced"))
    #expect(result.stdout.contains("49 to ask"))
    #expect(server.requests().isEmpty)
  }
}

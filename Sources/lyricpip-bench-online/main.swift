import Clocks
import FoundationEssentials
import LyricsOnline
import SystemSupport

// `make bench-online` (scripts/bench-online) runs this against the local LRCLIB test server:
//   lyricpip-bench-online memory URL        resident memory before and after the first lookup
//                                           (libcurl opened and initialised, TLS included);
//   lyricpip-bench-online parts URL         the same cost in steps: libcurl's initialisation,
//                                           a request, the JSON decoding
//   lyricpip-bench-online fetch URL N JOBS  N made-up tracks looked up as `fetch` does, JOBS at
//                                           once, no cache: tracks per second.
//   lyricpip-bench-online providers KUGOU NETEASE N JOBS
//                                           `online = kugou, netease` against the local fake of
//                                           both (scripts/provider-test-server): the memory of
//                                           the first lookup, then N lookups, JOBS at once, no
//                                           cache (each a search and a download of each).

func residentKilobytes() -> Int {
  ProcessStatus.field("VmRSS").flatMap { Int($0.split(separator: " ").first ?? "") } ?? -1
}

func fail(_ message: String, status: Int32) -> Never {
  OutputFile.standardError.write("lyricpip-bench-online: \(message)\n")
  SystemProcess.exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())

/// `providers KUGOU NETEASE N JOBS`: the lookup across Kugou and NetEase, on the fakes.
func benchProviders(_ arguments: [String]) {
  guard arguments.count == 5, let count = Int(arguments[3]), let jobs = Int(arguments[4]) else {
    fail("usage: lyricpip-bench-online providers KUGOU NETEASE TRACKS JOBS", status: 64)
  }
  let clients: ProviderClients
  do {
    clients = ProviderClients(
      order: [.kugou, .netease],
      kugou: try KugouClient(baseURL: arguments[1], userAgent: "lyricpip-bench-online"),
      netease: try NetEaseClient(baseURL: arguments[2], userAgent: "lyricpip-bench-online"))
  } catch {
    fail("\(error)", status: 64)
  }
  // One song, every time: without a cache each lookup asks both services in full.
  let track = TrackFacts(title: "月光邮筒", artist: "青石乐团", durationSeconds: 201)
  let before = residentKilobytes()
  let first = OnlineLookup(providers: clients, caches: [:], clock: SystemClock())
  let outcome = first.resolve(track)
  let after = residentKilobytes()
  print("resident before the first lookup: \(before) kB, after it: \(after) kB")
  let answer = outcome.found.map { "answered by \($0.provider.displayName)" } ?? "\(outcome)"
  print("cost: \(after - before) kB (\(answer))")
  let lookup = OnlineLookup(
    providers: clients, caches: [:], clock: SystemClock(), maxConcurrentRequests: jobs)
  let fetch = LibraryFetch(
    lookup: lookup, cache: nil, options: .init(jobs: jobs),
    readTags: { _ in AudioTags(title: track.title, artist: track.artist, durationSeconds: 201) },
    localLyrics: { _, _ in nil })
  let start = SystemClock.monotonicNanos()
  let summary = fetch.run((0..<count).map(String.init), each: { _, _ in }, progress: { _, _ in })
  let seconds = Double(SystemClock.monotonicNanos() - start) / 1e9
  print(summary.line)
  let rate = (Double(count) / seconds * 10).rounded() / 10
  print(
    "\(count) tracks in \((seconds * 100).rounded() / 100) s with \(jobs) at once: \(rate) tracks/s"
  )
}

if arguments.first == "providers" {
  benchProviders(arguments)
  SystemProcess.exit(0)
}
guard arguments.count >= 2 else {
  fail("usage: lyricpip-bench-online memory URL | fetch URL TRACKS JOBS", status: 64)
}
let client: LRCLIBClient
do {
  client = try LRCLIBClient(baseURL: arguments[1], userAgent: "lyricpip-bench-online")
} catch {
  fail("\(error)", status: 64)
}

switch arguments[0] {
case "memory":
  let before = residentKilobytes()
  let lookup = OnlineLookup(client: client, cache: nil, clock: SystemClock())
  let outcome = lookup.resolve(TrackFacts(title: "Track 0", artist: "Band", durationSeconds: 100))
  let after = residentKilobytes()
  print("resident before the first lookup: \(before) kB")
  print("resident after it (libcurl \(CurlTransport.libraryVersion ?? "?")): \(after) kB")
  print("cost: \(after - before) kB (\(outcome.found == nil ? "no answer" : "answered"))")
case "parts":
  // The same first lookup in steps: libcurl opened and initialised, one request (the body
  // kept as bytes), then the JSON decoding of a search answer.
  let start = residentKilobytes()
  _ = CurlTransport.libraryVersion
  let loaded = residentKilobytes()
  let request = HTTPRequest(
    url: client.url("/api/search", [("track_name", "Online Song")]), headers: [],
    userAgent: "lyricpip-bench-online", connectTimeoutMs: 3_000, totalTimeoutMs: 8_000,
    maxBodyBytes: 1 << 20)
  let body = (try? CurlTransport().get(request))?.body ?? []
  let requested = residentKilobytes()
  let records = try? JSONDecoder().decode([LRCLIBRecord].self, from: Data(body))
  let decoded = residentKilobytes()
  print("libcurl opened and initialised: +\(loaded - start) kB")
  print("one request (\(body.count) bytes): +\(requested - loaded) kB")
  print("JSON decoded (\(records?.count ?? -1) records): +\(decoded - requested) kB")
  print("in all: +\(decoded - start) kB")
case "fetch" where arguments.count == 4:
  guard let count = Int(arguments[2]), let jobs = Int(arguments[3]) else {
    fail("TRACKS and JOBS are whole numbers", status: 64)
  }
  let lookup = OnlineLookup(
    client: client, cache: nil, clock: SystemClock(), maxConcurrentRequests: jobs)
  let fetch = LibraryFetch(
    lookup: lookup, cache: nil, options: .init(jobs: jobs),
    readTags: { path in
      AudioTags(
        title: "Track \(path)", artist: "Band", album: "Album",
        durationSeconds: 100 + (Double(path) ?? 0))
    },
    localLyrics: { _, _ in nil })
  let start = SystemClock.monotonicNanos()
  let summary = fetch.run((0..<count).map(String.init), each: { _, _ in }, progress: { _, _ in })
  let seconds = Double(SystemClock.monotonicNanos() - start) / 1e9
  print(summary.line)
  let rate = (Double(count) / seconds * 10).rounded() / 10
  let elapsed = (seconds * 100).rounded() / 100
  print("\(count) tracks in \(elapsed) s with \(jobs) at once: \(rate) tracks/s")
default:
  fail("usage: lyricpip-bench-online memory URL | fetch URL TRACKS JOBS", status: 64)
}

import Foundation
import LyricsCore
import LyricsFiles

// `lyricpip-bench parse FILE [RUNS]`: how fast LyricsCore reads a lyrics file, for
// `make bench-parse`. Two figures, best of RUNS (default 5), the file already in memory:
//   decode+parse: the file's bytes -> encoding guess, iconv/UTF-8 validation -> LRCParser
//                 (offset, sort, translations, diagnostics) -> Lyrics;
//   parse:        UTF-8 bytes already decoded -> Lyrics (what osdlyrics' parse_lrc is given).
// The file read itself (page cache) is timed once, apart; freeing the result is not timed.
// MB = 10^6 bytes.

func seconds(_ duration: Duration) -> Double {
  let parts = duration.components
  return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
}

/// The best time of `runs` runs of `work`. The document each run makes is freed after the
/// clock has stopped (as osdlyrics' list is in the Python side), so freeing is not counted.
func best(runs: Int, _ work: () -> Lyrics?) -> (seconds: Double, result: Int) {
  var fastest = Double.infinity
  var kept: Lyrics?
  let clock = ContinuousClock()
  for _ in 0..<runs {
    let start = clock.now
    let lyrics = work()
    let elapsed = clock.now - start
    kept = lyrics
    fastest = min(fastest, seconds(elapsed))
  }
  return (fastest, kept?.lines.count ?? -1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, arguments[0] == "parse" else {
  FileHandle.standardError.write(Data("usage: lyricpip-bench parse FILE [RUNS]\n".utf8))
  exit(64)
}
let path = arguments[1]
let runs = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 5) : 5

let clock = ContinuousClock()
let readStart = clock.now
let bytes: [UInt8]
do {
  bytes = try LyricsFileReader.read(path: path)
} catch {
  FileHandle.standardError.write(Data("lyricpip-bench: \(path): \(error)\n".utf8))
  exit(2)
}
let readSeconds = seconds(clock.now - readStart)
let megabytes = Double(bytes.count) / 1e6

let full = best(runs: runs) { (try? LRCParser.parse(bytes: bytes))?.result.lyrics }
let utf8 = (try? TextDecoder.decode(bytes))?.utf8 ?? []
let parseOnly = best(runs: runs) { LRCParser.parse(utf8: utf8).lyrics }

func report(_ name: String, _ measured: (seconds: Double, result: Int)) {
  let rate = megabytes / measured.seconds
  print(
    String(
      format: "%@ %.2f MB in %.4f s (best of %d) = %.1f MB/s, %d lines", name, megabytes,
      measured.seconds, runs, rate, measured.result))
}
print(String(format: "read         %.2f MB in %.4f s (once, page cache)", megabytes, readSeconds))
report("decode+parse", full)
report("parse       ", parseOnly)

import Foundation
import LyricsContainers
import LyricsCore
import LyricsFiles

// `lyricpip-bench generate FORMAT OUT [BYTES]`: a seeded word-timed file of about BYTES
// (default 10^7) in FORMAT (a `LyricsFormat` name, `krc-binary`, `lrcx` or `lyricsfile`).
// `lyricpip-bench read FILE [RUNS]`: LyricsDocumentReader (detect, unpack, decode, parse) on
// it, best of RUNS, and the peak resident memory the first read added (VmHWM delta).
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
let usage = "usage: lyricpip-bench parse|read FILE [RUNS] | generate FORMAT OUT [BYTES]\n"
guard arguments.count >= 2, ["parse", "read", "generate"].contains(arguments[0]) else {
  FileHandle.standardError.write(Data(usage.utf8))
  exit(64)
}
if arguments[0] == "generate" {
  guard arguments.count >= 3,
    let bytes = FormatCorpus.generate(
      format: arguments[1],
      bytes: arguments.count > 3 ? Int(arguments[3]) ?? 10_000_000 : 10_000_000)
  else {
    FileHandle.standardError.write(Data("lyricpip-bench: cannot generate \(arguments[1])\n".utf8))
    exit(64)
  }
  guard FileManager.default.createFile(atPath: arguments[2], contents: Data(bytes)) else {
    FileHandle.standardError.write(Data("lyricpip-bench: cannot write \(arguments[2])\n".utf8))
    exit(73)
  }
  exit(0)
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

if arguments[0] == "read" {
  // The first read alone, for its memory: the peak before and after it.
  let before = PeakMemory.kibibytes()
  var format = "?"
  do {
    let document = try LyricsDocumentReader.read(bytes, transcoder: IconvTranscoder())
    format = document.format.rawValue
  } catch {
    FileHandle.standardError.write(Data("lyricpip-bench: \(path): \(error)\n".utf8))
    exit(65)
  }
  let peak = PeakMemory.kibibytes() - before
  let measured = best(runs: runs) {
    try? LyricsDocumentReader.read(bytes, transcoder: IconvTranscoder()).result.lyrics
  }
  print(
    String(
      format: "%@ %.2f MB in %.4f s (best of %d) = %.1f MB/s, %d lines, peak RSS +%.1f MB",
      format, megabytes, measured.seconds, runs, megabytes / measured.seconds, measured.result,
      Double(peak) / 1024))
  exit(0)
}

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

import LyricsContainers
import LyricsCore
import TestSupport
import Testing

/// Damaged files of every format and container: reading them may fail, never trap.
@Suite("Seeded corruption")
struct CorruptionTests {
  static let fixtures = [
    "song.elrc", "song.krc", "song.krc.txt", "song.qrc", "song.qrc.xml", "song.yrc", "song.eslyric",
    "song.lrcx", "song.ttml", "song.apple.json", "song.lyricsfile.yaml", "duet.ttml", "line.ttml",
    "utf16le-bom.ttml", "utf16be-nobom.ttml", "background-translation.ttml", "ruby.ttml",
    "frames.ttml", "ticks.ttml", "translations.ttml",
  ]

  static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      guard !bytes.isEmpty else { break }
      let at = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0: bytes[at] ^= UInt8.random(in: 1...255, using: &random)
      case 1: bytes.removeSubrange(at...)
      case 2:
        let junk = [UInt8]("[]()<>,:0123456789&;\"'{}\n\r ".utf8)
        bytes.insert(junk[Int.random(in: 0..<junk.count, using: &random)], at: at)
      case 3:
        let end = min(bytes.count, at + Int.random(in: 1...40, using: &random))
        bytes.insert(contentsOf: bytes[at..<end], at: at)
      default:
        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
      }
    }
    return bytes
  }

  @Test("never traps, by content and with each format forced", arguments: fixtures)
  func corrupted(file: String) throws {
    let original = try Fixture.bytes(file)
    var random = SeededGenerator(seed: UInt64(file.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
    var read = 0
    var refused = 0
    for round in 0..<150 {
      let damaged = Self.mutate(original, &random)
      let forced: LyricsFormat? =
        round % 3 == 0 ? LyricsFormat.allCases[round / 3 % LyricsFormat.allCases.count] : nil
      do {
        let document = try LyricsContainersTests.read(damaged, format: forced)
        // Whatever was read is a well-formed document: sorted lines.
        let times = document.result.lyrics.lines.map(\.ms)
        #expect(times == times.sorted(), "\(file) round \(round)")
        read += 1
      } catch {
        #expect(!error.description.isEmpty)
        refused += 1
      }
    }
    #expect(read + refused == 150)
  }
}

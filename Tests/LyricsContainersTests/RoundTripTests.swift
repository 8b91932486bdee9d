import LyricsContainers
import LyricsCore
import Testing

/// For every writable format: what it writes reads back to the same document.
@Suite("Round trips")
struct RoundTripTests {
  @Test(
    "parse(write(x)) == x on seeded documents",
    arguments: [LyricsFormat.krc, .qrc, .yrc, .eslyric, .ttml, .lys, .lyl], 0..<60)
  func roundTrip(format: LyricsFormat, seed: Int) throws {
    var generator = FormatDocumentGenerator(format: format, seed: UInt64(seed))
    let lyrics = generator.document()
    let written = try #require(LyricsDocumentWriter.write(lyrics, as: format))
    #expect(written.losses.isEmpty, "\(format) seed \(seed): \(written.losses)")
    let document = try read(Array(written.text.utf8), format: format)
    #expect(!document.result.hasErrors, "\(document.result.diagnostics)")
    #expect(document.result.lyrics == lyrics, "\(format) seed \(seed):\n\(written.text)")
  }

  @Test(
    "content detection finds the format each writer wrote",
    arguments: [LyricsFormat.krc, .qrc, .yrc, .eslyric, .ttml, .lys])
  func detected(format: LyricsFormat) throws {
    for seed in 0..<20 {
      var generator = FormatDocumentGenerator(format: format, seed: UInt64(seed))
      let lyrics = generator.document()
      guard lyrics.lines.contains(where: { !$0.words.isEmpty }) else { continue }
      let written = try #require(LyricsDocumentWriter.write(lyrics, as: format))
      #expect(try read(Array(written.text.utf8)).format == format, "seed \(seed):\n\(written.text)")
    }
  }
}

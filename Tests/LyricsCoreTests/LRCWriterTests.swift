import Testing

@testable import LyricsCore

@Suite("LRC writer")
struct LRCWriterTests {
  @Test("canonical output: tags, offset, stamps, word stamps, translations")
  func canonicalOutput() {
    let lyrics = Lyrics(
      metadata: ["ar": "Artist", "ti": "Title", "offset": "+250", "zz": "last"], offsetMs: 250,
      lines: [
        LyricLine(
          ms: 750, text: "Hello world",
          words: [
            LyricWord(ms: 750, text: "Hel"), LyricWord(ms: 1150, text: "lo "),
            LyricWord(ms: 1650, text: "world"),
          ], endMs: 2350),
        LyricLine(ms: 4750, text: "你好", translation: "Hello"),
        LyricLine(ms: 9755, text: ""),
      ])
    #expect(
      LRCWriter.write(lyrics) == """
        [ti:Title]
        [ar:Artist]
        [zz:last]
        [offset:+250]
        [00:01.00]<00:01.00>Hel<00:01.40>lo <00:01.90>world<00:02.60>
        [00:05.00]你好
        [00:05.00]Hello
        [00:10.005]

        """)
  }

  @Test(
    "hand-picked documents read back the same",
    arguments: [
      "[ti:x]\n[00:01.00]a\n[00:02.00]\n[00:03.00]c",
      "[offset: -3000]\n[-00:01.02]negative\n[512:34.10]long",
      "[00:05.00]你好\n[00:05.00]Hello\n[00:05.00]third",
      "[00:01.00][Chorus] la <3 [x]\n[00:02.00]<00:02.00>a<00:02.50> b<00:03.00>",
      "[offset:soon]\n[00:01.00]a",
      "[00:01.00] Hi <00:01.50>there",
    ])
  func handPicked(text: String) {
    let lyrics = LRCParser.parse(text).lyrics
    let written = LRCWriter.write(lyrics)
    #expect(LRCParser.parse(written).lyrics == lyrics, "\(written)")
  }

  @Test("parse(write(x)) == x for generated documents", arguments: 0..<300)
  func roundTrip(seed: Int) {
    var generator = LyricsDocumentGenerator(seed: UInt64(seed))
    let lyrics = generator.document()
    let written = LRCWriter.write(lyrics)
    let result = LRCParser.parse(written)
    #expect(result.lyrics == lyrics, "seed \(seed):\n\(written)")
    if !lyrics.lines.isEmpty {
      #expect(!result.hasErrors, "seed \(seed): \(result.diagnostics)")
    }
  }
}

import LyricsContainers
import LyricsCore
import Testing

@testable import LyricsContainers

@Suite("Apple TTML")
struct TTMLParserTests {
  @Test("duets, background vocals, sidecar and inline translations, songwriters")
  func duet() throws {
    let document = try readFixture("duet.ttml")
    #expect(!document.result.hasErrors, "\(document.result.diagnostics)")
    let lyrics = document.result.lyrics
    #expect(lyrics.metadata["language"] == "ja")
    #expect(lyrics.credits.map(\.text) == ["Ada Wren", "Ode Park"])
    let lines = lyrics.lines
    try #require(lines.count == 4)
    // Syllables abut; pretty-printing's indentation is not a space.
    #expect(lines[0].text == "夜の海" && lines[0].words.map(\.text) == ["夜の", "海"])
    #expect(lines[0].agent == "v1" && lines[0].translation == "Night sea")
    #expect(lines[0].romanisation == "yoru no umi")
    // The background part keeps its own words and is not in the main text.
    #expect(lines[1].text == "We sail" && lines[1].words.map(\.text) == ["We ", "sa", "il"])
    #expect(lines[1].translation == "We sail")
    let background = try #require(lines[1].background)
    #expect(background.text == "(far away)" && background.ms == 2400 && background.endMs == 3300)
    // The sidecar's x-bg span inside `<text for="L2">` is the background part's translation.
    #expect(background.translation == "(far away)" && background.romanisation == nil)
    #expect(
      background.words == [
        LyricWord(ms: 2400, text: "(far ", endMs: 2900),
        LyricWord(ms: 2900, text: "away)", endMs: 3300),
      ])
    #expect(lines[1].agent == "v2")
    #expect(lines[2].text == "All together" && lines[2].translation == "みんなで")
    #expect(lines[2].romanisation == "minna de" && lines[2].agent == "v3")
    #expect(lines[3].text == "Untimed words in a line" && lines[3].words.isEmpty)
    #expect(lines[3].ms == 60_000 && lines[3].endMs == 62_500)
  }

  @Test("a background span nested in another joins it; untimed text joins the word before it")
  func nestedBackground() throws {
    let text = """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata"><body><div>
      <p begin="1" end="4"><span begin="1" end="2">Go</span>,
        <span ttm:role="x-bg"><span begin="2" end="2.5">(oh</span> <span ttm:role="x-bg"><span
          begin="2.5" end="3">yeah)</span></span></span></p>
      </div></body></tt>
      """
    let line = try #require(try read(Array(text.utf8)).result.lyrics.lines.first)
    #expect(line.text == "Go," && line.words.map(\.text) == ["Go,"])
    let background = try #require(line.background)
    #expect(background.text == "(oh yeah)" && background.words.map(\.ms) == [2000, 2500])
    #expect(background.endMs == 3000)
  }

  @Test("line timing, clock times, an entity, a <p> without begin")
  func lineTiming() throws {
    let document = try readFixture("line.ttml")
    let lines = document.result.lyrics.lines
    #expect(lines.map(\.text) == ["First line & more", "Second line"])
    #expect(lines.map(\.ms) == [1250, 3100] && lines.map(\.endMs) == [3000, 4000])
    #expect(document.result.diagnostics.map(\.severity) == [.warning])
  }

  @Test(
    "time expressions",
    arguments: [
      ("1.5", 1500), ("12.3s", 12300), ("500ms", 500), ("1:02.5", 62500),
      ("01:02:03.004", 3_723_004),
      ("0.12354", 124), ("2m", 120_000), ("4:17.286", 257_286),
    ])
  func times(text: String, ms: Int) {
    #expect(TTMLTime.parse(text) == ms)
  }

  @Test(
    "not times",
    arguments: [
      "", "abc", "1:60.0", "-1", "1.2.3", "1e3s", ".5", "999999999999h", "99999999999999999",
    ])
  func notTimes(text: String) {
    #expect(TTMLTime.parse(text) == nil)
  }

  @Test("an XML error names the line and libxml2's message")
  func xmlError() {
    #expect(throws: LyricsContainerError.self) {
      try read(Array("<tt>\n<body><p begin=\"1\">a</span></body></tt>".utf8))
    }
    do {
      _ = try read(Array("<tt>\n<body><p begin=\"1\">a</span></body></tt>".utf8))
    } catch {
      guard case .xml(let line, let message) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(line == 2)
      #expect(message.contains("mismatch"), "\(message)")
    }
  }

  @Test("entities declared in the file are never expanded, and nothing is fetched")
  func entities() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE tt [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
      <!ENTITY ext SYSTEM "file:///etc/passwd">]>
      <tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1" end="2">x&b;&ext;y</p></div></body></tt>
      """
    let document = try read(Array(text.utf8))
    #expect(document.result.lyrics.lines.map(\.text) == ["xy"])
  }

  @Test("the root must be <tt>")
  func wrongRoot() {
    #expect(
      throws: LyricsContainerError.notTheFormat(
        format: "TTML", reason: "the root element is <html>, not <tt>")
    ) {
      try read(Array("<html/>".utf8), format: .ttml)
    }
  }
}

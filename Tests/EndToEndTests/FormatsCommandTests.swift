import Foundation
import TestSupport
import Testing

/// `lyricpip check` on the other formats and `lyricpip convert`, run as a user runs them.
@Suite("lyricpip check and convert, every format", .timeLimit(.minutes(5)))
struct FormatsCommandTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  func run(_ arguments: [String]) throws -> ProcessResult {
    let result = try ProcessRunner.run(Paths.lyricpipBinary, arguments, timeout: 60)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    return result
  }

  static let duet = """
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:itunes="http://music.apple.com/lyric-ttml-internal"
        xmlns:ttm="http://www.w3.org/ns/ttml#metadata" itunes:timing="Word">
      <head><metadata><ttm:agent type="person" xml:id="v1"/>
        <iTunesMetadata xmlns="http://music.apple.com/lyric-ttml-internal">
          <translations><translation><text for="L1">Row, row</text></translation></translations>
          <songwriters><songwriter>Ada Wren</songwriter></songwriters>
        </iTunesMetadata></metadata></head>
      <body><div>
        <p begin="1.000" end="3.000" itunes:key="L1" ttm:agent="v1">
          <span begin="1.000" end="1.500">Row</span> <span begin="1.500" end="3.000">on</span>
          <span ttm:role="x-bg"><span begin="2.000" end="2.800">(gently)</span></span>
          <span ttm:role="x-roman">rou on</span>
        </p>
      </div></body>
    </tt>
    """

  @Test("check --json reports the format and the new line keys")
  func checkJSON() throws {
    let file = try directory.write("duet.xml", Self.duet)
    let result = try run(["check", "--json", file])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["format"] as? String == "ttml")
    let keys = result.stdout.components(separatedBy: "\n").prefix(4).joined()
    #expect(keys.range(of: #""encoding".*"format""#, options: .regularExpression) != nil)
    let line = try #require((object["lines"] as? [[String: Any]])?.first)
    #expect(line["translation"] as? String == "Row, row")
    #expect(line["romanisation"] as? String == "rou on")
    #expect(line["agent"] as? String == "v1")
    let words = try #require(line["words"] as? [[String: Any]])
    #expect(words.map { $0["endMs"] as? Int } == [1500, 3000])
    let background = try #require(line["background"] as? [String: Any])
    #expect(background["ms"] as? Int == 2000 && background["endMs"] as? Int == 2800)
    #expect(background["text"] as? String == "(gently)")
    #expect((background["words"] as? [[String: Any]])?.count == 1)
    #expect(background["translation"] == nil && background["romanisation"] == nil)
    #expect((object["credits"] as? [[String: Any]])?.first?["text"] as? String == "Ada Wren")
  }

  @Test("check --json carries the background vocals' own translation and romanisation")
  func backgroundTranslation() throws {
    let file = try directory.write(
      "bg.ttml",
      """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata">
      <body><div><p begin="1" end="3"><span begin="1" end="2">Hey</span><span ttm:role="x-bg">\
      <span begin="2" end="3">(oui)</span><span ttm:role="x-translation">(yes)</span>\
      <span ttm:role="x-roman">(wi)</span></span></p></div></body></tt>
      """)
    let result = try run(["check", "--json", file])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let line = try #require((object["lines"] as? [[String: Any]])?.first)
    #expect(line["translation"] == nil)
    let background = try #require(line["background"] as? [String: Any])
    #expect(background["text"] as? String == "(oui)")
    #expect(background["translation"] as? String == "(yes)")
    #expect(background["romanisation"] as? String == "(wi)")
    let converted = try run(["convert", file, "--to", "krc"])
    #expect(
      converted.stderr.contains(
        "drops the background vocals' own translation or romanisation of 1 line(s)"),
      "\(converted.stderr)")
  }

  @Test("--format overrides detection; an unknown name is a usage error")
  func formatFlag() throws {
    let file = try directory.write("song.txt", "[1000,500]a(1000,500)\n")
    let detected = try run(["check", "--json", file])
    #expect(detected.stdout.contains(#""format": "qrc""#))
    let forced = try run(["check", "--json", "--format=yrc", file])
    #expect(forced.stdout.contains(#""format": "yrc""#))
    let unknown = try run(["check", "--format", "yaml", file])
    #expect(unknown.status == 64 && unknown.stderr.contains("--format yaml"))
  }

  @Test("a damaged container names the file and what is wrong, exit 1")
  func damaged() throws {
    let krc = try directory.write("bad.krc", Array("krc1".utf8) + [0x12, 0x34, 0x56])
    let xml = try directory.write("bad.ttml", "<tt><body><p begin=\"1\">a</span></body></tt>")
    for file in [krc, xml] {
      let result = try run(["check", file])
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("lyricpip: \(file): "), "\(result.stderr)")
    }
  }

  @Test("convert writes the target, warns about what it drops, and reads back")
  func convert() throws {
    let input = try directory.write("duet.ttml", Self.duet)
    let output = directory.appendingPathComponent("duet.krc").path
    let result = try run(["convert", input, "--to", "krc", "-o", output])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("drops background vocals of 1 line(s)"))
    #expect(result.stderr.contains("drops the singer (agent) of 1 line(s)"))
    #expect(result.stderr.contains("drops the romanisation of 1 line(s)"))
    let back = try run(["check", "--json", output])
    #expect(back.stdout.contains(#""format": "krc""#))
    #expect(back.stdout.contains(#""translation": "Row, row""#))
    let plain = try run(["convert", input, "--to", "lrc"])
    #expect(plain.stdout == "[00:01.00]Row on\n[00:01.00]Row, row\n")
    #expect(plain.stderr.contains("drops word timing of 1 line(s)"))
  }

  @Test("convert to lys keeps the duet side and background vocals; check reads lys and lyl")
  func lyricify() throws {
    let input = try directory.write("duet.ttml", Self.duet)
    let output = directory.appendingPathComponent("duet.lys").path
    let result = try run(["convert", input, "--to", "lys", "-o", output])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("drops the translation of 1 line(s)"))
    #expect(result.stderr.contains("drops the romanisation of 1 line(s)"))
    #expect(!result.stderr.contains("background"))
    let back = try run(["check", "--json", output])
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stdout.contains(#""format": "lys""#))
    #expect(back.stdout.contains(#""agent": "v1""#))
    #expect(back.stdout.contains(#""text": "(gently)""#))
    let lines = try directory.write("song.lyl", "[1000,3000]Row on\n[3500,4000]Row home\n")
    let read = try run(["check", "--json", lines])
    #expect(read.stdout.contains(#""format": "lyl""#))
    #expect(read.stdout.contains(#""endMs": 4000"#))
  }

  @Test("convert never writes over its input and checks its flags")
  func convertRefusals() throws {
    let input = try directory.write("song.qrc", "[1000,500]a(1000,500)\n")
    let before = try String(contentsOfFile: input, encoding: .utf8)
    let same = try run(["convert", input, "--to", "yrc", "-o", input])
    #expect(same.status == 64 && same.stderr.contains("never written over"))
    let link = directory.appendingPathComponent("link.qrc").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
    let linked = try run(["convert", input, "--to", "yrc", "-o", link])
    #expect(linked.status == 64)
    #expect(try String(contentsOfFile: input, encoding: .utf8) == before)
    #expect(try run(["convert", input]).status == 64)
    #expect(try run(["convert", input, "--to", "lrcx"]).status == 64)
    #expect(try run(["convert", input, "--from", "nope", "--to", "lrc"]).status == 64)
    #expect(
      try run(["convert", directory.appendingPathComponent("missing.qrc").path, "--to", "lrc"])
        .status == 2)
    #expect(try run(["convert", "--help"]).status == 0)
  }

  @Test("QQ Music's encrypted QRC: check and convert read both forms; a cut file says why")
  func encryptedQRC() throws {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("LyricsContainersTests/Fixtures")
    for name in ["song.local.qrc", "song.qrc.hex"] {
      let path = fixtures.appendingPathComponent(name).path
      let checked = try run(["check", path])
      #expect(checked.status == 0, "\(checked.stderr)")
      #expect(
        checked.stdout.contains("QRC, UTF-8, 3 lines, 3 with word timing"), "\(checked.stdout)")
      let converted = try run(["convert", path, "--to", "enhanced-lrc"])
      #expect(converted.status == 0, "\(converted.stderr)")
      #expect(
        converted.stdout.contains("[00:03.50]<00:03.50>Light<00:04.00>house <00:04.60>calls"),
        "\(converted.stdout)")
    }
    let local = try Data(contentsOf: fixtures.appendingPathComponent("song.local.qrc"))
    let cut = try directory.write("cut.qrc", Array(local.dropLast(3)))
    let failed = try run(["check", cut])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("encrypted QRC (QQ Music): "), "\(failed.stderr)")
    #expect(failed.stderr.contains("not whole 8-byte blocks"), "\(failed.stderr)")
  }
}

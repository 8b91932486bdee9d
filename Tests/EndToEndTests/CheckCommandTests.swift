import Foundation
import TestSupport
import Testing

/// `lyricpip check`, run as a user would run it: the built binary, its stdout, stderr and status.
@Suite("lyricpip check", .tags(.sanitized), .timeLimit(.minutes(5)))
struct CheckCommandTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try directory.write(name, bytes)
  }

  func write(_ name: String, _ text: String) throws -> String {
    try directory.write(name, text)
  }

  func check(_ arguments: [String]) throws -> ProcessResult {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["check"] + arguments, timeout: 60)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    return result
  }

  static let sample = """
    [ti:Title]
    [ar:Artist]
    [offset:+250]
    [00:01.00]<00:01.00>Hel<00:01.40>lo <00:01.90>world<00:02.60>
    [00:05.00]你好
    [00:05.00]Hello
    words without a time
    [00:10.00]
    """

  @Test("--json prints the check object, keys in the documented order, optional keys left out")
  func jsonOutput() throws {
    let file = try write("demo.lrc", Self.sample)
    let result = try check(["--json", file])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["file"] as? String == file)
    #expect(object["encoding"] as? String == "UTF-8")
    #expect(
      object["metadata"] as? [String: String] == ["ti": "Title", "ar": "Artist", "offset": "+250"])
    #expect(object["offsetMs"] as? Int == 250)
    let lines = try #require(object["lines"] as? [[String: Any]])
    #expect(lines.count == 3)
    #expect(lines[0]["ms"] as? Int == 750)
    #expect(lines[0]["text"] as? String == "Hello world")
    #expect(lines[0]["endMs"] as? Int == 2350)
    let words = try #require(lines[0]["words"] as? [[String: Any]])
    #expect(words.map { $0["ms"] as? Int } == [750, 1150, 1650])
    #expect(words.map { $0["text"] as? String } == ["Hel", "lo ", "world"])
    #expect(lines[1]["translation"] as? String == "Hello")
    #expect(lines[1]["words"] == nil && lines[1]["endMs"] == nil)
    #expect(lines[2]["text"] as? String == "")
    #expect(Set(lines[2].keys) == ["ms", "text"])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?["line"] as? Int == 7)
    #expect(diagnostics.first?["severity"] as? String == "warning")
    #expect(diagnostics.first?["message"] as? String == "line has no time tag; ignored")
    // Key order as in the spec.
    let keys = [
      "\"file\"", "\"encoding\"", "\"metadata\"", "\"offsetMs\"", "\"lines\"", "\"diagnostics\"",
    ]
    let positions = keys.compactMap { result.stdout.range(of: $0)?.lowerBound }
    #expect(positions.count == keys.count && positions == positions.sorted())
  }

  /// Byte for byte, as docs/cli.md spells it: quotes, backslashes and control bytes escaped
  /// (tab as `\t`, the others as `\u00XX`, DEL too), other UTF-8 as it is, numbers in decimal,
  /// one line a row, a newline at the end.
  @Test("--json output is the documented text, byte for byte")
  func jsonExactBytes() throws {
    let file = try write(
      "golden.lrc",
      "[ti:Tab\there \"q\"]\n[ar:a\\\\b]\n[00:01.00]say \"hi\" \\\\ back\u{1}end\u{7F}\n"
        + "[00:02.50]<00:02.50>你 <00:03.00>好<00:03.25>\n[00:04.00]é\u{1F}\n")
    let result = try check(["--json", file])
    #expect(result.status == 0)
    let expected = """
      {
        "file": "\(file)",
        "encoding": "UTF-8",
        "format": "enhanced-lrc",
        "metadata": {"ar": "a\\\\\\\\b", "ti": "Tab\\there \\"q\\""},
        "offsetMs": 0,
        "lines": [
          {"ms": 1000, "text": "say \\"hi\\" \\\\\\\\ back\\u0001end\\u007f"},
          {"ms": 2500, "text": "你 好", "words": [{"ms": 2500, "text": "你 "}, {"ms": 3000, "text": "好"}], "endMs": 3250},
          {"ms": 4000, "text": "é\\u001f"}
        ],
        "diagnostics": []
      }

      """
    #expect(result.stdout == expected)
  }

  @Test("several files give an array, one object each, in order")
  func severalFiles() throws {
    let first = try write("a.lrc", "[00:01.00]a")
    let second = try write("b.lrc", "[00:02.00]b")
    let result = try check(["--json", first, second])
    #expect(result.status == 0)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(array.map { $0["file"] as? String } == [first, second])
  }

  @Test("without --json: a summary line and each diagnostic as file:line: severity: message")
  func humanSummary() throws {
    let file = try write("demo.lrc", Self.sample + "\n[00:1x.00]bad")
    let result = try check([file])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("\(file): UTF-8, 3 lines, offset +250 ms") == true)
    #expect(lines.contains("\(file):7: warning: line has no time tag; ignored"))
    #expect(lines.contains("\(file):9: error: malformed time tag [00:1x.00]; line skipped"))
  }

  @Test("exit 1 for an error diagnostic or a file with no timed line")
  func exitFailure() throws {
    #expect(try check([try write("bad.lrc", "[00:01.00]a\n[00:1a.00]b")]).status == 1)
    #expect(try check([try write("tags.lrc", "[ti:only tags]")]).status == 1)
    #expect(try check([try write("empty.lrc", "")]).status == 1)
  }

  @Test("a file with text and no time stamps is untimed lyrics: exit 0, a note, the JSON says so")
  func untimed() throws {
    let file = try write("untimed.txt", "[ti:Quiet]\nfirst line\nsecond line\n\nthird line\n")
    let human = try check([file])
    #expect(human.status == 0, "\(human.stdout)\(human.stderr)")
    #expect(human.stdout.contains("untimed (3 lines of text)"), "\(human.stdout)")
    #expect(
      human.stdout.contains("\(file): note: no time stamps: shown as untimed lyrics"),
      "\(human.stdout)")
    let json = try check(["--json", file])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect((object["lines"] as? [Any])?.isEmpty == true)
    #expect(
      object["untimed"] as? [String] == ["first line", "second line", "", "third line"])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["severity"] as? String } == ["note"])
    // A timed file has no `untimed` key.
    let timed = try check(["--json", try write("timed.lrc", "[00:01.00]a")])
    #expect(!timed.stdout.contains("\"untimed\""))
  }

  @Test("--encoding overrides the guess and is reported")
  func encodingFlag() throws {
    let gbk: [UInt8] = [
      0x5B, 0x30, 0x30, 0x3A, 0x30, 0x31, 0x2E, 0x30, 0x30, 0x5D, 0xC4, 0xE3, 0xBA, 0xC3,
    ]
    let file = try write("gbk.lrc", gbk)
    let guessed = try check(["--json", file])
    #expect(guessed.stdout.contains("\"encoding\": \"GB18030\""))
    #expect(guessed.stdout.contains("你好"))
    let forced = try check(["--encoding", "latin1", "--json", file])
    #expect(forced.status == 0)
    #expect(forced.stdout.contains("\"encoding\": \"latin1\""))
    #expect(!forced.stdout.contains("你好"))
    let equals = try check(["--encoding=GBK", "--json", file])
    #expect(equals.stdout.contains("你好"))
  }

  @Test(
    "bad usage exits 64 with one stderr line naming the flag",
    arguments: [
      ([], "no lyrics file"), (["--frobnicate", "x.lrc"], "--frobnicate"),
      (["x.lrc", "--encoding"], "--encoding"), (["--encoding", "NO-SUCH", "x.lrc"], "NO-SUCH"),
    ] as [([String], String)])
  func usage(arguments: [String], named: String) throws {
    let result = try check(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains(named))
  }

  @Test("a missing file or a directory exits 2 with a line naming it")
  func unreadable() throws {
    let missing = directory.appendingPathComponent("missing.lrc").path
    let throughFile = try write("plain.lrc", "[00:01.00]a") + "/inside.lrc"
    for path in [missing, directory.path, throughFile] {
      let result = try check([path])
      #expect(result.status == 2)
      #expect(result.stderr.split(separator: "\n").count == 1)
      #expect(result.stderr.contains(path))
    }
  }

  /// Tests run as root, so a file without read permission can still be read; a FIFO with no
  /// writer is the unreadable file used here (opening it for reading would block for ever).
  @Test("a FIFO or device is refused at once, not read")
  func notRegularFile() throws {
    let fifo = directory.appendingPathComponent("fifo.lrc").path
    #expect(mkfifo(fifo, 0o644) == 0)
    for path in [fifo, "/dev/zero"] {
      let result = try check([path])
      #expect(result.status == 2)
      #expect(result.stderr.contains(path))
    }
  }

  @Test("a file over the 16 MiB cap exits 2")
  func overCap() throws {
    let path = directory.appendingPathComponent("huge.lrc").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 16 * 1024 * 1024 + 1)
    try handle.close()
    let result = try check([path])
    #expect(result.status == 2)
    #expect(result.stderr.contains(path))
    #expect(result.stderr.contains("16 MiB"))
  }

  @Test("a readable file among unreadable ones is still checked; the worst status wins")
  func mixedReadability() throws {
    let good = try write("good.lrc", "[00:01.00]a")
    let result = try check(["--json", good, directory.appendingPathComponent("no.lrc").path])
    #expect(result.status == 2)
    #expect(result.stdout.contains(good))
  }

  @Test("random bytes, NULs, a 1 MB line and mixed encodings: an answer, never a crash")
  func hostileInput() throws {
    var generator = SystemRandomNumberGenerator()
    let random = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    var withNULs = Array("[00:01.00]a\u{0}b\n[00:02.00]\u{0}\u{0}c\n".utf8)
    withNULs += [0, 0, 0]
    let longLine = Array(("[00:01.00]" + String(repeating: "[x]<y> 歌", count: 100_000)).utf8)
    let mixed =
      Array("[00:01.00]café\n".utf8) + [
        0x5B, 0x30, 0x30, 0x3A, 0x30, 0x32, 0x2E, 0x30, 0x30, 0x5D, 0xC4, 0xE3,
      ]
    for (name, bytes) in [
      ("random.lrc", random), ("nuls.lrc", withNULs), ("long.lrc", longLine), ("mixed.lrc", mixed),
    ] {
      let result = try check(["--json", try write(name, bytes)])
      #expect(result.status == 0 || result.status == 1, "\(name): \(result.stderr)")
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil,
        "\(name) gave no JSON")
    }
    let nuls = try check(["--json", try write("nuls2.lrc", withNULs)])
    #expect(nuls.stdout.contains("\"text\": \"ab\""))
  }
}

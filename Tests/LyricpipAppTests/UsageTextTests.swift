import CommandLineOptions
import Foundation
import TestSupport
import Testing

@testable import LyricpipApp

/// The usage texts, made from the commands' tables of flags: byte for byte as they were written
/// (Fixtures/usage), every flag of a table in its command's usage, and every flag's spelling
/// written once in the program (`Flag`).
@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct UsageTextTests {
  static let commands = [
    "play", "check", "convert", "script", "fetch", "ctl", "status", "follow", "completions",
  ]

  func usage(_ command: String?) throws -> String {
    let arguments = (command.map { [$0] } ?? []) + ["--help"]
    let printed = try ProcessRunner.run(Paths.lyricpipBinary, arguments, timeout: 30)
    try #require(printed.status == 0, "\(arguments): \(printed.stderr)")
    #expect(printed.stderr.isEmpty)
    return printed.stdout
  }

  @Test(arguments: [nil] + commands.map(Optional.some))
  func usageIsAsWritten(command: String?) throws {
    let golden = Paths.packageRoot.appendingPathComponent(
      "Tests/LyricpipAppTests/Fixtures/usage/\(command ?? "lyricpip").txt")
    #expect(try usage(command) == String(contentsOf: golden, encoding: .utf8))
  }

  @Test func everyFlagOfATableIsInItsCommandsUsage() throws {
    #expect(LyricpipMain.commands.map(\.name) == Self.commands)
    for command in LyricpipMain.commands {
      let text = try usage(command.name)
      // `--output` is `-o` spelled long; the usage names `-o`.
      for info in command.flags where info.flag != .output {
        #expect(
          text.contains("\(info.flag) ") || text.contains("\(info.flag)]")
            || text.contains("\(info.flag)\n"),
          "lyricpip \(command.name) --help lacks \(info.flag)")
      }
    }
    let main = try usage(nil)
    for command in LyricpipMain.commands where command.name != "play" {
      #expect(main.contains("lyricpip \(command.name)"), "lyricpip --help lacks \(command.name)")
    }
  }

  /// A flag's spelling is a string literal only in Flag.swift: everywhere else in the command
  /// layer (the app and the libraries of its flags) it is named through `Flag`, so that the
  /// table, the usage and the messages agree.
  @Test func everyFlagIsSpelledOnce() throws {
    let root = Paths.packageRoot.appendingPathComponent("Sources")
    var files: [String] = []
    for module in ["LyricpipApp", "CommandLineOptions", "RunOptions"] {
      let folder = root.appendingPathComponent(module)
      files += try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap {
        $0 as? String
      }.filter { $0.hasSuffix(".swift") }.map { "\(module)/\($0)" }
    }
    var names = Set(LyricpipMain.commands.flatMap { $0.flags.map(\.flag.name) })
    names.formUnion([Flag.help.name, Flag.shortHelp.name, Flag.version.name])
    var places: [String: [String]] = [:]
    for file in files {
      let text = try String(
        contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      var inMultilineString = false
      for line in text.split(separator: "\n") {
        // What is between quotes, and the lines of a multi-line string; not comments.
        var literals: [String] = []
        let delimiters = line.ranges(of: "\"\"\"").count
        if delimiters > 0 {
          if delimiters % 2 == 1 { inMultilineString.toggle() }
        } else if inMultilineString {
          literals = [String(line)]
        } else if !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          literals = line.matches(of: /"([^"\\]|\\.)*"/).map { String($0.output.0) }
        }
        for literal in literals {
          for name in names where Self.mentions(literal, name) {
            places[name, default: []].append(file)
          }
        }
      }
    }
    for name in names.sorted() {
      #expect(
        places[name] == ["CommandLineOptions/Flags/Flag.swift"],
        "\(name) is spelled in \(places[name] ?? [])"
      )
    }
  }

  /// Other programs' flags that lyricpip's texts and scripts name.
  static let othersFlags = ["pulseaudio --start", "complete -o filenames"]

  /// Whether `literal` has `name` as a word of its own (not `--offline` inside `--offline-x`),
  /// not counting other programs' flags.
  static func mentions(_ literal: String, _ name: String) -> Bool {
    let literal = othersFlags.reduce(literal) { $0.replacingOccurrences(of: $1, with: "") }
    var rest = literal[...]
    while let found = rest.range(of: name) {
      let before =
        found.lowerBound == literal.startIndex
        ? nil : literal[literal.index(before: found.lowerBound)]
      let after = found.upperBound == literal.endIndex ? nil : literal[found.upperBound]
      let isWord = { (character: Character?) in
        character.map { $0.isLetter || $0.isNumber || $0 == "-" } ?? false
      }
      if !isWord(before), !isWord(after) { return true }
      rest = literal[found.upperBound...]
    }
    return false
  }
}

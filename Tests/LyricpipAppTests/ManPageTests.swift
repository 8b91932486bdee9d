import CommandLineOptions
import Foundation
import RunOptions
import TestSupport
import Testing

@testable import LyricpipApp

/// The man page and the shell completions stay in step with the program: every flag that
/// `lyricpip --help` and each command's `--help` print, and every key of the settings file
/// (docs/settings.md), is in the man page; every flag is in the three completions that
/// `lyricpip completions` prints, which the shells themselves read without a syntax error.
@Suite struct ManPageTests {
  static let commands = [
    "check", "convert", "script", "fetch", "ctl", "status", "follow", "completions",
  ]

  func file(_ relative: String) throws -> String {
    try String(
      contentsOf: Paths.packageRoot.appendingPathComponent(relative), encoding: .utf8)
  }

  /// The `--flags` in `text`, and `-o`.
  static func flags(in text: String) -> Set<String> {
    var found = Set<String>()
    let pattern = /(?:^|[^\w-])(--[a-z][a-z-]*[a-z]|-[oh])(?![\w-])/
    for match in text.matches(of: pattern) { found.insert(String(match.output.1)) }
    return found
  }

  /// Every flag the program's usage texts name, by the command that names it.
  func programFlags() throws -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for command in [nil] + Self.commands.map(Optional.some) {
      let arguments = (command.map { [$0] } ?? []) + ["--help"]
      let usage = try ProcessRunner.run(Paths.lyricpipBinary, arguments)
      try #require(usage.status == 0, "\(arguments): \(usage.stderr)")
      result[command ?? "play"] = Self.flags(in: usage.stdout)
    }
    return result
  }

  /// The man page as text, its `\-` escapes read as `-`.
  func manText() throws -> String {
    try file("docs/lyricpip.1").replacingOccurrences(of: "\\-", with: "-")
  }

  /// `lyricpip completions SHELL`, from the binary.
  static func completion(_ shell: String) throws -> String {
    let printed = try ProcessRunner.run(Paths.lyricpipBinary, ["completions", shell], timeout: 30)
    try #require(printed.status == 0, "completions \(shell): \(printed.stderr)")
    #expect(printed.stderr.isEmpty, "\(printed.stderr)")
    return printed.stdout
  }

  /// The three scripts, written where the shells can read them.
  static func completionFiles() throws -> (folder: String, bash: String, zsh: String, fish: String)
  {
    let folder = try Paths.makeTemporaryDirectory().path
    let files = (
      folder: folder, bash: folder + "/lyricpip.bash", zsh: folder + "/_lyricpip",
      fish: folder + "/lyricpip.fish"
    )
    try completion("bash").write(toFile: files.bash, atomically: true, encoding: .utf8)
    try completion("zsh").write(toFile: files.zsh, atomically: true, encoding: .utf8)
    try completion("fish").write(toFile: files.fish, atomically: true, encoding: .utf8)
    return files
  }

  @Test func everyFlagOfTheUsageIsInTheManPageAndTheCompletions() throws {
    let flags = try programFlags()
    #expect(flags["play"]?.contains("--no-window") == true, "\(flags)")
    #expect(flags["fetch"]?.contains("--save-beside") == true, "\(flags)")
    let man = Self.flags(in: try manText())
    let completions = [
      "bash": Self.flags(in: try Self.completion("bash")),
      "zsh": Self.flags(in: try Self.completion("zsh")),
      "fish": Self.flags(
        in: try Self.completion("fish").replacingOccurrences(
          of: " -l ", with: " --"
        ).replacingOccurrences(of: " -s ", with: " -")),
    ]
    for (command, named) in flags.sorted(by: { $0.key < $1.key }) {
      for flag in named.sorted() {
        #expect(man.contains(flag), "the man page lacks \(command) \(flag)")
        for (shell, known) in completions.sorted(by: { $0.key < $1.key }) where flag != "-h" {
          #expect(known.contains(flag), "the \(shell) completion lacks \(command) \(flag)")
        }
      }
    }
  }

  /// The man page's section `name` (after `.SH name`), up to the next section.
  func manSection(_ name: String) throws -> String {
    let sections = try manText().components(separatedBy: "\n.SH ")
    return try #require(sections.first { $0.hasPrefix(name + "\n") }, "no section \(name)")
  }

  /// The `.TP` entries of a section: the line that names the entry, and the text under it.
  func entries(of section: String) -> [(head: String, body: String)] {
    section.components(separatedBy: "\n.TP\n").dropFirst().map { entry in
      let head = entry.prefix { $0 != "\n" }
      return (String(head), String(entry.dropFirst(head.count)))
    }
  }

  /// PLAY OPTIONS against `play`'s table: the same flags, a value where the table takes one,
  /// and the same choices where the table has them.
  @Test func thePlayOptionsOfTheManPageAreTheTables() throws {
    var documented: [Flag: String] = [:]
    for (head, _) in entries(of: try manSection("PLAY OPTIONS")) {
      let name = try #require(head.firstMatch(of: /--[a-z][a-z-]*[a-z]/), "\(head)").output
      documented[
        try #require(
          PlayOptions.command.flags.first { $0.flag.name == name }?.flag,
          "the man page's \(name) is not a flag of play")] = head
    }
    #expect(Set(documented.keys) == Set(PlayOptions.command.flags.map(\.flag)))
    for info in PlayOptions.command.flags {
      guard let head = documented[info.flag] else { continue }
      let afterFlag = head.split(separator: " ", maxSplits: 2).dropFirst(2).first ?? ""
      #expect(afterFlag.isEmpty == (info.value == nil), "the man page's value of \(head)")
      if case .choices(let words)? = info.value?.completion {
        let listed = afterFlag.replacingOccurrences(of: "\" \" ", with: "")
          .components(separatedBy: " | ")
        #expect(listed == words, "the man page's choices of \(info.flag): \(head)")
      }
    }
  }

  /// COMMANDS against the other commands' tables: each command has its entry, which names
  /// exactly its flags.
  @Test func theCommandsOfTheManPageNameTheirTablesFlags() throws {
    var bodies: [String: String] = [:]
    for (head, body) in entries(of: try manSection("COMMANDS")) where head.hasPrefix(".B ") {
      bodies[String(head.dropFirst(3))] = body
    }
    for command in LyricpipMain.commands {
      let body = try #require(bodies[command.name], "the man page lacks \(command.name)")
      guard command.name != "play" else { continue }
      #expect(
        Self.flags(in: body) == Set(command.flags.map(\.flag.name)),
        "the man page's \(command.name) names \(Self.flags(in: body).sorted())")
    }
  }

  @Test func everySettingAndExitStatusIsInTheManPage() throws {
    let settings = try file("docs/settings.md")
    // The settings table's rows: | `key` (or `other`) | values | default | what |
    var keys: [String] = []
    for line in settings.split(separator: "\n") where line.hasPrefix("| `") {
      if let key = line.firstMatch(of: /^\| `([a-z-]+)`/)?.output.1 { keys.append(String(key)) }
    }
    #expect(keys.contains("auto-enter") && keys.contains("lock-shortcut"), "\(keys)")
    let man = try manText()
    for key in keys where !key.hasPrefix("LYRICPIP") {
      #expect(
        man.contains(".BR \(key) ") || man.contains(".B \(key)\n"), "the man page lacks \(key)")
    }
    let cli = try file("docs/cli.md")
    for status in cli.matches(of: #/\n\| (\d+) \| /#).map({ String($0.output.1) }) {
      #expect(man.contains(".B \(status)\n"), "the man page lacks exit status \(status)")
    }
  }

  @Test func manPageReadsWithoutWarnings() throws {
    let page = Paths.packageRoot.appendingPathComponent("docs/lyricpip.1").path
    let read = try ProcessRunner.run(
      "man", ["--warnings", "-l", "-Tutf8", page], environment: ["MANWIDTH": "80"])
    #expect(read.status == 0, "\(read.stderr)")
    #expect(read.stderr.isEmpty, "\(read.stderr)")
    // Bold is drawn by overstriking, so the heading's letters come doubled.
    #expect(read.stdout.contains("E\u{8}EX\u{8}XI\u{8}IT\u{8}T"), "\(read.stdout.prefix(200))")
  }

  @Test func shellsReadTheirCompletions() throws {
    let files = try Self.completionFiles()
    let bashSyntax = try ProcessRunner.run("bash", ["-n", files.bash])
    #expect(bashSyntax.status == 0, "bash: \(bashSyntax.stderr)")
    let zsh = try ProcessRunner.run("zsh", ["-n", files.zsh])
    #expect(zsh.status == 0, "zsh: \(zsh.stderr)")
    let fish = try ProcessRunner.run("fish", ["--no-execute", files.fish])
    #expect(fish.status == 0, "fish: \(fish.stderr)")
    // fish, as it completes: the values of --repeat, and ctl's commands.
    let fishCompletes = try ProcessRunner.run(
      "fish",
      [
        "--no-config", "-c",
        "source \(files.fish); complete -C 'lyricpip --repeat '; complete -C 'lyricpip ctl t'",
      ])
    let offered = fishCompletes.stdout.split(separator: "\n").map {
      String($0.prefix { $0 != "\t" })
    }
    #expect(offered == ["all", "none", "track", "toggle-lock"], "fish: \(fishCompletes.stdout)")
    // bash, as it completes: the values of --repeat, the commands, a flag of fetch.
    let script = """
      source \(files.bash)
      complete_line() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _lyricpip; echo "${COMPREPLY[*]}"; }
      complete_line lyricpip song.flac --repeat ''
      complete_line lyricpip st
      complete_line lyricpip fetch --sa
      complete_line lyricpip ctl t
      """
    let bash = try ProcessRunner.run("bash", ["-c", script])
    #expect(bash.status == 0, "bash: \(bash.stderr)")
    let lines = bash.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(
      lines.prefix(4) == ["none track all", "status", "--save-beside", "toggle-lock"],
      "\(lines)")
  }
}

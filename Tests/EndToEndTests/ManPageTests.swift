import Foundation
import TestSupport
import Testing

/// The man page and the shell completions stay in step with the program: every flag that
/// `lyricpip --help` and each command's `--help` print, and every key of the settings file
/// (docs/settings.md), is in the man page; every flag is in the three completions, which the
/// shells themselves read without a syntax error.
@Suite struct ManPageTests {
  static let commands = ["check", "convert", "script", "fetch", "ctl", "status", "follow"]

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

  @Test func everyFlagOfTheUsageIsInTheManPageAndTheCompletions() throws {
    let flags = try programFlags()
    #expect(flags["play"]?.contains("--no-window") == true, "\(flags)")
    #expect(flags["fetch"]?.contains("--save-beside") == true, "\(flags)")
    let man = Self.flags(in: try manText())
    let completions = [
      "bash": Self.flags(in: try file("Assets/completions/lyricpip.bash")),
      "zsh": Self.flags(in: try file("Assets/completions/_lyricpip")),
      "fish": Self.flags(
        in: try file("Assets/completions/lyricpip.fish").replacingOccurrences(
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
    let root = Paths.packageRoot.appendingPathComponent("Assets/completions").path
    let zsh = try ProcessRunner.run("zsh", ["-n", root + "/_lyricpip"])
    #expect(zsh.status == 0, "zsh: \(zsh.stderr)")
    let fish = try ProcessRunner.run("fish", ["--no-execute", root + "/lyricpip.fish"])
    #expect(fish.status == 0, "fish: \(fish.stderr)")
    // fish, as it completes: the values of --repeat, and ctl's commands.
    let fishCompletes = try ProcessRunner.run(
      "fish",
      [
        "--no-config", "-c",
        "source \(root)/lyricpip.fish; complete -C 'lyricpip --repeat '; complete -C 'lyricpip ctl t'",
      ])
    let offered = fishCompletes.stdout.split(separator: "\n").map {
      String($0.prefix { $0 != "\t" })
    }
    #expect(offered == ["all", "none", "track", "toggle-lock"], "fish: \(fishCompletes.stdout)")
    // bash, as it completes: the values of --repeat, the commands, a flag of fetch.
    let script = """
      source \(root)/lyricpip.bash
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

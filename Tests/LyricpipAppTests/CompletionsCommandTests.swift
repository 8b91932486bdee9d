import CommandLineOptions
import Foundation
import RunOptions
import TestSupport
import Testing

@testable import LyricpipApp

/// `lyricpip completions bash|zsh|fish`: each script names every flag of every command's table,
/// completes a flag's values by the command it belongs to, and a missing or unknown shell is a
/// usage error (64). That the shells read the scripts: `ManPageTests`.
@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct CompletionsCommandTests {
  @Test(arguments: CompletionsCommand.Shell.allCases)
  func everyFlagOfTheTableIsInTheScript(shell: CompletionsCommand.Shell) {
    let script = shell.script(for: LyricpipMain.commands)
    for command in LyricpipMain.commands {
      for info in command.flags {
        let spelled =
          shell == .fish ? (info.flag.isShort ? "-s " : "-l ") + info.flag.bareName : info.flag.name
        #expect(script.contains(spelled), "\(shell) lacks \(command.name) \(info.flag)")
      }
      #expect(script.contains(command.name), "\(shell) lacks \(command.name)")
    }
  }

  /// Words and flags go into the scripts unquoted in places: they must be plain.
  @Test func theTableHoldsOnlyPlainWords() {
    let plain = /[A-Za-z0-9._-]+/
    for command in LyricpipMain.commands {
      #expect(command.name.wholeMatch(of: plain) != nil, "\(command.name)")
      for info in command.flags {
        #expect(info.flag.name.wholeMatch(of: plain) != nil, "\(info.flag)")
        if case .choices(let words)? = info.value?.completion {
          for word in words { #expect(word.wholeMatch(of: plain) != nil, "\(info.flag) \(word)") }
        }
      }
    }
  }

  @Test func bashCompletesEachCommandsOwnValues() throws {
    let folder = try Paths.makeTemporaryDirectory().path
    let file = folder + "/lyricpip.bash"
    try CompletionsCommand.Shell.bash.script(for: LyricpipMain.commands).write(
      toFile: file, atomically: true, encoding: .utf8)
    let script = """
      source \(file)
      complete_line() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _lyricpip; echo "${COMPREPLY[*]}"; }
      complete_line lyricpip status --format ''
      complete_line lyricpip check --format ''
      complete_line lyricpip completions ''
      complete_line lyricpip follow --
      """
    let bash = try ProcessRunner.run("bash", ["-c", script])
    #expect(bash.status == 0, "bash: \(bash.stderr)")
    let lines = bash.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let formats = LyricsFormatNames.all.replacingOccurrences(of: ", ", with: " ")
    #expect(lines.count >= 4, "\(lines)")
    #expect(lines.prefix(3) == ["plain json waybar", formats, "bash zsh fish"], "\(lines)")
    let followFlags = Set(lines.dropFirst(3).first?.split(separator: " ").map(String.init) ?? [])
    #expect(followFlags == Set(FollowOptions.flags.map(\.info.flag.name) + ["--help"]))
  }

  @Test func theBinaryPrintsEachScript() throws {
    for shell in CompletionsCommand.Shell.allCases {
      let printed = try ProcessRunner.run(
        Paths.lyricpipBinary, ["completions", shell.rawValue], timeout: 30)
      #expect(printed.status == 0, "\(printed.stderr)")
      #expect(printed.stdout == shell.script(for: LyricpipMain.commands))
    }
  }

  @Test(arguments: [
    (["completions"], "lyricpip: usage: lyricpip completions bash|zsh|fish\n"),
    (["completions", "bash", "zsh"], "lyricpip: usage: lyricpip completions bash|zsh|fish\n"),
    (
      ["completions", "csh"],
      "lyricpip: unknown shell 'csh'; usage: lyricpip completions bash|zsh|fish\n"
    ),
    (
      ["completions", "--bash"],
      "lyricpip: unknown option '--bash' (see lyricpip completions --help)\n"
    ),
  ])
  func aMissingOrUnknownShellIsAUsageError(arguments: [String], message: String) throws {
    let result = try ProcessRunner.run(Paths.lyricpipBinary, arguments, timeout: 30)
    #expect(result.status == 64)
    #expect(result.stderr == message)
    #expect(result.stdout.isEmpty)
  }
}

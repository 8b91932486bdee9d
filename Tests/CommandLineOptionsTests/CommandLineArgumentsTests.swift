import CommandLineOptions
import TestSupport
import Testing

/// The one argument parser of every command, and `--help` on each command.
@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct CommandLineArgumentsTests {
  static let known: [CommandLineArguments.Option] = [.flag("--json"), .value("--encoding")]

  func parse(_ arguments: [String]) throws -> CommandLineArguments {
    try CommandLineArguments.parse(arguments, options: Self.known, command: "check")
  }

  @Test func valuesComeSeparateOrAfterAnEqualsSign() throws {
    let parsed = try parse(["a.lrc", "--encoding", "GBK", "--json", "--encoding=UTF-8", "-"])
    #expect(parsed.operands == ["a.lrc", "-"])
    #expect(parsed.options.map(\.name) == ["--encoding", "--json", "--encoding"])
    #expect(parsed.options.map(\.value) == ["GBK", nil, "UTF-8"])
  }

  @Test func doubleDashEndsTheOptions() throws {
    let parsed = try parse(["--", "--json", "-h"])
    #expect(parsed.operands == ["--json", "-h"])
    #expect(parsed.options.isEmpty)
    #expect(!parsed.wantsHelp)
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus' (see lyricpip check --help)"),
    (["--encoding"], "--encoding needs a value"),
    (["--json=yes"], "--json takes no value"),
  ])
  func badUsageNamesTheFlag(arguments: [String], message: String) {
    #expect(throws: CommandLineArguments.UsageError(description: message)) {
      try parse(arguments)
    }
  }

  @Test(arguments: [["play", "--help"], ["play", "-h"], ["check", "--help"], ["script", "-h"]])
  func helpOfEveryCommandExitsZero(arguments: [String]) throws {
    let result = try ProcessRunner.run(Paths.lyricpipBinary, arguments, timeout: 30)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("usage: lyricpip"))
    #expect(result.stderr.isEmpty)
  }

  @Test(arguments: [["play", "--bogus"], ["check", "--bogus", "x.lrc"], ["script", "--bogus"]])
  func anUnknownFlagIsOneLineAndExit64(arguments: [String]) throws {
    let result = try ProcessRunner.run(Paths.lyricpipBinary, arguments, timeout: 30)
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("--bogus"))
  }
}

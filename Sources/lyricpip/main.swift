import CheckCommandLine
import SystemSupport

// The `lyricpip` command as users run it: `check` here, every other command in
// `lyricpip-player`. A `check` of a large file took as long to start as to read when the
// player's 160 shared libraries were loaded for it; this executable links only what `check`
// needs (docs/ARCHITECTURE.md, "Two executables").
let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "check" {
  HugePageHeap.restartUnlessSet(for: Array(arguments.dropFirst(2)))
  CheckCommand.runThenExit(Array(arguments.dropFirst(2)))
}
ProgramHandOff.run("lyricpip-player")

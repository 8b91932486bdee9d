import Foundation
import TestSupport
import Testing

/// The two executables (docs/ARCHITECTURE.md, "Two executables"): `lyricpip` runs `check` with
/// none of the player's media libraries loaded and hands every other command to
/// `lyricpip-player`, found beside it or in `lib/lyricpip/` beside its `bin/`.
@Suite("lyricpip launcher", .timeLimit(.minutes(5)))
struct LauncherTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The libraries the dynamic loader maps before `main`, as `readelf -d` lists them.
  func neededLibraries(_ binary: String) throws -> [String] {
    let result = try ProcessRunner.run("readelf", ["-d", binary])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").compactMap { line in
      guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["),
        let close = line.lastIndex(of: "]")
      else { return nil }
      return String(line[line.index(after: open)..<close])
    }
  }

  @Test("the launcher links none of the player's media, window or sound libraries")
  func launcherLinksNoMediaLibrary() throws {
    let needed = try neededLibraries(Paths.lyricpipBinary)
    #expect(!needed.isEmpty, "readelf listed nothing for \(Paths.lyricpipBinary)")
    let heavy = [
      "libav", "libswresample", "libSDL2", "libpulse", "libasound", "libX11", "libwayland",
    ]
    let found = needed.filter { name in heavy.contains { name.hasPrefix($0) } }
    #expect(found.isEmpty, "the launcher links \(found)")
    // The player is the one that has them: the split is where it is meant to be.
    let player = try neededLibraries(Paths.playerBinary)
    #expect(player.contains { $0.hasPrefix("libavformat") }, "\(player)")
  }

  /// A launcher copied without its player: `check` still works, and any other command says which
  /// file is missing and exits 69, not a crash.
  @Test("without the player, check works and other commands name the missing file")
  func launcherAloneChecksAndNamesTheMissingPlayer() throws {
    let bin = directory.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let launcher = bin.appendingPathComponent("lyricpip").path
    try FileManager.default.copyItem(atPath: Paths.lyricpipBinary, toPath: launcher)
    let lyrics = try directory.write("song.lrc", "[00:01.00]one\n[00:02.00]two\n")

    let checked = try ProcessRunner.run(launcher, ["check", "--json", lyrics])
    #expect(checked.status == 0, "\(checked.stderr)")
    #expect(checked.stdout.contains("\"lines\""), "\(checked.stdout)")

    let version = try ProcessRunner.run(launcher, ["--version"])
    #expect(version.status == 69)
    #expect(!version.endedBySignal)
    #expect(
      version.stderr
        == "lyricpip: cannot start \(bin.path)/lyricpip-player: No such file or directory\n",
      "\(version.stderr)")
  }

  /// The installed layout: `bin/lyricpip` finds `lib/lyricpip/lyricpip-player`, and the player
  /// gets the user's arguments and its own exit status back to the caller.
  @Test("an installed launcher finds the player in lib/lyricpip and passes arguments and status")
  func installedLauncherFindsThePlayer() throws {
    let bin = directory.appendingPathComponent("bin")
    let library = directory.appendingPathComponent("lib/lyricpip")
    for folder in [bin, library] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let launcher = bin.appendingPathComponent("lyricpip").path
    try FileManager.default.copyItem(atPath: Paths.lyricpipBinary, toPath: launcher)
    try FileManager.default.createSymbolicLink(
      atPath: library.appendingPathComponent("lyricpip-player").path,
      withDestinationPath: Paths.playerBinary)

    let version = try ProcessRunner.run(launcher, ["--version"])
    #expect(version.status == 0, "\(version.stderr)")
    #expect(version.stdout.hasPrefix("lyricpip "), "\(version.stdout)")
    // A usage error of a player command: its message and its status (64) come back unchanged.
    let wrong = try ProcessRunner.run(launcher, ["convert", "--no-such-flag"])
    #expect(wrong.status == 64, "\(wrong.stderr)")
    #expect(wrong.stderr.contains("--no-such-flag"), "\(wrong.stderr)")
  }
}

extension LauncherTests {
  /// `check` starts itself again once with glibc's huge-page tunable (HugePageHeap): the user's
  /// own tunables are kept, the answer and the status are the same, and a user's
  /// `glibc.malloc.hugetlb=0` is left as it is (no restart loop either way).
  @Test("check with the user's GLIBC_TUNABLES, or hugetlb turned off, answers the same")
  func checkAnswersTheSameWhateverTheTunables() throws {
    // Large enough for the restart (2 MiB and more; HugePageHeap.worthwhileBytes).
    var text = ""
    for index in 0..<100_000 {
      let (minutes, seconds, hundredths) = (index / 6000, index / 100 % 60, index % 100)
      let stamp = [minutes, seconds, hundredths].map { $0 < 10 ? "0\($0)" : "\($0)" }
      text += "[\(stamp[0]):\(stamp[1]).\(stamp[2])]line number \(index)\n"
    }
    let lyrics = try directory.write("song.lrc", text)
    let plain = try ProcessRunner.run(Paths.lyricpipBinary, ["check", "--json", lyrics])
    #expect(plain.status == 0, "\(plain.stderr)")
    for tunables in ["glibc.malloc.arena_max=2", "glibc.malloc.hugetlb=0", ""] {
      let result = try ProcessRunner.run(
        Paths.lyricpipBinary, ["check", "--json", lyrics],
        environment: ["GLIBC_TUNABLES": tunables], timeout: 30)
      #expect(result.status == 0, "\(tunables): \(result.stderr)")
      #expect(result.stdout == plain.stdout, "\(tunables)")
    }
  }
}

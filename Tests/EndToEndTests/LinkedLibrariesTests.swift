import Foundation
import TestSupport
import Testing

/// The memory budget (at most 60 MB resident with the strip up, docs/benchmarks.md) depends on
/// what the program loads: libFoundation brings ICU and is about 6 MB resident on its own, so the
/// sources use FoundationEssentials only. This catches an `import Foundation` slipping back in.
@Suite("linked libraries", .timeLimit(.minutes(5)))
struct LinkedLibrariesTests {
  @Test func lyricpipDoesNotLoadFoundationOrICU() throws {
    let result = try ProcessRunner.run("readelf", ["-d", Paths.lyricpipBinary], timeout: 60)
    try #require(result.status == 0, "readelf failed: \(result.stderr)")
    let needed = result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
    try #require(needed.contains { $0.contains("[libFoundationEssentials.so]") })
    for library in [
      "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
    ] {
      #expect(!needed.contains { $0.contains("[\(library)]") }, "lyricpip links \(library)")
    }
  }

  /// libcurl and its TLS library cost about 3 MB resident in the player (more alone): they are
  /// opened on the first lookup that goes to the network, never linked.
  @Test func lyricpipDoesNotLinkLibcurl() throws {
    let result = try ProcessRunner.run("readelf", ["-d", Paths.lyricpipBinary], timeout: 60)
    try #require(result.status == 0, "readelf failed: \(result.stderr)")
    let needed = result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
    try #require(!needed.isEmpty)
    #expect(!needed.contains { $0.contains("libcurl") }, "lyricpip links libcurl")
  }

  /// TurboJPEG is mapped in every run when linked, also the many that show no cover (the strip
  /// never does): it is opened on the first JPEG cover (docs/benchmarks.md, "Memory by mapping").
  @Test func lyricpipDoesNotLinkTurboJPEG() throws {
    let result = try ProcessRunner.run("readelf", ["-d", Paths.lyricpipBinary], timeout: 60)
    try #require(result.status == 0, "readelf failed: \(result.stderr)")
    let needed = result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
    try #require(!needed.isEmpty)
    #expect(!needed.contains { $0.contains("libturbojpeg") }, "lyricpip links libturbojpeg")
  }
}

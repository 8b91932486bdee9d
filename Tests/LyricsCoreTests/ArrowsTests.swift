import Foundation
import TestSupport
import Testing

/// The arrows between the targets that once went the wrong way stay gone: what the parts share
/// is in PlayerContract, so the sound knows no lyrics, a followed player knows neither our player
/// nor the session wiring, a script reaches the sound through its `MediaFactory`, the fuzzers
/// reach the settings parser without the app (so the settings know neither the app nor the
/// session wiring and the sound it brings), and the event stream knows only the contract and
/// the system. (`swift build --explicit-target-dependency-import-check error` checks that each
/// import is declared; this checks which may not be.)
@Suite struct ArrowsTests {
  static let forbidden: [String: Set<String>] = [
    "Playback": ["LyricsCore", "LyricsFiles", "LyricsContainers", "ID3", "SessionWiring"],
    "Following": ["Playback", "SessionWiring", "LyricsCore"],
    "SyncScripts": ["Playback"],
    "FuzzTargets": ["LyricpipApp"],
    "Settings": ["LyricpipApp", "SessionWiring", "Playback"],
    // The event stream is vocabulary and a writer: nothing above the contract and the system.
    "EventStream": [
      "LyricsCore", "LyricsContainers", "LyricsFiles", "ID3", "LyricsOnline", "Library", "Playback",
      "Session", "Surface", "Desktop", "SessionWiring", "Following", "SyncScripts", "Settings",
      "LyricpipApp",
    ],
  ]

  @Test(arguments: [
    "Playback", "Following", "SyncScripts", "FuzzTargets", "Settings", "EventStream",
  ])
  func noImportGoesTheWrongWay(module: String) throws {
    let folder = Paths.packageRoot.appendingPathComponent("Sources/\(module)")
    let files = try #require(FileManager.default.subpaths(atPath: folder.path))
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        guard let imported = PureModulesTests.importedModule(line) else { continue }
        #expect(
          !Self.forbidden[module, default: []].contains(imported), "\(module)/\(file): \(line)")
      }
    }
  }
}

import Foundation
import TestSupport
import Testing

/// The arrows between the targets that once went the wrong way stay gone: what the parts share
/// is in PlayerContract, so the sound knows no lyrics, a followed player knows neither our player
/// nor the session wiring, a script reaches the sound through its `MediaFactory`, the fuzzers
/// reach the settings parser without the app (so the settings know neither the app nor the
/// session wiring and the sound it brings), the event stream knows only the contract and the
/// system, the command line's tables and options know nothing that runs, and the window and
/// terminal front ends are libraries the app uses, never the other way. (`swift
/// build --explicit-target-dependency-import-check error` checks that each import is declared;
/// this checks which may not be.)
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
    "WindowFrontEnd": ["LyricpipApp"],
    // The terminal is a presenter over the session: no windows, no sound of its own, no app.
    "TerminalFrontEnd": ["LyricpipApp", "WindowFrontEnd", "Surface", "Settings", "Playback"],
    // The services' answers are read as pure functions of the bytes: no network, no system, no
    // files, nothing above them. LyricsOnline's Kugou and NetEase clients import them, never
    // the other way.
    "ProviderAnswers": [
      "LyricsOnline", "CCurl", "SystemSupport", "Glibc", "Dispatch", "Clocks", "Locking",
      "LyricsFiles", "LyricsProviders", "Settings", "SessionWiring", "LyricpipApp",
    ],
    // The network's lyrics know neither the session, its providers, the settings nor the app:
    // those pass them what to ask and read what they answer.
    "LyricsOnline": [
      "LyricsProviders", "Settings", "SessionWiring", "Session", "LyricpipApp", "Surface",
      "LyricsFiles", "Playback",
    ],
    // The lyrics providers answer the session; they know no app and no drawing.
    "LyricsProviders": [
      "LyricpipApp", "Surface", "Settings", "TerminalFrontEnd", "DesktopControl",
    ],
    // What `play` opens first knows no front end and no command-line flags.
    "PlaySetup": ["LyricpipApp", "Surface", "WindowFrontEnd", "TerminalFrontEnd", "Settings"],
    // What a follower keeps on disk knows neither our player nor the session.
    "FollowSetup": ["LyricpipApp", "Playback", "SessionWiring", "Surface", "WindowFrontEnd"],
    // The desktop's controls drive the session: they know neither the app nor a front end's
    // drawing.
    "DesktopControl": ["LyricpipApp", "Surface", "TerminalFrontEnd"],
    // The command line's layer is data and parsing: no settings, session, sound, windows or
    // desktop, and no app.
    "CommandLineOptions": [
      "LyricpipApp", "RunOptions", "Settings", "Surface", "Playback", "Session", "SessionWiring",
      "WindowFrontEnd", "TerminalFrontEnd", "Desktop", "DesktopControl", "Following",
      "LyricsProviders", "PlaySetup", "FollowSetup", "EventStream", "LyricsOnline",
    ],
    // `play`'s and `follow`'s options and the run's configuration: the flags over the settings
    // file, nothing that runs.
    "RunOptions": [
      "LyricpipApp", "Playback", "Session", "SessionWiring", "WindowFrontEnd", "TerminalFrontEnd",
      "Desktop", "DesktopControl", "Following", "LyricsProviders", "PlaySetup", "FollowSetup",
    ],
    // The native strip's layers: the windows know no Wayland, the Wayland surface knows no
    // windows, and the sink between them knows no front end or settings.
    "Surface": ["WaylandStrip", "LayerShellStrip", "CWaylandClient", "WindowFrontEnd"],
    "WaylandStrip": ["Surface", "Session", "LayerShellStrip", "CSDL2", "WindowFrontEnd"],
    "LayerShellStrip": ["WindowFrontEnd", "Settings", "LyricpipApp", "CWaylandClient", "CSDL2"],
    // `check` and `convert` read and write lyrics files only: no session, sound or windows.
    "LyricsTools": [
      "LyricpipApp", "SessionWiring", "Playback", "Session", "Surface", "WindowFrontEnd",
      "Settings",
    ],
    // `check` and the launcher that runs it link none of the player's libraries
    // (docs/ARCHITECTURE.md, "Two executables"): no session wiring, sound, windows or bus.
    "CheckCommandLine": [
      "LyricpipApp", "SessionWiring", "Playback", "Session", "Surface", "WindowFrontEnd",
      "Settings", "Desktop", "RunOptions", "LyricsProviders", "PlaySetup",
    ],
    "lyricpip": [
      "LyricpipApp", "SessionWiring", "Playback", "Session", "Surface", "WindowFrontEnd",
      "Settings", "Desktop", "RunOptions", "LyricsProviders", "PlaySetup",
    ],
  ]

  @Test(arguments: [
    "Playback", "Following", "SyncScripts", "FuzzTargets", "Settings", "EventStream",
    "WindowFrontEnd", "TerminalFrontEnd", "LyricsTools", "DesktopControl",
    "LyricsProviders", "PlaySetup", "FollowSetup", "CommandLineOptions", "RunOptions",
    "ProviderAnswers", "LyricsOnline", "Surface", "WaylandStrip", "LayerShellStrip",
    "CheckCommandLine", "lyricpip",
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

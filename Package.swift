// swift-tools-version:6.0
// lyricpip: a music player for the Linux desktop whose lyrics float above every window.
// The C libraries come from Debian -dev packages through system-library targets; no outside
// Swift package is used (none can be fetched on the build machines).
import PackageDescription

let package = Package(
  name: "lyricpip",
  products: [
    .executable(name: "lyricpip", targets: ["lyricpip"]),
    .executable(name: "lyricpip-player", targets: ["lyricpip-player"]),
    .library(name: "LyricsCore", targets: ["LyricsCore"]),
  ],
  targets: [
    // One system-library target per C library: module.modulemap + shim.h only.
    .systemLibrary(
      name: "CSDL2", pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev"])]),
    .systemLibrary(
      name: "CSDL2TTF", pkgConfig: "SDL2_ttf",
      providers: [.apt(["libsdl2-ttf-dev"])]),
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]),
    // JPEG covers for the main window (PNG ones go through libpng); the library itself is
    // opened on first use (see its shim.h).
    .systemLibrary(
      name: "CTurboJPEG",
      providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(
      name: "CX11", pkgConfig: "x11",
      providers: [.apt(["libx11-dev"])]),
    .systemLibrary(
      name: "CXext", pkgConfig: "xext",
      providers: [.apt(["libxext-dev"])]),
    .systemLibrary(
      name: "CXrandr", pkgConfig: "xrandr",
      providers: [.apt(["libxrandr-dev"])]),
    .systemLibrary(
      name: "CXfixes", pkgConfig: "xfixes",
      providers: [.apt(["libxfixes-dev"])]),
    // The display tests' look at what the X server was asked to draw (the strip's damage).
    .systemLibrary(
      name: "CXdamage", pkgConfig: "xdamage",
      providers: [.apt(["libxdamage-dev"])]),
    .systemLibrary(
      name: "CPulse", pkgConfig: "libpulse",
      providers: [.apt(["libpulse-dev"])]),
    .systemLibrary(
      name: "CALSA", pkgConfig: "alsa",
      providers: [.apt(["libasound2-dev"])]),
    .systemLibrary(
      name: "CFFmpeg", pkgConfig: "libavformat",
      providers: [
        .apt(["libavformat-dev", "libavcodec-dev", "libswresample-dev", "libavutil-dev"])
      ]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(
      name: "CSystemd", pkgConfig: "libsystemd",
      providers: [.apt(["libsystemd-dev"])]),
    // The native Wayland strip's connection (the X11 strip goes through SDL and Xlib).
    .systemLibrary(
      name: "CWaylandClient", pkgConfig: "wayland-client",
      providers: [.apt(["libwayland-dev"])]),
    // The compositor's keymap, for the keys the strip takes after a click.
    .systemLibrary(
      name: "CXKBCommon", pkgConfig: "xkbcommon",
      providers: [.apt(["libxkbcommon-dev"])]),
    // The one C target that is not a system library: wayland-scanner's glue for the protocols
    // beyond the core one (layer shell, xdg-shell, viewporter, fractional scale), made from
    // the protocol files Debian ships and committed; `scripts/wayland-protocols` makes it again
    // and `make check` fails when it has drifted.
    .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),

    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),
    // libyaml's headers; the library itself is opened on first use (see its shim.h).
    .systemLibrary(
      name: "CYAML",
      providers: [.apt(["libyaml-dev"])]),
    // libcurl's headers; the library itself is opened on first use (see its shim.h).
    .systemLibrary(
      name: "CCurl",
      providers: [.apt(["libcurl4-openssl-dev"])]),

    // The pthread calls Swift's Glibc module hides (thread names).
    .systemLibrary(name: "CPthread"),
    // glibc's heap tuning, also hidden by the Glibc module.
    .systemLibrary(name: "CMalloc"),
    // The loader's list of loaded objects (dl_iterate_phdr), also hidden by the Glibc module:
    // a walk in C of its own, since the call needs _GNU_SOURCE (Sources/CLoader/loader.c).
    .target(name: "CLoader"),

    // Time that can be waited on: the protocol and the manual clock, pure Swift.
    // The project's locks: Synchronization re-exported, with a ThreadSanitizer-visible twin of
    // its Mutex in `-DLYRICPIP_TSAN` builds (Sources/Locking/Mutex.swift says why).
    .target(name: "Locking"),
    .target(name: "Clocks", dependencies: ["Locking"]),
    // The system under everything: POSIX files, threads, iconv, the monotonic clock, XDG
    // directories and the install layout. Nothing here knows lyrics.
    .target(
      name: "SystemSupport", dependencies: ["Clocks", "CPthread", "CMalloc", "CLoader", "Locking"]),
    // The vocabulary between the sound, the lyrics, the session and the front ends, pure Swift:
    // the heard position, the player's state, events and tracks, the player protocols
    // (position source, transport, queue, volume), the lyrics status. Knows no implementation.
    .target(name: "PlayerContract"),
    // The lyrics model, its text formats and the sync logic, pure Swift.
    .target(name: "LyricsCore", dependencies: ["Clocks", "Locking", "PlayerContract"]),
    // The lyrics formats that need a C library: binary KRC (zlib), QRC's XML and Apple's TTML
    // (libxml2), LRCLIB's lyricsfile (libyaml); and reading any format by its content.
    .target(
      name: "LyricsContainers",
      dependencies: ["LyricsCore", "SystemSupport", "CZlib", "CXML2", "CYAML"]),
    // ID3v2 tags: synchronised lyrics (SYLT) read from an audio file.
    .target(name: "ID3", dependencies: ["LyricsCore", "PlayerContract", "SystemSupport"]),
    // Lyrics on disk: the lookup order, the size-capped reader, `check` (any format, through
    // LyricsContainers), iconv for LyricsCore, the lyrics embedded in an audio file's tags.
    .target(
      name: "LyricsFiles",
      dependencies: ["LyricsCore", "LyricsContainers", "ID3", "PlayerContract", "SystemSupport"]),
    // The answers of the lyrics services that are not LRCLIB (Kugou, NetEase) read into typed
    // values: pure functions of the bytes, no network; KRC through LyricsContainers.
    .target(name: "ProviderAnswers", dependencies: ["LyricsCore", "LyricsContainers"]),
    // Lyrics from the network: LRCLIB over libcurl, the ranking, the cache; the Kugou and
    // NetEase clients, their answers read by ProviderAnswers.
    .target(
      name: "LyricsOnline",
      dependencies: [
        "LyricsCore", "LyricsContainers", "SystemSupport", "Clocks", "CCurl", "Locking",
        "ProviderAnswers",
      ]),
    // What `play` is given, as files of the queue: folders in album order (natural sort),
    // M3U/M3U8, PLS, and XSPF (libxml2).
    .target(name: "Library", dependencies: ["SystemSupport", "CXML2"]),
    .target(
      name: "Playback",
      dependencies: [
        "PlayerContract", "Clocks", "Locking", "SystemSupport", "CFFmpeg", "CPulse", "CALSA",
      ]),
    .target(name: "Session", dependencies: ["Clocks", "SystemSupport"]),
    .target(
      name: "Surface",
      dependencies: [
        "LyricsCore", "PlayerContract", "Session", "Clocks", "Locking", "SystemSupport", "CSDL2",
        "CSDL2TTF", "CPNG", "CTurboJPEG", "CFontconfig", "CX11", "CXext", "CXrandr", "CXfixes",
      ]),
    // The strip as a native Wayland surface, the first part: one connection's globals (what the
    // compositor offers) and the choice of the strip's backend (layer shell or X11) from them.
    // Not wired into the app yet (docs/ARCHITECTURE.md, "The native Wayland strip").
    .target(
      name: "WaylandStrip",
      dependencies: ["CWaylandClient", "CWaylandProtocols", "CXKBCommon", "SystemSupport"]),
    // The native Wayland strip wired to the windows: the canvas strip's sink on a layer
    // surface, and the loop's watch on the strip's own connection (its frames, its pointer).
    .target(
      name: "LayerShellStrip",
      dependencies: ["Session", "Surface", "SystemSupport", "WaylandStrip"]),
    // The desktop: MPRIS2 over sd-bus, and handing files to a running instance.
    .target(name: "Desktop", dependencies: ["SystemSupport", "CSystemd", "Locking"]),
    // The `--events` stream: the typed `SessionEvent`s and their one serialisation as JSON
    // lines, the writer that queues them off the caller's thread; and the program's one JSON
    // writer (`JSONValue`, `JSONBytes`), which `check --json` and the transcripts use too.
    .target(name: "EventStream", dependencies: ["PlayerContract", "SystemSupport", "Locking"]),
    // The one session wiring: position source + lyrics → scheduler → presenter and events, run
    // by `play` and by the sync scripts alike.
    .target(
      name: "SessionWiring",
      dependencies: [
        "LyricsCore", "LyricsContainers", "LyricsFiles", "PlayerContract", "Clocks", "Locking",
        "SystemSupport", "Playback", "Session", "EventStream",
      ]),
    // `lyricpip follow`: another MPRIS player as the session's position source.
    .target(
      name: "Following", dependencies: ["Desktop", "PlayerContract", "Clocks", "Locking"]),
    // Sync scripts: the parser, the runners (virtual and real time) and the transcript, over the
    // one session wiring.
    .target(
      name: "SyncScripts",
      dependencies: [
        "LyricsCore", "Clocks", "Locking", "SystemSupport", "PlayerContract", "Session",
        "SessionWiring", "EventStream", "LyricsFiles",
      ]),
    // The settings file: the table of its keys (`SettingKey`), `AppConfig` (`key = value`
    // lines, each bad one a warning) and the values it fills, the SIGHUP reload and the one edit
    // lyricpip makes to the file; apart from the app so that the fuzzers reach the parser
    // without it.
    .target(
      name: "Settings",
      dependencies: [
        "LyricsCore", "LyricsOnline", "PlayerContract", "Session", "Surface", "SystemSupport",
        "Locking", "WaylandStrip",
      ]),
    // The window front end of `play` and `follow`: the SDL windows as a `LyricsPresenter`, the
    // wiring of the running loop, the feeds of the main window, the strip's show rules and
    // desktop state, the saved window state, and the windows of real-clock scripts. Told the
    // few flags it acts on (`WindowOptions`), never the app's types.
    .target(
      name: "WindowFrontEnd",
      dependencies: [
        "Clocks", "Desktop", "EventStream", "Locking", "LyricsCore", "LyricsOnline", "Playback",
        "PlayerContract", "Session", "SessionWiring", "Settings", "Surface", "SyncScripts",
        "SystemSupport", "LayerShellStrip", "WaylandStrip",
      ]),
    // Where the session's lyrics come from in `play` and `follow`: the files on this computer
    // (the lookup with FFmpeg's tags), then LRCLIB (`OnlineLyricsProvider`), or what a followed
    // player publishes; and the window's picker over the online lookup.
    .target(
      name: "LyricsProviders",
      dependencies: [
        "Locking", "LyricsContainers", "LyricsCore", "LyricsFiles", "LyricsOnline", "Playback",
        "PlayerContract", "Session", "SessionWiring", "SystemSupport", "WindowFrontEnd",
      ]),
    // What `follow` keeps besides the session: the offsets saved per player, the events only a
    // follower writes.
    .target(
      name: "FollowSetup",
      dependencies: ["EventStream", "Following", "LyricsCore", "SystemSupport"]),
    // What `play` opens before it plays: the queue from its arguments (folders and playlists
    // expanded, each file probed and its lyrics found) or the one saved at the last exit, the
    // first files checked off the main thread, where the queue starts.
    .target(
      name: "PlaySetup",
      dependencies: [
        "Library", "Locking", "LyricsFiles", "LyricsProviders", "Playback", "PlayerContract",
        "Session", "SessionWiring", "SystemSupport",
      ]),
    // `play` and `follow` as the desktop controls them (MPRIS, the tray, `ctl`): the session's
    // transport and line, our player's state and queue, the followed player's state.
    .target(
      name: "DesktopControl",
      dependencies: [
        "Desktop", "EventStream", "Following", "LyricsCore", "Playback", "PlayerContract",
        "SessionWiring", "WindowFrontEnd",
      ]),
    // The work of the lyrics-file commands apart from their flags and exit statuses: the
    // summary and the JSON of a file `check` read, the line or JSON `fetch` prints a track.
    .target(
      name: "LyricsTools",
      dependencies: [
        "EventStream", "LyricsContainers", "LyricsCore", "LyricsFiles", "LyricsOnline",
        "SystemSupport",
      ]),
    // The terminal front end of `play --no-window` and `follow --no-window`: each new line
    // printed, or one status line redrawn in place on a terminal.
    .target(
      name: "TerminalFrontEnd",
      dependencies: [
        "LyricsCore", "Locking", "PlayerContract", "SessionWiring", "SystemSupport",
      ]),
    // The command line's layer: the one argument parser, each flag's spelling, the commands'
    // tables of flags that drive parsing, the usage texts and the shells' completion scripts,
    // and the exit statuses. Pure data and parsing: no session, sound, windows or settings.
    .target(name: "CommandLineOptions", dependencies: ["LyricsCore", "SystemSupport"]),
    // What `play` and `follow` are told: their tables of flags and the options they fill, and
    // the run's configuration that those flags and the settings file resolve into once.
    .target(
      name: "RunOptions",
      dependencies: [
        "CommandLineOptions", "LyricsCore", "PlayerContract", "Settings", "Surface",
      ]),
    // `lyricpip check`, in a module the launcher can link without the player's libraries.
    .target(
      name: "CheckCommandLine",
      dependencies: [
        "CommandLineOptions", "EventStream", "LyricsCore", "LyricsFiles", "LyricsTools",
        "SystemSupport",
      ]),
    .target(
      name: "LyricpipApp",
      dependencies: [
        "CheckCommandLine", "LyricsCore", "LyricsContainers", "LyricsFiles", "Clocks",
        "SystemSupport", "Playback", "Session", "SessionWiring", "SyncScripts", "Surface",
        "Desktop", "LyricsOnline", "Library", "Following", "PlayerContract", "Locking", "Settings",
        "EventStream", "WindowFrontEnd", "TerminalFrontEnd", "LyricsTools", "DesktopControl",
        "LyricsProviders", "PlaySetup", "FollowSetup", "CommandLineOptions", "RunOptions",
      ]),
    // Two executables (docs/ARCHITECTURE.md, "Two executables"): `lyricpip`, the small
    // launcher, runs `check` itself and hands every other command to `lyricpip-player`, the
    // program with the media libraries, which it finds beside itself or in lib/lyricpip.
    .executableTarget(name: "lyricpip", dependencies: ["CheckCommandLine", "SystemSupport"]),
    .executableTarget(name: "lyricpip-player", dependencies: ["LyricpipApp"]),
    // `make bench-parse`: parse throughput of LyricsCore (scripts/bench-parse).
    .executableTarget(
      name: "lyricpip-bench", dependencies: ["LyricsCore", "LyricsFiles", "LyricsContainers"]),
    // `make bench-online`: the lookup's memory cost and fetch throughput (scripts/bench-online).
    .executableTarget(
      name: "lyricpip-bench-online", dependencies: ["LyricsOnline", "Clocks", "SystemSupport"]),

    // Every parser of unchecked input as one bytes-in function, and `lyricpip-fuzz`, which feeds
    // them: libFuzzer's entry point in `make fuzz` (scripts/fuzz), a replay tool otherwise.
    .target(
      name: "FuzzTargets",
      dependencies: [
        "LyricsCore", "LyricsContainers", "LyricsFiles", "ID3", "LyricsOnline", "SyncScripts",
        "Settings", "Library", "PlayerContract", "ProviderAnswers",
      ]),
    .executableTarget(name: "lyricpip-fuzz", dependencies: ["FuzzTargets", "SystemSupport"]),

    // Helpers shared by the test targets: services, running processes, paths.
    .target(name: "TestSupport", path: "Tests/TestSupport"),

    .testTarget(
      name: "LyricsCoreTests",
      dependencies: [
        "LyricsCore", "LyricsFiles", "Clocks", "TestSupport", "Locking", "PlayerContract",
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ID3Tests", dependencies: ["ID3", "LyricsCore", "TestSupport", "PlayerContract"]),
    .testTarget(
      name: "LyricsFilesTests",
      dependencies: [
        "LyricsFiles", "LyricsCore", "SystemSupport", "TestSupport", "PlayerContract",
      ]),
    .testTarget(
      name: "LyricsContainersTests",
      dependencies: ["LyricsContainers", "LyricsCore", "LyricsFiles", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "PlaybackTests",
      dependencies: [
        "Playback", "LyricsCore", "LyricsFiles", "ID3", "Clocks", "SystemSupport", "TestSupport",
        "Locking", "PlayerContract",
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "SessionTests",
      dependencies: ["Session", "Clocks", "SystemSupport", "TestSupport", "LyricsCore", "Locking"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "SurfaceTests",
      dependencies: [
        "Surface", "Session", "LyricsCore", "Clocks", "TestSupport", "Locking", "PlayerContract",
        "CXdamage",
      ],
      resources: [.copy("Fixtures")]),
    // The Wayland strip's choice of backend, and its connection against a private sway
    // (scripts/with-sway).
    .testTarget(
      name: "WaylandStripTests", dependencies: ["WaylandStrip", "TestSupport", "CX11"],
      // The fake shortcut services, run by path (LockShortcutOnSwayTests), not bundled.
      exclude: ["Fixtures"]),
    .testTarget(
      name: "LayerShellStripTests", dependencies: ["LayerShellStrip", "Surface", "WaylandStrip"]),
    .testTarget(
      name: "DesktopTests", dependencies: ["Desktop", "Locking", "SystemSupport", "TestSupport"]),
    .testTarget(
      name: "FollowingTests",
      dependencies: [
        "Following", "Desktop", "Clocks", "Locking", "TestSupport", "PlayerContract",
      ]),
    .testTarget(
      name: "LyricsOnlineTests",
      dependencies: [
        "LyricsOnline", "LyricsCore", "Clocks", "SystemSupport", "TestSupport", "Locking",
        "ProviderAnswers", "LyricsContainers",
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ProviderAnswersTests",
      dependencies: ["ProviderAnswers", "LyricsCore", "LyricsContainers", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "LibraryTests", dependencies: ["Library", "Playback", "SystemSupport", "TestSupport"]),
    .testTarget(
      name: "FuzzRegressionTests", dependencies: ["FuzzTargets"],
      resources: [.copy("Regressions")]),
    .testTarget(
      name: "SettingsTests",
      dependencies: ["Settings", "TestSupport", "Locking"]),
    .testTarget(
      name: "EventStreamTests",
      dependencies: ["EventStream", "PlayerContract", "Locking", "SystemSupport", "TestSupport"]),
    .testTarget(
      name: "SystemSupportTests", dependencies: ["SystemSupport", "TestSupport", "Locking"]),
    // LyricpipApp's own types, in process.
    .testTarget(
      name: "LyricpipAppTests",
      dependencies: [
        "LyricpipApp", "SessionWiring", "SyncScripts", "LyricsCore", "LyricsFiles", "Clocks",
        "SystemSupport",
        "Session", "Surface", "TestSupport", "Playback", "PlayerContract", "Locking", "Settings",
        "EventStream", "WindowFrontEnd", "PlaySetup", "FollowSetup", "CommandLineOptions",
        "RunOptions", "Desktop",
      ],
      // The usage texts as written, read by path (UsageTextTests), not bundled.
      exclude: ["Fixtures"]),
    // The command line's layer: the parser, play's and follow's options and the run's
    // configuration they make with the settings file.
    .testTarget(
      name: "CommandLineOptionsTests",
      dependencies: [
        "CommandLineOptions", "RunOptions", "Settings", "Surface", "PlayerContract", "TestSupport",
      ]),
    // The one session wiring (LyricsSession, SessionPiP, the offset save) on virtual time.
    .testTarget(
      name: "SessionWiringTests",
      dependencies: [
        "SessionWiring", "EventStream", "LyricsCore", "Clocks", "Session", "TestSupport",
        "Playback", "PlayerContract", "Locking",
      ]),
    // Sync scripts: the parser, the runners, the transcripts and the golden scripts.
    .testTarget(
      name: "SyncScriptsTests",
      dependencies: [
        "SyncScripts", "SessionWiring", "LyricpipApp", "EventStream", "LyricsCore", "Clocks",
        "Session", "TestSupport", "Playback", "PlayerContract",
      ],
      resources: [.copy("Fixtures")]),
    // The built `lyricpip` run as a user runs it (black box: processes, windows, the bus, the
    // sound server), and the shipped files beside it (docs, man page, install).
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["TestSupport", "LyricsCore", "LyricsFiles", "SystemSupport"],
      resources: [.copy("Fixtures")]),
  ],
  swiftLanguageModes: [.v6]
)

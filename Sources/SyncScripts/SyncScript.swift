import Session

/// A parsed sync script (docs/sync-script.md): what to load,
/// how to run, and the timed steps.
struct SyncScript: Equatable {
  enum ClockMode: String, Equatable {
    case virtual
    case real
  }

  /// Paths as written (relative to the script's folder).
  var lyricsPath: String
  var audioPath: String?
  var clock: ClockMode = .virtual
  /// Allowed error of expectations under `clock real`, in milliseconds.
  var toleranceMs = 30
  /// `set` lines: the session's settings and the desktop the stand-in windows pretend to be.
  var pip = PiPSettings()
  var desktop = DesktopFacts(x11Display: ":virtual", waylandDisplay: nil)
  var steps: [ScriptStep]
  /// When the run stops, in script milliseconds; nil: at the last step.
  var endMs: Int?

  /// The steps in the order they run: by time, actions before expectations at the same instant,
  /// then in file order.
  var orderedSteps: [ScriptStep] {
    steps.enumerated().sorted { left, right in
      let l = left.element
      let r = right.element
      return (l.timeMs, l.kind.rank, left.offset) < (r.timeMs, r.kind.rank, right.offset)
    }.map(\.element)
  }

  /// When the run ends: `end`, or the last step.
  var effectiveEndMs: Int { endMs ?? steps.map(\.timeMs).max() ?? 0 }
}

/// One `at` or `expect` line.
struct ScriptStep: Equatable {
  enum Kind: Equatable {
    case action(ScriptAction)
    case expect(ScriptExpectation)

    var rank: Int {
      switch self {
      case .action: 0
      case .expect: 1
      }
    }
  }

  /// The line in the script file, for messages.
  var line: Int
  var timeMs: Int
  var kind: Kind
}

/// What an `at` line does.
enum ScriptAction: Equatable {
  case play
  case pause
  case seek(ms: Int)
  case stop
  /// A live offset change in milliseconds, added to the lyrics file's own.
  case offset(ms: Int)
  case focusLost
  case focusGained
  case minimize
  /// The main window is un-minimised (brought back by the user).
  case restore
  case pipStart
  case pipStop
  /// Double-click or Esc on the strip.
  case stripRestore
  /// The strip's close control.
  case stripClose
}

/// What an `expect` line checks.
enum ScriptExpectation: Equatable {
  case line(Int)
  case text(String)
  case pip(active: Bool)
  case state(PlaybackActivity)
}

/// What the checks look at, at one instant.
struct ScriptObservation: Equatable {
  var line: Int
  var text: String?
  var pipActive: Bool
  var state: PlaybackActivity
}

extension PlaybackActivity {
  /// The word a script (and the `state` event) uses: no track loaded reads as stopped.
  var scriptName: String {
    switch self {
    case .noTrack, .stopped: "stopped"
    case .playing: "playing"
    case .paused: "paused"
    case .ended: "ended"
    }
  }
}

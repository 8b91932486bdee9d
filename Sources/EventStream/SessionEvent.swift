import PlayerContract

/// One event of a session, as the `--events` stream and a script transcript write it:
/// `{"event":name, fields...}` plus, where the sink adds one, a time field last (docs/cli.md,
/// "Events (`--events`)").
///
/// One case for each documented event, its payload typed. `line(time:)` is the one place an
/// event becomes JSON: each event's name and keys are written once, in its `switch`, and
/// `SessionEventDocTests` holds them to the doc's example lines byte for byte. The sinks only
/// add time: `play --events` adds `mono` to the stamped ones, a script transcript adds `t` to
/// all.
public enum SessionEvent: Sendable, Equatable {
  /// A track became current. `track` is its label (nil when there is none), `durationMs` 0 when
  /// unknown, `video` the SDL video driver when there are windows, `strip` the strip's window
  /// (`layer-shell` or `x11`) when there are windows.
  case ready(
    track: String?, durationMs: Int, lines: Int, output: String, video: String?,
    strip: String? = nil)
  /// The player's state changed.
  case state(PlayerState, posMs: Int)
  /// The line on display changed (`index` -1 before the first line). `translation`: the line's,
  /// when it has one (nil: no key, so a line without one is written as before translations
  /// were). `presentedAt`: when a window presented the frame that put it up (CLOCK_MONOTONIC
  /// seconds), which may come before the event can be written; nil: the moment it is written.
  case line(
    index: Int, ms: Int, posMs: Int, text: String, translation: String?, presentedAt: Double?)
  /// The current word of line `line` changed (enhanced lyrics only).
  case word(line: Int, word: Int, posMs: Int)
  /// A seek: playing goes on from `posMs`.
  case seek(posMs: Int)
  /// A step of the strip's picture-in-picture lifecycle: `state` is the step's name (Session's
  /// `PiPEvent.Transition`, a module above this one), `reason` what caused it.
  case pip(state: String, reason: String)
  /// The main window.
  case main(MainWindowChange)
  /// The live offset now.
  case offset(offsetMs: Int)
  /// The live offset was written into the lyrics file at `path` as its `[offset:]`.
  case offsetSaved(path: String, fileOffsetMs: Int)
  /// The sound output.
  case output(OutputChange)
  /// Lyrics for the current track arrived after it started (`path` when they came from a
  /// file), or its lyrics file was read again after a save (`reloaded`).
  case lyrics(lines: Int, path: String?, reloaded: Bool)
  /// What a lookup is doing or found for the current track.
  case lyricsStatus(LyricsStatus)
  /// The main window's picker has its list: `count` candidates, or `message` when the search
  /// failed.
  case choices(count: Int, message: String?)
  /// The strip was locked or unlocked, or came on or went off the screen.
  case strip(StripChange)
  /// Shuffle or repeat changed.
  case order(shuffle: Bool, repeatMode: RepeatMode)
  /// `tracks` dropped files joined the queue.
  case queued(tracks: Int)
  /// `follow`: the player followed changed (nil: none, or not known yet).
  case player(name: String?, identity: String?, pid: Int?)
  /// `follow` with `LYRICPIP_FOLLOW_TRACE`: one answer or signal the followed position is formed
  /// from, handled at `handledAt` (CLOCK_MONOTONIC seconds). `source` and `verdict` are
  /// Following's names (`FollowAnchor`, a module above this one); `callUs` nil for a signal.
  case anchor(
    source: String, saidUs: Int, callUs: Int?, beforeUs: Int, afterUs: Int, verdict: String,
    handledAt: Double)
  /// `count` events did not fit in the queue and were lost here.
  case dropped(count: Int)
  /// SIGHUP read the settings file again.
  case settings(SettingsOutcome)
  /// Something failed without ending the run.
  case error(message: String)

  /// Whether a reader cares about the moment of an event, and which moment.
  public enum Moment: Sendable, Equatable {
    /// Not stamped by `play`: only its order matters.
    case unstamped
    /// Stamped with the moment it is written.
    case whenWritten
    /// Stamped with a moment of its own, in CLOCK_MONOTONIC seconds.
    case at(Double)
  }

  /// The event as one JSON line (without the newline), with the field `time` gives for its
  /// moment added last (nil: none).
  public func line(time: (Moment) -> JSONField?) -> String {
    let (name, fields, moment) = written
    var object = [JSONField("event", .string(name))]
    object.reserveCapacity(fields.count + 2)
    for (key, value) in fields { object.append(JSONField(key, value)) }
    if let stamp = time(moment) { object.append(stamp) }
    return JSONValue.object(object).compact
  }

  /// The event as one JSON line, with no time field.
  public func line() -> String { line { _ in nil } }

  /// Whether and when `play` stamps it.
  public var moment: Moment { written.moment }

  /// The one switch from an event to its name, its fields in the documented order, and its
  /// moment: the only place an event's name or keys are spelled.
  private var written: (name: String, fields: [(String, JSONValue)], moment: Moment) {
    switch self {
    case .ready(let track, let durationMs, let lines, let output, let video, let strip):
      return (
        "ready",
        [
          ("track", .text(track)), ("durationMs", .int(durationMs)), ("lines", .int(lines)),
          ("output", .string(output)),
        ] + Self.present("video", video.map(JSONValue.string))
          + Self.present("strip", strip.map(JSONValue.string)), .unstamped
      )
    case .state(let state, let posMs):
      return (
        "state", [("state", .string(Self.name(of: state))), ("posMs", .int(posMs))], .unstamped
      )
    case .line(let index, let ms, let posMs, let text, let translation, let presentedAt):
      return (
        "line",
        [
          ("index", .int(index)), ("ms", .int(ms)), ("posMs", .int(posMs)), ("text", .string(text)),
        ] + Self.present("translation", translation.map(JSONValue.string)),
        presentedAt.map(Moment.at) ?? .whenWritten
      )
    case .word(let line, let word, let posMs):
      return (
        "word", [("index", .int(line)), ("word", .int(word)), ("posMs", .int(posMs))], .unstamped
      )
    case .seek(let posMs):
      return ("seek", [("posMs", .int(posMs))], .unstamped)
    case .pip(let state, let reason):
      return ("pip", [("state", .string(state)), ("reason", .string(reason))], .whenWritten)
    case .main(let change):
      let state: String
      var line: Int?
      switch change {
      case .focusLost: state = "focus-lost"
      case .focusGained: state = "focus-gained"
      case .minimized: state = "minimized"
      case .unminimized: state = "unminimized"
      case .restored(let scrolledTo):
        state = "restored"
        line = scrolledTo
      case .raised: state = "raised"
      }
      return (
        "main", [("state", .string(state))] + Self.present("line", line.map(JSONValue.int)),
        .whenWritten
      )
    case .offset(let offsetMs):
      return ("offset", [("offsetMs", .int(offsetMs))], .unstamped)
    case .offsetSaved(let path, let fileOffsetMs):
      return (
        "offset-saved", [("path", .string(path)), ("fileOffsetMs", .int(fileOffsetMs))],
        .unstamped
      )
    case .output(let change):
      let fields: [(String, JSONValue)] =
        switch change {
        case .waiting(let message): [("state", .string("waiting")), ("message", .string(message))]
        case .lost(let message): [("state", .string("lost")), ("message", .string(message))]
        case .reconnected(let posMs): [("state", .string("reconnected")), ("posMs", .int(posMs))]
        case .underflow(let count): [("state", .string("underflow")), ("count", .int(count))]
        }
      return ("output", fields, .unstamped)
    case .lyrics(let lines, let path, let reloaded):
      return (
        "lyrics",
        [("lines", .int(lines))] + Self.present("path", path.map(JSONValue.string))
          + Self.present("reloaded", reloaded ? .bool(true) : nil), .whenWritten
      )
    case .lyricsStatus(let status):
      return (
        "lyrics-status",
        [
          ("state", .string(Self.name(of: status.state))), ("source", .text(status.source)),
          ("provider", .text(status.provider)),
        ],
        .unstamped
      )
    case .choices(let count, let message):
      return (
        "choices",
        [("count", .int(count))] + Self.present("message", message.map(JSONValue.string)),
        .unstamped
      )
    case .strip(let change):
      let fields: [(String, JSONValue)] =
        switch change {
        case .locked: [("state", .string("locked"))]
        case .unlocked: [("state", .string("unlocked"))]
        case .shown(let reason): [("state", .string("shown")), ("reason", .string(reason))]
        case .hidden(let reason): [("state", .string("hidden")), ("reason", .string(reason))]
        }
      return ("strip", fields, .whenWritten)
    case .order(let shuffle, let repeatMode):
      return (
        "order", [("shuffle", .bool(shuffle)), ("repeat", .string(repeatMode.rawValue))],
        .unstamped
      )
    case .queued(let tracks):
      return ("queued", [("tracks", .int(tracks))], .unstamped)
    case .player(let name, let identity, let pid):
      return (
        "player",
        [
          ("name", .text(name)), ("identity", .text(identity)),
          ("pid", pid.map(JSONValue.int) ?? .null),
        ],
        .whenWritten
      )
    case .anchor(let source, let saidUs, let callUs, let beforeUs, let afterUs, let verdict, let at):
      return (
        "anchor",
        [
          ("source", .string(source)), ("saidUs", .int(saidUs)),
          ("callUs", callUs.map(JSONValue.int) ?? .null), ("beforeUs", .int(beforeUs)),
          ("afterUs", .int(afterUs)), ("verdict", .string(verdict)),
        ], .at(at)
      )
    case .dropped(let count):
      return ("dropped", [("count", .int(count))], .unstamped)
    case .settings(let outcome):
      let fields: [(String, JSONValue)] =
        switch outcome {
        case .reloaded(let applied, let restart):
          [
            ("state", .string("reloaded")), ("applied", .array(applied.map(JSONValue.string))),
            ("restart", .array(restart.map(JSONValue.string))),
          ]
        case .kept(let message): [("state", .string("kept")), ("message", .string(message))]
        }
      return ("settings", fields, .unstamped)
    case .error(let message):
      return ("error", [("message", .string(message))], .unstamped)
    }
  }

  /// A player state as the `state` event names it.
  private static func name(of state: PlayerState) -> String {
    switch state {
    case .playing: "playing"
    case .paused: "paused"
    case .stopped: "stopped"
    case .ended: "ended"
    }
  }

  /// A lyrics status as the `lyrics-status` event names it.
  private static func name(of state: LyricsStatus.State) -> String {
    switch state {
    case .timed: "timed"
    case .lookingUp: "looking-up"
    case .plain: "plain"
    case .instrumental: "instrumental"
    case .notFound: "not-found"
    case .noneChosen: "none-chosen"
    case .failed: "failed"
    case .opening: "opening"
    }
  }

  /// The field when it has a value; none when not (a key the doc says comes only sometimes).
  private static func present(_ key: String, _ value: JSONValue?) -> [(String, JSONValue)] {
    value.map { [(key, $0)] } ?? []
  }
}

extension JSONValue {
  /// A string, or `null` for none.
  fileprivate static func text(_ text: String?) -> JSONValue {
    text.map(JSONValue.string) ?? .null
  }
}

/// What `MPRISClient` hears about the other players on the session bus, in the order it heard
/// it. Players are named by their well-known bus name (`org.mpris.MediaPlayer2.mpv`).
public enum MPRISClientEvent: Equatable, Sendable {
  /// A player is on the bus (there at the start, or a new owner of its name).
  case appeared(busName: String)
  /// Its `Identity` ("mpv", "Spotify").
  case identity(busName: String, String)
  /// The process that owns the name (`GetConnectionUnixProcessID`).
  case processID(busName: String, Int32)
  /// Its Player properties: all of them after `appeared`, then what each PropertiesChanged said.
  case changed(busName: String, MPRISPlayerChange)
  /// The `Seeked` signal, with the player's own new position (µs).
  case seeked(busName: String, micros: Int64)
  /// The answer to `readPosition(of:request:)`; nil when the player gave none (an error, no
  /// answer within the timeout).
  case position(busName: String, micros: Int64?, request: Int)
  /// The name lost its owner (the player quit or crashed).
  case vanished(busName: String)
  /// The bus went away; nothing more comes.
  case lost(String)
}

/// A transport command for another player (MPRIS `org.mpris.MediaPlayer2.Player` methods).
public enum MPRISCommand: Equatable, Sendable {
  case play, pause, playPause, stop, next, previous
  /// `SetPosition(trackID, µs)`.
  case setPosition(trackID: String, micros: Int64)

  var member: String {
    switch self {
    case .play: "Play"
    case .pause: "Pause"
    case .playPause: "PlayPause"
    case .stop: "Stop"
    case .next: "Next"
    case .previous: "Previous"
    case .setPosition: "SetPosition"
    }
  }
}

/// What a follower asks of the players' bus; `MPRISClient` is the real one, tests have fakes.
/// Both calls return at once: the answer comes later as an `MPRISClientEvent`.
public protocol MPRISPlayerBus: AnyObject, Sendable {
  /// Reads `Position` once; the answer is `.position(busName:micros:request:)` with `request`.
  func readPosition(of busName: String, request: Int)
  /// Sends `command`; its reply is not waited for.
  func send(_ command: MPRISCommand, to busName: String)
}

import SystemSupport

/// `/org/mpris/MediaPlayer2`: answers the calls the bus delivers (MPRIS methods, properties,
/// introspection) by asking the player through `MPRISPlayerControl`.
///
/// Threads: used only on the MPRIS bus thread.
final class MPRISObject {
  static let path = "/org/mpris/MediaPlayer2"
  /// lyricpip's own interface on the same object: several files in one call (the hand-off of a
  /// second `lyricpip FILE...`), where MPRIS's OpenUri takes one.
  static let ownInterface = "org.lyricpip.Player"

  private let control: any MPRISPlayerControl
  /// The strip, in a player with windows.
  private let strip: (any DesktopStripControl)?
  private let connection: BusConnection
  /// Called after a call that may have changed a property, so the service can signal it.
  private let changed: () -> Void

  init(
    control: any MPRISPlayerControl, strip: (any DesktopStripControl)?,
    connection: BusConnection, changed: @escaping () -> Void
  ) {
    self.control = control
    self.strip = strip
    self.connection = connection
    self.changed = changed
  }

  private typealias Refusal = BusMethodCall.Refusal

  /// Handles `call`; false when it is not ours (sd-bus then answers "unknown method").
  func handle(_ call: BusMessage) -> Bool {
    BusMethodCall.handle(call, on: connection) { try answer($0) }
  }

  /// The reply's values; nil for a call that is not ours.
  private func answer(_ call: BusMessage) throws -> [DBusValue]? {
    switch (call.interface, call.member) {
    case ("org.freedesktop.DBus.Introspectable", "Introspect"):
      return [.string(MPRISProperties.introspection)]
    case (MPRISProperties.propertiesInterface, "Get"),
      (MPRISProperties.propertiesInterface, "GetAll"):
      return try BusMethodCall.properties(call) { try properties(of: $0) }
    case (MPRISProperties.propertiesInterface, "Set"):
      let interface = try call.readString()
      let name = try call.readString()
      guard interface == MPRISProperties.playerInterface else {
        throw Refusal(
          name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(name) is read-only")
      }
      try set(name, from: call)
      changed()
      return []
    case (MPRISProperties.rootInterface, let member):
      return try root(member)
    case (MPRISProperties.playerInterface, let member):
      return try player(member, call)
    case (Self.ownInterface, "OpenUris"):
      try open(try call.readStrings())
      return []
    case (Self.ownInterface, let member):
      return try stripCommand(member)
    default:
      return nil
    }
  }

  /// The Player properties a client may set: Volume, Shuffle, LoopStatus.
  private func set(_ name: String, from call: BusMessage) throws {
    switch name {
    case "Volume":
      control.setVolume(min(1, max(0, try call.readVariantDouble())))
    case "Shuffle":
      control.setShuffle(try call.readVariantBool())
    case "LoopStatus":
      let text = try call.readVariantString()
      guard let status = MPRISState.LoopStatus(rawValue: text) else {
        throw Refusal.invalidArgs("LoopStatus is None, Track or Playlist, not '\(text)'")
      }
      control.setLoopStatus(status)
    default:
      throw Refusal(
        name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(name) is read-only")
    }
  }

  private func properties(of interface: String) throws -> [DBusValue.Entry] {
    switch interface {
    case MPRISProperties.rootInterface:
      return MPRISProperties.root(canRaise: control.canRaise)
    case MPRISProperties.playerInterface:
      return MPRISProperties.player(control.state(), positionMicros: control.positionMicros())
    case LyricsProperties.interface:
      return LyricsProperties.all(
        line: control.currentLine(), offsetMs: control.offsetMs(),
        locked: strip?.isLocked ?? false)
    default:
      throw Refusal.unknownInterface(interface)
    }
  }

  private func root(_ member: String) throws -> [DBusValue]? {
    switch member {
    case "Raise": control.raise()
    case "Quit": control.quit()
    default: return nil
    }
    return []
  }

  private func player(_ member: String, _ call: BusMessage) throws -> [DBusValue]? {
    switch member {
    case "Next": control.next()
    case "Previous": control.previous()
    case "Pause": control.pause()
    case "Play": control.play()
    case "Stop": control.stop()
    case "PlayPause":
      if control.state().status == .playing { control.pause() } else { control.play() }
    case "Seek":
      seek(by: try call.readInt64())
    case "SetPosition":
      let trackID = try call.readObjectPath()
      let micros = try call.readInt64()
      // As MPRIS says: a stale track id or a position outside the track is ignored.
      if let track = control.state().track, track.trackID == trackID, micros >= 0,
        micros <= track.lengthMicros ?? Int64.max
      {
        control.seek(toMicros: micros)
      }
    case "OpenUri":
      try open([try call.readString()])
    default:
      return nil
    }
    changed()
    return []
  }

  /// `lyricpip ctl`'s commands for the strip; refused in a player without windows.
  private func stripCommand(_ member: String) throws -> [DBusValue]? {
    let commands = ["Lock", "Unlock", "ToggleLock", "ShowStrip", "HideStrip"]
    guard commands.contains(member) else { return nil }
    guard let strip else {
      throw Refusal(
        name: "org.freedesktop.DBus.Error.NotSupported",
        message: "this player has no lyric strip (it runs without windows)")
    }
    switch member {
    case "Lock": strip.setLocked(true)
    case "Unlock": strip.setLocked(false)
    case "ToggleLock": strip.setLocked(!strip.isLocked)
    case "ShowStrip": strip.show()
    default: strip.hide()
    }
    return []
  }

  /// MPRIS's Seek: relative; before the start means the start, past the end means the next track.
  private func seek(by offset: Int64) {
    guard let track = control.state().track else { return }
    let target = control.positionMicros() + offset
    if let length = track.lengthMicros, target > length {
      control.next()
    } else {
      control.seek(toMicros: max(0, target))
    }
  }

  private func open(_ uris: [String]) throws {
    var paths: [String] = []
    for uri in uris {
      guard let path = FileURI.path(fromURI: uri) else {
        throw Refusal.invalidArgs("only local file: URIs can be opened, not '\(uri)'")
      }
      paths.append(path)
    }
    guard !paths.isEmpty else { return }
    do {
      try control.open(paths: paths)
    } catch {
      throw Refusal(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")
    }
  }
}

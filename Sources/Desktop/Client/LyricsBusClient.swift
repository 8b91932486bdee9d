/// A client of a running lyricpip (a player, or `lyricpip follow`) on the session bus:
/// `lyricpip ctl` sends it the strip's commands, `lyricpip status` reads (and follows) its
/// `org.lyricpip.Lyrics1` line.
///
/// Threads: one caller at a time (the command's main thread).
public final class LyricsBusClient {
  private let connection: BusConnection

  /// Connects to the session bus; throws when there is none.
  public init() throws(DesktopBusError) {
    connection = try BusConnection()
  }

  static let timeoutMicros: UInt64 = 5_000_000

  /// The running player: the plain MPRIS name when it has an owner, else the first
  /// `….lyricpip.instance<pid>` in name order, else `follower` (the name `lyricpip follow`
  /// holds) when it has an owner; nil when none runs.
  public func findPlayer(orFollower follower: String) throws(DesktopBusError) -> String? {
    let call = try connection.newMethodCall(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "ListNames")
    let names = try connection.callForReply(call, timeoutMicros: Self.timeoutMicros)
      .readStrings()
    if names.contains(MPRISService.plainName) { return MPRISService.plainName }
    let instancePrefix = MPRISService.plainName + ".instance"
    return names.filter { $0.hasPrefix(instancePrefix) }.sorted().first
      ?? (names.contains(follower) ? follower : nil)
  }

  /// Calls one of `org.lyricpip.Player`'s strip methods (`Lock`, `Unlock`, `ToggleLock`,
  /// `ShowStrip`, `HideStrip`) on `player`.
  public func sendStripCommand(_ member: String, to player: String) throws(DesktopBusError) {
    let call = try connection.newMethodCall(
      destination: player, path: MPRISObject.path, interface: MPRISObject.ownInterface,
      member: member)
    _ = try connection.callForReply(call, timeoutMicros: Self.timeoutMicros)
  }

  /// The line `player` shows now.
  public func currentLine(of player: String) throws(DesktopBusError) -> LyricsBusLine {
    let call = try connection.newMethodCall(
      destination: player, path: MPRISObject.path,
      interface: MPRISProperties.propertiesInterface, member: "Get")
    try call.append(.string(LyricsProperties.interface))
    try call.append(.string("Line"))
    let reply = try connection.callForReply(call, timeoutMicros: Self.timeoutMicros)
    guard try reply.enter("v", LyricsBusLine.signature) else {
      throw DesktopBusError(operation: "reading the Line property", message: "missing")
    }
    return try LyricsBusLine.read(from: reply)
  }

  /// Calls `onLine` with the line `player` shows now, then with each new line it signals, until
  /// the player leaves the bus (then it returns). A line equal to the one before is not a
  /// change and is not passed on (the first read may already see the line whose signal follows).
  public func follow(_ player: String, onLine: @escaping (LyricsBusLine) -> Void)
    throws(DesktopBusError)
  {
    var last: LyricsBusLine?
    let watch = FollowWatch { line in
      guard line != last else { return }
      last = line
      onLine(line)
    }
    let userdata = Unmanaged.passUnretained(watch).toOpaque()
    // Subscribed before the first read, so no change falls between the two.
    let lineSlot = try connection.addMatch(
      "type='signal',sender='\(player)',path='\(MPRISObject.path)',"
        + "interface='\(MPRISProperties.propertiesInterface)',member='PropertiesChanged',"
        + "arg0='\(LyricsProperties.interface)'", userdata: userdata
    ) { message, userdata, _ in
      guard let message, let userdata else { return 0 }
      Unmanaged<FollowWatch>.fromOpaque(userdata).takeUnretainedValue()
        .propertiesChanged(BusMessage(borrowing: message))
      return 0
    }
    let ownerSlot = try connection.addMatch(
      "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
        + "member='NameOwnerChanged',arg0='\(player)'", userdata: userdata
    ) { message, userdata, _ in
      guard let message, let userdata else { return 0 }
      Unmanaged<FollowWatch>.fromOpaque(userdata).takeUnretainedValue()
        .ownerChanged(BusMessage(borrowing: message))
      return 0
    }
    defer { withExtendedLifetime((lineSlot, ownerSlot, watch)) {} }
    watch.onLine(try currentLine(of: player))
    while !watch.playerLeft {
      if try connection.process() { continue }
      try connection.wait(timeoutMicros: UInt64.max)
    }
  }
}

/// What `follow`'s signal callbacks reach: the caller's closure and whether the player left.
private final class FollowWatch {
  let onLine: (LyricsBusLine) -> Void
  var playerLeft = false

  init(onLine: @escaping (LyricsBusLine) -> Void) { self.onLine = onLine }

  /// `PropertiesChanged(s interface, a{sv} changed, as invalidated)`: the `Line` entry, if any.
  func propertiesChanged(_ message: BusMessage) {
    do {
      _ = try message.readString()
      guard try message.enter("a", "{sv}") else { return }
      while try message.enter("e", "sv") {
        let key = try message.readString()
        if key == "Line", try message.enter("v", LyricsBusLine.signature) {
          onLine(try LyricsBusLine.read(from: message))
          try message.exitContainer()
        } else {
          try message.skip("v")
        }
        try message.exitContainer()
      }
    } catch {
      // A signal we cannot read is not ours to follow.
    }
  }

  /// `NameOwnerChanged(name, old, new)`: an empty new owner means the player quit.
  func ownerChanged(_ message: BusMessage) {
    guard (try? message.readString()) != nil, (try? message.readString()) != nil,
      let newOwner = try? message.readString()
    else { return }
    if newOwner.isEmpty { playerLeft = true }
  }
}

import SystemSupport

/// `MPRISClient`'s thread and what it owns while it runs: made on the caller's thread, then
/// handed whole to `lyricpip.follow`. Signals come from a player's unique name (`:1.42`), so the
/// loop keeps which well-known MPRIS names each unique name owns.
final class MPRISClientLoop {
  private let connection: BusConnection
  private let client: MPRISClient
  private let onEvent: @Sendable (MPRISClientEvent) -> Void
  private var slots: [BusSlot] = []
  /// Unique name → the MPRIS names it owns.
  private var names: [String: Set<String>] = [:]
  /// Calls waiting for their reply, each keeping its handler alive until it comes.
  private var waiting: [ObjectIdentifier: PendingReply] = [:]

  /// A call to the bus daemon itself (ListNames, GetNameOwner, the process of a name) gives up
  /// after this long: it answers in milliseconds, so one that has not in 2 s is hung.
  static let busTimeoutMicros: UInt64 = 2_000_000
  /// A call to a player (its properties, `Position`, a command) gives up after this long
  /// (sd-bus then hands the handler a timeout error). A player answers in milliseconds even
  /// while busy; waiting longer for one that does not only keeps its read outstanding, never
  /// anything else: every call is asynchronous, so other players are followed meanwhile.
  static let playerTimeoutMicros: UInt64 = 1_500_000
  static let busName = "org.freedesktop.DBus"
  static let objectPath = "/org/mpris/MediaPlayer2"

  init(
    connection: BusConnection, client: MPRISClient,
    onEvent: @escaping @Sendable (MPRISClientEvent) -> Void
  ) {
    self.connection = connection
    self.client = client
    self.onEvent = onEvent
  }

  /// The signal subscriptions, then the list of names: the subscriptions come first, so a player
  /// that appears between the two is not missed.
  func subscribe() throws(DesktopBusError) {
    let me = Unmanaged.passUnretained(self).toOpaque()
    let rules = [
      "type='signal',sender='\(Self.busName)',interface='\(Self.busName)',"
        + "member='NameOwnerChanged',arg0namespace='org.mpris.MediaPlayer2'",
      "type='signal',path='\(Self.objectPath)',interface='\(MPRISProperties.propertiesInterface)',"
        + "member='PropertiesChanged',arg0='\(MPRISProperties.playerInterface)'",
      "type='signal',path='\(Self.objectPath)',interface='\(MPRISProperties.playerInterface)',"
        + "member='Seeked'",
    ]
    for rule in rules {
      let slot = try connection.addMatch(rule, userdata: me) { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        Unmanaged<MPRISClientLoop>.fromOpaque(userdata).takeUnretainedValue()
          .signal(BusMessage(borrowing: message))
        return 0
      }
      slots.append(slot)
    }
    try call(
      Self.busName, path: "/org/freedesktop/DBus", interface: Self.busName, member: "ListNames"
    ) { [weak self] reply in
      guard let self, let names = try? reply.readStrings() else { return }
      for name in names where Self.isPlayer(name) { self.nameOwnerKnown(name) }
    }
  }

  static func isPlayer(_ name: String) -> Bool {
    name.hasPrefix(MPRISClient.namePrefix)
  }

  func run() {
    defer {
      waiting = [:]
      slots = []
      client.thread.ended()
    }
    do {
      try client.thread.run(on: connection) { () throws(DesktopBusError) in
        for request in client.takeRequests() { try perform(request) }
      }
    } catch {
      onEvent(.lost(error.description))
    }
  }

  // MARK: Requests from other threads

  private func perform(_ request: MPRISClient.Request) throws(DesktopBusError) {
    switch request {
    case .position(let busName, let request):
      let call = try playerCall(busName, MPRISProperties.propertiesInterface, "Get")
      try call.append(.string(MPRISProperties.playerInterface))
      try call.append(.string("Position"))
      try send(call, timeoutMicros: Self.playerTimeoutMicros) { [onEvent] reply in
        var micros: Int64?
        if !reply.isError, let value = try? reply.readValue() {
          switch MPRISTrackMetadata.unwrapped(value) {
          case .int64(let number): micros = number
          case .int32(let number): micros = Int64(number)
          case .uint32(let number): micros = Int64(number)
          default: break
          }
        }
        onEvent(.position(busName: busName, micros: micros, request: request))
      }
    case .command(let command, let busName):
      let call = try playerCall(busName, MPRISProperties.playerInterface, command.member)
      if case .setPosition(let trackID, let micros) = command {
        try call.append(.objectPath(trackID))
        try call.append(.int64(micros))
      }
      // A refused command changes nothing on the player: there is nothing to follow up.
      try send(call, timeoutMicros: Self.playerTimeoutMicros) { _ in }
    }
  }

  private func playerCall(_ busName: String, _ interface: String, _ member: String)
    throws(DesktopBusError) -> BusMessage
  {
    try connection.newMethodCall(
      destination: busName, path: Self.objectPath, interface: interface, member: member)
  }

  // MARK: Signals

  private func signal(_ message: BusMessage) {
    switch message.member {
    case "NameOwnerChanged":
      guard let name = try? message.readString(), let old = try? message.readString(),
        let new = try? message.readString(), Self.isPlayer(name)
      else { return }
      if !old.isEmpty {
        names[old]?.remove(name)
        onEvent(.vanished(busName: name))
      }
      if !new.isEmpty { owned(name, by: new) }
    case "PropertiesChanged":
      guard (try? message.readString()) == MPRISProperties.playerInterface,
        let properties = try? message.readValue()
      else { return }
      let change = MPRISPlayerChange(properties: properties)
      guard !change.isEmpty else { return }
      for name in names[message.sender] ?? [] {
        onEvent(.changed(busName: name, change))
      }
    case "Seeked":
      guard let micros = try? message.readInt64() else { return }
      for name in names[message.sender] ?? [] {
        onEvent(.seeked(busName: name, micros: micros))
      }
    default:
      break
    }
  }

  /// A name from `ListNames`: its owner first, then the rest.
  private func nameOwnerKnown(_ name: String) {
    try? call(
      Self.busName, path: "/org/freedesktop/DBus", interface: Self.busName,
      member: "GetNameOwner", arguments: [.string(name)]
    ) { [weak self] reply in
      guard let self, !reply.isError, let owner = try? reply.readString() else { return }
      self.owned(name, by: owner)
    }
  }

  /// `name` is owned by `owner` from now on: announce it and ask for what it says of itself.
  private func owned(_ name: String, by owner: String) {
    guard owner != client.uniqueName else { return }
    names[owner, default: []].insert(name)
    onEvent(.appeared(busName: name))
    let busName = name
    try? call(
      name, path: Self.objectPath, interface: MPRISProperties.propertiesInterface,
      member: "GetAll", arguments: [.string(MPRISProperties.playerInterface)]
    ) { [weak self] reply in
      guard let self, !reply.isError, let properties = try? reply.readValue() else { return }
      self.onEvent(.changed(busName: busName, MPRISPlayerChange(properties: properties)))
    }
    try? call(
      name, path: Self.objectPath, interface: MPRISProperties.propertiesInterface, member: "Get",
      arguments: [.string(MPRISProperties.rootInterface), .string("Identity")]
    ) { [weak self] reply in
      guard let self, !reply.isError, let value = try? reply.readValue(),
        case .string(let identity) = MPRISTrackMetadata.unwrapped(value)
      else { return }
      self.onEvent(.identity(busName: busName, identity))
    }
    try? call(
      Self.busName, path: "/org/freedesktop/DBus", interface: Self.busName,
      member: "GetConnectionUnixProcessID", arguments: [.string(name)]
    ) { [weak self] reply in
      guard let self, !reply.isError, let value = try? reply.readValue(),
        case .uint32(let pid) = value
      else { return }
      self.onEvent(.processID(busName: busName, Int32(bitPattern: pid)))
    }
  }

  // MARK: Calls

  private func call(
    _ destination: String, path: String, interface: String, member: String,
    arguments: [DBusValue] = [], then handle: @escaping (BusMessage) -> Void
  ) throws(DesktopBusError) {
    let message = try connection.newMethodCall(
      destination: destination, path: path, interface: interface, member: member)
    for argument in arguments { try message.append(argument) }
    let timeout = destination == Self.busName ? Self.busTimeoutMicros : Self.playerTimeoutMicros
    try send(message, timeoutMicros: timeout, then: handle)
  }

  /// Sends `message` without waiting; `handle` gets the reply, an error reply, or sd-bus's
  /// timeout error, on this thread.
  private func send(
    _ message: BusMessage, timeoutMicros: UInt64, then handle: @escaping (BusMessage) -> Void
  ) throws(DesktopBusError) {
    let pending = PendingReply(loop: self, handle: handle)
    waiting[ObjectIdentifier(pending)] = pending
    do {
      try connection.callAsync(
        message, timeoutMicros: timeoutMicros,
        userdata: Unmanaged.passUnretained(pending).toOpaque()
      ) { reply, userdata, _ in
        guard let userdata else { return 0 }
        let pending = Unmanaged<PendingReply>.fromOpaque(userdata).takeUnretainedValue()
        pending.answered(reply.map { BusMessage(borrowing: $0) })
        return 0
      }
    } catch {
      waiting[ObjectIdentifier(pending)] = nil
      throw error
    }
  }

  fileprivate func answered(_ pending: PendingReply, _ reply: BusMessage?) {
    waiting[ObjectIdentifier(pending)] = nil
    if let reply { pending.handle(reply) }
  }
}

/// One call waiting for its reply; the loop's `waiting` keeps it alive until then.
private final class PendingReply {
  unowned let loop: MPRISClientLoop
  let handle: (BusMessage) -> Void

  init(loop: MPRISClientLoop, handle: @escaping (BusMessage) -> Void) {
    self.loop = loop
    self.handle = handle
  }

  func answered(_ reply: BusMessage?) {
    withExtendedLifetime(self) { loop.answered(self, reply) }
  }
}

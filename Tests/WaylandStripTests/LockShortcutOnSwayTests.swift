import Foundation
import TestSupport
import Testing

extension LayerSurfaceSwayTests.PlayStripOnSwayTests {
  /// The lock shortcut through the desktop's own service, on a bus of the test's own with a
  /// fake service on it (`Fixtures/fake-shortcut-service`): the native strip asks the portal or
  /// kglobalaccel for Ctrl+Alt+L, a press the service sends toggles the lock as `lyricpip ctl
  /// toggle-lock` does (the `strip` events `locked`, then `unlocked`), and the note that the
  /// compositor binds the shortcut is not printed. With neither service on the bus the note is
  /// printed, once.
  @Test func thePortalsPressTogglesTheLock() throws {
    let bus = try SwayTestBus(folder: folder.url)
    let service = try FakeShortcutService(kind: "--portal", bus: bus, folder: folder.url)
    let player = try playerOnBus(bus)
    defer { _ = player.end() }
    let bind = try #require(
      service.call(named: "BindShortcuts"), "\(service.calls()) \(player.stderr)")
    let arguments = try #require(bind["args"] as? [Any])
    let shortcuts = try #require(arguments[1] as? [[Any]])
    #expect(shortcuts.count == 1)
    #expect(shortcuts.first?.first as? String == "toggle-lock")
    let details = try #require(shortcuts.first?.last as? [String: Any])
    #expect(details["preferred_trigger"] as? String == "CTRL+ALT+l", "\(details)")
    #expect(details["description"] as? String == "Lock or unlock the lyrics strip")
    // The session it binds in is the one CreateSession answered with.
    #expect((arguments[0] as? String)?.hasSuffix("_session") == true, "\(arguments)")
    try expectPressesToggleTheLock(service: service, player: player)
  }

  @Test func kglobalaccelsPressTogglesTheLock() throws {
    let bus = try SwayTestBus(folder: folder.url)
    let service = try FakeShortcutService(kind: "--kglobalaccel", bus: bus, folder: folder.url)
    let player = try playerOnBus(bus)
    defer { _ = player.end() }
    let actionID = ["lyricpip", "toggle-lock", "lyricpip", "Lock or unlock the lyrics strip"]
    let register = try #require(
      service.call(named: "doRegister"), "\(service.calls()) \(player.stderr)")
    #expect((register["args"] as? [Any])?.first as? [String] == actionID)
    // The default first, then the active key: Qt's Ctrl (0x04000000) | Alt (0x08000000) | L.
    #expect(poll(timeout: 20) { service.calls(named: "setShortcut").count == 2 })
    let sets = service.calls(named: "setShortcut").compactMap { $0["args"] as? [Any] }
    #expect(sets.map { $0[0] as? [String] } == [actionID, actionID])
    #expect(sets.map { $0[1] as? [Int] } == [[0x0C00_004C], [0x0C00_004C]])
    #expect(sets.map { $0[2] as? Int } == [1, 2])
    try expectPressesToggleTheLock(service: service, player: player)
  }

  /// A portal that refuses: a warning naming it, no note about the compositor, no lock.
  @Test func aRefusingPortalIsSaid() throws {
    let bus = try SwayTestBus(folder: folder.url)
    let service = try FakeShortcutService(
      kind: "--portal", bus: bus, folder: folder.url, refuse: true)
    let player = try playerOnBus(bus)
    defer { _ = player.end() }
    #expect(
      poll(timeout: 20) { player.stderr.contains("the GlobalShortcuts portal did not take") },
      "\(player.stderr)")
    #expect(!player.stderr.contains("bindsym"), "\(player.stderr)")
    #expect(service.call(named: "BindShortcuts") != nil)
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }

  @Test func withNeitherServiceTheNoteIsPrintedOnce() throws {
    let bus = try SwayTestBus(folder: folder.url)
    let player = try playerOnBus(bus)
    defer { _ = player.end() }
    let line = "bindsym Ctrl+Alt+l exec lyricpip ctl toggle-lock"
    #expect(poll(timeout: 20) { player.stderr.contains(line) }, "\(player.stderr)")
    // The strip's start is long done by the first `shown`: a second note would be there too.
    _ = player.event(named: "strip") { $0["state"] as? String == "shown" }
    #expect(player.stderr.components(separatedBy: line).count == 2, "\(player.stderr)")
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }

  /// `play --pip` of the demo with the layer-shell strip, `bus` its session bus; waits until
  /// the strip is shown.
  func playerOnBus(_ bus: SwayTestBus) throws -> StripPlayer {
    var changes: [String: String?] = [:]
    for (name, value) in bus.environment { changes[name] = value }
    let player = try StripPlayer(folder: folder.url, backend: nil, changes: changes)
    let ready = try #require(player.event(named: "ready"), "\(player.stderr)")
    #expect(ready["strip"] as? String == "layer-shell", "\(ready)")
    #expect(
      player.event(named: "strip") { $0["state"] as? String == "shown" } != nil,
      "\(player.stderr)")
    return player
  }

  /// A press locks the strip, the next unlocks it; the compositor's note is not printed.
  func expectPressesToggleTheLock(service: FakeShortcutService, player: StripPlayer) throws {
    func lockEvents() -> [String] {
      player.allEvents().compactMap { event in
        guard event["event"] as? String == "strip", let state = event["state"] as? String,
          state == "locked" || state == "unlocked"
        else { return nil }
        return state
      }
    }
    #expect(lockEvents().isEmpty)
    // lyricpip listens for the press before it asks for the binding, and the fake sends
    // presses only for bindings made: one press is enough once the binding was asked for.
    service.send("press")
    #expect(
      poll(timeout: 20) { lockEvents() == ["locked"] }, "\(service.calls()) \(player.stderr)")
    service.send("press")
    #expect(poll(timeout: 20) { lockEvents() == ["locked", "unlocked"] }, "\(lockEvents())")
    #expect(!player.stderr.contains("bindsym"), "\(player.stderr)")
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }
}

/// `Fixtures/fake-shortcut-service` on a test's bus: the calls it logged, and its stdin.
final class FakeShortcutService {
  private let process = Process()
  private let input = Pipe()
  private let output: URL
  private let exited = DispatchSemaphore(value: 0)

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  init(kind: String, bus: SwayTestBus, folder: URL, refuse: Bool = false) throws {
    output = folder.appendingPathComponent("service\(kind).out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    process.executableURL = Paths.packageRoot.appendingPathComponent(
      "Tests/WaylandStripTests/Fixtures/fake-shortcut-service")
    process.arguments = [kind] + (refuse ? ["--refuse"] : [])
    process.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { $1 }
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
    let ready = poll(timeout: 20) { self.text.hasPrefix("ready") || !self.process.isRunning }
    guard ready, process.isRunning else { throw Failed(description: "the fake did not start") }
  }

  /// Killed outright: the test process's blocked signals are inherited by its children.
  deinit {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    _ = exited.wait(timeout: .now() + 10)
  }

  private var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  func send(_ command: String) {
    input.fileHandleForWriting.write(Data((command + "\n").utf8))
  }

  func calls() -> [[String: Any]] {
    text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  func calls(named name: String) -> [[String: Any]] {
    calls().filter { $0["call"] as? String == name }
  }

  /// The first call `name`, waited for up to 20 s.
  func call(named name: String) -> [String: Any]? {
    var found: [String: Any]?
    _ = poll(timeout: 20) {
      found = calls(named: name).first
      return found != nil
    }
    return found
  }
}

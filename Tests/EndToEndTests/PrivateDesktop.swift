import Foundation
import Glibc
import TestSupport

/// An X server (Xvfb) with the openbox window manager of its own, for one test: focus and
/// stacking tests must not share a display with other tests running at the same time. Stopped
/// (by process id) when the value goes.
final class PrivateDesktop {
  let display: String
  private let server: Process
  private let windowManager: Process

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// A screen of `size` (`WIDTHxHEIGHT`): a wide one to split into two monitors.
  init(size: String = "1920x1080") throws {
    // Xvfb picks a free display itself and says which once it takes connections (-displayfd).
    // A number chosen here could belong to another test process's server (several run at once:
    // the suites in parallel, other checkouts): its socket then exists at once, and this test
    // would talk to that server, whose window manager makes ours exit.
    let numberPipe = Pipe()
    let xvfb = try Self.launch(
      "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "\(size)x24", "-nolisten", "tcp"],
      output: numberPipe)
    guard let number = Self.firstLine(of: numberPipe, seconds: 10), Int(number) != nil else {
      Self.kill(xvfb)
      throw Failed(description: "Xvfb did not start")
    }
    server = xvfb
    display = ":\(number)"
    // openbox exits when it comes a moment too early for the new server: start it again then.
    // One that is merely slow (two cores, dozens of test processes) is waited for, not killed and
    // started over: in CI three starts of 10 s each all ran out that way. Its messages go to a
    // file so that a failure can say why.
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("openbox-\(getpid())-\(number).log")
    defer { try? FileManager.default.removeItem(at: log) }
    var manager: Process?
    for _ in 0..<3 {
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      let candidate = try Self.launch(
        "/usr/bin/openbox", ["--sm-disable"], environment: ["DISPLAY": display],
        errors: FileHandle(forWritingTo: log))
      _ = poll(timeout: 30) { [display] in Self.isManaged(display) || !candidate.isRunning }
      if candidate.isRunning {
        manager = candidate
        break
      }
    }
    guard let manager, Self.isManaged(display) else {
      if let manager { Self.kill(manager) }
      Self.kill(server)
      let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      throw Failed(description: "openbox did not start on \(display) within 30 s: \(said)")
    }
    windowManager = manager
  }

  /// Whether a window manager has said it runs on `display` (openbox sets the root window's
  /// _NET_SUPPORTING_WM_CHECK once it manages the screen).
  private static func isManaged(_ display: String) -> Bool {
    let out = try? ProcessRunner.run(
      "xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: ["DISPLAY": display],
      timeout: 5)
    return out?.stdout.contains("window id") ?? false
  }

  deinit {
    for process in [windowManager, server] { Self.kill(process) }
  }

  /// Kills the X server (SIGKILL), as a crashed server or an ended session goes: every client's
  /// connection breaks at once. The window manager goes with it.
  func killServer() {
    Self.kill(server)
  }

  /// Ends a helper for sure: a child of the test process may inherit a mask that blocks SIGTERM,
  /// so it gets SIGKILL.
  static func kill(_ process: Process) {
    guard process.isRunning else { return }
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Runs an X tool on this display.
  @discardableResult
  func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(tool, arguments, environment: ["DISPLAY": display], timeout: 20)
  }

  /// The window's WM_STATE and _NET_WM_STATE as xprop prints them.
  func windowState(_ window: String) throws -> String {
    try run("xprop", ["-id", window, "WM_STATE", "_NET_WM_STATE"]).stdout
  }

  /// Whether openbox has the window mapped (WM_STATE Normal).
  func isMapped(_ window: String) throws -> Bool {
    try run("xprop", ["-id", window, "WM_STATE"]).stdout.contains("Normal")
  }

  func activeWindow() throws -> String {
    try run("xdotool", ["getactivewindow"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The windows whose name matches `name` (an xdotool regular expression), of the process
  /// `pid` when given.
  func windows(ofProcess pid: Int32? = nil, named name: String) throws -> [String] {
    let owner = pid.map { ["--all", "--pid", String($0)] } ?? []
    return try run("xdotool", ["search"] + owner + ["--name", name]).stdout
      .split(separator: "\n").map(String.init)
  }

  /// Waits (up to `seconds`) for a window named `name` (of the process `pid` when given); its
  /// id, or nil. Asked again and again: one search can come back empty when a window goes while
  /// xdotool walks the tree (it then dies of the X error).
  func window(ofProcess pid: Int32? = nil, named name: String, seconds: Double = 10) -> String? {
    var found: [String] = []
    _ = poll(timeout: seconds) {
      found = (try? windows(ofProcess: pid, named: name)) ?? []
      return !found.isEmpty
    }
    return found.first
  }

  /// x, y, width, height of a window's client area on screen.
  func geometry(_ window: String) throws -> [String: Int] {
    let out = try run("xdotool", ["getwindowgeometry", "--shell", window]).stdout
    var values: [String: Int] = [:]
    for line in out.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
    }
    return values
  }

  /// The first line written into `pipe` within `seconds`, without its newline; nil when none
  /// came (the writer ended or took too long).
  private static func firstLine(of pipe: Pipe, seconds: Double) -> String? {
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
    var bytes: [UInt8] = []
    while !bytes.contains(UInt8(ascii: "\n")) {
      let left = ContinuousClock.now.duration(to: deadline).components.seconds
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard left >= 0, Glibc.poll(&ready, 1, Int32(left * 1000 + 100)) > 0 else { return nil }
      var chunk = [UInt8](repeating: 0, count: 64)
      let count = read(descriptor, &chunk, chunk.count)
      guard count > 0 else { return nil }
      bytes += chunk.prefix(count)
    }
    return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }

  static func launch(
    _ path: String, _ arguments: [String], environment: [String: String] = [:],
    output: Pipe? = nil, errors: FileHandle? = nil
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    // Never the internet: the online lookup gets a port where nothing listens.
    process.environment = ProcessInfo.processInfo.environment.merging(
      [LRCLIBTestServer.urlVariable: LRCLIBTestServer.nowhere].merging(environment) { $1 }
    ) { $1 }
    process.standardOutput = output ?? FileHandle.nullDevice
    process.standardError = errors ?? FileHandle.nullDevice
    try process.run()
    return process
  }
}

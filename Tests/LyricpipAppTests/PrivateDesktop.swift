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
    var started: (Process, String)?
    // A free display number: Xvfb refuses one whose lock file exists.
    for _ in 0..<20 {
      let number = Int.random(in: 200...900)
      let candidate = ":\(number)"
      let xvfb = try Self.launch(
        "/usr/bin/Xvfb", [candidate, "-screen", "0", "\(size)x24", "-nolisten", "tcp"])
      if poll(
        timeout: 5,
        until: {
          FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") || !xvfb.isRunning
        }),
        xvfb.isRunning
      {
        started = (xvfb, candidate)
        break
      }
      Self.kill(xvfb)
    }
    guard let (xvfb, display) = started else { throw Failed(description: "Xvfb did not start") }
    server = xvfb
    self.display = display
    // openbox exits when it comes a moment too early for the new server: start it again.
    var manager: Process?
    for _ in 0..<3 {
      let candidate = try Self.launch(
        "/usr/bin/openbox", ["--sm-disable"], environment: ["DISPLAY": display])
      let managed = poll(timeout: 10) { [display] in
        let out = try? ProcessRunner.run(
          "xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: ["DISPLAY": display],
          timeout: 5)
        return (out?.stdout.contains("window id") ?? false) || !candidate.isRunning
      }
      if managed, candidate.isRunning {
        manager = candidate
        break
      }
      Self.kill(candidate)
    }
    guard let manager else {
      Self.kill(server)
      throw Failed(description: "openbox did not start on \(display)")
    }
    windowManager = manager
  }

  deinit {
    for process in [windowManager, server] { Self.kill(process) }
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

  static func launch(
    _ path: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    // Never the internet: the online lookup gets a port where nothing listens.
    process.environment = ProcessInfo.processInfo.environment.merging(
      [LRCLIBTestServer.urlVariable: LRCLIBTestServer.nowhere].merging(environment) { $1 }
    ) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}

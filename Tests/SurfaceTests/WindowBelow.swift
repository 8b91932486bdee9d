import Foundation
import TestSupport

/// Another program's window (xev) placed under the strip, which reports what reaches it: the
/// "window below" a locked strip must pass its clicks to.
final class WindowBelow {
  let id: UInt
  private let process: Process
  private let logPath: String

  /// Opens an xev window named `name` at x, y with the given size; waits until it is mapped.
  init(name: String, x: Int, y: Int, width: Int, height: Int) throws {
    let directory = try Paths.makeTemporaryDirectory()
    logPath = directory.appendingPathComponent("xev.log").path
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xev")
    process.arguments = ["-name", name, "-geometry", "\(width)x\(height)+\(x)+\(y)"]
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Mapped, not just named: xev names its window before the window manager maps it, and a
    // strip shown over a window not yet mapped saw the root window between its letters.
    guard let found = try X11Tools.waitForWindow(named: "^\(name)$", visible: true),
      let id = UInt(found)
    else {
      process.terminate()
      throw X11Tools.ToolFailed(message: "the xev window '\(name)' did not appear")
    }
    self.id = id
  }

  /// How many button presses xev has reported.
  func buttonPresses() -> Int {
    let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    return log.components(separatedBy: "ButtonPress event").count - 1
  }

  /// How many button releases xev has reported.
  func buttonReleases() -> Int {
    let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    return log.components(separatedBy: "ButtonRelease event").count - 1
  }

  /// How many presses of the key `keysym` (as xev names it: "l") xev has reported.
  func keyPresses(of keysym: String) -> Int {
    let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    return log.components(separatedBy: "KeyPress event").dropFirst().filter {
      $0.contains(", \(keysym)),")
    }.count
  }

  /// How many wheel turns (buttons 4 and 5) xev has reported.
  func wheelPresses() -> Int {
    let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    return log.components(separatedBy: "ButtonPress event").dropFirst().filter {
      $0.contains("button 4,") || $0.contains("button 5,")
    }.count
  }

  /// Ends xev (waiting for it at most 5 s: Foundation's `waitUntilExit` hung here once).
  func close() {
    process.terminate()
    _ = poll(timeout: 5) { !process.isRunning }
  }

  deinit { if process.isRunning { process.terminate() } }
}

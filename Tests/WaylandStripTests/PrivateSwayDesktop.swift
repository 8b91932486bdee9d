import Foundation
import TestSupport

/// The private sway of scripts/with-sway seen from a test: its tree and outputs (swaymsg),
/// screenshots (grim), the pointer of its nested X display (xdotool), and a window to put
/// under the strip (weston-eventdemo, a small Wayland client from Debian's weston package).
struct PrivateSwayDesktop {
  let environment = ProcessInfo.processInfo.environment
  let folder: TemporaryDirectory

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// `swaymsg ARGS`'s answer, parsed.
  func swaymsg(_ arguments: [String]) throws -> Any {
    let result = try ProcessRunner.run("swaymsg", ["--raw"] + arguments, timeout: 20)
    guard result.status == 0 else {
      throw Failure(description: "swaymsg \(arguments): \(result.stdout) \(result.stderr)")
    }
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// Every node of the tree (outputs, workspaces, containers, windows), depth first.
  func treeNodes() throws -> [[String: Any]] {
    var nodes: [[String: Any]] = []
    func walk(_ node: [String: Any]) {
      nodes.append(node)
      for key in ["nodes", "floating_nodes"] {
        for child in node[key] as? [[String: Any]] ?? [] { walk(child) }
      }
    }
    if let root = try swaymsg(["-t", "get_tree"]) as? [String: Any] { walk(root) }
    return nodes
  }

  /// The windows (views) of the tree: the nodes that belong to a client process.
  func windows() throws -> [[String: Any]] {
    try treeNodes().filter { $0["pid"] is Int }
  }

  /// The id of the focused node.
  func focusedNodeID() throws -> Int? {
    try treeNodes().first { $0["focused"] as? Bool == true }?["id"] as? Int
  }

  /// The first output's name and logical rectangle.
  func output() throws -> (name: String, x: Int, y: Int, width: Int, height: Int) {
    guard let outputs = try swaymsg(["-t", "get_outputs"]) as? [[String: Any]],
      let first = outputs.first, let name = first["name"] as? String,
      let rect = first["rect"] as? [String: Int],
      let x = rect["x"], let y = rect["y"], let width = rect["width"], let height = rect["height"]
    else { throw Failure(description: "swaymsg -t get_outputs: no output") }
    return (name, x, y, width, height)
  }

  /// What the outputs show now, in physical pixels (grim).
  func screenshot() throws -> Screenshot {
    let path = folder.appendingPathComponent("screen.ppm").path
    let result = try ProcessRunner.run("grim", ["-t", "ppm", path], timeout: 20)
    guard result.status == 0 else { throw Failure(description: "grim: \(result.stderr)") }
    return try Screenshot(ppm: Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// A click with button 1 at `x`, `y` of the nested X display, which sway's pointer follows
  /// (the output's window sits at 0,0 of that display).
  func click(x: Int, y: Int) throws {
    guard let display = environment["LYRICPIP_SWAY_X_DISPLAY"] else {
      throw Failure(description: "LYRICPIP_SWAY_X_DISPLAY is not set (run under scripts/with-sway)")
    }
    let result = try ProcessRunner.run(
      "xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"], environment: ["DISPLAY": display],
      timeout: 20)
    guard result.status == 0 else { throw Failure(description: "xdotool: \(result.stderr)") }
  }

  /// Moves sway's pointer to `x`, `y` of the nested X display.
  func movePointer(x: Int, y: Int) throws {
    guard let display = environment["LYRICPIP_SWAY_X_DISPLAY"] else {
      throw Failure(description: "LYRICPIP_SWAY_X_DISPLAY is not set (run under scripts/with-sway)")
    }
    let result = try ProcessRunner.run(
      "xdotool", ["mousemove", "\(x)", "\(y)"], environment: ["DISPLAY": display], timeout: 20)
    guard result.status == 0 else { throw Failure(description: "xdotool: \(result.stderr)") }
  }

  /// Starts weston-eventdemo and waits until sway shows it as the focused window. It logs
  /// every button and key it gets (`RunningWindow.buttonPresses`, `keyPresses`), line by line (stdbuf: its stdout is
  /// a file, which stdio would otherwise flush only at an exit that SIGKILL never gives it).
  func startWindow() throws -> RunningWindow {
    let log = folder.appendingPathComponent("window.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
    process.arguments = ["-oL", "/usr/bin/weston-eventdemo", "--log-button", "--log-key"]
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let window = RunningWindow(process: process, exited: exited, log: log)
    let focused = try poll(timeout: 20, interval: 0.05) {
      try windows().contains {
        $0["pid"] as? Int == Int(process.processIdentifier) && $0["focused"] as? Bool == true
      }
    }
    guard focused else { throw Failure(description: "weston-eventdemo did not get the focus") }
    return window
  }
}

/// A client window the test started; ended (by its process id) when the test is done with it.
final class RunningWindow {
  let process: Process
  /// Signalled by the process's own end: Foundation's `waitUntilExit` runs a run loop that
  /// never wakes on a test's thread here.
  private let exited: DispatchSemaphore

  let log: URL

  init(process: Process, exited: DispatchSemaphore, log: URL) {
    self.process = process
    self.exited = exited
    self.log = log
  }

  /// The presses of a button the window has logged so far.
  func buttonPresses() -> Int { presses(of: "button ") }

  /// The presses of a key the window has logged so far (it gets keys while it has the focus).
  func keyPresses() -> Int { presses(of: "key ") }

  private func presses(of kind: String) -> Int {
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter {
      $0.hasPrefix(kind) && $0.contains("state: pressed")
    }.count
  }

  var pid: Int { Int(process.processIdentifier) }

  /// Killed outright: the signals the test process blocks (SIGTERM among them) stay blocked
  /// in its children, and a test window has nothing to save.
  deinit {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    _ = exited.wait(timeout: .now() + 10)
  }
}

/// A screenshot in physical pixels: binary PPM (P6, 8 bits a channel), as grim writes it.
struct Screenshot: CustomStringConvertible {
  let width: Int
  let height: Int
  private let pixels: [UInt8]

  init(ppm: Data) throws {
    let bytes = [UInt8](ppm)
    var fields: [String] = []
    var index = 0
    // Four header fields (magic, width, height, maximum) separated by whitespace; one
    // whitespace byte after the last, then the pixels.
    while fields.count < 4, index < bytes.count {
      while index < bytes.count, bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
        index += 1
      }
      var field = ""
      while index < bytes.count, !(bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index])) {
        field.append(Character(Unicode.Scalar(bytes[index])))
        index += 1
      }
      fields.append(field)
    }
    index += 1
    guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]),
      let height = Int(fields[2]), fields[3] == "255", bytes.count - index >= width * height * 3
    else { throw PrivateSwayDesktop.Failure(description: "not a P6 screenshot: \(fields)") }
    self.width = width
    self.height = height
    pixels = Array(bytes[index..<(index + width * height * 3)])
  }

  /// Short, for a failed expectation's message (not two megabytes of pixels).
  var description: String { "screenshot \(width)×\(height)" }

  /// The colour at `x`, `y` as 0xRRGGBB.
  func colour(x: Int, y: Int) -> UInt32 {
    let at = (y * width + x) * 3
    return UInt32(pixels[at]) << 16 | UInt32(pixels[at + 1]) << 8 | UInt32(pixels[at + 2])
  }

  /// How many pixels have `colour`, and the smallest rectangle holding them (nil: none).
  func find(_ colour: UInt32) -> (count: Int, x: Int, y: Int, width: Int, height: Int)? {
    var count = 0
    var left = Int.max
    var top = Int.max
    var right = -1
    var bottom = -1
    for y in 0..<height {
      for x in 0..<width where self.colour(x: x, y: y) == colour {
        count += 1
        left = min(left, x)
        top = min(top, y)
        right = max(right, x)
        bottom = max(bottom, y)
      }
    }
    guard count > 0 else { return nil }
    return (count, left, top, right - left + 1, bottom - top + 1)
  }
}

/// A test frame: premultiplied ARGB8888 pixels (opaque here), as the strip's canvas hands them.
struct TestFrame {
  let width: Int
  let height: Int
  var pixels: [UInt32]

  init(width: Int, height: Int, colour: UInt32) {
    self.width = width
    self.height = height
    pixels = Array(repeating: 0xFF00_0000 | colour, count: width * height)
  }

  /// Paints `rect` with `colour` (0xRRGGBB), opaque.
  mutating func fill(x: Int, y: Int, width: Int, height: Int, colour: UInt32) {
    for row in y..<(y + height) {
      for column in x..<(x + width) { pixels[row * self.width + column] = 0xFF00_0000 | colour }
    }
  }
}

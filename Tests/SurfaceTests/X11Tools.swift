import Foundation
import TestSupport

/// Looks at windows the way a person's tools do: xprop, xdotool, ImageMagick's import.
enum X11Tools {
  static func xprop(_ window: UInt, _ property: String) throws -> String {
    try ProcessRunner.run("xprop", ["-id", String(window), property], timeout: 10).stdout
  }

  /// x, y, width, height of the window on screen (with no frame, the client area).
  static func geometry(_ window: UInt) throws -> (x: Int, y: Int, width: Int, height: Int) {
    let out = try ProcessRunner.run(
      "xdotool", ["getwindowgeometry", "--shell", String(window)], timeout: 10
    ).stdout
    var values: [String: Int] = [:]
    for line in out.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
    }
    return (values["X"] ?? -1, values["Y"] ?? -1, values["WIDTH"] ?? -1, values["HEIGHT"] ?? -1)
  }

  /// Waits (up to `seconds`) for a window named `name` (an xdotool regular expression); its id.
  /// Asked again and again, not with `--sync`: tests in parallel make and destroy windows on the
  /// same display, and xdotool dies of the X error when one goes while it walks the tree.
  /// With `visible`, only a mapped window counts.
  static func waitForWindow(
    named name: String, visible: Bool = false, seconds: Double = 10
  ) throws -> String? {
    try poll(timeout: seconds) {
      let found = try ProcessRunner.run(
        "xdotool", ["search"] + (visible ? ["--onlyvisible"] : []) + ["--name", name], timeout: 10)
      return found.stdout.split(separator: "\n").first.map(String.init)
    } until: {
      $0 != nil
    }
  }

  static func xdotool(_ arguments: [String]) throws {
    _ = try ProcessRunner.run("xdotool", arguments, timeout: 10)
  }

  /// Moves `window` to (60, 60), clear of the screen's edges, waits until the X server has it
  /// there and raises it: the place the pixel tests capture from. Returns its geometry.
  static func placeForCapture(_ window: UInt) throws -> (x: Int, y: Int, width: Int, height: Int) {
    try xdotool(["windowmove", "--sync", String(window), "60", "60"])
    let frame = try poll(timeout: 5) {
      try geometry(window)
    } until: {
      ($0.x, $0.y) == (60, 60)
    }
    try xdotool(["windowraise", String(window)])
    return frame
  }

  /// A grey picture of the window from the X server (`import -window`), as rows of bytes.
  static func capture(_ window: UInt, savingTo path: String) throws -> GrayImage {
    let result = try ProcessRunner.run("import", ["-window", String(window), path], timeout: 20)
    guard result.status == 0 else { throw ToolFailed(message: result.stderr) }
    return try GrayImage(png: path)
  }

  struct ToolFailed: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}

import CX11
import Foundation
import TestSupport

/// A second output of the private sway, made for one test and unplugged by it: sway's
/// `create_output` opens another window on the X display sway is nested in (wlroots' x11
/// backend), and closing that window as a window manager would (`WM_DELETE_WINDOW`) destroys
/// the output: its `wl_output` global goes and sway closes the layer surfaces on it. sway 1.7
/// has no `output … unplug` (1.8 added it), and `output … disable` fails on its x11 and
/// headless outputs ("Failed to commit output"), so this is the one way to take an output away.
final class NestedOutput {
  let name: String
  /// Its logical rectangle, as sway says.
  let x: Int
  let y: Int
  let width: Int
  let height: Int
  private let display: OpaquePointer
  private let window: Window
  private var unplugged = false

  /// Makes the output and finds its window (the root's child that was not there before).
  init(desktop: PrivateSwayDesktop) throws {
    guard let name = ProcessInfo.processInfo.environment["LYRICPIP_SWAY_X_DISPLAY"],
      let display = XOpenDisplay(name)
    else {
      throw PrivateSwayDesktop.Failure(
        description: "cannot open sway's X display (run under scripts/with-sway)")
    }
    self.display = display
    let namesBefore = try Self.outputNames(desktop)
    let windowsBefore = Self.children(display)
    _ = try desktop.swaymsg(["create_output"])
    var found: [String: Any]?
    _ = try poll(timeout: 10, interval: 0.05) {
      found = try Self.outputs(desktop).first {
        guard let name = $0["name"] as? String else { return false }
        return !namesBefore.contains(name)
      }
      return found != nil
    }
    guard let found, let outputName = found["name"] as? String,
      let rect = found["rect"] as? [String: Int], let x = rect["x"], let y = rect["y"],
      let width = rect["width"], let height = rect["height"]
    else { throw PrivateSwayDesktop.Failure(description: "swaymsg create_output made no output") }
    let added = Self.children(display).filter { !windowsBefore.contains($0) }
    guard added.count == 1, let window = added.first else {
      throw PrivateSwayDesktop.Failure(description: "the new output's window is not one: \(added)")
    }
    (self.name, self.x, self.y, self.width, self.height) = (outputName, x, y, width, height)
    self.window = window
  }

  deinit {
    if !unplugged { unplug() }
    XCloseDisplay(display)
  }

  /// Closes the output's window as a window manager would: `WM_PROTOCOLS` with
  /// `WM_DELETE_WINDOW`. wlroots interned the atom with only-if-exists (so on this bare X
  /// server, where nothing made it, wlroots holds None): looked up the same way here, the
  /// message carries the value wlroots compares with.
  func unplug() {
    unplugged = true
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = window
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", True)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", True))
    _ = XSendEvent(display, window, False, 0, &event)
    _ = XFlush(display)
  }

  /// Whether sway still has the output.
  func isPresent(_ desktop: PrivateSwayDesktop) throws -> Bool {
    try Self.outputNames(desktop).contains(name)
  }

  private static func outputs(_ desktop: PrivateSwayDesktop) throws -> [[String: Any]] {
    try desktop.swaymsg(["-t", "get_outputs"]) as? [[String: Any]] ?? []
  }

  private static func outputNames(_ desktop: PrivateSwayDesktop) throws -> [String] {
    try outputs(desktop).compactMap { $0["name"] as? String }
  }

  private static func children(_ display: OpaquePointer) -> [Window] {
    var root: Window = 0
    var parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    guard
      XQueryTree(display, XDefaultRootWindow(display), &root, &parent, &children, &count) != 0,
      let children
    else { return [] }
    defer { XFree(children) }
    return Array(UnsafeBufferPointer(start: children, count: Int(count)))
  }
}

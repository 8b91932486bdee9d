import Foundation
import TestSupport
import Testing
import WaylandStrip

extension LayerSurfaceSwayTests {
  /// Made on an output by name, the surface is on that output (not on the one the compositor
  /// would choose); when the output goes, the compositor closes the surface and the connection
  /// sees the output gone.
  @Test func aSurfaceMadeOnANamedOutputIsClosedWhenTheOutputGoes() throws {
    let connection = try connect()
    let second = try NestedOutput(desktop: desktop)
    try connection.dispatch(until: {
      connection.outputs.contains { $0.name == second.name && $0.width > 0 }
    })
    _ = connection.takeOutputsChange()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 300, height: 80, marginBottom: 30,
      outputName: second.name)
    #expect(surface.outputName == second.name)
    try show(surface, TestFrame(width: 300, height: 80, colour: Self.magenta))
    // grim's picture is the whole layout, the first output at its left edge.
    let screen = try poll(timeout: 10, interval: 0.05, desktop.screenshot) {
      $0.find(Self.magenta) != nil
    }
    let body = try #require(screen.find(Self.magenta))
    #expect(body.x == second.x + (second.width - 300) / 2, "\(body), \(second.x)")
    #expect(body.y == second.y + second.height - 30 - 80, "\(body)")

    second.unplug()
    try connection.dispatch(until: { surface.state == .closed })
    try connection.roundtrip()
    #expect(!connection.outputs.contains { $0.name == second.name })
    #expect(connection.takeOutputsChange())
    #expect(try !second.isPresent(desktop))
  }

  /// A name no output has is the compositor's choice, not an error.
  @Test func anUnknownOutputNameLeavesTheChoiceToTheCompositor() throws {
    let connection = try connect()
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 300, height: 80, marginBottom: 30,
      outputName: "NO-SUCH-OUTPUT")
    #expect(surface.outputName == nil)
    #expect(surface.state == .configured)
  }
}

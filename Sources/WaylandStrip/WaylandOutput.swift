/// One monitor as the compositor describes it (`wl_output`): its name (`DP-1`; nil before
/// version 4), its integer scale, and its place in the compositor's space: `x`, `y` from
/// `geometry`, `width` × `height` the current mode's pixels over the scale (logical points; a
/// rotated output's are not swapped). 0 × 0 until the compositor said.
public struct WaylandOutput: Equatable, Sendable {
  public var name: String?
  public var scale: Int32
  public var x = 0
  public var y = 0
  public var width = 0
  public var height = 0
}

/// An output's state while its events arrive: they count from its `done`, which ends a batch.
final class WaylandOutputState {
  let proxy: OpaquePointer
  let registryName: UInt32
  private(set) var current = WaylandOutput(name: nil, scale: 1)
  var pendingScale: Int32?
  var pendingName: String?
  var pendingPosition: (x: Int, y: Int)?
  /// The current mode's size in pixels.
  var pendingModeSize: (width: Int, height: Int)?
  private var modeSize: (width: Int, height: Int)?

  init(proxy: OpaquePointer, registryName: UInt32) {
    self.proxy = proxy
    self.registryName = registryName
  }

  func done() {
    if let pendingScale { current.scale = max(1, pendingScale) }
    if let pendingName { current.name = pendingName }
    if let pendingPosition { (current.x, current.y) = pendingPosition }
    if let pendingModeSize { modeSize = pendingModeSize }
    if let modeSize {
      let scale = Int(max(1, current.scale))
      (current.width, current.height) = (modeSize.width / scale, modeSize.height / scale)
    }
    pendingScale = nil
    pendingName = nil
    pendingPosition = nil
    pendingModeSize = nil
  }
}

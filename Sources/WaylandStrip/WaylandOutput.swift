/// One monitor as the compositor describes it (`wl_output`): its name (`DP-1`; nil before
/// version 4), its integer scale, and its place in the compositor's space in logical points:
/// xdg-output's logical position and size where the compositor offers it (the only right ones
/// at a fractional scale, which `wl_output` rounds up), else `x`, `y` from `geometry` and the
/// current mode's pixels over the scale (a rotated output's are not swapped). 0 × 0 until the
/// compositor said.
public struct WaylandOutput: Equatable, Sendable {
  public var name: String?
  public var scale: Int32
  public var x = 0
  public var y = 0
  public var width = 0
  public var height = 0
}

/// An output's state while its events arrive: they count from its `done`, which ends a batch
/// (xdg-output's events too: from its version 3 they end with `wl_output.done`, before it
/// with its own `done`).
final class WaylandOutputState {
  let proxy: OpaquePointer
  let registryName: UInt32
  /// Its xdg-output, where the compositor offers the manager.
  var xdgOutput: OpaquePointer?
  private(set) var current = WaylandOutput(name: nil, scale: 1)
  var pendingScale: Int32?
  var pendingName: String?
  var pendingPosition: (x: Int, y: Int)?
  /// The current mode's size in pixels.
  var pendingModeSize: (width: Int, height: Int)?
  var pendingLogicalPosition: (x: Int, y: Int)?
  var pendingLogicalSize: (width: Int, height: Int)?
  private var modeSize: (width: Int, height: Int)?
  private var logicalPosition: (x: Int, y: Int)?
  private var logicalSize: (width: Int, height: Int)?

  /// Told when a batch changed the output (the connection's `takeOutputsChange`).
  var onChange: (() -> Void)?

  init(proxy: OpaquePointer, registryName: UInt32) {
    self.proxy = proxy
    self.registryName = registryName
  }

  /// `wl_output.done`, or xdg-output's own before its version 3: the batch is applied.
  func outputDone() {
    if done() { onChange?() }
  }

  func xdgOutputDone() { outputDone() }

  /// Applies the batch; true when the output now differs from before (its place, size, scale
  /// or name), which may move the strip or change its scale.
  @discardableResult
  func done() -> Bool {
    let before = current
    if let pendingScale { current.scale = max(1, pendingScale) }
    if let pendingName { current.name = pendingName }
    if let pendingPosition { (current.x, current.y) = pendingPosition }
    if let pendingModeSize { modeSize = pendingModeSize }
    if let pendingLogicalPosition { logicalPosition = pendingLogicalPosition }
    if let pendingLogicalSize { logicalSize = pendingLogicalSize }
    if let modeSize {
      let scale = Int(max(1, current.scale))
      (current.width, current.height) = (modeSize.width / scale, modeSize.height / scale)
    }
    if let logicalPosition { (current.x, current.y) = logicalPosition }
    if let logicalSize, logicalSize.width > 0, logicalSize.height > 0 {
      (current.width, current.height) = logicalSize
    }
    pendingScale = nil
    pendingName = nil
    pendingPosition = nil
    pendingModeSize = nil
    pendingLogicalPosition = nil
    pendingLogicalSize = nil
    return current != before
  }
}

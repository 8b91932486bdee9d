/// One monitor as the compositor describes it (`wl_output`): its name (`DP-1`; nil before
/// version 4) and its integer scale.
public struct WaylandOutput: Equatable, Sendable {
  public var name: String?
  public var scale: Int32
}

/// An output's state while its events arrive: they count from its `done`, which ends a batch.
final class WaylandOutputState {
  let proxy: OpaquePointer
  let registryName: UInt32
  private(set) var current = WaylandOutput(name: nil, scale: 1)
  var pendingScale: Int32?
  var pendingName: String?

  init(proxy: OpaquePointer, registryName: UInt32) {
    self.proxy = proxy
    self.registryName = registryName
  }

  func done() {
    if let pendingScale { current.scale = max(1, pendingScale) }
    if let pendingName { current.name = pendingName }
    pendingScale = nil
    pendingName = nil
  }
}

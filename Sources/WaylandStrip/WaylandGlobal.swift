/// One global object a Wayland compositor offers on its registry: an interface (a protocol's
/// object, such as `zwlr_layer_shell_v1`) at the highest version it speaks, under the numeric
/// name a client binds it by.
public struct WaylandGlobal: Equatable, Sendable {
  /// The registry's name for it: the number `wl_registry.bind` takes.
  public var name: UInt32
  public var interface: String
  public var version: UInt32

  public init(name: UInt32, interface: String, version: UInt32) {
    self.name = name
    self.interface = interface
    self.version = version
  }
}

extension Array where Element == WaylandGlobal {
  /// The highest version of `interface` offered, nil when it is not offered. A compositor
  /// offers most interfaces once; one it offers several times (`wl_output`, once per monitor)
  /// counts by its best.
  public func version(of interface: String) -> UInt32? {
    lazy.filter { $0.interface == interface }.map(\.version).max()
  }
}

/// What the seat's pointer did, in plain values the strip can map to its own input later.
/// Coordinates are surface-local logical points (the surface's top-left corner is 0,0; on a
/// scale-2 output a point is two buffer pixels); `surface` is the protocol id of the surface
/// the pointer is over (`LayerSurface.surfaceID`).
public enum WaylandPointerEvent: Equatable, Sendable {
  case enter(surface: UInt32, x: Double, y: Double)
  case leave(surface: UInt32)
  case motion(surface: UInt32, x: Double, y: Double)
  /// `button` is the Linux input code (`BTN_LEFT` = 0x110 = 272).
  case button(surface: UInt32, button: UInt32, pressed: Bool)

  /// Linux's code for the left button (linux/input-event-codes.h `BTN_LEFT`).
  public static let leftButton: UInt32 = 0x110

  public var surface: UInt32 {
    switch self {
    case .enter(let surface, _, _), .leave(let surface), .motion(let surface, _, _),
      .button(let surface, _, _):
      surface
    }
  }
}

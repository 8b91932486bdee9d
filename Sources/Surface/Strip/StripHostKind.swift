/// Which `StripHost` a strip is made on when it is prepared.
enum StripHostKind {
  /// An SDL window (`SDLStripHost`).
  case sdlWindow
  /// An off-screen canvas of `scale` pixels a window coordinate, handing its frames to the
  /// sink (`CanvasStripHost`).
  case canvas(any StripCanvasSink, scale: CanvasScale)
}

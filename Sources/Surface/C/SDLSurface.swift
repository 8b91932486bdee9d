/// Owns an `SDL_Surface` (pixels in memory) and frees it on deinit.
final class SDLSurface {
  let pointer: SDL.Surface

  @WindowLoop init(_ pointer: SDL.Surface) { self.pointer = pointer }

  /// A transparent ARGB8888 surface.
  @WindowLoop convenience init(width: Int32, height: Int32) throws(SDLError) {
    self.init(try SDL.createSurface(width: width, height: height))
  }

  deinit { SDL.freeSurface(pointer) }

  @WindowLoop var width: Int32 { SDL.size(of: pointer).width }
  @WindowLoop var height: Int32 { SDL.size(of: pointer).height }
}

/// An off-screen ARGB8888 surface and the software renderer that draws into it, for a strip
/// whose pixels go to a window system SDL does not drive (a Wayland layer surface). Destroys
/// both on deinit (renderer first). Like `SDLWindow`, its SDL calls are `@WindowLoop`; textures
/// made on it keep it alive.
final class SDLCanvas {
  let surface: SDL.Surface
  let renderer: SDL.Renderer

  /// A transparent canvas of `width` × `height` pixels.
  @WindowLoop init(width: Int32, height: Int32) throws(SDLError) {
    surface = try SDL.createSurface(width: width, height: height)
    do {
      renderer = try SDL.createSoftwareRenderer(surface: surface)
    } catch {
      SDL.freeSurface(surface)
      throw error
    }
  }

  deinit {
    SDL.destroyRenderer(renderer)
    SDL.freeSurface(surface)
  }

  @WindowLoop var width: Int32 { SDL.size(of: surface).width }
  @WindowLoop var height: Int32 { SDL.size(of: surface).height }
}

extension SDLCanvas: SDLRenderTarget {
  var drawnSurface: SDL.Surface? { surface }
}

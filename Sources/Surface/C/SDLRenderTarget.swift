import SystemSupport

/// Something that owns an SDL renderer the strip and the text draw with: a window
/// (`SDLWindow`) or an off-screen canvas (`SDLCanvas`). Textures are made for one target and
/// keep it alive, since a texture must not outlive its renderer.
@WindowLoop protocol SDLRenderTarget: AnyObject {
  var renderer: SDL.Renderer { get }
  /// The surface the (software) renderer draws into, for what is blended here rather than by
  /// SDL (`BlendedImage`); flush the renderer before touching it.
  var drawnSurface: SDL.Surface? { get }
}

extension SDLRenderTarget {
  func texture(from surface: SDLSurface) throws(SDLError) -> SDLTexture {
    try SDLTexture(owner: self, surface: surface)
  }

  /// The renderer's pixels as a PNG file, written to a temporary name and renamed into place.
  func savePNG(to path: String) throws(SDLError) {
    let pixels = SDLSurface(try SDL.readPixels(renderer))
    do {
      try AtomicFile.replace(atPath: path) { try PNG.save(pixels.pointer, to: $0) }
    } catch let error as SDLError {
      throw error
    } catch let error as AtomicFile.WriteError {
      throw SDLError(operation: "rename(\(path))", message: error.errno.description)
    } catch {
      throw SDLError(operation: "save(\(path))", message: "\(error)")
    }
  }
}

extension SDLWindow: SDLRenderTarget {
  var drawnSurface: SDL.Surface? { SDL.windowSurface(window) }
}

import CSDL2
import Glibc

/// Owns an SDL window and its software renderer; destroys both on deinit (renderer first).
/// Textures keep their `SDLWindow` alive, so a renderer never goes before its textures.
final class SDLWindow {
  let window: SDL.Window
  let renderer: SDL.Renderer
  let id: UInt32
  /// Whatever the hit-test callback's data pointer points at; kept alive as long as the window.
  var hitTestContext: AnyObject?

  init(title: String, width: Int32, height: Int32, flags: UInt32) throws(SDLError) {
    window = try SDL.createWindow(title: title, width: width, height: height, flags: flags)
    do {
      renderer = try SDL.createSoftwareRenderer(window)
    } catch {
      SDL.destroyWindow(window)
      throw error
    }
    id = SDL.windowID(window)
  }

  deinit {
    SDL.destroyRenderer(renderer)
    SDL.destroyWindow(window)
  }

  var size: (width: Int32, height: Int32) { SDL.size(window) }
  /// The drawable size in pixels (larger than `size` on a high-DPI output).
  var pixelSize: (width: Int32, height: Int32) { SDL.outputSize(renderer) }
  var flags: UInt32 { SDL.windowFlags(window) }

  func hasFlag(_ flag: SDL_WindowFlags) -> Bool { flags & flag.rawValue != 0 }

  func texture(from surface: SDLSurface) throws(SDLError) -> SDLTexture {
    try SDLTexture(owner: self, surface: surface)
  }

  /// The window's pixels as a PNG file, written to a temporary name and renamed into place.
  func savePNG(to path: String) throws(SDLError) {
    let pixels = SDLSurface(try SDL.readPixels(renderer))
    let temporary = path + ".tmp-\(id)"
    try PNG.save(pixels.pointer, to: temporary)
    if rename(temporary, path) != 0 {
      throw SDLError(operation: "rename(\(path))", message: String(cString: strerror(errno)))
    }
  }
}

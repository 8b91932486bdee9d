import CSDL2
import CSDL2Image

/// Every SDL_image call of the module: loading the strip's placeholder picture and writing
/// screenshots as PNG. SDL_image reports errors through `SDL_GetError`.
enum IMG {
  static func load(_ path: String) throws(SDLError) -> SDL.Surface {
    guard let surface = IMG_Load(path) else { throw SDL.error("IMG_Load(\(path))") }
    return surface
  }

  static func savePNG(_ surface: SDL.Surface, to path: String) throws(SDLError) {
    try SDL.check(IMG_SavePNG(surface, path), "IMG_SavePNG(\(path))")
  }
}

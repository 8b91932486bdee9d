/// Owns an SDL window and its software renderer; destroys both on deinit (renderer first).
///
/// Like the other owners of SDL objects (`SDLTexture`, `SDLSurface`, `TTFFont`), every member
/// that calls SDL is `@WindowLoop`; the class itself is not, so its deinit can free the handles
/// (it is not Sendable, so it lives with the `@WindowLoop` window that holds it, and goes there).
/// Textures keep their `SDLWindow` alive, so a renderer never goes before its textures.
final class SDLWindow {
  let window: SDL.Window
  let renderer: SDL.Renderer
  let id: UInt32
  /// Whatever the hit-test callback's data pointer points at; kept alive as long as the window.
  var hitTestContext: AnyObject?

  /// How a window is made (SDL's window flags).
  struct Options: OptionSet {
    let rawValue: UInt8
    static let hidden = Options(rawValue: 1 << 0)
    static let resizable = Options(rawValue: 1 << 1)
    static let highDPI = Options(rawValue: 1 << 2)
    static let borderless = Options(rawValue: 1 << 3)
    static let alwaysOnTop = Options(rawValue: 1 << 4)
    static let skipTaskbar = Options(rawValue: 1 << 5)
    static let utility = Options(rawValue: 1 << 6)
  }

  @WindowLoop init(title: String, width: Int32, height: Int32, options: Options) throws(SDLError) {
    window = try SDL.createWindow(title: title, width: width, height: height, options: options)
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

  @WindowLoop var size: (width: Int32, height: Int32) { SDL.size(window) }
  /// The drawable size in pixels (larger than `size` on a high-DPI output).
  @WindowLoop var pixelSize: (width: Int32, height: Int32) { SDL.outputSize(renderer) }
  @WindowLoop var isShown: Bool { SDL.isShown(window) }
  @WindowLoop var isMinimized: Bool { SDL.isMinimized(window) }
}

/// Owns an `SDL_Texture` and destroys it on deinit. It keeps the `SDLRenderTarget` (window or
/// canvas) whose renderer made it alive, since a texture must not outlive its renderer.
final class SDLTexture {
  let pointer: SDL.Texture
  let width: Int32
  let height: Int32
  private let owner: any SDLRenderTarget

  @WindowLoop init(owner: any SDLRenderTarget, surface: SDLSurface) throws(SDLError) {
    pointer = try SDL.createTexture(owner.renderer, from: surface.pointer)
    self.owner = owner
    width = surface.width
    height = surface.height
  }

  deinit { SDL.destroyTexture(pointer) }

  /// Draws the texture tinted `color` (its alpha included) with its top-left at x, y, showing
  /// only the columns `fromX..<toX` of the texture when given.
  @WindowLoop func draw(
    on renderer: SDL.Renderer, x: Int32, y: Int32, color: RGBA, columns: Range<Int32>? = nil
  ) {
    SDL.setColorMod(pointer, color)
    guard let columns else {
      SDL.copy(renderer, pointer, source: nil, dest: PixelRect(x: x, y: y, w: width, h: height))
      return
    }
    let from = max(0, min(width, columns.lowerBound))
    let to = max(from, min(width, columns.upperBound))
    guard to > from else { return }
    SDL.copy(
      renderer, pointer, source: PixelRect(x: from, y: 0, w: to - from, h: height),
      dest: PixelRect(x: x + from, y: y, w: to - from, h: height))
  }
}

extension MainLayout {
  /// The cover's side in the header: a fifth of the window's height, within 48…160 pixels.
  var coverSide: Int32 { max(48, min(160, height / 5)) }
}

extension MainWindow {
  /// Makes the cover's texture again when the model's cover changed, and lays the window out
  /// again when the header gains or loses it. A texture is made once per cover: the pixels were
  /// decoded on another thread, so this costs one copy.
  func updateCoverTexture(on window: SDLWindow) {
    let revision = loop.model.coverRevision
    guard coverTextureRevision != revision else { return }
    coverTextureRevision = revision
    let hadCover = coverTexture != nil
    coverTexture = loop.model.cover.flatMap { cover in
      do {
        return try SDLTexture(owner: window, cover: cover)
      } catch {
        warn("the cover could not be shown: \(error)")
        return nil
      }
    }
    if hadCover != (coverTexture != nil) {
      layout.showsCover = coverTexture != nil
    }
  }

  /// Draws the cover at the header's left, its longer side fitting the square, and returns where
  /// the header's text starts.
  func drawCover(on window: SDLWindow) -> Int32 {
    guard let coverTexture, layout.showsCover else { return layout.margin }
    let side = layout.coverSide
    let width = coverTexture.width
    let height = coverTexture.height
    let scale = Double(side) / Double(max(width, height, 1))
    let drawnWidth = Int32(Double(width) * scale)
    let drawnHeight = Int32(Double(height) * scale)
    let target = PixelRect(
      x: layout.margin + (side - drawnWidth) / 2, y: layout.margin + (side - drawnHeight) / 2,
      w: drawnWidth, h: drawnHeight)
    SDL.copy(window.renderer, coverTexture.pointer, source: nil, dest: target)
    return layout.margin + side + layout.margin
  }
}

extension SDLTexture {
  /// A texture of `cover`'s pixels, scaled smoothly when drawn at another size.
  @WindowLoop convenience init(owner: SDLWindow, cover: CoverImage) throws(SDLError) {
    let surface = try SDLSurface(width: Int32(cover.width), height: Int32(cover.height))
    SDL.copyPixels(cover.bgra, width: cover.width, height: cover.height, into: surface.pointer)
    try self.init(owner: owner, surface: surface)
    SDL.setSmoothScaling(pointer)
  }
}

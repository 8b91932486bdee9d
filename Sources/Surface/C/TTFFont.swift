/// Owns an open SDL_ttf font (one face of a file at one pixel size); closed on deinit.
final class TTFFont {
  let pointer: TTF.Font
  let face: FontFace
  let pixelSize: Int32

  @WindowLoop init(face: FontFace, pixelSize: Int32) throws(SDLError) {
    pointer = try TTF.open(path: face.path, index: face.index, pixelSize: pixelSize)
    self.face = face
    self.pixelSize = pixelSize
  }

  deinit { TTF.close(pointer) }

  @WindowLoop var ascent: Int32 { TTF.ascent(pointer) }
  @WindowLoop var height: Int32 { TTF.height(pointer) }
  @WindowLoop func provides(_ scalar: Unicode.Scalar) -> Bool { TTF.provides(pointer, scalar) }
  @WindowLoop func width(of text: String) -> Int32 { TTF.width(pointer, text) }
  @WindowLoop func renderWhite(_ text: String) throws(SDLError) -> SDLSurface {
    SDLSurface(try TTF.renderWhite(pointer, text))
  }
}

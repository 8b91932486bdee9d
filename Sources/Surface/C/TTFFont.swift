import SystemSupport

/// Owns an open SDL_ttf font (one face of a file), set to one pixel size at a time; closed on
/// deinit. The size can change (`setPixelSize`) so that a face is opened once for every size it
/// is drawn at: each open font carries a FreeType face and a HarfBuzz face of its own (their
/// tables, caches and shaping plans), about 0.4 MB for DejaVu Sans Bold once a line is shaped,
/// while the glyphs SDL_ttf keeps for the current size are a few kilobytes.
final class TTFFont {
  let pointer: TTF.Font
  let face: FontFace
  private(set) var pixelSize: Int32
  /// The font file's bytes, which FreeType reads as long as the font is open (released after
  /// `deinit` closed it).
  private let file: MappedFile

  @WindowLoop init(face: FontFace, pixelSize: Int32) throws(SDLError) {
    do {
      file = try PosixFile(readingAt: face.path).mapped(path: face.path)
    } catch {
      throw SDLError(operation: "open font \(face.path)", message: error.message)
    }
    pointer = try TTF.open(
      file: file.bytes, path: face.path, index: face.index, pixelSize: pixelSize)
    self.face = face
    self.pixelSize = pixelSize
  }

  deinit { TTF.close(pointer) }

  /// Sets the size later calls measure and draw at: the same FreeType size an open at
  /// `pixelSize` sets (SDL_ttf opens a font through this very call), so the glyphs are the same;
  /// SDL_ttf drops the glyphs it kept for the old size.
  @WindowLoop func setPixelSize(_ size: Int32) throws(SDLError) {
    guard size != pixelSize else { return }
    try TTF.setSize(pointer, pixelSize: size)
    pixelSize = size
  }

  @WindowLoop var ascent: Int32 { TTF.ascent(pointer) }
  @WindowLoop var height: Int32 { TTF.height(pointer) }
  @WindowLoop func provides(_ scalar: Unicode.Scalar) -> Bool { TTF.provides(pointer, scalar) }
  @WindowLoop func width(of text: String) -> Int32 { TTF.width(pointer, text) }
  @WindowLoop func renderWhite(_ text: String) throws(SDLError) -> SDLSurface {
    SDLSurface(try TTF.renderWhite(pointer, text))
  }
}

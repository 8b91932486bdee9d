internal import CSDL2
internal import CSDL2TTF

/// Every SDL_ttf call of the module. SDL_ttf reports errors through `SDL_GetError`. On the
/// loop's thread, as `SDL` is (starting, stopping and closing are `nonisolated` for the same
/// reasons as there).
@WindowLoop enum TTF {
  typealias Font = OpaquePointer

  nonisolated static func initialize() throws(SDLError) {
    if TTF_WasInit() == 0 {
      try SDL.check(TTF_Init(), "TTF_Init")
    }
  }

  nonisolated static func quit() {
    if TTF_WasInit() > 0 { TTF_Quit() }
  }

  /// Opens face `index` of the font file whose bytes are `file` (named `path`) at `pixelSize`
  /// (SDL_ttf's point size at 72 DPI is a pixel size). The bytes must outlive the font.
  ///
  /// From memory rather than by path: SDL_ttf reads a font opened by path through a stdio
  /// stream, and FreeType seeks and reads it 4 KiB at a time for every glyph it loads (300
  /// calls, 1.2 MB copied, for each new line of the strip); from memory they are loads.
  static func open(
    file: UnsafeRawBufferPointer, path: String, index: Int, pixelSize: Int32
  ) throws(SDLError) -> Font {
    guard let base = file.baseAddress, let size = Int32(exactly: file.count),
      let stream = SDL_RWFromConstMem(base, size)
    else { throw SDL.error("SDL_RWFromConstMem(\(path))") }
    // SDL_ttf closes the stream with the font, or at once when the open fails.
    guard let font = TTF_OpenFontIndexRW(stream, 1, pixelSize, index) else {
      throw SDL.error("TTF_OpenFontIndexRW(\(path))")
    }
    return font
  }

  nonisolated static func close(_ font: Font) { TTF_CloseFont(font) }

  /// Changes an open font's pixel size (72 DPI, as `open`).
  static func setSize(_ font: Font, pixelSize: Int32) throws(SDLError) {
    try SDL.check(TTF_SetFontSize(font, pixelSize), "TTF_SetFontSize(\(pixelSize))")
  }

  static func ascent(_ font: Font) -> Int32 { TTF_FontAscent(font) }
  static func height(_ font: Font) -> Int32 { TTF_FontHeight(font) }

  static func provides(_ font: Font, _ scalar: Unicode.Scalar) -> Bool {
    TTF_GlyphIsProvided32(font, scalar.value) != 0
  }

  static func width(_ font: Font, _ text: String) -> Int32 {
    var width: Int32 = 0
    var height: Int32 = 0
    _ = TTF_SizeUTF8(font, text, &width, &height)
    return width
  }

  /// Renders `text` in white with alpha (anti-aliased).
  static func renderWhite(_ font: Font, _ text: String) throws(SDLError) -> SDL.Surface {
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    guard let surface = TTF_RenderUTF8_Blended(font, text, white) else {
      throw SDL.error("TTF_RenderUTF8_Blended")
    }
    return surface
  }
}

/// Draws text into textures for a window: `TextRenderer`, with fonts; the tests put one that
/// fails in its place to see what a window does when text cannot be drawn.
@WindowLoop protocol TextDrawing: AnyObject {
  /// The width `segments` joined would take at `pixelSize`.
  func width(of segments: [String], pixelSize: Int32) throws(SDLError) -> Int32
  /// Draws `segments` (the words of a line, or the whole line as one) in white, with the
  /// shadow, outline and kept alpha `effects` ask for.
  func render(_ segments: [String], pixelSize: Int32, effects: TextEffects, on window: SDLWindow)
    throws(SDLError) -> RenderedText
  /// The same onto any render target: the strip draws on a window or on an off-screen canvas.
  func render(
    _ segments: [String], pixelSize: Int32, effects: TextEffects, onto target: any SDLRenderTarget
  ) throws(SDLError) -> RenderedText
}

extension TextDrawing {
  /// A drawer that knows only windows (the tests' stand-ins) draws on a window target as on
  /// that window, and refuses any other target.
  func render(
    _ segments: [String], pixelSize: Int32, effects: TextEffects, onto target: any SDLRenderTarget
  ) throws(SDLError) -> RenderedText {
    guard let window = target as? SDLWindow else {
      throw SDLError(operation: "render text", message: "this text drawer draws on windows only")
    }
    return try render(segments, pixelSize: pixelSize, effects: effects, on: window)
  }
}

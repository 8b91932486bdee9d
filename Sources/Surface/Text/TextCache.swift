/// Rendered texts of one window by content and size, so an unchanged label is not drawn again
/// every frame. Emptied on resize (sizes change) and when it grows past a bound. A text that
/// cannot be drawn is remembered as such (and reported once through `onFailure`) until then,
/// rather than tried again at every frame.
@WindowLoop final class TextCache {
  private let renderer: any TextDrawing
  private var entries: [Key: RenderedText?] = [:]
  private let limit = 400
  /// Told why a text could not be drawn, the first time for each text and size.
  var onFailure: ((String) -> Void)?

  private struct Key: Hashable {
    var text: String
    var pixelSize: Int32
  }

  init(renderer: any TextDrawing) { self.renderer = renderer }

  /// The text drawn at `pixelSize`; nil for empty text or when it cannot be drawn.
  func text(_ text: String, pixelSize: Int32, on window: SDLWindow) -> RenderedText? {
    guard !text.isEmpty else { return nil }
    let key = Key(text: text, pixelSize: pixelSize)
    if let cached = entries[key] { return cached }
    if entries.count >= limit { entries.removeAll() }
    do {
      let rendered = try renderer.render(
        [text], pixelSize: pixelSize, effects: .plain, on: window)
      entries[key] = .some(rendered)
      return rendered
    } catch {
      entries[key] = .some(nil)
      onFailure?("\(error)")
      return nil
    }
  }

  /// The text at `pixelSize`, or smaller (down to 60%) when wider than `maxWidth`; what still
  /// does not fit is clipped by the caller.
  func text(_ text: String, pixelSize: Int32, fitting maxWidth: Int32, on window: SDLWindow)
    -> RenderedText?
  {
    guard let full = self.text(text, pixelSize: pixelSize, on: window) else { return nil }
    guard full.width > maxWidth else { return full }
    let shrunk = Int32(Int64(pixelSize) * Int64(maxWidth) / Int64(max(1, full.width)))
    return self.text(text, pixelSize: max(pixelSize * 6 / 10, shrunk), on: window)
  }

  func removeAll() { entries.removeAll() }
}

extension MainWindow {
  /// The words on the buttons that have no icon.
  static func label(of button: MainButton) -> String? {
    switch button {
    case .chooseLyrics: "Lyrics…"
    case .saveBeside: "Save .lrc"
    case .previous, .playPause, .next, .lockStrip, .toStrip: nil
    }
  }

  func drawLabel(of button: MainButton, in rect: PixelRect, on window: SDLWindow) {
    guard let label = Self.label(of: button),
      let text = regular.text(
        label, pixelSize: layout.timeSize, fitting: rect.w - layout.timeSize / 2, on: window)
    else { return }
    text.texture.draw(
      x: rect.x + (rect.w - text.width) / 2,
      y: rect.y + (rect.h - text.height) / 2, color: MainStyle.icon)
  }
}

extension FloatingWindow {
  /// Takes the live part of `new` (the look, the opacity, the second line, the controls, the
  /// font size) and drops every cached rendering, so the next frame draws with it. The font
  /// family, the background and the placeholder picture stay as the strip was made: they choose
  /// the font files, the window's visual and its shape, fixed when the window is created.
  /// The font size only sets the layout's pixel sizes, which a resize rebuilds anyway, so a new
  /// one costs one relayout.
  public func applyLive(_ new: StripSettings) {
    let opacityChanged = new.opacity != settings.opacity
    settings.controls = new.controls
    settings.opacity = new.opacity
    settings.fontSize = new.fontSize
    settings.secondLine = new.secondLine
    settings.lookName = new.lookName
    settings.lookChanges = new.lookChanges
    guard host != nil else { return }
    if opacityChanged { applyOpacity() }
    // The lyrics' source was told already: a new look is no reason to tell it again.
    let told = notedSource
    relayout()
    notedSource = told
  }

  /// The window's opacity as the setting and a hover fade say.
  private func applyOpacity() {
    guard let host else { return }
    let base = settings.opacity < 1 ? Float(max(0.1, settings.opacity)) : 1
    do {
      try host.setOpacity(desktop.faded ? base / 4 : base)
    } catch {
      warn("strip opacity is not supported here: \(error.message)")
    }
  }
}

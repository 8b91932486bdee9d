/// The strip with `background = none`: only the letters, in their outline or shadow, on the
/// desktop. The window is made with a 32-bit visual where the server has one; under a
/// compositing manager each frame is cleared to transparent, so the letters keep smooth edges.
/// Without one, the X server cannot blend, so the
/// window is cut to the shape of its text (an X Shape bounding region made from the letters'
/// alpha, outline and shadow included), made again only when the text changes. A compositor
/// that starts or ends while the strip is up is seen by its selection (`_NET_WM_CM_Sn`).
extension FloatingWindow {
  var isTextOnly: Bool { settings.background == .none }

  /// Whether the window is cut to its text now.
  var isShapedToText: Bool { isTextOnly && !textOnly.blends }

  /// How many times the window's shape was made from its text (tests read it).
  public var shapeBuilds: Int { textOnly.shapeBuilds }

  /// Whether a text-only strip blends its pixels over the desktop now (a 32-bit visual and a
  /// compositing manager), rather than being cut to the shape of its text.
  public var blendsOverDesktop: Bool { isTextOnly && textOnly.blends }

  /// Once the host exists: what it was made with (a 32-bit visual where the X server has one,
  /// asked for by `SDLStripHost`), and the compositor followed by the loop's desktop watch
  /// (which calls `compositorMayHaveChanged` when its selection changes owner).
  func textOnlyWindowMade() {
    guard isTextOnly, let host, let compositorRuns = host.compositorRuns else { return }
    textOnly.hasAlphaVisual = host.hasAlphaVisual
    textOnly.compositorRuns = compositorRuns
    if !host.followsCompositor {
      warn("the X server has no XFixes: a compositor that starts or ends later is not seen")
    }
    if !host.canBeShaped, !textOnly.blends {
      warn("the X server has no Shape extension: the text-only strip shows a dark box")
    }
  }

  /// A selection changed owner: perhaps the compositing manager started or ended.
  func compositorMayHaveChanged() {
    guard isTextOnly, let runs = host?.compositorRuns else { return }
    guard runs != textOnly.compositorRuns else { return }
    textOnly.compositorRuns = runs
    lastFrame = nil
  }

  /// What a frame starts from: the box's colour; transparent where the compositor blends;
  /// under a shape, the outline's colour (or the shadow's), so the letters' soft edges fade into
  /// their own outline rather than into a box.
  var clearColour: RGBA {
    guard isTextOnly else { return boxBlends ? RGBA(0, 0, 0, 0) : StripStyle.background }
    if textOnly.blends { return RGBA(0, 0, 0, 0) }
    let look = settings.look
    return look.outlineWidth > 0 ? look.outlineColour : RGBA(0, 0, 0)
  }

  /// Whether the boxed strip's pixels blend over the desktop (a canvas strip on a Wayland
  /// compositor): the box's rounded corners are then cut out of the placeholder picture
  /// (`RoundedCorners`) and the frame is cleared to transparent, so the corners show what is
  /// below, not squares of the box's colour. On X11 a boxed window is made without a 32-bit visual, so the box's colour
  /// stays (the visual is looked at first: that window's frames ask the X server nothing).
  var boxBlends: Bool {
    guard let host, host.hasAlphaVisual else { return false }
    return host.compositorRuns == true
  }

  /// Cuts the window to the text of `frame`, when what the shape is made from changed.
  func updateShape(for frame: StripFrame) {
    guard isTextOnly, let host else { return }
    guard isShapedToText else {
      if textOnly.shapeKey != nil {
        textOnly.shapeKey = nil
        host.setBoundingShape(nil, width: 0, height: 0)
      }
      return
    }
    let images = [current?.main, current?.sub, current?.background, notice?.text]
      .compactMap { $0.map(ObjectIdentifier.init) }
    let key = TextOnlyState.ShapeKey(
      line: frame.line, lyricsRevision: builtLyricsRevision, scrollX: frame.scrollX,
      hasNotice: frame.hasNotice, isLocked: frame.isLocked, showControls: frame.showControls,
      width: layout.width, height: layout.height, images: images)
    guard key != textOnly.shapeKey else { return }
    textOnly.shapeKey = key
    textOnly.shapeBuilds += 1
    let mask = shapeMask(for: frame)
    host.setBoundingShape(mask.bitmap(threshold: 48), width: mask.width, height: mask.height)
  }

  /// The pixels of the strip that show: every text where it is drawn, the unlock handle, the
  /// controls.
  private func shapeMask(for frame: StripFrame) -> AlphaMask {
    var mask = AlphaMask(width: Int(layout.width), height: Int(layout.height))
    func add(_ text: RenderedText?, x: Int32, y: Int32, clip: PixelRect? = nil) {
      guard let text, let alpha = text.mask else { return }
      let radius = text.outlineRadius
      mask.merge(alpha, x: Int(x - radius), y: Int(y - radius), clip: clip)
    }
    if let current {
      if let main = current.main {
        add(
          main,
          x: layout.mainX(
            ofWidth: main.width, alignment: current.alignment, scrollX: frame.scrollX),
          y: layout.mainCenterY - main.height / 2, clip: mainTextArea)
      }
      if let sub = current.sub {
        add(
          sub,
          x: current.alignment.x(
            ofWidth: sub.width, inBandFrom: layout.padding, width: layout.textWidth),
          y: layout.subCenterY - sub.height / 2)
      }
      if let background = current.background {
        add(
          background,
          x: current.alignment.x(
            ofWidth: background.width, inBandFrom: layout.padding, width: layout.textWidth),
          y: layout.backgroundCenterY - background.height / 2)
      }
    }
    if let notice { add(notice.text, x: layout.padding, y: layout.padding / 2) }
    if frame.isLocked { mask.fill(unlockHandlePixels) }
    if frame.showControls, let buttons = visibleButtons() {
      for (_, rect) in layout.controlRects(buttons) { mask.fill(rect) }
    }
    return mask
  }

  /// The band the current line is drawn in (a long line scrolls inside it).
  var mainTextArea: PixelRect {
    PixelRect(x: layout.padding / 2, y: 0, w: layout.width - layout.padding, h: layout.height)
  }

  /// What rendered text carries on this strip: the look's shadow and outline, and the alpha for
  /// the shape when only the letters show.
  func textEffects(pixelSize: Int32) -> TextEffects {
    let look = settings.look
    return TextEffects(
      shadow: look.shadow, outlineRadius: look.outlineRadius(pixelSize: pixelSize),
      shadowOffset: layout.shadowOffset(pixelSize), keepsMask: isTextOnly)
  }
}

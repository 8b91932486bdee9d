import LyricsCore

extension FloatingWindow {
  /// Builds the images for the line now on display and starts the fade from the old one. When
  /// the line cannot be drawn, the last line drawn stays up, the problem is reported once, and
  /// the same line is not tried again until the line, the lyrics or the size change.
  func changeLine(to index: Int, now: Int64) {
    guard let host else { return }
    let attempt = LineAttempt(index: index, lyricsRevision: loop.model.lyricsRevision)
    guard attempt != failedLine else { return }
    let ready = upcoming.flatMap { $0.images(for: attempt, layout: layout) }
    upcoming = nil
    let images: LineImages
    do {
      images = try ready ?? makeImages(index, on: host.renderTarget)
    } catch {
      failedLine = attempt
      warn("a lyric line could not be drawn: \(error)")
      return
    }
    failedLine = nil
    let lyricsChanged = builtLyricsRevision != attempt.lyricsRevision
    builtLyricsRevision = attempt.lyricsRevision
    // A strip cut to its text has no room for the old line beside the new one's shape; a strip
    // not on screen (made ahead, or being shown) does not fade from a line nobody saw go.
    previous = lyricsChanged || isShapedToText || !isOnScreen ? nil : current
    fadeStartNanos = (previous == nil) ? nil : now
    current = images
  }

  /// Once the line on screen is whole (its fade over): lets the old line's images go, then
  /// makes the next line's.
  func fadeEnded(line index: Int) {
    previous = nil
    let after = LineAttempt(index: index, lyricsRevision: loop.model.lyricsRevision)
    guard preparedAfter != after else { return }
    preparedAfter = after
    prepareUpcoming(after: index)
  }

  /// Makes the images of the line that comes on display after `index` ahead of time (not a line
  /// that starts with it: that one is shown below it, never after it), when it is a lyric line
  /// (the title and the status below it depend on more than the lyrics). A failure is left for
  /// the line change to meet and report.
  func prepareUpcoming(after index: Int) {
    guard let host, let next = loop.model.nextLineIndex(after: index),
      let line = loop.model.line(next), !line.text.isEmpty
    else { return }
    let attempt = LineAttempt(index: next, lyricsRevision: loop.model.lyricsRevision)
    guard let images = try? makeImages(next, on: host.renderTarget) else { return }
    upcoming = UpcomingLine(attempt: attempt, layout: layout, images: images)
  }

  private func makeImages(_ index: Int, on target: any SDLRenderTarget) throws(SDLError)
    -> LineImages
  {
    let model = loop.model
    guard let line = model.line(index), !line.text.isEmpty else {
      // Before the first line (or on a blank line): the title, and the next line below it.
      let next = model.lyrics?.lines.dropFirst(max(0, index + 1)).first { !$0.text.isEmpty }
      let title = index < 0 ? model.nowPlaying.title : ""
      // No lines at all: the line below says why (looking up, plain text, instrumental, …).
      let noLines = model.lyrics?.lines.isEmpty ?? true
      let below = next?.text ?? (noLines ? model.status.message : nil) ?? ""
      return LineImages(
        index: index, main: try fitted([title], size: layout.subPixelSize, on: target),
        sub: try fitted([below], size: layout.subPixelSize, on: target), fills: false)
    }
    let segments = line.words.isEmpty ? [line.text] : line.words.map(\.text)
    let lines = model.lyrics?.lines ?? []
    let below = settings.secondLine.text(under: index, of: lines)
    let background = try backgroundImage(of: line, on: target)
    return LineImages(
      index: index,
      main: try fitted(
        segments, size: layout.mainPixelSize, minimum: layout.minimumMainPixelSize, on: target),
      sub: background == nil ? try fitted([below], size: layout.subPixelSize, on: target) : nil,
      fills: true, background: background,
      alignment: DuetAlignment(lyrics: model.lyrics).alignment(of: line),
      words: WordsByTime(line.words), backgroundWords: WordsByTime(line.background?.words ?? []))
  }

  /// Renders `segments` at `size`, or smaller (down to `minimum`) when too wide for the strip;
  /// nil for empty text.
  func fitted(
    _ segments: [String], size: Int32, minimum: Int32? = nil, on target: any SDLRenderTarget
  ) throws(SDLError) -> RenderedText? {
    guard segments.contains(where: { !$0.isEmpty }) else { return nil }
    var pixelSize = size
    let width = try text.width(of: segments, pixelSize: size)
    if width > layout.textWidth {
      let shrunk = Int32(Int64(size) * Int64(layout.textWidth) / Int64(max(1, width)))
      pixelSize = max(minimum ?? size * 7 / 10, shrunk)
    }
    return try text.render(
      segments, pixelSize: pixelSize, effects: textEffects(pixelSize: pixelSize), onto: target)
  }

  func makeFrame(now: Int64) -> StripFrame {
    let model = loop.model
    var fillX: Int32 = 0
    var scrollX: Int32 = 0
    var backgroundFillX: Int32 = 0
    if let current, current.fills, let main = current.main, let line = model.line(current.index) {
      fillX = KaraokeFill.fillX(
        line: line, words: current.words, nextLineMs: model.nextLineMs(after: current.index),
        lyricMs: model.nowPlaying.lyricMs(atNanos: now), spans: main.segmentSpans,
        width: main.width)
      if let background = line.background, let image = current.background {
        let sung = BackgroundVocalsText.sungSpans(background, of: image.segmentSpans)
        backgroundFillX = BackgroundVocalsFill.fillX(
          background, words: current.backgroundWords,
          mainLineEndMs: line.endMs ?? model.nextLineMs(after: current.index),
          lyricMs: model.nowPlaying.lyricMs(atNanos: now), spans: sung,
          width: sung.last?.upperBound ?? image.width)
      }
      if main.width > layout.textWidth {
        // Too long even at the minimum size: keep the sung part in view.
        scrollX = max(0, min(main.width - layout.textWidth, fillX - layout.textWidth * 6 / 10))
      }
    }
    let fadeStep = fadeStartNanos.map { StripFade.step(elapsed: now - $0) } ?? StripFade.steps
    return StripFrame(
      line: current?.index ?? -1, fillX: fillX, backgroundFillX: backgroundFillX, scrollX: scrollX,
      fadeStep: fadeStep,
      showControls: hovering && settings.controls != .hidden && !isLocked,
      isPlaying: model.nowPlaying.isPlaying, hasNotice: notice != nil, isLocked: isLocked,
      width: layout.width, height: layout.height)
  }

  /// The part of the strip that differs between two frames when only the fill moved: the
  /// columns between the old and the new fill edge, across the current line. Nil when more
  /// changed (then the whole strip is drawn). The software renderer draws straight into the
  /// window's surface, so what lies outside the clip keeps the previous frame's pixels.
  func damage(from old: StripFrame?, to new: StripFrame) -> PixelRect? {
    guard let old, let current, let main = current.main else { return nil }
    var onlyFill = new
    onlyFill.fillX = old.fillX
    guard onlyFill == old, new.fadeStep == 16 else { return nil }
    let x = layout.mainX(ofWidth: main.width, alignment: current.alignment, scrollX: new.scrollX)
    let margin = layout.shadowOffset(main.pixelSize) + main.outlineRadius + 2
    let from = x + min(old.fillX, new.fillX) - margin
    let to = x + max(old.fillX, new.fillX) + margin
    let top = layout.mainCenterY - main.height / 2 - margin
    return PixelRect(x: from, y: top, w: to - from, h: main.height + 2 * margin)
  }

  /// The part of the strip a fade step changes: where the old line and the new one are drawn,
  /// their shadows and outlines included. Nil unless only the fade (and the fills) moved since
  /// `old` on the same line; the fade's first frame (a new line) is drawn whole. The rest of the
  /// strip (the picture, a notice, the controls, the handle) is the same at every step, so
  /// blending it again, as the whole frames of a fade did, changed no pixel.
  func fadeDamage(from old: StripFrame, to new: StripFrame) -> PixelRect? {
    guard old.fadeStep < StripFade.steps || new.fadeStep < StripFade.steps else { return nil }
    var motionless = new
    motionless.fillX = old.fillX
    motionless.backgroundFillX = old.backgroundFillX
    motionless.fadeStep = old.fadeStep
    guard motionless == old else { return nil }
    var area: PixelRect?
    func add(_ text: RenderedText?, x: Int32, centreY: Int32) {
      guard let text else { return }
      let margin = layout.shadowOffset(text.pixelSize) + text.outlineRadius + 2
      let rect = PixelRect(
        x: x - margin, y: centreY - text.height / 2 - margin, w: text.width + 2 * margin,
        h: text.height + 2 * margin)
      area = area.map { $0.union(rect) } ?? rect
    }
    for (images, scrollX) in [(previous, Int32(0)), (current, new.scrollX)] {
      guard let images else { continue }
      if let main = images.main {
        add(
          main, x: layout.mainX(ofWidth: main.width, alignment: images.alignment, scrollX: scrollX),
          centreY: layout.mainCenterY)
      }
      for (text, centreY) in [
        (images.background, layout.backgroundCenterY), (images.sub, layout.subCenterY),
      ] {
        guard let text else { continue }
        add(
          text,
          x: images.alignment.x(
            ofWidth: text.width, inBandFrom: layout.padding, width: layout.textWidth),
          centreY: centreY)
      }
    }
    return area
  }

  /// The band a fill frame from `old` (the frame on the strip) to `new` copies from: the one
  /// kept when it serves, else one made now, when the line on the strip fills and nothing fades.
  /// Made here rather than when the strip was drawn whole, so the whole frame (the strip's
  /// entry, a new line) costs no more than it did without the band, and a strip whose fill does
  /// not move never makes one.
  func filledBand(from old: StripFrame, to new: StripFrame, on target: any SDLRenderTarget)
    -> FilledBand?
  {
    if let band = filledBand, band.serves(from: old, to: new, text: current?.main) { return band }
    filledBand = nil
    guard new.fillX > old.fillX, old.fadeStep == 16, new.fadeStep == 16, let current,
      current.fills,
      let main = current.main
    else { return nil }
    let margin = layout.shadowOffset(main.pixelSize) + main.outlineRadius + 2
    let rows = PixelRect(
      x: 0, y: layout.mainCenterY - main.height / 2 - margin, w: layout.width,
      h: main.height + 2 * margin)
    var filled = old
    filled.fillX = main.width
    let band = try? FilledBand(
      drawing: filled, of: main,
      area: rows.intersection(PixelRect(x: 0, y: 0, w: layout.width, h: layout.height)),
      fillOriginX: layout.mainX(
        ofWidth: main.width, alignment: current.alignment, scrollX: old.scrollX),
      on: target
    ) { filled, area in draw(filled, on: target, clip: area) }
    // The band was drawn over the strip's own pixels: put back the frame on screen there, so
    // what is not copied from the band stays as it was presented.
    if let band { draw(old, on: target, clip: band.area) }
    filledBand = band
    return band?.serves(from: old, to: new, text: current.main) == true ? band : nil
  }

  func draw(_ frame: StripFrame, on target: any SDLRenderTarget, clip: PixelRect? = nil) {
    let renderer = target.renderer
    activeClip = clip
    SDL.setClip(renderer, clip)
    SDL.setReplacingDrawColor(renderer, clearColour)
    // RenderClear ignores the clip; a filled rectangle honours it.
    SDL.fill(renderer, PixelRect(x: 0, y: 0, w: layout.width, h: layout.height))
    if !isTextOnly {
      if backgroundWanted { makeBackground(on: target) }
      background?.draw(on: renderer, x: 0, y: 0, color: RGBA(255, 255, 255))
    }
    // The new line is readable from the first frame of the fade (the `line` event is written
    // after that frame), and full within the fade; the old one fades out under it.
    let progress = Double(frame.fadeStep) / 16
    let fadeIn = 0.45 + 0.55 * progress
    if let previous, frame.fadeStep < 16 {
      drawLine(previous, fill: nil, scrollX: 0, alpha: 0.6 * (1 - progress), on: renderer)
    }
    if let current {
      drawLine(
        current, fill: current.fills ? frame.fillX : nil, backgroundFill: frame.backgroundFillX,
        scrollX: frame.scrollX, alpha: fadeIn,
        on: renderer)
    }
    if let notice {
      drawShadowed(
        notice.text, x: layout.padding, y: layout.padding / 2, color: settings.look.fillColour,
        alpha: 1, on: renderer)
    }
    if frame.showControls { drawControls(on: renderer) }
    if frame.isLocked { drawUnlockHandle(on: renderer) }
  }

  /// The faint padlock that unlocks a locked strip (the one part of it that takes clicks).
  private func drawUnlockHandle(on renderer: SDL.Renderer) {
    let rect = unlockHandlePixels
    SDL.setDrawColor(renderer, StripStyle.handleFill)
    SDL.fill(renderer, rect)
    ButtonIcon.draw(.padlock, in: rect, color: StripStyle.handleIcon, on: renderer)
  }

  /// The unlock handle in the strip's pixels (more than window coordinates on high DPI).
  var unlockHandlePixels: PixelRect {
    pixelScale.pixels(unlockHandle)
  }

  private func drawLine(
    _ images: LineImages, fill: Int32?, backgroundFill: Int32 = 0, scrollX: Int32, alpha: Double,
    on renderer: SDL.Renderer
  ) {
    if let main = images.main {
      let x = layout.mainX(ofWidth: main.width, alignment: images.alignment, scrollX: scrollX)
      let y = layout.mainCenterY - main.height / 2
      let textArea = mainTextArea
      SDL.setClip(renderer, activeClip.map(textArea.intersection) ?? textArea)
      let look = settings.look
      drawShadowed(
        main, x: x, y: y, color: images.fills ? look.textColour : StripStyle.subText,
        alpha: alpha, on: renderer)
      if let fill, fill > 0 {
        main.texture.draw(
          x: x, y: y, color: look.fillColour.faded(alpha), columns: 0..<fill)
      }
      SDL.setClip(renderer, activeClip)
    }
    if let background = images.background {
      drawBackgroundVocals(
        background, fill: fill == nil ? nil : backgroundFill, alignment: images.alignment,
        alpha: alpha, on: renderer)
    }
    if let sub = images.sub {
      let x = images.alignment.x(
        ofWidth: sub.width, inBandFrom: layout.padding, width: layout.textWidth)
      drawShadowed(
        sub, x: x, y: layout.subCenterY - sub.height / 2, color: StripStyle.subText, alpha: alpha,
        on: renderer)
    }
  }

  func drawShadowed(
    _ text: RenderedText, x: Int32, y: Int32, color: RGBA, alpha: Double,
    on renderer: SDL.Renderer
  ) {
    let offset = layout.shadowOffset(text.pixelSize)
    text.shadow?.draw(
      x: x + offset, y: y + offset, color: StripStyle.shadow.faded(alpha))
    let radius = text.outlineRadius
    text.outline?.draw(
      x: x - radius, y: y - radius, color: settings.look.outlineColour.faded(alpha))
    text.texture.draw(x: x, y: y, color: color.faded(alpha))
  }

  private func drawControls(on renderer: SDL.Renderer) {
    guard let buttons = visibleButtons() else { return }
    for (button, rect) in layout.controlRects(buttons) {
      SDL.setDrawColor(renderer, StripStyle.buttonFill)
      SDL.fill(renderer, rect)
      ButtonIcon.draw(
        icon(for: button), in: rect, color: StripStyle.buttonIcon, on: renderer)
    }
  }

  private func icon(for button: StripButton) -> ButtonIcon {
    switch button {
    case .close: .close
    case .restore: .restore
    case .skipForward: .skipForward
    case .skipBack: .skipBack
    case .playPause: loop.model.nowPlaying.isPlaying ? .pause : .play
    }
  }
}

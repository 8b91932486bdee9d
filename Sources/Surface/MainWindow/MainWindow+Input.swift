import Session

extension MainWindow {
  // MARK: - Input (dispatched by `LoopWindow.handle`)

  func keyPressed(_ key: WindowInput.Key) {
    if pickerKey(key) { return }
    if queueKeyPressed(key) { return }
    switch key {
    case .mediaPlayPause: onIntent?(.togglePlayPause)
    case .letter("n"), .mediaNext: onIntent?(.nextTrack)
    case .letter("b"), .mediaPrevious: onIntent?(.previousTrack)
    case .letter("p"): onIntent?(.showStrip)
    case .letter("l"): onIntent?(.toggleStripLock)
    case .letter("q"): toggleQueueView()
    case .letter("c"): onIntent?(.showCandidates)
    case .letter("s"): onIntent?(.saveLyricsBeside)
    case .up: scroll(by: -1)
    case .down: scroll(by: 1)
    default: break
    }
  }

  func leftButtonPressed(x: Int32, y: Int32, clicks: Int) {
    click(x: x * pixelScale(), y: y * pixelScale())
  }

  /// Over the volume control the wheel turns the volume (a notch away from the user: louder);
  /// with the picker open it moves the selection; elsewhere it moves the lyric list.
  func wheelScrolled(rows: Int, x: Int32, y: Int32) {
    let scale = pixelScale()
    if layout.volumeHitBand.contains(x: x * scale, y: y * scale) {
      onIntent?(.adjustVolume(percent: -rows * SurfaceIntent.volumeStep))
    } else if var open = picker {
      open.move(by: rows)
      picker = open
      extrasChanged()
    } else {
      if queueView != nil { moveQueueSelection(by: rows) } else { scroll(by: rows) }
    }
  }

  func windowChanged(_ change: WindowInput.WindowChange) {
    switch change {
    case .focusGained:
      hasFocus = true
      onEvent?(.mainFocusGained)
    case .focusLost:
      hasFocus = false
      onEvent?(.mainFocusLost)
    case .minimized, .restored, .shown, .hidden:
      lastFrame = nil
      minimizeStateChanged = true
    case .resized, .displayChanged:
      relayout()
    case .exposed:
      lastFrame = nil
    case .closeRequested:
      onIntent?(.quit)
    case .pointerEntered, .pointerLeft:
      break
    }
  }

  private func click(x: Int32, y: Int32) {
    func inside(_ rect: PixelRect) -> Bool { rect.contains(x: x, y: y) }
    for (button, rect) in layout.buttons() where inside(rect) {
      switch button {
      case .previous: onIntent?(.previousTrack)
      case .next: onIntent?(.nextTrack)
      case .playPause: onIntent?(.togglePlayPause)
      case .lockStrip: onIntent?(.toggleStripLock)
      case .toStrip: onIntent?(.showStrip)
      case .chooseLyrics: onIntent?(.showCandidates)
      case .saveBeside: onIntent?(.saveLyricsBeside)
      }
      return
    }
    if inside(layout.volumeHitBand) {
      let bar = layout.volumeBar
      let fraction = Double(min(max(0, x - bar.x), bar.w)) / Double(max(1, bar.w))
      onIntent?(.setVolume(percent: Int((fraction * 100).rounded())))
      return
    }
    if pickerClick(x: x, y: y) { return }
    let nowPlaying = loop.model.nowPlaying
    if inside(layout.progressHitBand), let duration = nowPlaying.durationMs {
      let bar = layout.progressBar
      let fraction = Double(min(max(0, x - bar.x), bar.w)) / Double(max(1, bar.w))
      onIntent?(.seekTo(ms: Int(fraction * Double(duration))))
      return
    }
    if queueView != nil { return queueClicked(atY: y) }
    let centred = lastFrame?.centredLine ?? -1
    if let index = lineIndex(atY: y, centredOn: centred), let line = loop.model.line(index) {
      // Lyric times include the live offset; the player seeks in audio time.
      onIntent?(.seekTo(ms: max(0, line.ms - nowPlaying.offsetMs)))
    }
  }

  /// Reports minimise and restore once the events at hand are handled, from the window's state
  /// then: while openbox iconifies a window SDL may report minimised, restored and minimised
  /// again within one batch, and the session must not see the strip flicker for that.
  func eventsHandled() {
    guard minimizeStateChanged, let window else { return }
    minimizeStateChanged = false
    let minimized = window.isMinimized
    guard minimized != isMinimized else { return }
    isMinimized = minimized
    if minimized {
      lastPresentedLine = nil
      loop.presentation.windowHidden(windowID)
    }
    onEvent?(minimized ? .mainMinimized : .mainRestored)
  }

  /// Moves the list by `rows` lines away from the current line, until the line changes.
  private func scroll(by rows: Int) {
    if scrollPlainText(by: rows) { return }
    guard let count = loop.model.lyrics?.lines.count, count > 0 else { return }
    let current = loop.model.position(atNanos: loop.clock.nowNanos).line
    let from = pinnedLine ?? current
    pinnedLine = min(count - 1, max(-1, from + rows))
    pinnedWhileOn = current
  }
}

import LyricsCore

extension MainWindow {
  func makeFrame(now: Int64) -> MainFrame {
    let model = loop.model
    let nowPlaying = model.nowPlaying
    let current = model.position(atNanos: now).line
    if pinnedLine != nil, pinnedWhileOn != current {
      pinnedLine = nil
      pinnedWhileOn = nil
    }
    let position = nowPlaying.position(atNanos: now)
    var progressX: Int32 = 0
    if let duration = nowPlaying.durationMs, duration > 0 {
      let done = Double(min(max(0, position), duration)) / Double(duration)
      progressX = Int32(done * Double(layout.progressBar.w))
    }
    let volume = min(1, max(0, nowPlaying.volume))
    return MainFrame(
      currentLine: current, centredLine: pinnedLine ?? current, positionSeconds: position / 1_000,
      progressX: progressX, isPlaying: nowPlaying.isPlaying, stripLocked: stripLocked,
      volumeX: Int32((volume * Double(layout.volumeBar.w)).rounded()),
      revision: model.revision, queueView: queueView, extrasRevision: extrasRevision,
      hasMessage: message.map { now < $0.untilNanos } ?? false,
      width: layout.width, height: layout.height)
  }

  func draw(_ frame: MainFrame, on window: SDLWindow) {
    let renderer = window.renderer
    SDL.setClip(renderer, nil)
    SDL.setDrawColor(renderer, MainStyle.background)
    SDL.clear(renderer)
    updateCoverTexture(on: window)
    drawHeader(on: window)
    drawSource(on: window, now: loop.clock.nowNanos)
    if let queue = frame.queueView {
      drawQueue(selection: queue.selection, on: window)
    } else {
      drawList(frame, on: window)
    }
    drawPicker(on: window)
    drawFooter(frame, on: window)
  }

  private func drawHeader(on window: SDLWindow) {
    let nowPlaying = loop.model.nowPlaying
    let lyrics = loop.model.lyrics
    let title = nowPlaying.title.isEmpty ? (lyrics?.title ?? "lyricpip") : nowPlaying.title
    let artist = nowPlaying.artist.isEmpty ? (lyrics?.artist ?? "") : nowPlaying.artist
    let x = drawCover(on: window)
    var y = layout.headerTextY
    if let text = bold.text(title, pixelSize: layout.titleSize, on: window) {
      text.texture.draw(x: x, y: y, color: MainStyle.title)
      y += text.height
    }
    if let text = regular.text(artist, pixelSize: layout.artistSize, on: window) {
      text.texture.draw(x: x, y: y, color: MainStyle.artist)
    }
  }

  /// The vertical centre of line `index` in the list for a frame centred on `centred`.
  func lineCentreY(_ index: Int, centredOn centred: Int) -> Int32 {
    let list = layout.list
    if centred < 0 {
      return list.y + layout.lineSpacing / 2 + Int32(index) * layout.lineSpacing
    }
    return list.y + list.h / 2 + Int32(index - centred) * layout.lineSpacing
  }

  /// The line under window-pixel row `y`, if any.
  func lineIndex(atY y: Int32, centredOn centred: Int) -> Int? {
    guard let lines = loop.model.lyrics?.lines, !lines.isEmpty else { return nil }
    let list = layout.list
    guard y >= list.y, y < list.y + list.h else { return nil }
    let origin = lineCentreY(0, centredOn: centred)
    let offset = Double(y - origin) / Double(layout.lineSpacing)
    let index = Int(offset.rounded())
    return lines.indices.contains(index) ? index : nil
  }

  private func drawList(_ frame: MainFrame, on window: SDLWindow) {
    let renderer = window.renderer
    let list = layout.list
    SDL.setClip(renderer, list)
    defer { SDL.setClip(renderer, nil) }
    guard let lines = loop.model.lyrics?.lines, !lines.isEmpty else {
      drawWithoutLines(on: window)
      return
    }
    let visibleRows = Int(list.h / layout.lineSpacing) / 2 + 2
    let centre = max(0, frame.centredLine)
    let first = max(0, (frame.centredLine < 0 ? 0 : centre - visibleRows))
    let last = min(
      lines.count - 1, (frame.centredLine < 0 ? 2 * visibleRows : centre + visibleRows))
    guard first <= last else { return }
    let duets = DuetAlignment(lyrics: loop.model.lyrics)
    for index in first...last {
      let y = lineCentreY(index, centredOn: frame.centredLine)
      let isCurrent = index == frame.currentLine
      if isCurrent {
        SDL.setDrawColor(renderer, MainStyle.currentBand)
        SDL.fill(
          renderer,
          PixelRect(x: list.x, y: y - layout.lineSpacing / 2, w: list.w, h: layout.lineSpacing))
      }
      let cache = isCurrent ? bold : regular
      let size = isCurrent ? layout.currentLineSize : layout.lineSize
      // Rows cut by the list's edges are left out rather than shown in halves.
      let half = layout.lineSpacing / 2
      guard y - half >= list.y, y + half <= list.y + list.h,
        let text = cache.text(lines[index].text, pixelSize: size, fitting: list.w, on: window)
      else { continue }
      let alignment = duets.alignment(of: lines[index])
      // With note rows the line moves up and its notes go below it, the row centred as a whole.
      let lineY = y - Int32(layout.annotationRows) * layout.annotationStep / 2
      text.texture.draw(
        x: alignment.x(ofWidth: text.width, inBandFrom: list.x, width: list.w),
        y: lineY - text.height / 2,
        color: isCurrent ? MainStyle.currentLine : MainStyle.line)
      drawAnnotations(
        of: lines[index], below: lineY + layout.lineSize * 19 / 20, alignment: alignment,
        on: window)
    }
  }

  private func drawFooter(_ frame: MainFrame, on window: SDLWindow) {
    let renderer = window.renderer
    let bar = layout.progressBar
    Self.drawBar(bar, filledTo: frame.progressX, in: MainStyle.barDone, on: renderer)
    let elapsed = Self.clock(frame.positionSeconds)
    let total = loop.model.nowPlaying.durationMs.map { Self.clock($0 / 1_000) } ?? "--:--"
    if let text = regular.text(elapsed, pixelSize: layout.timeSize, on: window) {
      text.texture.draw(
        x: bar.x - text.width - layout.timeSize / 2,
        y: bar.y + bar.h / 2 - text.height / 2,
        color: MainStyle.time)
    }
    if let text = regular.text(total, pixelSize: layout.timeSize, on: window) {
      text.texture.draw(
        x: bar.x + bar.w + layout.timeSize / 2,
        y: bar.y + bar.h / 2 - text.height / 2,
        color: MainStyle.time)
    }
    drawVolume(frame, on: window)
    for (button, rect) in layout.buttons() {
      SDL.setDrawColor(renderer, MainStyle.button)
      SDL.fill(renderer, rect)
      let icon: ButtonIcon? =
        switch button {
        case .previous: .previous
        case .next: .next
        case .playPause: frame.isPlaying ? .pause : .play
        case .lockStrip: frame.stripLocked ? .padlock : .openPadlock
        case .toStrip: .toStrip
        case .chooseLyrics, .saveBeside: nil
        }
      if let icon {
        ButtonIcon.draw(icon, in: rect, color: MainStyle.icon, on: renderer)
      } else {
        drawLabel(of: button, in: rect, on: window)
      }
    }
  }

  /// A bar of the track colour, filled from its left edge `filled` pixels wide in `colour`.
  private static func drawBar(
    _ bar: PixelRect, filledTo filled: Int32, in colour: RGBA, on renderer: SDL.Renderer
  ) {
    SDL.setDrawColor(renderer, MainStyle.barTrack)
    SDL.fill(renderer, bar)
    SDL.setDrawColor(renderer, colour)
    SDL.fill(renderer, PixelRect(x: bar.x, y: bar.y, w: filled, h: bar.h))
  }

  /// The volume control: a bar filled as far as the volume, and the volume in percent after it.
  private func drawVolume(_ frame: MainFrame, on window: SDLWindow) {
    let renderer = window.renderer
    let bar = layout.volumeBar
    Self.drawBar(bar, filledTo: frame.volumeX, in: MainStyle.volume, on: renderer)
    let percent = Int((Double(frame.volumeX) * 100 / Double(max(1, bar.w))).rounded())
    if let text = regular.text("\(percent)%", pixelSize: layout.timeSize, on: window) {
      text.texture.draw(
        x: bar.x + bar.w + layout.timeSize / 2,
        y: bar.y + bar.h / 2 - text.height / 2, color: MainStyle.time)
    }
  }

  /// m:ss
  nonisolated static func clock(_ seconds: Int) -> String {
    let clamped = max(0, seconds)
    let secondsPart = clamped % 60
    return "\(clamped / 60):\(secondsPart < 10 ? "0" : "")\(secondsPart)"
  }
}

extension MainWindow {
  /// The vertical centre of line `index` as last drawn, in window coordinates (tests point at a
  /// line with it).
  func lineCentreInWindow(_ index: Int) -> Int32 {
    lineCentreY(index, centredOn: lastFrame?.centredLine ?? -1) / pixelScale()
  }
}

/// The main window's second view: the queue (title, artist, duration; the current track marked)
/// in place of the lyrics list. Q switches between them; in the queue ↑/↓ and the wheel move
/// the selection, Enter or a click plays a track.
extension MainWindow {
  /// Q: the queue in place of the lyrics, or back. The selection starts on the current track.
  func toggleQueueView() {
    queueView = queueView == nil ? MainQueueState(selection: loop.model.queueCurrent ?? 0) : nil
    lastFrame = nil
  }

  /// A key for the queue view; false when it is not one (or the lyrics are shown).
  func queueKeyPressed(_ key: WindowInput.Key) -> Bool {
    guard queueView != nil else { return false }
    switch key {
    case .up: moveQueueSelection(by: -1)
    case .down: moveQueueSelection(by: 1)
    case .enter: queueView.map { onIntent?(.playQueueItem(index: $0.selection)) }
    default: return false
    }
    return true
  }

  func moveQueueSelection(by rows: Int) {
    guard var state = queueView, !loop.model.queue.isEmpty else { return }
    state.selection = min(loop.model.queue.count - 1, max(0, state.selection + rows))
    queueView = state
  }

  /// A click in the list while the queue shows: plays the track under it.
  func queueClicked(atY y: Int32) {
    guard let state = queueView, let index = queueRow(atY: y, selection: state.selection) else {
      return
    }
    queueView?.selection = index
    onIntent?(.playQueueItem(index: index))
  }

  /// The first row drawn, so that the selection stays in view.
  private func firstQueueRow(selection: Int) -> Int {
    let visible = max(1, Int(layout.list.h / layout.lineSpacing))
    return max(0, min(selection - visible / 2, loop.model.queue.count - visible))
  }

  private func queueRow(atY y: Int32, selection: Int) -> Int? {
    let list = layout.list
    guard y >= list.y, y < list.y + list.h else { return nil }
    let index = firstQueueRow(selection: selection) + Int((y - list.y) / layout.lineSpacing)
    return loop.model.queue.indices.contains(index) ? index : nil
  }

  func drawQueue(selection: Int, on window: SDLWindow) {
    let renderer = window.renderer
    let list = layout.list
    SDL.setClip(renderer, list)
    defer { SDL.setClip(renderer, nil) }
    let rows = loop.model.queue
    let first = firstQueueRow(selection: selection)
    let visible = Int(list.h / layout.lineSpacing)
    guard first < rows.count else { return }
    for index in first..<min(rows.count, first + visible) {
      let top = list.y + Int32(index - first) * layout.lineSpacing
      let band = PixelRect(x: list.x, y: top, w: list.w, h: layout.lineSpacing)
      let isCurrent = index == loop.model.queueCurrent
      if isCurrent {
        SDL.setDrawColor(renderer, MainStyle.currentBand)
        SDL.fill(renderer, band)
      }
      if index == selection {
        SDL.setDrawColor(renderer, MainStyle.barDone)
        SDL.fill(renderer, PixelRect(x: list.x, y: top, w: max(3, layout.margin / 4), h: band.h))
      }
      let row = rows[index]
      let color = isCurrent ? MainStyle.currentLine : MainStyle.line
      let duration = row.durationMs.map { Self.clock($0 / 1_000) } ?? ""
      var right = list.x + list.w
      if let text = regular.text(duration, pixelSize: layout.lineSize, on: window) {
        right -= text.width
        text.texture.draw(
          x: right, y: top + (band.h - text.height) / 2, color: MainStyle.time)
      }
      let name = row.artist.isEmpty ? row.title : "\(row.title) — \(row.artist)"
      let left = list.x + layout.margin / 2 + max(3, layout.margin / 4)
      let cache = isCurrent ? bold : regular
      if let text = cache.text(
        "\(index + 1). \(name)", pixelSize: layout.lineSize,
        fitting: max(1, right - left - layout.margin), on: window)
      {
        text.texture.draw(x: left, y: top + (band.h - text.height) / 2, color: color)
      }
    }
  }
}

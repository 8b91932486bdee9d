extension MainWindow {
  // MARK: - The candidate picker

  /// Opens the picker with `choices`, or shows the new ones in it (the search answered).
  public func showChoices(_ choices: LyricsChoices) {
    let selected = picker?.selected ?? 0
    var updated = MainCandidatePicker(choices: choices, selected: selected)
    updated.move(by: 0)
    picker = updated
    extrasChanged()
  }

  public func closeChoices() {
    guard picker != nil else { return }
    picker = nil
    extrasChanged()
  }

  public var isShowingChoices: Bool { picker != nil }

  /// Keys while the picker is open; false for a key it leaves to the window.
  func pickerKey(_ key: WindowInput.Key) -> Bool {
    guard var open = picker else { return false }
    switch key {
    case .up: open.move(by: -1)
    case .down: open.move(by: 1)
    case .enter:
      if let intent = open.intent(forRow: open.selected) {
        closeChoices()
        onIntent?(intent)
      }
      return true
    case .escape, .letter("c"):
      closeChoices()
      return true
    default: return false
    }
    picker = open
    extrasChanged()
    return true
  }

  /// A click while the picker is open: a row chooses it, anywhere else in the list closes.
  func pickerClick(x: Int32, y: Int32) -> Bool {
    guard let open = picker, layout.list.contains(x: x, y: y) else { return false }
    let geometry = pickerGeometry(open)
    let row = Int((y - geometry.firstRowY) / max(1, layout.lineSpacing))
    if y >= geometry.firstRowY, row < geometry.visible,
      let intent = open.intent(forRow: geometry.first + row)
    {
      closeChoices()
      onIntent?(intent)
    } else if y >= geometry.firstRowY {
      closeChoices()
    }
    return true
  }

  private func pickerGeometry(_ open: MainCandidatePicker) -> (
    firstRowY: Int32, visible: Int, first: Int
  ) {
    let list = layout.list
    let firstRowY = list.y + layout.lineSpacing
    let visible = max(1, Int((list.h - layout.lineSpacing) / max(1, layout.lineSpacing)))
    return (firstRowY, visible, open.firstVisibleRow(fitting: visible))
  }

  /// The y of row `index` (of all rows) in window coordinates, for tests; nil when not shown.
  func pickerRowCentreInWindow(_ index: Int) -> Int32? {
    guard let open = picker else { return nil }
    let geometry = pickerGeometry(open)
    let row = index - geometry.first
    guard row >= 0, row < geometry.visible else { return nil }
    return (geometry.firstRowY + Int32(row) * layout.lineSpacing + layout.lineSpacing / 2)
      / pixelScale()
  }

  func drawPicker(on window: SDLWindow) {
    guard let open = picker else { return }
    let renderer = window.renderer
    let list = layout.list
    SDL.setClip(renderer, list)
    defer { SDL.setClip(renderer, nil) }
    SDL.setDrawColor(renderer, MainStyle.background)
    SDL.fill(renderer, list)
    if let heading = bold.text(
      open.heading, pixelSize: layout.lineSize, fitting: list.w, on: window)
    {
      heading.texture.draw(
        x: list.x, y: list.y + layout.lineSpacing / 2 - heading.height / 2,
        color: MainStyle.title)
    }
    let geometry = pickerGeometry(open)
    let rows = open.rowTexts
    let shown = geometry.first..<min(rows.count, geometry.first + geometry.visible)
    let providers = pickerProviderColumn(open, rows: shown, on: window)
    for (offset, index) in shown.enumerated() {
      let top = geometry.firstRowY + Int32(offset) * layout.lineSpacing
      let middle = top + layout.lineSpacing / 2
      let isSelected = index == open.selected
      if isSelected {
        SDL.setDrawColor(renderer, MainStyle.currentBand)
        SDL.fill(renderer, PixelRect(x: list.x, y: top, w: list.w, h: layout.lineSpacing))
      }
      if let provider = providers.labels[index] {
        provider.texture.draw(
          x: list.x + list.w - layout.margin / 2 - provider.width,
          y: middle - provider.height / 2, color: MainStyle.annotation)
      }
      let textWidth = max(1, list.w - layout.margin - providers.width)
      guard
        let text = regular.text(
          rows[index], pixelSize: layout.lineSize, fitting: textWidth, on: window)
      else { continue }
      // What does not fit even made smaller is cut at the column, not drawn under the label.
      SDL.setClip(
        renderer,
        PixelRect(
          x: list.x, y: top, w: layout.margin / 2 + textWidth,
          h: max(0, min(layout.lineSpacing, list.y + list.h - top))))
      text.texture.draw(
        x: list.x + layout.margin / 2, y: middle - text.height / 2,
        color: isSelected ? MainStyle.currentLine : MainStyle.line)
      SDL.setClip(renderer, list)
    }
  }

  /// The providers of the rows shown, drawn small at the right of each row, and the width their
  /// column takes from the rows' text (the widest label and a gap; 0 when no row has one), so a
  /// long title is made smaller or cut before it reaches the column rather than under it.
  private func pickerProviderColumn(
    _ open: MainCandidatePicker, rows: Range<Int>, on window: SDLWindow
  ) -> (labels: [Int: RenderedText], width: Int32) {
    let names = open.rowProviders
    var labels: [Int: RenderedText] = [:]
    for index in rows where names.indices.contains(index) {
      guard let name = names[index], !name.isEmpty,
        let label = regular.text(name, pixelSize: layout.annotationSize, on: window)
      else { continue }
      labels[index] = label
    }
    let widest = labels.values.map(\.width).max() ?? 0
    return (labels, widest > 0 ? widest + layout.margin / 2 : 0)
  }
}

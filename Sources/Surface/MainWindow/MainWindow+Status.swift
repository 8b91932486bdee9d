extension MainWindow {
  // MARK: - Where the lyrics came from, and the list without timed lines

  /// How long a message of the window ("saved …", "exists already") stays in the header.
  static let messageNanos: Int64 = 6_000_000_000

  /// Shows `text` at the right of the header for a few seconds, in place of the source.
  public func showMessage(_ text: String) {
    message = (text, loop.clock.nowNanos + Self.messageNanos)
    extrasChanged()
  }

  /// Something not in `SurfaceModel` changed what the window shows (the picker, a message, the
  /// scrolled text): the next frame differs.
  func extrasChanged() {
    extrasRevision += 1
    lastFrame = nil
  }

  /// The message's end, while one is up (a deadline of the loop).
  func messageDeadline(now: Int64) -> Int64? {
    guard let message else { return nil }
    return message.untilNanos > now ? message.untilNanos : nil
  }

  /// "Lyrics: LRCLIB", small at the right of the artist's row; a message in its place while it
  /// lasts.
  func drawSource(on window: SDLWindow, now: Int64) {
    if let current = message, now >= current.untilNanos { message = nil }
    let text: String
    if let message {
      text = message.text
    } else if let source = loop.model.status.source {
      text = "Lyrics: \(source)"
    } else {
      return
    }
    guard
      let rendered = regular.text(
        text, pixelSize: layout.timeSize, fitting: layout.width / 2, on: window)
    else { return }
    let y = layout.margin + layout.titleSize * 14 / 10
    rendered.texture.draw(
      x: layout.width - layout.margin - rendered.width, y: y,
      color: message == nil ? MainStyle.annotation : MainStyle.currentLine)
  }

  /// The list when there are no timed lines: untimed text (scrollable), or the one line that
  /// says why there is nothing ("looking up lyrics…", "instrumental", "no lyrics found", …).
  func drawWithoutLines(on window: SDLWindow) {
    let list = layout.list
    let status = loop.model.status
    if let plain = status.plainText {
      let lines = Self.plainLines(plain)
      let first = min(plainScroll, max(0, lines.count - 1))
      var y = list.y
      for line in lines[first...] {
        guard y + layout.lineSpacing <= list.y + list.h else { break }
        if let text = regular.text(line, pixelSize: layout.lineSize, fitting: list.w, on: window) {
          text.texture.draw(
            x: (layout.width - text.width) / 2,
            y: y + layout.lineSpacing / 2 - text.height / 2, color: MainStyle.title)
        }
        y += layout.lineSpacing
      }
      return
    }
    let message = status.message ?? "No lyrics for this track"
    if let text = regular.text(message, pixelSize: layout.lineSize, fitting: list.w, on: window) {
      text.texture.draw(
        x: (layout.width - text.width) / 2,
        y: list.y + list.h / 2 - text.height / 2, color: MainStyle.line)
    }
  }

  /// Untimed text as rows: one per line, blank lines kept (they part the verses).
  static func plainLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.trimmingTrailingCarriageReturn)
    }
  }

  /// Scrolls untimed text by `rows`; false when there is none to scroll.
  func scrollPlainText(by rows: Int) -> Bool {
    guard let plain = loop.model.status.plainText, loop.model.lyrics?.lines.isEmpty ?? true
    else { return false }
    let count = Self.plainLines(plain).count
    plainScroll = min(max(0, count - 1), max(0, plainScroll + rows))
    extrasChanged()
    return true
  }
}

extension Substring {
  fileprivate var trimmingTrailingCarriageReturn: Substring {
    last == "\r" ? dropLast() : self
  }
}

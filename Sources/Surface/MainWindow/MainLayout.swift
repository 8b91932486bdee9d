/// Where things go in the main window of a given pixel size.
struct MainLayout: Equatable {
  var width: Int32
  var height: Int32
  /// Note rows (romanisation, translation) under each lyric line; see `MainLineAnnotations`.
  var annotationRows = 0
  /// Whether the header shows the track's cover at its left (see `MainWindow+Cover.swift`).
  var showsCover = false

  var margin: Int32 { max(12, width / 40) }
  var titleSize: Int32 { max(16, min(34, height / 20)) }
  var artistSize: Int32 { max(12, titleSize * 70 / 100) }
  var lineSize: Int32 { max(13, min(28, height / 30)) }
  var currentLineSize: Int32 { lineSize * 125 / 100 }
  var lineSpacing: Int32 { lineSize * 19 / 10 + Int32(annotationRows) * annotationStep }
  var timeSize: Int32 { max(11, lineSize * 80 / 100) }

  var headerHeight: Int32 {
    margin + (showsCover ? max(headerTextHeight, coverSide) : headerTextHeight) + margin / 2
  }
  /// The title and the artist, one under the other.
  var headerTextHeight: Int32 { titleSize * 14 / 10 + artistSize * 14 / 10 }
  /// The title's top: beside a cover the two lines are centred on it.
  var headerTextY: Int32 {
    margin + (showsCover ? max(0, (coverSide - headerTextHeight) / 2) : 0)
  }
  var buttonSide: Int32 { max(32, min(56, height / 12)) }
  var footerHeight: Int32 { buttonSide + timeSize * 3 + margin * 2 }

  /// The lyric list between the header and the footer.
  var list: PixelRect {
    PixelRect(
      x: margin, y: headerHeight, w: width - 2 * margin,
      h: max(lineSpacing, height - headerHeight - footerHeight))
  }

  /// The progress bar (its clickable band is taller than the drawn bar).
  var progressBar: PixelRect {
    let y = height - footerHeight + margin / 2 + timeSize
    let timeWidth = timeSize * 4
    return PixelRect(
      x: margin + timeWidth, y: y, w: max(10, width - 2 * margin - 2 * timeWidth),
      h: max(4, timeSize / 3))
  }

  var progressHitBand: PixelRect {
    let bar = progressBar
    return PixelRect(x: bar.x, y: bar.y - timeSize, w: bar.w, h: bar.h + 2 * timeSize)
  }

  /// The volume control at the left of the transport buttons (its clickable band is as tall as
  /// the buttons; its percentage is drawn after it).
  var volumeBar: PixelRect {
    let side = buttonSide
    let room = (width - 3 * side - 2 * (side / 3)) / 2 - margin - timeSize * 3
    return PixelRect(
      x: margin, y: height - margin - side / 2 - progressBar.h / 2, w: max(10, min(side * 2, room)),
      h: progressBar.h)
  }

  var volumeHitBand: PixelRect {
    let bar = volumeBar
    return PixelRect(x: bar.x, y: height - margin - buttonSide, w: bar.w, h: buttonSide)
  }

  /// The transport buttons centred at the bottom; the strip's lock and "to the strip" buttons at
  /// the right.
  func buttons() -> [(MainButton, PixelRect)] {
    let side = buttonSide
    let gap = side / 3
    let y = height - margin - side
    let row: [MainButton] = [.previous, .playPause, .next]
    let rowWidth = Int32(row.count) * side + Int32(row.count - 1) * gap
    var x = (width - rowWidth) / 2
    var placed: [(MainButton, PixelRect)] = []
    for button in row {
      placed.append((button, PixelRect(x: x, y: y, w: side, h: side)))
      x += side + gap
    }
    placed.append(
      (.lockStrip, PixelRect(x: width - margin - 2 * side - gap, y: y, w: side, h: side)))
    placed.append((.toStrip, PixelRect(x: width - margin - side, y: y, w: side, h: side)))
    // The lyrics' own buttons in the header's top right corner, above where the source is
    // written (the footer's left holds the volume).
    let labelHeight = max(22, titleSize * 11 / 10)
    let labelWidth = labelHeight * 3
    let save = PixelRect(x: width - margin - labelWidth, y: margin, w: labelWidth, h: labelHeight)
    let choose = PixelRect(
      x: save.x - gap - labelWidth, y: margin, w: labelWidth, h: labelHeight)
    placed.append((.chooseLyrics, choose))
    placed.append((.saveBeside, save))
    return placed
  }
}

/// A button of the main window.
enum MainButton: Equatable {
  case previous
  case playPause
  case next
  case lockStrip
  case toStrip
  /// "Lyrics…": the candidate picker.
  case chooseLyrics
  /// "Save .lrc": the shown lyrics beside the audio file.
  case saveBeside
}

/// TTML's time expressions, as Apple's lyrics use them: clock times `HH:MM:SS.fff`,
/// `MM:SS.fff` and bare seconds `SS.fff`, and offset times with a unit, `12.3s`, `500ms`,
/// `1.5m`, `1h`; and, by the document's `TTMLTimeBase`, frames and ticks: `HH:MM:SS:FF`
/// (`HH:MM:SS:FF.sub` with sub-frames), `12f`, `300t`. Kept to the millisecond (a longer
/// fraction is rounded).
enum TTMLTime {
  /// Works on the UTF-8 bytes (every time of a file goes through here; `Character`'s Unicode
  /// properties cost more than the rest of the parse).
  static func parse(_ text: String, base: TTMLTimeBase = .standard) -> Int? {
    var bytes = Array(text.utf8)[...]
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    let units: [(suffix: [UInt8], scale: Int)] = [
      (Array("ms".utf8), 1), (Array("s".utf8), 1000), (Array("m".utf8), 60_000),
      (Array("h".utf8), 3_600_000),
    ]
    for unit in units
    where bytes.count > unit.suffix.count
      && bytes.suffix(unit.suffix.count).elementsEqual(unit.suffix)
    {
      guard let thousandths = decimal(bytes.dropLast(unit.suffix.count)) else { return nil }
      // value × scale, with the value in thousandths, rounded half up; absurd values are not
      // times (and must not overflow).
      let (product, overflow) = thousandths.multipliedReportingOverflow(by: unit.scale)
      guard !overflow, product <= Int.max - 500 else { return nil }
      return (product + 500) / 1000
    }
    if bytes.count > 1, let unit = bytes.last,
      unit == UInt8(ascii: "f") || unit == UInt8(ascii: "t")
    {
      guard let thousandths = decimal(bytes.dropLast()) else { return nil }
      // Frames: thousandths × denominator / numerator; ticks: thousandths / tick rate.
      let (top, overflow) = thousandths.multipliedReportingOverflow(
        by: unit == UInt8(ascii: "f") ? base.framesDenominator : 1)
      let bottom = unit == UInt8(ascii: "f") ? base.framesNumerator : base.tickRate
      guard !overflow, top <= Int.max - bottom else { return nil }
      return (top + bottom / 2) / bottom
    }
    var fields = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    // `HH:MM:SS:FF[.sub]`: the frames, then the clock as usual.
    var frameMs = 0
    let hasFrames = fields.count == 4
    if hasFrames, let frames = fields.popLast() {
      let parts = frames.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
      guard parts.count <= 2, let count = whole(parts[0]),
        let subFrames = parts.count == 2 ? whole(parts[1]) : 0,
        let ms = base.ms(frames: count, subFrames: subFrames)
      else { return nil }
      frameMs = ms
    }
    guard (1...3).contains(fields.count), let last = fields.last, var seconds = decimal(last)
    else { return nil }
    if hasFrames {
      // A frame time's seconds are whole.
      guard !last.contains(UInt8(ascii: ".")) else { return nil }
      seconds += frameMs
    }
    var minutes = 0
    for field in fields.dropLast() {
      guard let value = whole(field) else { return nil }
      minutes = minutes * 60 + value
    }
    if fields.count > 1, seconds - frameMs >= 60_000 { return nil }
    return minutes * 60_000 + seconds
  }

  /// Up to 6 digits, nothing else.
  static func whole(_ text: ArraySlice<UInt8>) -> Int? {
    guard !text.isEmpty, text.count <= 6 else { return nil }
    var value = 0
    for byte in text {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  /// `12`, `12.345`: digits with at most one point, nothing else; in thousandths (a longer
  /// fraction rounded half up).
  static func decimal(_ text: ArraySlice<UInt8>) -> Int? {
    guard !text.isEmpty, text.count <= 12, text.first != UInt8(ascii: "."),
      text.last != UInt8(ascii: ".")
    else { return nil }
    var whole = 0
    var fraction = 0
    var fractionDigits = 0
    var roundUp = false
    var sawPoint = false
    for byte in text {
      if byte == UInt8(ascii: ".") {
        guard !sawPoint else { return nil }
        sawPoint = true
        continue
      }
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      let digit = Int(byte - 0x30)
      if !sawPoint {
        whole = whole * 10 + digit
      } else if fractionDigits < 3 {
        fraction = fraction * 10 + digit
        fractionDigits += 1
      } else if fractionDigits == 3 {
        roundUp = digit >= 5
        fractionDigits += 1
      }
    }
    while fractionDigits < 3 {
      fraction *= 10
      fractionDigits += 1
    }
    return whole * 1000 + fraction + (roundUp ? 1 : 0)
  }

  /// `m:ss.fff`, or `h:mm:ss.fff` from an hour on; negative times are written as 0.
  static func string(_ ms: Int) -> String {
    let ms = max(0, ms)
    let hours = ms / 3_600_000
    let minutes = ms / 60_000 % 60
    let seconds = ms / 1000 % 60
    let fraction = ms % 1000
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let tail = "\(pad(seconds, 2)).\(pad(fraction, 3))"
    return hours > 0 ? "\(hours):\(pad(minutes, 2)):\(tail)" : "\(minutes):\(tail)"
  }
}

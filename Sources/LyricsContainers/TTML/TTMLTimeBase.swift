/// The document's frame and tick rates (`ttp:frameRate`, `ttp:frameRateMultiplier`,
/// `ttp:subFrameRate`, `ttp:tickRate` on `<tt>`), which frame times (`01:02:03:12`, `12f`) and
/// tick times (`300t`) need. Defaults as TTML says: 30 frames a second, one sub-frame a frame,
/// and, without a tick rate, one tick a sub-frame when a frame rate is given, else one a second.
struct TTMLTimeBase: Equatable, Sendable {
  /// Frames a second as a fraction (frame rate × multiplier, e.g. 30 × 1000/1001).
  var framesNumerator = 30
  var framesDenominator = 1
  var subFrameRate = 1
  var tickRate = 1

  static let standard = TTMLTimeBase()

  init() {}

  /// From the root's attributes (by local name); a malformed value keeps its default.
  init(_ root: XMLElement) {
    let frameRate = root["frameRate"].flatMap { Self.positive($0) }
    if let frameRate { framesNumerator = frameRate }
    if let multiplier = root["frameRateMultiplier"] {
      let parts = multiplier.split(separator: " ", omittingEmptySubsequences: true)
      if parts.count == 2, let top = Self.positive(parts[0]), let bottom = Self.positive(parts[1]) {
        framesNumerator *= top
        framesDenominator = bottom
      }
    }
    subFrameRate = root["subFrameRate"].flatMap { Self.positive($0) } ?? 1
    // Tick rates run to ten million a second (a common 100 ns tick); ticks only divide.
    if let ticks = root["tickRate"].flatMap({ Self.positive($0, limit: 1_000_000_000) }) {
      tickRate = ticks
    } else if let frameRate {
      tickRate = frameRate * subFrameRate
    }
  }

  /// A positive whole number small enough that the time arithmetic cannot overflow.
  static func positive(_ text: some StringProtocol, limit: Int = 1_000_000) -> Int? {
    guard let value = Int(TTMLText.trimmed(String(text))), value > 0, value <= limit else {
      return nil
    }
    return value
  }

  /// `frames` (plus `subFrames`) in milliseconds, rounded half up.
  func ms(frames: Int, subFrames: Int = 0) -> Int? {
    // ms = (frames + subFrames / subFrameRate) × 1000 × denominator / numerator
    let top = (frames * subFrameRate + subFrames).multipliedReportingOverflow(
      by: 1000 * framesDenominator)
    guard !top.overflow, top.partialValue >= 0 else { return nil }
    let bottom = framesNumerator * subFrameRate
    return (top.partialValue + bottom / 2) / bottom
  }

  /// `ticks` in milliseconds, rounded half up.
  func ms(ticks: Int) -> Int? {
    let top = ticks.multipliedReportingOverflow(by: 1000)
    guard !top.overflow, top.partialValue >= 0 else { return nil }
    return (top.partialValue + tickRate / 2) / tickRate
  }
}

/// A track's loudness tags, as FFmpeg reads them (keys lowercased): `REPLAYGAIN_TRACK_GAIN`,
/// `REPLAYGAIN_TRACK_PEAK`, `REPLAYGAIN_ALBUM_GAIN`, `REPLAYGAIN_ALBUM_PEAK` (Vorbis comments,
/// FLAC, APE, and ID3v2 `TXXX` frames with those descriptions), else Opus's `R128_TRACK_GAIN` and
/// `R128_ALBUM_GAIN`.
public struct ReplayGain: Equatable, Sendable {
  /// Decibels to add to reach the ReplayGain reference loudness.
  public var trackGain: Double?
  /// The track's highest sample, 1 being full scale.
  public var trackPeak: Double?
  public var albumGain: Double?
  public var albumPeak: Double?

  public init(
    trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil,
    albumPeak: Double? = nil
  ) {
    self.trackGain = trackGain
    self.trackPeak = trackPeak
    self.albumGain = albumGain
    self.albumPeak = albumPeak
  }

  /// The gains in `tags`; nil when there are none. A value that is not a number is ignored.
  public init?(tags: [String: String]) {
    trackGain = tags["replaygain_track_gain"].flatMap(Self.decibels)
    trackPeak = tags["replaygain_track_peak"].flatMap(Self.number)
    albumGain = tags["replaygain_album_gain"].flatMap(Self.decibels)
    albumPeak = tags["replaygain_album_peak"].flatMap(Self.number)
    // R128 gains are Q7.8 fixed point (1/256 dB) towards −23 LUFS; ReplayGain aims 5 dB louder.
    // The Opus header's own output gain is applied by the decoder already.
    if trackGain == nil { trackGain = tags["r128_track_gain"].flatMap(Self.r128) }
    if albumGain == nil { albumGain = tags["r128_album_gain"].flatMap(Self.r128) }
    if trackGain == nil && albumGain == nil { return nil }
  }

  /// "-6.00 dB", "+1.5dB", "-6": the number, without its unit.
  static func decibels(_ text: String) -> Double? {
    var value = text.trimmingSpaces
    if value.lowercased().hasSuffix("db") { value = value.dropLast(2) }
    return number(String(value))
  }

  static func number(_ text: String) -> Double? {
    guard let value = Double(text.trimmingSpaces), value.isFinite else { return nil }
    return value
  }

  static func r128(_ text: String) -> Double? {
    guard let value = Int(text.trimmingSpaces), (-32768...32767).contains(value) else { return nil }
    return Double(value) / 256 + 5
  }
}

extension String {
  fileprivate var trimmingSpaces: Substring {
    var value = Substring(self).drop { $0 == " " }
    while value.last == " " { value = value.dropLast() }
    return value
  }
}

/// The properties of `org.lyricpip.Lyrics1` on `/org/mpris/MediaPlayer2`: the line on display
/// (`Line`, see `LyricsBusLine`), the live offset (`OffsetMs`, `x`, positive: lyrics sooner) and
/// whether the strip is locked (`Locked`, `b`). PropertiesChanged follows every line change.
enum LyricsProperties {
  static let interface = "org.lyricpip.Lyrics1"

  static func all(line: LyricsBusLine, offsetMs: Int, locked: Bool) -> [DBusValue.Entry] {
    [
      .init(key: "Line", value: line.value),
      .init(key: "OffsetMs", value: .int64(Int64(offsetMs))),
      .init(key: "Locked", value: .bool(locked)),
    ]
  }
}

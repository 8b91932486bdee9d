import LyricsCore

/// The format names the commands take, for their messages.
enum LyricsFormatNames {
  static let all = LyricsFormat.allCases.map(\.rawValue).joined(separator: ", ")
  static let writable = LyricsFormat.writable.map(\.rawValue).joined(separator: ", ")
  static let unknown = "not a format lyricpip knows (\(all))"
}

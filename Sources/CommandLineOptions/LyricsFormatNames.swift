import LyricsCore

/// The format names the commands take, for their messages.
package enum LyricsFormatNames {
  package static let all = LyricsFormat.allCases.map(\.rawValue).joined(separator: ", ")
  package static let writable = LyricsFormat.writable.map(\.rawValue).joined(separator: ", ")
  package static let unknown = "not a format lyricpip knows (\(all))"
}

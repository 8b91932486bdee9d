/// The kinds of place lyrics come from, in the lookup's order: a `LyricsLocator` asks its
/// sources in the order of their kinds, and the names people see (in `fetch`, the windows, the
/// `lyrics-status` event) are written here and nowhere else.
public enum LyricsSourceKind: Hashable, Sendable {
  /// The file `--lyrics` named (`play`'s first track): no lookup at all.
  case givenFile
  /// A lyrics file with the audio file's base name beside it.
  case besideAudio
  /// The audio file's own tags.
  case embedded
  /// One of the lyrics folders.
  case folder(LyricsFolder)

  /// The lyrics folders, in the lookup's order.
  public enum LyricsFolder: Hashable, Sendable {
    /// `~/.lyrics`.
    case home
    /// `$XDG_DATA_HOME/lyricpip/lyrics` (default `~/.local/share/lyricpip/lyrics`), named by
    /// its path.
    case data(path: String)
    /// The program's own `Lyrics/`.
    case program
  }

  /// Where it stands in the lookup's order: a lower rank is asked first. The folders come in
  /// the order of `LyricsFolder`'s cases.
  public var rank: Int {
    switch self {
    case .givenFile: 0
    case .besideAudio: 1
    case .embedded: 2
    case .folder(.home): 3
    case .folder(.data): 4
    case .folder(.program): 5
    }
  }

  /// Its name in `lyricpip fetch` (`local: PATH (NAME)`, the `--json` `source`) and in the
  /// lookup's own messages: `beside-audio`, `embedded`, `~/.lyrics`, `folder PATH`,
  /// `program Lyrics/`.
  public var name: String {
    switch self {
    case .givenFile: "--lyrics file"
    case .besideAudio: "beside-audio"
    case .embedded: "embedded"
    case .folder(.home): "~/.lyrics"
    case .folder(.data(let path)): "folder \(path)"
    case .folder(.program): "program Lyrics/"
    }
  }

  /// How the windows' header and the `lyrics-status` event's `source` name it:
  /// `beside the file`, `embedded`, `lyrics folder`, `--lyrics file`.
  public var displayName: String {
    switch self {
    case .givenFile: "--lyrics file"
    case .besideAudio: "beside the file"
    case .embedded: "embedded"
    case .folder: "lyrics folder"
    }
  }
}

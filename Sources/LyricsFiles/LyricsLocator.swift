import FoundationEssentials
import LyricsCore
import SystemSupport

/// Finds the lyrics of a track by asking its sources in the order of their kinds
/// (`LyricsSourceKind.rank`). The standard order:
/// 1. a `.lrc` with the audio file's base name beside it (case-insensitive), then a `.qrc`,
///    then a `.txt`;
/// 2. the lyrics embedded in the audio file, when the embedded source is inserted
///    (`withEmbeddedLyrics`: reading the tags needs the decoder);
/// 3. `Artist - Title.lrc`, then `Title.lrc`, in `~/.lyrics`;
/// 4. the same in `$XDG_DATA_HOME/lyricpip/lyrics` (default `~/.local/share/lyricpip/lyrics`);
/// 5. the same in the program's own `Lyrics/` folder.
public struct LyricsLocator: Sendable {
  /// In the order of their kinds; sources of one kind in the order they were given.
  public private(set) var sources: [any LyricsSource]

  public init(sources: [any LyricsSource]) {
    self.sources = []
    for source in sources { insert(source) }
  }

  /// The standard sources, from an environment (`HOME`, `XDG_DATA_HOME`) and the program's
  /// `Lyrics/` folder when known.
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    bundledLyrics: URL? = InstallLayout.current.find("Lyrics", kind: .directory).map {
      URL(fileURLWithPath: $0)
    }
  ) -> LyricsLocator {
    var sources: [any LyricsSource] = [BesideAudioSource()]
    let directories = XDGDirectories(environment: environment)
    if let home = directories.home {
      sources.append(
        FolderSource(directory: URL(fileURLWithPath: home + "/.lyrics"), folder: .home))
    }
    if let data = directories.data {
      let directory = URL(fileURLWithPath: data + "/lyricpip/lyrics")
      sources.append(FolderSource(directory: directory, folder: .data(path: directory.path)))
    }
    if let bundledLyrics {
      sources.append(FolderSource(directory: bundledLyrics, folder: .program))
    }
    return LyricsLocator(sources: sources)
  }

  /// Inserts `source` where its kind stands in the order: after every source of its kind or an
  /// earlier one.
  public mutating func insert(_ source: any LyricsSource) {
    let index = sources.firstIndex { $0.kind.rank > source.kind.rank } ?? sources.count
    sources.insert(source, at: index)
  }

  /// The first candidate, best first, that `accept` takes (returns non-nil for). A source is
  /// asked only when the ones before it gave nothing taken: asking may cost (the embedded
  /// source opens the audio file) and may warn about what it found, which is noise when a
  /// better candidate is used.
  public func first<Accepted>(
    for track: TrackIdentity, accepting accept: (LyricsCandidate) -> Accepted?
  ) -> Accepted? {
    var seen: [LyricsCandidate.Content] = []
    for source in sources {
      for candidate in source.candidates(for: track) where !seen.contains(candidate.content) {
        seen.append(candidate.content)
        if let accepted = accept(candidate) { return accepted }
      }
    }
    return nil
  }
}

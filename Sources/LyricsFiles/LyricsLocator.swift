import FoundationEssentials
import LyricsCore
import SystemSupport

/// Finds the lyrics of a track by asking its sources in order. The standard order:
/// 1. a `.lrc` with the audio file's base name beside it (case-insensitive);
/// 2. `Artist - Title.lrc`, then `Title.lrc`, in `~/.lyrics`;
/// 3. the same in `$XDG_DATA_HOME/lyricpip/lyrics` (default `~/.local/share/lyricpip/lyrics`);
/// 4. the same in the program's own `Lyrics/` folder.
///
/// `sources` is open: the playback module inserts embedded lyrics right after the file beside
/// the audio with `insert(_:after:)`.
public struct LyricsLocator: Sendable {
  public var sources: [any LyricsSource]

  public init(sources: [any LyricsSource]) {
    self.sources = sources
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
        FolderSource(directory: URL(fileURLWithPath: home + "/.lyrics"), name: "~/.lyrics"))
    }
    if let data = directories.data {
      sources.append(FolderSource(directory: URL(fileURLWithPath: data + "/lyricpip/lyrics")))
    }
    if let bundledLyrics {
      sources.append(FolderSource(directory: bundledLyrics, name: "program Lyrics/"))
    }
    return LyricsLocator(sources: sources)
  }

  /// Inserts `source` right after the source named `name` (at the end when there is none).
  public mutating func insert(_ source: any LyricsSource, after name: String) {
    let index = sources.firstIndex { $0.name == name }.map { $0 + 1 } ?? sources.count
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

import FoundationEssentials
import Glibc

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
    bundledLyrics: URL? = bundledLyricsDirectory()
  ) -> LyricsLocator {
    var sources: [any LyricsSource] = [BesideAudioSource()]
    let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
    if let home {
      sources.append(
        FolderSource(directory: home.appendingPathComponent(".lyrics"), name: "~/.lyrics"))
    }
    // XDG: an empty or relative XDG_DATA_HOME is to be ignored.
    let xdg = environment["XDG_DATA_HOME"].flatMap {
      $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil
    }
    if let data = xdg ?? home?.appendingPathComponent(".local/share") {
      sources.append(FolderSource(directory: data.appendingPathComponent("lyricpip/lyrics")))
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

  /// Every candidate, best first, without duplicates.
  public func candidates(for track: TrackIdentity) -> [LyricsCandidate] {
    var result: [LyricsCandidate] = []
    // Taking none of them walks them all.
    _ = first(for: track) { candidate -> Never? in
      result.append(candidate)
      return nil
    }
    return result
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

  /// The best candidate, if any.
  public func find(for track: TrackIdentity) -> LyricsCandidate? {
    first(for: track) { $0 }
  }

  /// The program's `Lyrics/` folder: the first `Lyrics` directory found walking up from the
  /// running executable (`.build/release/lyricpip` finds the package's `Lyrics/`).
  public static func bundledLyricsDirectory(
    executable: URL = runningExecutable()
  ) -> URL? {
    var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent("Lyrics")
      if FileKind.at(candidate.path) == .directory { return candidate }
      let parent = directory.deletingLastPathComponent()
      if parent.path == directory.path { break }
      directory = parent
    }
    return nil
  }
}

/// The running program's file, as the kernel knows it (`/proc/self/exe`), else `argv[0]`.
@usableFromInline
func runningExecutable() -> URL {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  if length > 0 {
    let path = buffer.prefix(length).map { UInt8(bitPattern: $0) }
    return URL(fileURLWithPath: String(decoding: path, as: UTF8.self))
  }
  return URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
}

import FoundationEssentials
import LyricsCore
import SystemSupport

/// A `.lrc` beside the audio file with the same base name, compared case-insensitively
/// (`Song.MP3` finds `song.lrc` and `SONG.LRC`), then a `.qrc` (QQ Music's, encrypted or not:
/// the reader tells the forms by content), then a `.txt` of that name: plain text is usually
/// untimed lyrics, read as such, so it comes after the timed candidates.
public struct BesideAudioSource: LyricsSource {
  public let kind = LyricsSourceKind.besideAudio

  public init() {}

  public func candidates(for track: TrackIdentity) -> [LyricsCandidate] {
    let audio = URL(fileURLWithPath: track.audioPath)
    let base = audio.deletingPathExtension().lastPathComponent
    return FolderListing.matches(
      in: audio.deletingLastPathComponent(), names: [base + ".lrc", base + ".qrc", base + ".txt"],
      kind: kind)
  }
}

/// A lyrics folder holding `Artist - Title.lrc` or `Title.lrc` (case-insensitive). Without a
/// title from the tags, the audio file's base name stands for the title.
public struct FolderSource: LyricsSource {
  public let directory: URL
  public let kind: LyricsSourceKind

  public init(directory: URL, folder: LyricsSourceKind.LyricsFolder) {
    self.directory = directory
    self.kind = .folder(folder)
  }

  public func candidates(for track: TrackIdentity) -> [LyricsCandidate] {
    let title =
      track.title.flatMap(Self.fileNamePart)
      ?? URL(fileURLWithPath: track.audioPath).deletingPathExtension().lastPathComponent
    var names: [String] = []
    if let artist = track.artist.flatMap(Self.fileNamePart) {
      names.append("\(artist) - \(title).lrc")
    }
    names.append("\(title).lrc")
    return FolderListing.matches(in: directory, names: names, kind: kind)
  }

  /// A tag value as it can appear in a file name: trimmed, `/` (which cannot) replaced by `_`;
  /// nil when empty.
  static func fileNamePart(_ value: String) -> String? {
    let trimmed = value.trimmingSpacesAndTabs()
    return trimmed.isEmpty ? nil : trimmed.replacing("/", with: "_")
  }
}

/// Case-insensitive file lookup in one directory listing.
enum FolderListing {
  /// Regular files in `directory` whose names match `names` ignoring case, in the order of
  /// `names`; for one name, an exact-case match comes first.
  static func matches(
    in directory: URL, names: [String], kind: LyricsSourceKind
  ) -> [LyricsCandidate] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    var result: [LyricsCandidate] = []
    for wanted in names {
      let lowered = wanted.lowercased()
      let sameName = entries.filter { $0.lowercased() == lowered }
      let found = sameName.filter { $0 == wanted } + sameName.filter { $0 != wanted }.sorted()
      for entry in found {
        let path = directory.appendingPathComponent(entry).path
        guard FileKind.at(path) == .other,
          !result.contains(where: { $0.path == path })
        else { continue }
        result.append(LyricsCandidate(content: .file(path: path), kind: kind))
      }
    }
    return result
  }
}

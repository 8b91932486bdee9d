/// What the cache files a track under: its artists, title (with the versions it names, so a
/// live recording is not the studio one), album and whole seconds, each normalised, so two
/// spellings of one track share an entry.
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
  public var text: String

  public init(_ track: TrackFacts) {
    let title = NameNormalizer.title(track.title)
    let versions = title.versions.map(\.rawValue).sorted().joined(separator: ",")
    text = [
      NameNormalizer.artists(track.artist).sorted().joined(separator: ", "),
      title.core + (versions.isEmpty ? "" : " [\(versions)]"),
      track.album.map(NameNormalizer.album) ?? "",
      track.wholeSeconds.map(String.init) ?? "",
    ].joined(separator: "\n")
  }

  public var description: String { text.split(separator: "\n").joined(separator: " | ") }

  /// The entry's file name: a 64-bit FNV-1a hash of the key in hex. The entry holds the key
  /// itself too, so a collision reads as "absent", never as another track's lyrics.
  public var fileName: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + ".json"
  }
}

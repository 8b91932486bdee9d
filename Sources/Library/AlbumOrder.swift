/// The order of one folder's tracks: disc number, then track number (from the tags), then the
/// file name in `NaturalOrder`.
public enum AlbumOrder {
  /// `paths` (one folder's files, already in natural order) in album order; each file's
  /// position is read once.
  public static func sorted(
    _ paths: [String], position: (String) -> AlbumPosition
  ) -> [String] {
    let keyed = paths.map { (path: $0, position: position($0)) }
    return keyed.sorted { left, right in
      AlbumPosition.precedes(left.position, right.position)
        ?? NaturalOrder.precedes(name(left.path), name(right.path))
    }.map(\.path)
  }

  private static func name(_ path: String) -> String {
    String(path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...])
  }
}

/// One face of an installed font file, as fontconfig names it.
struct FontFace: Hashable, Sendable {
  var path: String
  /// The face index inside a collection (.ttc), 0 otherwise.
  var index: Int
  var family: String
}

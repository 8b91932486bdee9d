/// Owns a fontconfig pattern (a matched font) and destroys it on deinit.
final class FcPatternRef {
  let pointer: Fontconfig.Pattern

  init(_ pointer: Fontconfig.Pattern) { self.pointer = pointer }

  deinit { Fontconfig.destroy(pointer) }

  var face: FontFace? {
    guard let path = Fontconfig.string(pointer, "file") else { return nil }
    let family = Fontconfig.families(pointer).first ?? path
    return FontFace(path: path, index: Fontconfig.integer(pointer, "index") ?? 0, family: family)
  }

  var families: [String] { Fontconfig.families(pointer) }

  func covers(_ scalar: Unicode.Scalar) -> Bool { Fontconfig.covers(pointer, scalar) }
}

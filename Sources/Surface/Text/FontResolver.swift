/// Chooses font faces through fontconfig: a primary face for the configured family, and for any
/// character that face lacks, a face that has it (CJK, Cyrillic, symbols, …), so text any
/// installed font covers never shows as boxes. Answers are cached per character.
final class FontResolver {
  let primary: FontFace
  /// Set when the configured family is not installed and a fallback is used instead.
  let warning: String?
  private let primaryPattern: FcPatternRef
  private let family: String?
  private let bold: Bool
  private var faceByScalar: [Unicode.Scalar: FontFace] = [:]

  init(family: String?, bold: Bool) throws(SDLError) {
    _ = Fontconfig.initialize()
    guard
      let pattern = Fontconfig.match(family: family, bold: bold, covering: nil).map(
        FcPatternRef.init),
      let face = pattern.face
    else {
      throw SDLError(operation: "FcFontMatch", message: "fontconfig found no font at all")
    }
    var warning: String?
    if let family,
      !pattern.families.contains(where: { $0.lowercased() == family.lowercased() })
    {
      warning = "font family '\(family)' is not installed; using '\(face.family)'"
    }
    self.primary = face
    self.primaryPattern = pattern
    self.family = family
    self.bold = bold
    self.warning = warning
  }

  /// The face to draw `scalar` with: the primary one when it has the glyph, else the best
  /// face that does (the primary again when no installed font has it).
  func face(for scalar: Unicode.Scalar) -> FontFace {
    if scalar.properties.isWhitespace || primaryPattern.covers(scalar) { return primary }
    if let cached = faceByScalar[scalar] { return cached }
    var chosen = primary
    if let pattern = Fontconfig.match(family: family, bold: bold, covering: scalar).map(
      FcPatternRef.init), pattern.covers(scalar), let face = pattern.face
    {
      chosen = face
    }
    faceByScalar[scalar] = chosen
    return chosen
  }
}

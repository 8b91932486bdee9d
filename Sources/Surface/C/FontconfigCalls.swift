internal import CFontconfig

/// Every fontconfig call of the module. Patterns returned here are owned by `FcPatternRef`.
enum Fontconfig {
  typealias Pattern = OpaquePointer

  static func initialize() -> Bool { FcInit() != 0 }

  /// The best installed face for `family` (nil: the default sans-serif), bold or regular,
  /// that also covers `scalar` when given. Fontconfig always answers with some face.
  static func match(family: String?, bold: Bool, covering scalar: Unicode.Scalar?) -> Pattern? {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    let name = family ?? "sans-serif"
    _ = Array(name.utf8CString).withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: FcChar8.self) { chars in
        FcPatternAddString(pattern, FC_FAMILY, chars.baseAddress)
      }
    }
    _ = FcPatternAddInteger(
      pattern, FC_WEIGHT, bold ? Int32(FC_WEIGHT_BOLD) : Int32(FC_WEIGHT_REGULAR))
    if let scalar, let charset = FcCharSetCreate() {
      _ = FcCharSetAddChar(charset, scalar.value)
      _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
      FcCharSetDestroy(charset)
    }
    _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    return FcFontMatch(nil, pattern, &result)
  }

  static func destroy(_ pattern: Pattern) { FcPatternDestroy(pattern) }

  static func string(_ pattern: Pattern, _ key: String) -> String? {
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else {
      return nil
    }
    return String(cString: value)
  }

  static func integer(_ pattern: Pattern, _ key: String) -> Int? {
    var value: Int32 = 0
    guard FcPatternGetInteger(pattern, key, 0, &value) == FcResultMatch else { return nil }
    return Int(value)
  }

  /// Whether the face described by `pattern` has a glyph for `scalar`.
  static func covers(_ pattern: Pattern, _ scalar: Unicode.Scalar) -> Bool {
    var charset: OpaquePointer?
    guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset
    else { return false }
    return FcCharSetHasChar(charset, scalar.value) != 0
  }

  /// All family names of the face (fontconfig lists localized names too).
  static func families(_ pattern: Pattern) -> [String] {
    var names: [String] = []
    var index: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(pattern, FC_FAMILY, index, &value) == FcResultMatch, let found = value
    {
      names.append(String(cString: found))
      index += 1
    }
    return names
  }
}

import FoundationEssentials

/// Which of several `<translation xml:lang>` blocks to read, by the user's language: the POSIX
/// locale (`LC_ALL`, else `LC_MESSAGES`, else `LANG`; `C` and `POSIX` name no language).
/// Tags compare case-insensitively with `_` as `-`. Best first: the same tag; the same
/// language and script, where a Chinese region stands for its script (`zh_CN`, `zh_SG`, `zh_MY`
/// are `zh-Hans`; `zh_TW`, `zh_HK`, `zh_MO` are `zh-Hant`); the same language. No match: the
/// first block.
public enum TTMLLanguage {
  /// The user's locale from the environment, or nil when it names no language.
  public static func preferred(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> String?
  {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first {
      !$0.isEmpty
    }
    guard let locale else { return nil }
    // `en_US.UTF-8@euro`: the codeset and modifier say nothing about the language.
    let tag = locale.prefix { $0 != "." && $0 != "@" }
    guard !tag.isEmpty, tag != "C", tag != "POSIX" else { return nil }
    return String(tag)
  }

  /// The index in `tags` (each block's `xml:lang`, nil when it has none) to read for `locale`.
  static func choose(_ tags: [String?], locale: String?) -> Int {
    guard let locale else { return 0 }
    let wanted = Tag(locale)
    var best = 0
    var bestScore = 0
    for (index, tag) in tags.enumerated() {
      guard let tag else { continue }
      let score = wanted.match(Tag(tag))
      if score > bestScore {
        best = index
        bestScore = score
      }
    }
    return best
  }

  struct Tag {
    var subtags: [String]
    var language: String { subtags.first ?? "" }
    /// The script subtag, or the one a Chinese region implies.
    var script: String? {
      if let script = subtags.dropFirst().first(where: { $0.count == 4 }) { return script }
      guard language == "zh" else { return nil }
      let region = subtags.dropFirst().first { $0.count == 2 || $0.count == 3 }
      switch region {
      case "cn", "sg", "my": return "hans"
      case "tw", "hk", "mo": return "hant"
      default: return nil
      }
    }

    init(_ text: String) {
      subtags = text.lowercased().split { $0 == "-" || $0 == "_" }.map(String.init)
    }

    /// 3 the same tag, 2 the same language and script, 1 the same language, 0 none.
    func match(_ other: Tag) -> Int {
      guard !language.isEmpty, language == other.language else { return 0 }
      if subtags == other.subtags { return 3 }
      if let script, script == other.script { return 2 }
      return 1
    }
  }
}

import FoundationEssentials

/// Reads one line of the AMLL TTML database's metadata index, a JSON object, into an entry.
///
/// The shape is not published as a schema, so the reader accepts every shape that has been
/// described or seen, and says which it took nowhere (they mean the same):
/// - the metadata as key/value pairs, `"metadata": [["musicName", ["…", "…"]], ["artists",
///   […]], …]`, beside `"rawLyricFile": "…"` (what peers that read the file decode);
/// - the metadata as an object, `"metadata": {"musicName": […], …}`;
/// - the fields at the top level, `{"musicName": …, "artists": …, "ncmMusicId": …}` (how the
///   research notes name them).
/// A value may be a string, a list of strings, a number (ids), or objects with a `name` (how
/// other services list artists); the metadata's wins over the top level's when both name a key. A
/// duration, which the index has been seen without, is taken from `duration` or `durationMs`
/// in milliseconds when a line has one. A line without a title, or with nothing to fetch (no
/// NetEase id, no raw file name that is a plain file name), is refused.
public enum AMLLIndexLine {
  static let service = "AMLL index"

  public static func read(_ bytes: [UInt8]) throws(ProviderAnswerError) -> AMLLIndexEntry {
    let value = try AnswerJSON.decode(IndexJSON.self, from: bytes, service: service)
    guard case .object(let top) = value else {
      throw .malformed("\(service): a line is not a JSON object")
    }
    var fields: [(key: String, value: IndexJSON)] = []
    switch top.first(where: { $0.key == "metadata" })?.value {
    case .array(let pairs):
      for pair in pairs {
        guard case .array(let parts) = pair, parts.count == 2, case .string(let key) = parts[0]
        else { continue }
        fields.append((key, parts[1]))
      }
    case .object(let members): fields += members
    default: break
    }
    fields += top.filter { $0.key != "metadata" }

    func strings(_ key: String) -> [String] {
      fields.first(where: { $0.key == key }).map { $0.value.texts } ?? []
    }
    let entry = AMLLIndexEntry(
      titles: strings("musicName"), artists: strings("artists"), albums: strings("album"),
      neteaseIds: strings("ncmMusicId").filter(isDigits),
      durationMs: (strings("duration").first ?? strings("durationMs").first).flatMap(milliseconds),
      rawLyricFile: strings("rawLyricFile").first.flatMap(plainFileName))
    guard !entry.titles.isEmpty else { throw .malformed("\(service): a line without a title") }
    guard entry.lyricsPath != nil else {
      throw .malformed("\(service): a line without a NetEase id or a lyrics file")
    }
    return entry
  }

  /// Ids go into a URL path: digits only, so none can climb out of `ncm-lyrics/`.
  static func isDigits(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 20 && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
  }

  /// A file name that stays in `raw-lyrics/` and needs no escaping in a URL.
  static func plainFileName(_ text: String) -> String? {
    guard !text.isEmpty, text.count <= 200, !text.hasPrefix("."),
      text.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "-_.".unicodeScalars.contains($0)
      })
    else { return nil }
    return text
  }

  static func milliseconds(_ text: String) -> Int? {
    guard let value = Double(text), value.isFinite, value > 0, value < 1e10 else { return nil }
    return Int(value.rounded())
  }
}

/// Any JSON value: the index's shape is read by hand from this rather than by a fixed
/// `Decodable`, because the shapes differ (see `AMLLIndexLine`). An object's members are not
/// kept in the document's order (the decoder does not give it), which no field here needs.
enum IndexJSON: Decodable {
  case string(String)
  case number(Double)
  case array([IndexJSON])
  case object([(key: String, value: IndexJSON)])
  case other

  init(from decoder: any Decoder) throws {
    if let members = try? decoder.container(keyedBy: AnyKey.self) {
      self = .object(
        try members.allKeys.map { ($0.stringValue, try members.decode(IndexJSON.self, forKey: $0)) }
      )
    } else if var items = try? decoder.unkeyedContainer() {
      var values: [IndexJSON] = []
      while !items.isAtEnd { values.append(try items.decode(IndexJSON.self)) }
      self = .array(values)
    } else {
      let single = try decoder.singleValueContainer()
      if let text = try? single.decode(String.self) {
        self = .string(text)
      } else if let number = try? single.decode(Double.self) {
        self = .number(number)
      } else {
        self = .other
      }
    }
  }

  /// The texts a value holds: itself, each item of a list, an object's `name`; numbers as whole
  /// numbers (ids, durations); empty texts dropped.
  var texts: [String] {
    switch self {
    case .string(let text):
      let trimmed = text.trimmed
      return trimmed.isEmpty ? [] : [trimmed]
    case .number(let number):
      guard number.isFinite, abs(number) < 1e18 else { return [] }
      return [String(Int64(number.rounded()))]
    case .array(let items): return items.flatMap(\.texts)
    case .object(let members):
      return members.first(where: { $0.key == "name" })?.value.texts ?? []
    case .other: return []
    }
  }

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

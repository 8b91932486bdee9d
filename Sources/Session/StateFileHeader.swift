/// The two fields that say whose file `state.json` is, read before the rest so a foreign or
/// newer file is told apart from a corrupt one. Lenient: a field of another type is kept as text
/// for the warning instead of failing.
struct StateFileHeader: Decodable {
  var format: String?
  /// The version when it is an integer.
  var version: Int?
  /// How the version reads in a warning: its value, or "missing".
  var versionText: String

  private enum Key: String, CodingKey { case format, version }

  init(from decoder: any Decoder) throws {
    // Throws a type mismatch when the document is JSON but not an object.
    let fields = try decoder.container(keyedBy: Key.self)
    format = try? fields.decode(String.self, forKey: .format)
    version = try? fields.decode(Int.self, forKey: .version)
    if let version {
      versionText = "\(version)"
    } else if let number = try? fields.decode(Double.self, forKey: .version) {
      versionText = "\(number)"
    } else if let text = try? fields.decode(String.self, forKey: .version) {
      versionText = text
    } else if let flag = try? fields.decode(Bool.self, forKey: .version) {
      versionText = "\(flag)"
    } else {
      versionText = fields.contains(.version) ? "of another type" : "missing"
    }
  }
}

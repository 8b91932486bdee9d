/// One key of the settings file, with everything lyricpip knows about it: its name and other
/// spellings, how its value is read into `AppConfig`, a line of help, whether a SIGHUP applies it
/// at once, and which modes read it. The keys themselves are the table `SettingKey.all`
/// (SettingKeys.swift): the parser, the SIGHUP reload and the docs check all go by it, so a key
/// is written in one place.
public struct SettingKey: Sendable {
  /// The name the file and docs/settings.md use, lowercase.
  public let name: String
  /// Other spellings read as this key (`font`, `text-color`).
  public let aliases: [String]
  /// One line for people: what the key sets.
  public let help: String
  /// A value that is not the default, as docs/settings.md's example file gives it.
  public let example: String
  /// Whether a SIGHUP applies a change at once wherever the key is read; else a change is named
  /// as needing a restart.
  public let isLive: Bool
  /// Who reads the key; a mode that does not read it never mentions it.
  public let readers: Set<SettingReader>
  /// The name a change is reported under on SIGHUP: the key's own, except the look's colour and
  /// outline keys, which change the look together and are reported as `look`.
  public let changeName: String
  /// Sets the key's field of a reading from one line; returns what is wrong with the value.
  private let reader: @Sendable (SettingLine, inout AppConfig) -> String?
  /// Whether two readings differ in the key's field.
  private let comparer: @Sendable (AppConfig, AppConfig) -> Bool

  /// A key whose value is read into `field` by `value`.
  init<Value: Equatable & Sendable>(
    _ name: String, aliases: [String] = [], help: String, example: String, live: Bool,
    readers: Set<SettingReader>, reportedAs changeName: String? = nil,
    field: WritableKeyPath<AppConfig, Value> & Sendable, value: SettingValue<Value>
  ) {
    self.name = name
    self.aliases = aliases
    self.help = help
    self.example = example
    isLive = live
    self.readers = readers
    self.changeName = changeName ?? name
    reader = { line, config in
      guard let typed = value.read(line.value) else { return value.problem(line) }
      config[keyPath: field] = typed
      return nil
    }
    comparer = { $0[keyPath: field] != $1[keyPath: field] }
  }

  /// The key called `name` (lowercase) or one of its other spellings; nil when there is none.
  public static func named(_ name: String) -> SettingKey? { byName[name] }

  /// Every spelling to its key. A spelling in the table twice would read as its first key
  /// (`SettingKeyTableTests` fails on it) rather than stop the program at its first setting.
  private static let byName: [String: SettingKey] = Dictionary(
    all.flatMap { key in ([key.name] + key.aliases).map { ($0, key) } },
    uniquingKeysWith: { first, _ in first })

  /// Sets this key from `line` (its value), in `config`; returns what is wrong, or nil.
  public func apply(_ line: SettingLine, to config: inout AppConfig) -> String? {
    reader(line, &config)
  }

  /// Whether `old` and `new` differ in this key's field.
  public func differs(from old: AppConfig, to new: AppConfig) -> Bool { comparer(old, new) }

  /// The readers as docs/settings.md's table says them: `windows` for the windows of both
  /// `play` and `follow`, then each other one, comma-separated.
  public var readersText: String {
    var left = readers
    var words: [String] = []
    if left.isSuperset(of: SettingReader.windows) {
      words.append(SettingReader.windowsText)
      left.subtract(SettingReader.windows)
    }
    words += SettingReader.allCases.filter(left.contains).map(\.rawValue)
    return words.joined(separator: ", ")
  }
}

/// One `key = value` line of the settings file, as the parser hands it to a key.
public struct SettingLine: Sendable {
  /// The key's name (not another spelling).
  public var name: String
  /// The key as the line writes it, lowercased: the name or another spelling.
  public var key: String
  /// The value, without the blanks around it and any comment.
  public var value: String

  public init(name: String, key: String, value: String) {
    self.name = name
    self.key = key
    self.value = value
  }
}

/// What reads a key of the settings file: a mode of lyricpip, or a part of one. The raw values
/// are the words docs/settings.md's table uses.
public enum SettingReader: String, CaseIterable, Sendable {
  /// `play`'s main window and strip (not with `--no-window`).
  case playWindows = "play's windows"
  /// `follow`'s strip (not with `--no-window`).
  case followStrip = "follow's strip"
  /// `play` in every mode: the sound and the online lookup.
  case play
  /// `follow` in every mode: the choice of the player and the online lookup.
  case follow
  /// `fetch`: the online lookup.
  case fetch
  /// `follow --autostart`, when the desktop starts: whether to follow at all.
  case followAutostart = "follow --autostart"

  /// The windows of both modes that have them.
  public static let windows: Set<SettingReader> = [.playWindows, .followStrip]
  static let windowsText = "windows"
}

/// How the text of a key's value becomes its typed value, and what a text it cannot read is
/// told.
struct SettingValue<Value: Sendable>: Sendable {
  let read: @Sendable (String) -> Value?
  let problem: @Sendable (SettingLine) -> String

  init(
    problem: @escaping @Sendable (SettingLine) -> String,
    read: @escaping @Sendable (String) -> Value?
  ) {
    self.read = read
    self.problem = problem
  }

  /// A value whose bad text is told `KEY must be EXPECTED, not 'TEXT'`, the key as written.
  init(mustBe expected: String, read: @escaping @Sendable (String) -> Value?) {
    self.init(problem: { "\($0.key) must be \(expected), not '\($0.value)'" }, read: read)
  }

  /// The same reading, into an optional field (a key whose default is "not said").
  var optional: SettingValue<Value?> {
    let read = self.read
    return SettingValue<Value?>(problem: problem) { text in read(text).map { .some($0) } }
  }
}

extension SettingValue where Value == Bool {
  /// `yes`/`no`, also `true`/`false`, `on`/`off`, `1`/`0`, in any case.
  static var yesNo: SettingValue<Bool> {
    SettingValue(mustBe: "yes or no") { text in
      switch text.lowercased() {
      case "yes", "true", "on", "1": true
      case "no", "false", "off", "0": false
      default: nil
      }
    }
  }
}

import FoundationEssentials
import SystemSupport

/// Reads and writes `SavedState` as `state.json` in lyricpip's state folder
/// (`$XDG_STATE_HOME/lyricpip`, by default `~/.local/state/lyricpip`).
///
/// Writing is atomic (a temporary file in the same folder, then a rename), so a crash or a full
/// disk leaves the old file or the new one, never half of one. Reading never fails: a corrupt or
/// foreign file gives the defaults, a warning, and is kept aside under another name for the user.
public struct StateStore: Sendable {
  public static let fileName = "state.json"

  public let directory: URL
  public var fileURL: URL { directory.appendingPathComponent(Self.fileName) }
  /// The time used in the name of a file kept aside; injected so tests can know it.
  private let now: @Sendable () -> Date

  public init(directory: URL, now: @escaping @Sendable () -> Date = { Date() }) {
    self.directory = directory
    self.now = now
  }

  /// `$XDG_STATE_HOME/lyricpip` when that is an absolute path (the XDG rule), else
  /// `$HOME/.local/state/lyricpip`; nil when neither can be known.
  public static func defaultDirectory(environment: [String: String]) -> URL? {
    XDGDirectories(environment: environment).state.map {
      URL(fileURLWithPath: $0).appendingPathComponent("lyricpip")
    }
  }

  /// What `load()` found: the state to use, and a warning for the user when the file was bad.
  public struct Loaded: Equatable, Sendable {
    public var state: SavedState
    public var warning: String?
  }

  /// The saved state, or the defaults (no file yet: no warning).
  public func load() -> Loaded {
    let path = fileURL.path
    guard FileManager.default.fileExists(atPath: path) else {
      return Loaded(state: SavedState(), warning: nil)
    }
    let data: Data
    do {
      data = Data(try PosixFile(readingAt: path).read(upTo: .max))
    } catch {
      return Loaded(
        state: SavedState(),
        warning: "cannot read the state file \(path) (\(error)); using defaults")
    }
    switch Self.decode(data) {
    case .success(let state):
      return Loaded(state: state, warning: nil)
    case .failure(let problem):
      return Loaded(state: SavedState(), warning: keepAside(problem: problem.description))
    }
  }

  /// Writes `state` atomically, creating the folder when needed.
  public func save(_ state: SavedState) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var data = try encoder.encode(state)
    data.append(UInt8(ascii: "\n"))
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try AtomicFile.write(data, to: fileURL)
  }

  // MARK: - Reading

  enum Problem: Error, CustomStringConvertible {
    case corrupt(String)
    case foreign(String)

    var description: String {
      switch self {
      case .corrupt(let detail): "is corrupt (\(detail))"
      case .foreign(let detail): "is not a lyricpip state file (\(detail))"
      }
    }
  }

  static func decode(_ data: Data) -> Result<SavedState, Problem> {
    let header: StateFileHeader
    do {
      header = try JSONDecoder().decode(StateFileHeader.self, from: data)
    } catch DecodingError.typeMismatch {
      return .failure(.foreign("not a JSON object"))
    } catch {
      return .failure(.corrupt("not JSON"))
    }
    guard header.format == SavedState.formatName else {
      return .failure(.foreign("no \"format\": \"\(SavedState.formatName)\""))
    }
    guard header.version == SavedState.currentVersion else {
      return .failure(.foreign("version \(header.versionText)"))
    }
    do {
      return .success(try JSONDecoder().decode(SavedState.self, from: data))
    } catch {
      return .failure(.corrupt("a field has the wrong type"))
    }
  }

  /// Renames the bad file to `state.json.corrupt-<UTC time>` so the user's data is not lost and
  /// the next save does not overwrite it; returns the warning.
  private func keepAside(problem: String) -> String {
    let base = fileURL.path + ".corrupt-" + Self.stamp(now())
    var target = base
    var attempt = 1
    while FileManager.default.fileExists(atPath: target) {
      attempt += 1
      target = "\(base)-\(attempt)"
    }
    do {
      try AtomicFile.rename(fileURL.path, to: target)
      return "the state file \(fileURL.path) \(problem); using defaults, kept it as \(target)"
    } catch {
      return "the state file \(fileURL.path) \(problem); using defaults (could not move it aside: "
        + "\(error))"
    }
  }

  /// `20261129T171530Z`: sortable, and free of characters a shell or file system dislikes.
  static func stamp(_ date: Date) -> String {
    let utc = CalendarTime.utc(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    let date = [(utc.year, 4), (utc.month, 2), (utc.day, 2)]
    let time = [(utc.hour, 2), (utc.minute, 2), (utc.second, 2)]
    func digits(_ parts: [(Int32, Int)]) -> String {
      parts.map { DecimalText.zeroPadded($0.0, width: $0.1) }.joined()
    }
    return digits(date) + "T" + digits(time) + "Z"
  }
}

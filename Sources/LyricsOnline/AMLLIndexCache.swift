import FoundationEssentials
import SystemSupport

/// The AMLL index as last fetched, kept on disk so that it is fetched at most weekly: one file,
/// `$XDG_CACHE_HOME/lyricpip/amll/raw-lyrics-index.jsonl`, replaced atomically. Its first line
/// says when it was fetched and from where (`{"format":1,"fetchedAt":UNIX-SECONDS,"source":
/// URL}`), the index's own lines follow as they came. The time is in the file, not its
/// modification time, which a copy or a backup tool may change. A file whose first line does not
/// read is ignored with a warning and replaced by the next fetch; one from another source is
/// ignored silently (the user pointed `amll-url` elsewhere).
public struct AMLLIndexCache: Sendable {
  public let directory: String
  private let warn: @Sendable (String) -> Void

  /// The index is about 1.5 MB; this leaves it room to grow tenfold.
  public static let sizeCap = 16 << 20

  public init(directory: String, warn: @escaping @Sendable (String) -> Void) {
    self.directory = directory
    self.warn = warn
  }

  /// The cache in `$XDG_CACHE_HOME/lyricpip/amll` (default `~/.cache/…`); nil when neither
  /// variable is usable.
  public static func standard(
    directories: XDGDirectories = XDGDirectories(environment: ProcessInfo.processInfo.environment),
    warn: @escaping @Sendable (String) -> Void
  ) -> AMLLIndexCache? {
    directories.cache.map { AMLLIndexCache(directory: $0 + "/lyricpip/amll", warn: warn) }
  }

  public var path: String { directory + "/raw-lyrics-index.jsonl" }

  /// What the file holds.
  public struct Stored: Sendable {
    public var fetchedAt: Int64
    public var jsonl: [UInt8]
  }

  /// The index kept for `source`; nil when there is none, it is another source's, or the file
  /// is not one of ours.
  public func load(source: String) -> Stored? {
    guard let bytes = read() else { return nil }
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    guard let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<newline])),
      header.format == Header.currentFormat
    else {
      warn("AMLL index cache: \(path) is not a cache file; ignored, and replaced by the next fetch")
      return nil
    }
    guard header.source == source else { return nil }
    let body = newline < bytes.endIndex ? Array(bytes[(newline + 1)...]) : []
    return Stored(fetchedAt: header.fetchedAt, jsonl: body)
  }

  /// Keeps the index fetched from `source` at `fetchedAt`; a failure to write is a warning
  /// (the index is still used, and fetched again next time).
  public func store(_ jsonl: [UInt8], source: String, fetchedAt: Int64) {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      var data = try encoder.encode(
        Header(format: Header.currentFormat, fetchedAt: fetchedAt, source: source))
      data.append(UInt8(ascii: "\n"))
      data.append(contentsOf: jsonl)
      try AtomicFile.write(data, to: URL(fileURLWithPath: path))
    } catch {
      warn("AMLL index cache: cannot write \(path): \(error)")
    }
  }

  private func read() -> [UInt8]? {
    let file: PosixFile
    do {
      file = try PosixFile(readingAt: path)
    } catch {
      if FileKind.at(path) != .missing { warn("AMLL index cache: cannot open \(path): \(error)") }
      return nil
    }
    do {
      let (kind, _) = try file.status()
      guard kind == .regular else {
        warn("AMLL index cache: \(path) is not a regular file; ignored")
        return nil
      }
      return try file.read(upTo: Self.sizeCap)
    } catch {
      warn("AMLL index cache: cannot read \(path): \(error)")
      return nil
    }
  }

  struct Header: Codable {
    static let currentFormat = 1
    var format: Int
    var fetchedAt: Int64
    var source: String
  }
}

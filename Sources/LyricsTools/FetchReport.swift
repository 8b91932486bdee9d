import EventStream
import LyricsOnline

/// What `lyricpip fetch` prints for each track it looked up.
public enum FetchReport {
  /// One track: a JSON object, or a line saying what happened (no line end).
  public static func text(for item: FetchItem, json: Bool) -> String {
    if json { return object(for: item).compact }
    var line = "\(item.result.name): \(item.path)"
    switch item.result {
    case .failed(let message), .unreadable(let message): line += " (\(message))"
    case .local(let source): line += " (\(source))"
    default: break
    }
    if let saved = item.saved { line += " → \(saved)" }
    if let notSaved = item.notSaved { line += " (not saved: \(notSaved))" }
    return line
  }

  /// `{"track":…,"result":…,"source":…,"id":…,"title":…,"artist":…,"album":…,"durationMs":…,
  /// "saved":…,"notSaved":…,"message":…}`, absent keys left out.
  public static func object(for item: FetchItem) -> JSONValue {
    var fields = [
      JSONField("track", .string(item.path)), JSONField("result", .string(item.result.name)),
    ]
    if case .local(let source) = item.result { fields.append(JSONField("source", .string(source))) }
    if let origin = item.origin { fields.append(JSONField("source", .string(origin))) }
    if let id = item.recordID { fields.append(JSONField("id", .int(id))) }
    if let tags = item.tags {
      if let title = tags.title { fields.append(JSONField("title", .string(title))) }
      if let artist = tags.artist { fields.append(JSONField("artist", .string(artist))) }
      if let album = tags.album { fields.append(JSONField("album", .string(album))) }
      if let seconds = tags.durationSeconds {
        fields.append(JSONField("durationMs", .int(Int((seconds * 1000).rounded()))))
      }
    }
    if let saved = item.saved { fields.append(JSONField("saved", .string(saved))) }
    if let notSaved = item.notSaved { fields.append(JSONField("notSaved", .string(notSaved))) }
    switch item.result {
    case .failed(let message), .unreadable(let message):
      fields.append(JSONField("message", .string(message)))
    default: break
    }
    return .object(fields)
  }
}

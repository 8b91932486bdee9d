import Desktop
import EventStream

/// What `lyricpip status` prints for a line the player shows: the text (with its translation),
/// a JSON object, or waybar's object.
public enum StatusLine {
  /// `--format`.
  public enum Format: String, Sendable, CaseIterable {
    case plain, json, waybar
  }

  /// One line of output for `line`.
  public static func render(_ line: LyricsBusLine, as format: Format) -> String {
    switch format {
    case .plain:
      guard let translation = line.translation else { return line.text }
      return "\(line.text) / \(translation)"
    case .json:
      return JSONValue.object([
        JSONField("index", .int(line.index)), JSONField("text", .string(line.text)),
        JSONField("translation", line.translation.map(JSONValue.string) ?? .null),
        JSONField("startMs", .int(line.startMs)),
        JSONField("endMs", line.endMs.map(JSONValue.int) ?? .null),
      ]).compact
    case .waybar:
      // waybar's custom module reads one object a line: text, tooltip, class.
      return JSONValue.object([
        JSONField("text", .string(line.text)),
        JSONField("tooltip", .string(line.translation ?? line.text)),
        JSONField("class", .string(line.index < 0 ? "idle" : "line")),
      ]).compact
    }
  }
}

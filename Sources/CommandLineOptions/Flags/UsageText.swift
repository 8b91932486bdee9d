/// The usage texts, made from the commands' tables: the synopsis lines and the help of the
/// flags. A help starts beside its flags, at the command's help column (or two spaces after
/// flags wider than that), when the line fits in `width` columns; else on the line under them.
package enum UsageText {
  package static let width = 100

  /// `lyricpip check [--json] [--encoding NAME] [--format NAME] FILE...`; `own`: for the
  /// command's own usage rather than `lyricpip --help`.
  package static func synopsis(_ command: CommandSpec, line: Int = 0, own: Bool = false) -> String {
    var words = ["lyricpip"]
    for part in command.synopsis[line] {
      switch part {
      case .command: words.append(command.name)
      case .words(let text): words.append(text)
      case .optional(let flag): words.append("[\(spelled(flag, in: command))]")
      case .required(let flag, let choicesInOwnUsage):
        words.append(spelled(flag, in: command, choices: own && choicesInOwnUsage))
      case .oneOf(let flags):
        words.append(flags.map { spelled($0, in: command) }.joined(separator: " | "))
      }
    }
    return words.joined(separator: " ")
  }

  /// `usage: ` and every synopsis line of `command`, one under the other.
  package static func usageLines(_ command: CommandSpec) -> String {
    command.synopsis.indices.map { line in
      (line == 0 ? "usage: " : "       ") + synopsis(command, line: line, own: true)
    }.joined(separator: "\n")
  }

  /// `--flag VALUE`.
  package static func spelled(_ flag: Flag, in command: CommandSpec, choices: Bool = false)
    -> String
  {
    guard let value = command.flag(flag)?.value else { return flag.name }
    if choices, case .choices(let words) = value.completion {
      return "\(flag) \(words.joined(separator: "|"))"
    }
    return "\(flag) \(value.placeholder)"
  }

  /// The help of the flags that have one, in the table's order, each line indented by two.
  package static func flagsHelp(_ command: CommandSpec) -> String {
    var lines: [String] = []
    var group: [FlagInfo] = []
    for info in command.flags {
      group.append(info)
      if info.sharesNextHelp { continue }
      defer { group = [] }
      guard !info.help.isEmpty else { continue }
      let flags = "  " + group.map { spelled($0.flag, in: command) }.joined(separator: "  ")
      let indent = String(repeating: " ", count: command.helpColumn)
      var help = info.help[...]
      if flags.count + 2 <= command.helpColumn {
        lines.append(flags.padding(toLength: command.helpColumn) + (help.popFirst() ?? ""))
      } else if let first = help.first, flags.count + 2 + first.count <= width {
        lines.append(flags + "  " + first)
        help = help.dropFirst()
      } else {
        lines.append(flags)
      }
      lines += help.map { indent + $0 }
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}

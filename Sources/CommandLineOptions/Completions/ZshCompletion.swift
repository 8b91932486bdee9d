/// The zsh completion script (`share/zsh/vendor-completions/_lyricpip`): a function per command
/// over `_arguments`, with the flags' descriptions and their values' choices, files or folders.
package enum ZshCompletion {
  package static func script(for commands: [CommandSpec]) -> String {
    let quoted = CompletionWords.quoted
    let defaultName = CompletionWords.defaultCommand(commands)?.name ?? ""
    var lines = [
      "#compdef lyricpip",
      "# zsh completion for lyricpip, made by `lyricpip completions zsh` from the program's",
      "# tables of flags (installed as share/zsh/vendor-completions/_lyricpip).",
      "",
    ]
    for command in commands {
      let isDefault = command.name == defaultName
      var specs = command.flags.map { info in
        var spec = "\(info.flag)[\(escaped(info.summary))]"
        if let value = info.value { spec += ":\(escaped(value.placeholder)):\(action(value))" }
        return spec
      }
      specs.append("(- *)\(Flag.help)[print the usage]")
      specs.append("(- *)\(Flag.shortHelp)[print the usage]")
      if isDefault { specs.append("(- *)\(Flag.version)[print the version]") }
      switch command.operands {
      case .none: break
      case .paths(let what): specs.append("*:\(escaped(what)):_files")
      case .words(let words):
        specs.append(":\(command.name):(\(words.joined(separator: " ")))")
      }
      lines.append("_lyricpip_\(functionName(command.name))() {")
      lines.append("  _arguments \\")
      lines += specs.map { "    \(quoted($0))" }.joined(separator: " \\\n").split(
        separator: "\n"
      ).map(String.init)
      lines.append("}")
      lines.append("")
    }
    let menu =
      commands.map { "\($0.name)\\:\(doubleQuoted($0.summary))" }
      + ["\(CompletionWords.helpWord)\\:\(doubleQuoted("print the usage"))"]
    let what =
      CompletionWords.defaultCommand(commands).flatMap {
        if case .paths(let what) = $0.operands { what } else { nil }
      } ?? "file"
    lines += [
      "_lyricpip() {",
      "  if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then",
      "    _alternative \\",
      "      \(quoted("commands:command:((\(menu.joined(separator: " "))))")) \\",
      "      \(quoted("files:\(escaped(what)):_files"))",
      "    return",
      "  fi",
      "  case $words[2] in",
    ]
    for command in commands {
      lines.append("    \(command.name))")
      lines.append("      shift words")
      lines.append("      (( CURRENT-- ))")
      lines.append("      _lyricpip_\(functionName(command.name)) ;;")
    }
    lines += [
      "    *) _lyricpip_\(functionName(defaultName)) ;;",
      "  esac",
      "}",
      "",
      "if [[ $funcstack[1] == _lyricpip ]]; then",
      "  _lyricpip \"$@\"",
      "else",
      "  compdef _lyricpip lyricpip",
      "fi",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  /// A command's name as part of a function's name.
  private static func functionName(_ name: String) -> String {
    name.replacingEvery("-", with: "_")
  }

  /// The `_arguments` action for a value.
  private static func action(_ value: FlagValue) -> String {
    switch value.completion {
    case .text: " "
    case .file: "_files"
    case .directory: "_files -/"
    case .choices(let words): "(\(words.joined(separator: " ")))"
    }
  }

  /// Text inside an `_arguments` spec: its brackets and colons are syntax.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "[]:\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// `"text"` inside the command menu's `((word\:"description" …))`.
  private static func doubleQuoted(_ text: String) -> String {
    "\"" + text.replacingEvery("\"", with: "\\\"") + "\""
  }
}

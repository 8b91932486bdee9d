/// The bash completion script (`share/bash-completion/completions/lyricpip`): the command is
/// the first word when it names one, else `play`; after a flag that takes a value, that value's
/// choices, files or folders (nothing for free text); then the command's flags, or its operands.
package enum BashCompletion {
  package static func script(for commands: [CommandSpec]) -> String {
    let quoted = CompletionWords.quoted
    let defaultName = CompletionWords.defaultCommand(commands)?.name ?? ""
    var lines = [
      "# bash completion for lyricpip, made by `lyricpip completions bash` from the program's",
      "# tables of flags (installed as share/bash-completion/completions/lyricpip).",
      "",
      "_lyricpip() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
      "  local command=\(defaultName)",
      "  COMPREPLY=()",
      "  if [ \"$COMP_CWORD\" -gt 1 ]; then",
      "    case ${COMP_WORDS[1]} in",
      "      \(commands.map(\.name).joined(separator: "|"))) command=${COMP_WORDS[1]} ;;",
      "    esac",
      "  fi",
      "  case $command in",
    ]
    for command in commands {
      let isDefault = command.name == defaultName
      lines.append("    \(command.name))")
      let valued = command.flags.filter { $0.value != nil }
      if !valued.isEmpty {
        lines.append("      case $prev in")
        for info in valued {
          guard let value = info.value else { continue }
          let reply = reply(value.completion, quoted).map { $0 + " " } ?? ""
          lines.append("        \(info.flag)) \(reply)return ;;")
        }
        lines.append("      esac")
      }
      let flags = CompletionWords.flagNames(command, isDefault: isDefault)
      lines.append("      if [[ $cur == -* ]]; then")
      lines.append(
        "        COMPREPLY=($(compgen -W \(quoted(flags.joined(separator: " "))) -- \"$cur\"))")
      lines.append("        return")
      lines.append("      fi")
      if isDefault {
        let words = CompletionWords.commandWords(commands).joined(separator: " ")
        lines.append("      if [ \"$COMP_CWORD\" = 1 ]; then")
        lines.append("        COMPREPLY=($(compgen -W \(quoted(words)) -- \"$cur\"))")
        lines.append("      fi")
      }
      switch command.operands {
      case .none: break
      case .paths: lines.append("      COMPREPLY+=($(compgen -f -- \"$cur\"))")
      case .words(let words):
        lines.append(
          "      COMPREPLY=($(compgen -W \(quoted(words.joined(separator: " "))) -- \"$cur\"))")
      }
      lines.append("      ;;")
    }
    lines += ["  esac", "}", "complete -o filenames -F _lyricpip lyricpip", ""]
    return lines.joined(separator: "\n")
  }

  /// The `COMPREPLY` for a flag's value; nil for free text, which has none.
  private static func reply(_ completion: FlagValue.Completion, _ quoted: (String) -> String)
    -> String?
  {
    switch completion {
    case .text: nil
    case .file: "COMPREPLY=($(compgen -f -- \"$cur\"));"
    case .directory: "COMPREPLY=($(compgen -d -- \"$cur\"));"
    case .choices(let words):
      "COMPREPLY=($(compgen -W \(quoted(words.joined(separator: " "))) -- \"$cur\"));"
    }
  }
}

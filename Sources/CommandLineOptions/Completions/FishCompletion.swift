/// The fish completion script (`share/fish/vendor_completions.d/lyricpip.fish`): the commands,
/// then each command's flags under the condition that it was named (the default command's when
/// no other was), with their values' choices, files or folders.
package enum FishCompletion {
  package static func script(for commands: [CommandSpec]) -> String {
    let quoted = CompletionWords.quoted
    let defaultName = CompletionWords.defaultCommand(commands)?.name ?? ""
    let words = CompletionWords.commandWords(commands)
    let others = words.filter { $0 != defaultName }
    var lines = [
      "# fish completion for lyricpip, made by `lyricpip completions fish` from the program's",
      "# tables of flags (installed as share/fish/vendor_completions.d/lyricpip.fish).",
      "",
    ]
    let noCommand = quoted("not __fish_seen_subcommand_from \(words.joined(separator: " "))")
    for command in commands {
      lines.append(
        "complete -c lyricpip -n \(noCommand) -a \(command.name) -d \(quoted(command.summary))")
    }
    lines.append(
      "complete -c lyricpip -n \(noCommand) -a \(CompletionWords.helpWord)"
        + " -d \(quoted("print the usage"))")
    lines.append(
      "complete -c lyricpip -l \(Flag.help.bareName) -s \(Flag.shortHelp.bareName)"
        + " -d \(quoted("print the usage"))")
    lines.append(
      "complete -c lyricpip -n \(noCommand) -l \(Flag.version.bareName)"
        + " -d \(quoted("print the version"))")
    for command in commands {
      let condition =
        command.name == defaultName
        ? quoted("not __fish_seen_subcommand_from \(others.joined(separator: " "))")
        : quoted("__fish_seen_subcommand_from \(command.name)")
      lines.append("")
      lines.append("# \(command.name)")
      for info in command.flags {
        var line = "complete -c lyricpip -n \(condition) "
        line += (info.flag.isShort ? "-s " : "-l ") + info.flag.bareName
        if let value = info.value {
          switch value.completion {
          case .text: line += " -x"
          case .file: line += " -r -F"
          case .directory: line += " -x -a \(quoted("(__fish_complete_directories)"))"
          case .choices(let words): line += " -x -a \(quoted(words.joined(separator: " ")))"
          }
        }
        line += " -d \(quoted(info.summary))"
        lines.append(line)
      }
      if case .words(let operands) = command.operands {
        lines.append(
          "complete -c lyricpip -n \(condition) -x -a \(quoted(operands.joined(separator: " ")))")
      }
    }
    lines.append("")
    return lines.joined(separator: "\n")
  }
}

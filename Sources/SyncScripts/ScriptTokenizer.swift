/// Splits one script line into words: blanks separate, `"…"` is one word (with `\"` and `\\`),
/// and `#` outside quotes starts a comment.
enum ScriptTokenizer {
  struct Token: Equatable {
    var text: String
    /// Whether it was written in quotes (so `"#"` or `"play"` is text, not syntax).
    var quoted: Bool
  }

  struct Failure: Error, Equatable {
    var message: String
  }

  static func tokens(of line: Substring) throws(Failure) -> [Token] {
    var tokens: [Token] = []
    var iterator = line.makeIterator()
    var current = ""
    var inWord = false
    func endWord() {
      if inWord { tokens.append(Token(text: current, quoted: false)) }
      current = ""
      inWord = false
    }
    while let character = iterator.next() {
      if character == "#" {
        break
      } else if character.isWhitespace {
        endWord()
      } else if character == "\"" {
        guard !inWord else {
          throw Failure(message: "a quote inside a word: put a blank before it")
        }
        tokens.append(Token(text: try quoted(&iterator), quoted: true))
      } else {
        current.append(character)
        inWord = true
      }
    }
    endWord()
    return tokens
  }

  /// The rest of a quoted word, the opening quote already read.
  private static func quoted(_ iterator: inout Substring.Iterator) throws(Failure) -> String {
    var text = ""
    while let character = iterator.next() {
      switch character {
      case "\"":
        return text
      case "\\":
        guard let escaped = iterator.next() else { break }
        switch escaped {
        case "\"", "\\": text.append(escaped)
        case "n": text.append("\n")
        default: throw Failure(message: "unknown escape \\\(escaped) in quotes (use \\\" or \\\\)")
        }
      default:
        text.append(character)
      }
    }
    throw Failure(message: "unterminated quote")
  }
}

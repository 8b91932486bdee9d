import FoundationEssentials
import Locking
import LyricsCore
import PlayerContract
import SessionWiring
import SystemSupport

/// `--no-window`: prints each new line. On a terminal it keeps one status line instead
/// (`▶ 01:23 / 03:45  the line`), redrawn in place; in a pipe or file, one line per lyric line.
public final class TerminalPresenter: LyricsPresenter, Sendable {
  private let handle: OutputFile
  private let isTerminal: Bool
  /// What the status line shows; its lock also keeps the writes whole and in order.
  private struct Status {
    var durationNanos: Int64?
    var currentText = ""
    var state = PlayerState.stopped
    var drewStatus = false
  }
  private let status = Mutex(Status())

  /// Writes to `handle`; `isTerminal` picks the status line (default: whether it is a TTY).
  public init(handle: OutputFile = .standardOutput, isTerminal: Bool? = nil) {
    self.handle = handle
    self.isTerminal = isTerminal ?? handle.isTerminal
  }

  public func trackChanged(_ info: TrackInfo, lyrics: Lyrics) {
    status.withLock {
      $0.durationNanos = info.durationNanos
      $0.currentText = ""
      let name = [info.artist, info.title].compactMap { $0 }.joined(separator: " - ")
      emitLine(
        "♪ " + (name.isEmpty ? URL(fileURLWithPath: info.path).lastPathComponent : name), &$0)
    }
  }

  /// Untimed lyrics (a file without time stamps, LRCLIB's plain lyrics) have no line to follow:
  /// the terminal prints them once, whole, under a line that says they are untimed.
  public func lyricsStatusChanged(_ lyricsStatus: LyricsStatus) {
    guard let text = lyricsStatus.plainText else { return }
    status.withLock {
      emitLine("untimed lyrics (no time stamps):", &$0)
      for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
        emitLine(String(row.last == "\r" ? row.dropLast() : row), &$0)
      }
    }
  }

  public func show(_ display: LyricsDisplay, presented: @escaping @Sendable (Double?) -> Void) {
    guard display.lineChanged else {
      // Words are not drawn in the terminal; the word is "shown" as it is decided.
      presented(nil)
      return
    }
    status.withLock {
      $0.currentText = display.text
      if isTerminal {
        drawStatus(&$0, positionNanos: display.heardNanos)
      } else {
        write(display.text + "\n")
      }
    }
    presented(nil)
  }

  public func stateChanged(_ newState: PlayerState, positionNanos: Int64) {
    status.withLock {
      $0.state = newState
      if isTerminal { drawStatus(&$0, positionNanos: positionNanos) }
    }
  }

  public func finish() {
    status.withLock {
      if isTerminal && $0.drewStatus { write("\n") }
      $0.drewStatus = false
    }
  }

  /// Called with the lock held.
  private func drawStatus(_ status: inout Status, positionNanos: Int64) {
    let symbol =
      switch status.state {
      case .playing: "▶"
      case .paused: "⏸"
      case .stopped, .ended: "■"
      }
    let time =
      Self.clock(positionNanos) + (status.durationNanos.map { " / " + Self.clock($0) } ?? "")
    // \r and "erase line" redraw in place.
    write("\r\u{1B}[2K\(symbol) \(time)  \(status.currentText)")
    status.drewStatus = true
  }

  /// A permanent line above the status line.
  private func emitLine(_ text: String, _ status: inout Status) {
    if isTerminal && status.drewStatus {
      write("\r\u{1B}[2K" + text + "\n")
      status.drewStatus = false
    } else {
      write(text + "\n")
    }
  }

  private func write(_ text: String) {
    handle.write(text)
  }

  public static func clock(_ nanos: Int64) -> String { LyricsSession.clock(nanos) }
}

import FoundationEssentials
import Glibc
import LyricsCore
import Playback
import SessionWiring

/// `--no-window`: prints each new line. On a terminal it keeps one status line instead
/// (`▶ 01:23 / 03:45  the line`), redrawn in place; in a pipe or file, one line per lyric line.
public final class TerminalPresenter: LyricsPresenter, @unchecked Sendable {
  private let lock = Mutex()
  private let handle: OutputFile
  private let isTerminal: Bool
  // Guarded by `lock`.
  private var durationNanos: Int64?
  private var currentText = ""
  private var state = PlayerState.stopped
  private var drewStatus = false

  /// Writes to `handle`; `isTerminal` picks the status line (default: whether it is a TTY).
  public init(handle: OutputFile = .standardOutput, isTerminal: Bool? = nil) {
    self.handle = handle
    self.isTerminal = isTerminal ?? (isatty(handle.fileDescriptor) == 1)
  }

  public func trackChanged(_ info: TrackInfo, lyrics: Lyrics) {
    lock.withLock {
      durationNanos = info.durationNanos
      currentText = ""
      let name = [info.artist, info.title].compactMap { $0 }.joined(separator: " - ")
      emitLine("♪ " + (name.isEmpty ? URL(fileURLWithPath: info.path).lastPathComponent : name))
    }
  }

  public func show(_ display: LyricsDisplay, presented: @escaping @Sendable () -> Void) {
    guard display.lineChanged else {
      // Words are not drawn in the terminal; the word is "shown" as it is decided.
      presented()
      return
    }
    lock.withLock {
      currentText = display.text
      if isTerminal {
        drawStatus(positionNanos: display.heardNanos)
      } else {
        write(display.text + "\n")
      }
    }
    presented()
  }

  public func stateChanged(_ newState: PlayerState, positionNanos: Int64) {
    lock.withLock {
      state = newState
      if isTerminal { drawStatus(positionNanos: positionNanos) }
    }
  }

  public func finish() {
    lock.withLock {
      if isTerminal && drewStatus { write("\n") }
      drewStatus = false
    }
  }

  /// Called with the lock held.
  private func drawStatus(positionNanos: Int64) {
    let symbol =
      switch state {
      case .playing: "▶"
      case .paused: "⏸"
      case .stopped, .ended: "■"
      }
    let time = Self.clock(positionNanos) + (durationNanos.map { " / " + Self.clock($0) } ?? "")
    // \r and "erase line" redraw in place.
    write("\r\u{1B}[2K\(symbol) \(time)  \(currentText)")
    drewStatus = true
  }

  /// A permanent line above the status line.
  private func emitLine(_ text: String) {
    if isTerminal && drewStatus {
      write("\r\u{1B}[2K" + text + "\n")
      drewStatus = false
    } else {
      write(text + "\n")
    }
  }

  private func write(_ text: String) {
    handle.write(text)
  }

  static func clock(_ nanos: Int64) -> String {
    let seconds = max(0, nanos / 1_000_000_000)
    return CFormat.string("%02d:%02d", seconds / 60, seconds % 60)
  }
}

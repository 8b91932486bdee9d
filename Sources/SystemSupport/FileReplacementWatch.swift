import Glibc
import Locking

/// Tells when a file is written anew, through inotify on its folder (nothing is polled): written
/// in place and closed (`IN_CLOSE_WRITE`), or replaced by another file renamed over it
/// (`IN_MOVED_TO`: how most editors save, a new file renamed over the old one). The folder is
/// watched, not the file, since a watch on the file stays with the old inode that such a rename
/// leaves behind.
///
/// One thread (`lyricpip.watch`) sleeps in `poll` on the inotify descriptor and calls `changed`
/// with the file's path there; `watch(_:)` moves the watch to another file, `nil` to none. The
/// sleep has no timeout (it woke every second for nothing before): releasing the watch wakes
/// the thread through a pipe, and the thread, which holds the descriptors, closes them as it
/// ends.
public final class FileReplacementWatch: Sendable {
  private struct Target {
    var path: String?
    var folderWatch: Int32 = -1
    var name = ""
  }

  /// The descriptors the thread sleeps on, closed when the thread lets them go.
  private final class Descriptors: Sendable {
    let inotify: Int32
    let stop: WakePipe

    init(inotify: Int32, stop: WakePipe) {
      self.inotify = inotify
      self.stop = stop
    }

    deinit { close(inotify) }
  }

  private let descriptors: Descriptors
  private var inotify: Int32 { descriptors.inotify }
  private let target = Mutex(Target())
  private let changed: @Sendable (String) -> Void

  /// nil when inotify cannot be had (no descriptors, no thread): then nothing is watched.
  public init?(changed: @escaping @Sendable (String) -> Void) {
    let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard descriptor >= 0 else { return nil }
    guard let stop = WakePipe() else {
      close(descriptor)
      return nil
    }
    let descriptors = Descriptors(inotify: descriptor, stop: stop)
    self.descriptors = descriptors
    self.changed = changed
    let started = DetachedThread.start(name: "lyricpip.watch") { [weak self] in
      while Self.waitForEvents(descriptors) {
        guard let watch = self else { return }
        watch.readEvents()
      }
    }
    if !started { return nil }
  }

  deinit {
    descriptors.stop.signal()
  }

  /// The file watched now.
  public var path: String? { target.withLock { $0.path } }

  /// Watches `path` from now on (nil: nothing); the same path again changes nothing. Returns
  /// why not when its folder cannot be watched (then nothing is).
  @discardableResult
  public func watch(_ path: String?) -> String? {
    guard path != self.path else { return nil }
    guard let path else {
      replace(with: Target())
      return nil
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let descriptor = inotify_add_watch(
      inotify, folder, UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR))
    guard descriptor >= 0 else {
      let reason = "cannot watch \(folder): \(SystemError.last)"
      replace(with: Target())
      return reason
    }
    replace(with: Target(path: path, folderWatch: descriptor, name: name))
    return nil
  }

  /// The old folder's watch goes unless the new file shares it (inotify gives one folder one
  /// descriptor).
  private func replace(with new: Target) {
    let old = target.withLock {
      let old = $0
      $0 = new
      return old
    }
    if old.folderWatch >= 0, old.folderWatch != new.folderWatch {
      inotify_rm_watch(inotify, old.folderWatch)
    }
  }

  /// Sleeps until inotify has events (true) or the watch was released (false).
  private static func waitForEvents(_ descriptors: Descriptors) -> Bool {
    while true {
      var polled = [
        PollDescriptor(fd: descriptors.inotify, events: Poll.readable),
        PollDescriptor(fd: descriptors.stop.fd, events: Poll.readable),
      ]
      // A failed poll (no memory) ends the watch rather than spin.
      guard case .success(let ready) = Poll.wait(&polled, timeoutMs: -1) else { return false }
      if polled[1].returned != 0 { return false }
      if ready > 0 { return true }
    }
  }

  /// Reads what inotify has (an event is its header and a NUL-padded name); a lost queue
  /// (`IN_Q_OVERFLOW`) counts as a change, since it may have held one.
  private func readEvents() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let read = buffer.withUnsafeMutableBytes { SystemCalls.read(inotify, into: $0) }
    guard case .success(let count) = read, count > 0 else { return }
    let current = target.withLock { $0 }
    guard let path = current.path else { return }
    let header = MemoryLayout<inotify_event>.size
    var offset = 0
    var hit = false
    buffer.withUnsafeBytes { bytes in
      while offset + header <= count {
        let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        let nameStart = offset + header
        let name = String(
          decoding: bytes[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 },
          as: UTF8.self)
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0
          || (event.wd == current.folderWatch && name == current.name)
        {
          hit = true
        }
        offset = nameStart + Int(event.len)
      }
    }
    if hit { changed(path) }
  }
}

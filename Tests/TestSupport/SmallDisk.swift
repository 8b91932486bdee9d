import Foundation
import Glibc

/// A small tmpfs mounted for one test, to make a folder's file system full or read-only as a
/// user's disk can be. Mounting needs root (the build machines run as root); a suite that uses it
/// is enabled only `if: SmallDisk.canMount`. Unmounted (lazily, so an open file cannot keep it)
/// when the value goes away.
public final class SmallDisk: Sendable {
  public let url: URL
  public var path: String { url.path }

  public static var canMount: Bool { geteuid() == 0 }

  public struct MountError: Error, CustomStringConvertible {
    public var description: String
  }

  /// A fresh tmpfs of `kilobytes`.
  public init(kilobytes: Int = 256) throws {
    url = try Paths.makeTemporaryDirectory()
    guard mount("tmpfs", url.path, "tmpfs", 0, "size=\(kilobytes)k") == 0 else {
      throw MountError(description: "cannot mount a tmpfs at \(url.path): errno \(errno)")
    }
  }

  deinit {
    umount2(url.path, Int32(MNT_DETACH))
    try? FileManager.default.removeItem(at: url)
  }

  /// `name` inside the disk.
  public func appendingPathComponent(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// Writes zeros into a file named `filler` until the file system refuses: every block taken.
  public func fillUp() {
    let descriptor = open(
      appendingPathComponent("filler").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    defer { close(descriptor) }
    let block = [UInt8](repeating: 0, count: 4096)
    while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// Mounts the disk again read-only: every write fails with EROFS, even root's (a folder's mode
  /// bits do not stop root).
  public func makeReadOnly() throws {
    guard
      mount("tmpfs", url.path, "tmpfs", UInt(MS_REMOUNT) | UInt(MS_RDONLY), nil) == 0
    else {
      throw MountError(description: "cannot remount \(url.path) read-only: errno \(errno)")
    }
  }

  /// The names in `folder` (a path inside the disk), sorted: what a failed write left behind.
  public func names(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }
}

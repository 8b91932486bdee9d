internal import CLoader
import Glibc
import Locking

/// The pages of code and constants that starting the process mapped and nothing uses again.
///
/// At start the dynamic loader reads the symbol and relocation tables of every library
/// (Debian's FFmpeg alone brings 135), runs their constructors, and the kernel maps up to 64 KB
/// around each page touched; opening the sound, the file and the windows runs code only they
/// need. Those pages stayed counted as the process's resident memory for as long as it ran:
/// about 20 of the 51 MB the strip kept at 1920×1080 (docs/benchmarks.md, "The loader's pages
/// let go").
///
/// No library does this: glibc's loader keeps what it mapped, and the kernel reclaims a
/// process's clean pages only under memory pressure. So the process drops them from its own
/// page tables once the start is over (`play`: when the first sound is heard; `follow`: at
/// once, nothing waits on its start): `madvise(MADV_DONTNEED)` on every segment no one can
/// write (code and read-only data, straight from the file). The page cache keeps the pages, so
/// a page used again costs a minor fault (a few microseconds), never a read from disk, and its
/// content is the file's as before. Writable segments, which hold relocated data (RELRO
/// included), are left alone: there the call would give back the file's bytes.
public enum LoaderPages {
  /// Whether `releaseInBackground` ran.
  private static let released = Mutex(false)

  /// Drops the never-writable segments of every loaded object from the page tables; returns
  /// the bytes of address space advised (what was resident of them is not known here). Does
  /// nothing while a debugger traces the process: its breakpoints are written into code pages,
  /// which this would throw away.
  @discardableResult
  public static func release() -> Int {
    guard !isTraced() else { return 0 }
    var advised = 0
    for segment in readOnlySegments() {
      guard let address = UnsafeMutableRawPointer(bitPattern: segment.lowerBound) else { continue }
      if madvise(address, segment.count, MADV_DONTNEED) == 0 { advised += segment.count }
    }
    return advised
  }

  /// The whole pages of every loaded object's never-writable segments (but the vDSO's and
  /// those of objects with text relocations), as address ranges.
  static func readOnlySegments() -> [Range<Int>] {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    guard page > 0 else { return [] }
    var ranges = [lyricpip_address_range](
      repeating: lyricpip_address_range(start: 0, end: 0), count: 4096)
    let count = ranges.withUnsafeMutableBufferPointer {
      lyricpip_read_only_segments($0.baseAddress, $0.count)
    }
    return ranges.prefix(count).compactMap { range in
      // Whole pages inside the segment only: a page it shares with a writable neighbour keeps
      // that neighbour's written bytes.
      let start = (Int(range.start) + page - 1) / page * page
      let end = Int(range.end) / page * page
      return end > start ? start..<end : nil
    }
  }

  /// `release()` once in the process's life (later calls do nothing), on a thread of its own
  /// (it takes about 3 ms) so that the caller goes on. Not at the idle scheduling class: there
  /// the windows being made starved it until after the start's peak, which it is to cut.
  public static func releaseInBackground() {
    let first = released.withLock { done in
      defer { done = true }
      return !done
    }
    guard first else { return }
    _ = DetachedThread.start(name: "lyricpip.pages") {
      release()
      StartupTrace.mark("loader pages released")
    }
  }

  /// Whether a debugger (or strace) is attached: `TracerPid` in /proc/self/status.
  static func isTraced() -> Bool {
    ProcessStatus.field("TracerPid").map { $0 != "0" } ?? false
  }
}

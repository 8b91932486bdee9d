internal import CMalloc

/// How the C heap treats large blocks, set once at start-up.
public enum HeapTuning {
  /// Keeps blocks of 128 KiB and more out of the heap: each is mapped on its own and given back
  /// to the system as soon as it is freed. A lyric line's pixels are such blocks (several
  /// hundred kilobytes, made and freed at every line change). glibc's default starts at the same
  /// 128 KiB but raises the threshold to the size of each such block freed, after which those
  /// blocks land in the heap and their pages stay with the process when freed (about half a
  /// megabyte more resident while the strip plays, measured with `make bench-ui`).
  public static func keepLargeBlocksOutOfTheHeap() {
    _ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
  }
}

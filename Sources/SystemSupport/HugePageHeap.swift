import Glibc

/// A heap on transparent huge pages for a short process that fills tens of megabytes at once
/// (`check` of a large file): glibc's `glibc.malloc.hugetlb=1` tunable has it advise the kernel
/// to back the heap and its large blocks with 2 MiB pages, one fault where there were 512. On the
/// 10 MB file of `scripts/bench-parse` that took the faults of `check --json` from 10,700 to
/// about 2,000 and its time by about 15 % (docs/benchmarks.md, "`check --json` end to end").
/// glibc reads its tunables only at start, so the process starts itself again once with the
/// tunable added (about 2 ms); a glibc or kernel without it ignores it.
public enum HugePageHeap {
  static let tunable = "glibc.malloc.hugetlb=1"
  static let variable = "GLIBC_TUNABLES"

  /// The tunables `current` (the variable's value, nil when unset) with the huge-page one
  /// added; nil when it is already there.
  package static func tunables(adding current: String?) -> String? {
    guard let current, !current.isEmpty else { return tunable }
    if current.split(separator: ":").contains(where: { $0.hasPrefix("glibc.malloc.hugetlb=") }) {
      return nil
    }
    return current + ":" + tunable
  }

  /// Below this much input in all, the second start (about 2 ms) costs more than the faults it
  /// saves (about 1 ms a megabyte on the 10 MB file).
  static let worthwhileBytes = 2 << 20

  /// Whether the files among `arguments` (anything else counts nothing) add up to enough bytes
  /// for the restart to pay.
  package static func isWorthRestarting(for arguments: [String]) -> Bool {
    var total = 0
    for argument in arguments {
      var status = stat()
      guard stat(argument, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      total += Int(status.st_size)
      if total >= worthwhileBytes { return true }
    }
    return false
  }

  /// Starts this program again, same arguments, with the tunable set, when the files among
  /// `arguments` are large enough for it to pay; not when it is set already (the second start)
  /// or the restart fails, in which cases it returns and the caller goes on with the heap as it is.
  public static func restartUnlessSet(for arguments: [String]) {
    guard isWorthRestarting(for: arguments) else { return }
    let previous = SystemProcess.environment(variable)
    guard let value = tunables(adding: previous) else { return }
    setenv(variable, value, 1)
    _ = InstallLayout.runningExecutable().withCString { execv($0, CommandLine.unsafeArgv) }
    // Not restarted: the environment as it was, and on with the ordinary heap.
    if let previous { setenv(variable, previous, 1) } else { unsetenv(variable) }
  }
}

import Foundation
import TestSupport
import Testing

@testable import SystemSupport

/// The `GLIBC_TUNABLES` value the launcher's `check` restarts with: the huge-page tunable added
/// once to whatever the user set, and no second restart once it is there.
@Suite struct HugePageHeapTests {
  @Test func unsetOrEmptyGivesTheTunableAlone() {
    #expect(HugePageHeap.tunables(adding: nil) == "glibc.malloc.hugetlb=1")
    #expect(HugePageHeap.tunables(adding: "") == "glibc.malloc.hugetlb=1")
  }

  @Test func theUsersTunablesAreKeptInFront() {
    #expect(
      HugePageHeap.tunables(adding: "glibc.malloc.arena_max=2")
        == "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
  }

  /// Already set, by the first start or by the user (even to another value): nothing to add,
  /// so the process does not start itself again, ever.
  @Test func alreadySetMeansNoRestart() {
    #expect(HugePageHeap.tunables(adding: "glibc.malloc.hugetlb=1") == nil)
    #expect(HugePageHeap.tunables(adding: "glibc.malloc.hugetlb=0") == nil)
    #expect(HugePageHeap.tunables(adding: "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2") == nil)
  }

  /// Only files count, and only from 2 MiB in all: a small file's check does not pay for a
  /// second start.
  @Test func onlyLargeInputsAreWorthTheRestart() throws {
    let directory = try TemporaryDirectory()
    let small = try directory.write("small.lrc", "[00:01.00]one\n")
    let large = directory.appendingPathComponent("large.lrc").path
    #expect(FileManager.default.createFile(atPath: large, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: large))
    try handle.truncate(atOffset: 3 << 20)
    try handle.close()
    #expect(!HugePageHeap.isWorthRestarting(for: ["--json", small]))
    #expect(!HugePageHeap.isWorthRestarting(for: [directory.path, "/no/such/file", small]))
    #expect(HugePageHeap.isWorthRestarting(for: ["--json", small, large]))
  }
}

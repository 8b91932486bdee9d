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
}

import Testing

@testable import Surface

/// The Compose table is read from an empty file unless the user chose one (ComposeTable says
/// why). Only the choice is tested here: setting the environment beside the other suites'
/// threads is what `leaveUnloaded` must not do outside `main`.
@Suite struct ComposeTableTests {
  @Test func withNoTableChosenTheTableIsAnEmptyFile() {
    #expect(ComposeTable.value(given: nil) == "/dev/null")
  }

  @Test func aTableTheUserChoseIsKept() {
    #expect(ComposeTable.value(given: "/home/someone/.XCompose") == nil)
    #expect(ComposeTable.value(given: "") == nil)
  }
}

import Testing

@testable import SystemSupport

/// Fields of /proc/self/status, as `LoaderPages` and the online benchmark read them.
@Suite struct ProcessStatusTests {
  @Test func aFieldIsItsValueWithoutTheSpacesBefore() throws {
    let resident = try #require(ProcessStatus.field("VmRSS"))
    #expect(resident.hasSuffix(" kB"), "\(resident)")
    let kilobytes = try #require(Int(resident.dropLast(" kB".count)))
    #expect(kilobytes > 0)
    let tracer = try #require(ProcessStatus.field("TracerPid"))
    #expect(Int(tracer) != nil, "\(tracer)")
  }

  /// A name is a whole field name: `VmRS` is not `VmRSS`.
  @Test func anUnknownOrPartialNameIsNil() {
    #expect(ProcessStatus.field("NoSuchField") == nil)
    #expect(ProcessStatus.field("VmRS") == nil)
  }
}

import Testing

@testable import Surface

/// TurboJPEG is opened on the first JPEG cover, not linked (Sources/CTurboJPEG/shim.h says
/// why); a library that cannot be opened is a decode error that says so, not a crash.
@Suite(.tags(.sanitized)) struct TurboJPEGLoadTests {
  @Test func theInstalledLibraryOpens() throws {
    _ = try TurboJPEGLibrary.load(file: "libturbojpeg.so.0").get()
  }

  @Test func aMissingLibraryIsAnErrorNamingIt() {
    let result = TurboJPEGLibrary.load(file: "libturbojpeg-not-here.so.0")
    #expect(throws: SDLError.self) { try result.get() }
    if case .failure(let error) = result {
      #expect("\(error)".contains("libturbojpeg-not-here.so.0"), "\(error)")
    }
  }
}

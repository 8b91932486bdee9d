import TestSupport
import Testing

@testable import Surface

/// Font choice through fontconfig, with the fonts the project installs (DejaVu, WenQuanYi).
@Suite(.tags(.sanitized)) struct FontFallbackTests {
  @Test func cjkCharactersGetAFaceThatHasThem() throws {
    let resolver = try FontResolver(family: "DejaVu Sans", bold: false)
    #expect(resolver.warning == nil)
    #expect(resolver.primary.family == "DejaVu Sans")
    #expect(resolver.face(for: "A") == resolver.primary)
    let cjk = resolver.face(for: "你")
    #expect(cjk != resolver.primary)
    #expect(cjk.family.contains("WenQuanYi"), "\(cjk)")
    // Cyrillic is in DejaVu itself.
    #expect(resolver.face(for: "Ж") == resolver.primary)
  }

  @Test func aMissingFamilyGivesAWarningAndTheFallback() throws {
    let resolver = try FontResolver(family: "No Such Font Family 42", bold: false)
    let warning = try #require(resolver.warning)
    #expect(warning.contains("No Such Font Family 42"))
    #expect(!resolver.primary.path.isEmpty)
    #expect(resolver.face(for: "你").family.contains("WenQuanYi"))
  }
}

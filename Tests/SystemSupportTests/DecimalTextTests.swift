import SystemSupport
import Testing

@Suite("Decimal text")
struct DecimalTextTests {
  @Test("zero padding, as %02d and %04d write it")
  func zeroPadded() {
    #expect(DecimalText.zeroPadded(7, width: 2) == "07")
    #expect(DecimalText.zeroPadded(Int64(123), width: 2) == "123")
    #expect(DecimalText.zeroPadded(Int32(2026), width: 4) == "2026")
    #expect(DecimalText.zeroPadded(-5, width: 3) == "-005")
    #expect(DecimalText.zeroPadded(0, width: 0) == "0")
  }

  @Test("fixed decimals, as %.6f writes them")
  func fixed() {
    #expect(DecimalText.fixed(1.5, fractionDigits: 6) == "1.500000")
    #expect(DecimalText.fixed(12345.0000004, fractionDigits: 6) == "12345.000000")
    #expect(DecimalText.fixed(0.0000126, fractionDigits: 6) == "0.000013")
    #expect(DecimalText.fixed(-0.5, fractionDigits: 3) == "-0.500")
    #expect(DecimalText.fixed(2.6, fractionDigits: 0) == "3")
  }
}

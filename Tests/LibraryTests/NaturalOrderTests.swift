import Testing

@testable import Library

@Suite struct NaturalOrderTests {
  @Test func numbersCompareByValue() {
    let names = ["10 - y.flac", "2 - x.flac", "1 - a.flac", "Track 100.ogg", "track 20.ogg"]
    #expect(
      names.sorted(by: NaturalOrder.precedes) == [
        "1 - a.flac", "2 - x.flac", "10 - y.flac", "track 20.ogg", "Track 100.ogg",
      ])
  }

  @Test func leadingZerosAndHugeNumbers() {
    #expect(NaturalOrder.precedes("02.mp3", "10.mp3"))
    #expect(NaturalOrder.precedes("9.mp3", "0010.mp3"))
    #expect(NaturalOrder.precedes("99999999999999999999999 a", "100000000000000000000000 a"))
  }

  @Test func theOrderIsTotal() {
    // Same when case is folded and zeros dropped: still a fixed order, both ways round.
    #expect(NaturalOrder.precedes("A.mp3", "a.mp3") != NaturalOrder.precedes("a.mp3", "A.mp3"))
    #expect(NaturalOrder.precedes("01.mp3", "1.mp3") != NaturalOrder.precedes("1.mp3", "01.mp3"))
    #expect(!NaturalOrder.precedes("x", "x"))
  }

  @Test(
    arguments: [
      ("3", 3), ("03", 3), ("3/12", 3), (" 7 / 9", 7), ("", nil), ("x", nil), ("-1", nil),
    ] as [(String, Int?)])
  func trackNumbersAsTaggersWriteThem(tag: String, number: Int?) {
    #expect(AlbumPosition.number(tag) == number)
  }
}

import EventStream
import Testing

@Suite struct JSONBytesTests {
  @Test func escapesQuotesBackslashesAndControlBytesAndKeepsOtherUTF8() {
    var output = JSONBytes()
    output.appendQuoted("say \"hi\"\\\n\r\t\u{7F}\u{1F} 你好 é")
    #expect(output.text == #""say \"hi\"\\\n\r\t\u007f\u001f 你好 é""#)
  }

  @Test func writesIntegersInDecimal() {
    var output = JSONBytes()
    for number in [0, 7, -7, 1234567890, Int.min, Int.max] {
      output.append(number)
      output.append(" ")
    }
    #expect(output.text == "0 7 -7 1234567890 \(Int.min) \(Int.max) ")
  }

  @Test func valuesRenderThroughTheSameBytes() {
    let value = JSONValue.object([
      JSONField("ms", .int(-5)), JSONField("text", .string("a\"b")),
      JSONField("words", .array([.bool(true), .null])),
    ])
    #expect(value.compact == #"{"ms":-5,"text":"a\"b","words":[true,null]}"#)
    #expect(value.spaced == #"{"ms": -5, "text": "a\"b", "words": [true, null]}"#)
  }
}

/// The integer groups the Chinese services' formats time with: `[13181,5234]`, `(13181,474)`,
/// `(420,1320,0)`, `<0,1072,0>`. Non-negative integers of at most nine digits, separated by
/// commas, no spaces; anything else is not a group (and so, in a line's text, is text).
enum NumberGroup {
  static let maxDigits = 9

  /// The group opening at `bytes[index]` with `open`, closing with `close`, holding exactly
  /// `count` numbers: the numbers and the index just past `close`.
  @inline(__always)
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, open: UInt8, close: UInt8,
    count: Int
  ) -> (values: (Int, Int, Int), next: Int)? {
    guard index < end, bytes[index] == open else { return nil }
    var values = (0, 0, 0)
    var cursor = index + 1
    for position in 0..<count {
      let start = cursor
      var value = 0
      while cursor < end, let digit = ASCII.digit(bytes[cursor]), cursor - start < maxDigits {
        value = value * 10 + digit
        cursor += 1
      }
      guard cursor > start else { return nil }
      switch position {
      case 0: values.0 = value
      case 1: values.1 = value
      default: values.2 = value
      }
      let separator = position == count - 1 ? close : UInt8(ascii: ",")
      guard cursor < end, bytes[cursor] == separator else { return nil }
      cursor += 1
    }
    return (values, cursor)
  }

  /// The line stamp `[start,duration]` at the start of `range`.
  static func lineStamp(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> (start: Int, duration: Int, next: Int)?
  {
    guard
      let group = parse(
        bytes, at: range.lowerBound, end: range.upperBound, open: UInt8(ascii: "["),
        close: UInt8(ascii: "]"), count: 2)
    else { return nil }
    return (group.values.0, group.values.1, group.next)
  }
}

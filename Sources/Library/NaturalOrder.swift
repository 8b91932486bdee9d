/// The order people expect of file names: runs of digits compare by their value, so
/// `2 - x.flac` comes before `10 - y.flac`; the rest compares case-insensitively, then exactly
/// (so the order is total and two runs go the same way).
public enum NaturalOrder {
  /// Whether `left` sorts before `right`.
  public static func precedes(_ left: String, _ right: String) -> Bool {
    let folded = compare(
      Array(left.lowercased().unicodeScalars), Array(right.lowercased().unicodeScalars))
    if folded != 0 { return folded < 0 }
    let exact = compare(Array(left.unicodeScalars), Array(right.unicodeScalars))
    return exact != 0 ? exact < 0 : left.utf8.lexicographicallyPrecedes(right.utf8)
  }

  /// -1, 0 or 1.
  private static func compare(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Int {
    var leftIndex = 0
    var rightIndex = 0
    while leftIndex < left.count, rightIndex < right.count {
      let leftScalar = left[leftIndex]
      let rightScalar = right[rightIndex]
      if isDigit(leftScalar), isDigit(rightScalar) {
        let leftRun = digitRun(left, from: leftIndex)
        let rightRun = digitRun(right, from: rightIndex)
        let order = compareNumbers(left[leftRun], right[rightRun])
        if order != 0 { return order }
        leftIndex = leftRun.upperBound
        rightIndex = rightRun.upperBound
        continue
      }
      if leftScalar != rightScalar { return leftScalar.value < rightScalar.value ? -1 : 1 }
      leftIndex += 1
      rightIndex += 1
    }
    let leftLeft = left.count - leftIndex
    let rightLeft = right.count - rightIndex
    return leftLeft == rightLeft ? 0 : (leftLeft < rightLeft ? -1 : 1)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 48 && scalar.value <= 57
  }

  private static func digitRun(_ scalars: [Unicode.Scalar], from start: Int) -> Range<Int> {
    var end = start
    while end < scalars.count, isDigit(scalars[end]) { end += 1 }
    return start..<end
  }

  /// Compares two digit runs by value without converting them (a run may be longer than an
  /// `Int` holds): leading zeros dropped, then the longer is larger, then digit by digit.
  private static func compareNumbers(
    _ left: ArraySlice<Unicode.Scalar>, _ right: ArraySlice<Unicode.Scalar>
  ) -> Int {
    let leftDigits = left.drop { $0 == "0" }
    let rightDigits = right.drop { $0 == "0" }
    if leftDigits.count != rightDigits.count {
      return leftDigits.count < rightDigits.count ? -1 : 1
    }
    for (leftDigit, rightDigit) in zip(leftDigits, rightDigits) where leftDigit != rightDigit {
      return leftDigit.value < rightDigit.value ? -1 : 1
    }
    return 0
  }
}

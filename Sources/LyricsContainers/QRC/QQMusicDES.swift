/// The DES variant QQ Music encrypts its QRC lyrics with: the textbook DES of FIPS 46-3
/// (initial permutation, 16 Feistel rounds, the final permutation), with three departures that
/// every decrypted QRC depends on:
///
/// 1. Byte order. Each 8-byte block, and each key, is read as two 32-bit little-endian words:
///    DES bit 1 is the top bit of byte 3, not of byte 0 (and the output is written back so).
/// 2. Two S-box entries differ from the standard: S2 row 1 column 7 is 15 (FIPS: 14) and S4
///    row 3 column 5 is 10 (FIPS: 1), so those rows are no longer permutations.
/// 3. The key schedule takes the D half's bits for PC-2 one place further on (bit n+1 where the
///    standard takes bit n; the 29th bit of the 28-bit half reads as 0).
///
/// The first could be undone around a standard DES by swapping bytes. The other two cannot:
/// no DES key reproduces a different S-box, and every DES library (OpenSSL, libgcrypt, nettle,
/// all in Debian) has the FIPS tables built in. So lyricpip carries this small cipher itself;
/// it only ever reads lyrics with fixed, published keys, and protects nothing.
struct QQMusicDES {
  /// The knobs that make this cipher QQ's or the standard one; the standard exists for the
  /// known-answer tests (FIPS vectors prove the shared machinery).
  struct Variant: Sendable {
    let swapsWordBytes: Bool
    let dHalfOffset: Int
    /// For each S-box and each 6-bit input, the 32-bit output already through P.
    let spTables: [[UInt32]]

    init(swapsWordBytes: Bool, sBoxes: [[UInt8]], dHalfOffset: Int) {
      self.swapsWordBytes = swapsWordBytes
      self.dHalfOffset = dHalfOffset
      spTables = QQMusicDES.makeSPTables(sBoxes)
    }

    static let qqMusic: Variant = {
      var boxes = FIPS.sBoxes
      boxes[1][1 * 16 + 7] = 15
      boxes[3][3 * 16 + 5] = 10
      return Variant(swapsWordBytes: true, sBoxes: boxes, dHalfOffset: 1)
    }()

    static let standard = Variant(swapsWordBytes: false, sBoxes: FIPS.sBoxes, dHalfOffset: 0)
  }

  enum Direction { case encrypt, decrypt }

  /// Each round's 48-bit key as eight 6-bit groups, in the order the rounds use them.
  private let roundKeys: [[UInt32]]
  private let variant: Variant

  init(key: some Collection<UInt8>, direction: Direction, variant: Variant = .qqMusic) {
    precondition(key.count == 8, "a DES key is 8 bytes")
    self.variant = variant
    let keyBits = Self.load(Array(key), swapping: variant.swapsWordBytes)
    var c = UInt32(truncatingIfNeeded: Self.permute(keyBits, width: 64, FIPS.pc1C))
    var d = UInt32(truncatingIfNeeded: Self.permute(keyBits, width: 64, FIPS.pc1D))
    var keys: [[UInt32]] = []
    for shift in FIPS.keyShifts {
      c = Self.rotate28(c, by: shift)
      d = Self.rotate28(d, by: shift)
      keys.append(Self.roundKey(c: c, d: d, dHalfOffset: variant.dHalfOffset))
    }
    roundKeys = direction == .encrypt ? keys : keys.reversed()
  }

  /// Enciphers or deciphers one 8-byte block in place (the direction was fixed by `init`).
  func crypt(_ block: inout [UInt8], at offset: Int) {
    let input = Self.load(block[offset..<offset + 8], swapping: variant.swapsWordBytes)
    let permuted = Self.permute(input, width: 64, FIPS.initialPermutation)
    var left = UInt32(truncatingIfNeeded: permuted >> 32)
    var right = UInt32(truncatingIfNeeded: permuted)
    for key in roundKeys {
      (left, right) = (right, left ^ feistel(right, key))
    }
    // The last round does not swap: the pre-output is R16 L16.
    let preOutput = UInt64(right) << 32 | UInt64(left)
    let output = Self.permute(preOutput, width: 64, FIPS.finalPermutation)
    Self.store(output, into: &block, at: offset, swapping: variant.swapsWordBytes)
  }

  /// f(R, K): expansion, the key, the S-boxes and P, with S and P folded into one table each.
  private func feistel(_ right: UInt32, _ key: [UInt32]) -> UInt32 {
    var output: UInt32 = 0
    for box in 0..<8 {
      // E's group `box` is DES bits 4·box … 4·box+5 (1-based, wrapping): the top six bits of
      // R rotated left by 4·box − 1.
      let group = (right.rotatedLeft(by: (4 * box + 31) % 32) >> 26) & 0x3F
      output |= variant.spTables[box][Int(group ^ key[box])]
    }
    return output
  }

  static func makeSPTables(_ boxes: [[UInt8]]) -> [[UInt32]] {
    (0..<8).map { box in
      (0..<64).map { input in
        let row = ((input >> 4) & 0b10) | (input & 1)
        let column = (input >> 1) & 0xF
        let value = UInt64(boxes[box][row * 16 + column]) << (28 - 4 * box)
        return UInt32(truncatingIfNeeded: permute(value, width: 32, FIPS.p))
      }
    }
  }

  /// PC-2 over C and D, as eight 6-bit groups. `dHalfOffset` is QQ's shifted D selection.
  static func roundKey(c: UInt32, d: UInt32, dHalfOffset: Int) -> [UInt32] {
    var groups = [UInt32](repeating: 0, count: 8)
    for (index, source) in FIPS.pc2.enumerated() {
      let bit: UInt32
      if source <= 28 {
        bit = (c >> (28 - Int(source))) & 1
      } else {
        let position = Int(source) - 28 + dHalfOffset
        bit = position > 28 ? 0 : (d >> (28 - position)) & 1
      }
      groups[index / 6] |= bit << (5 - index % 6)
    }
    return groups
  }

  static func rotate28(_ value: UInt32, by shift: Int) -> UInt32 {
    ((value << shift) | (value >> (28 - shift))) & 0x0FFF_FFFF
  }

  /// `table[i]` (1-based, from the top of a `width`-bit input) becomes output bit i, from the
  /// top of a `table.count`-bit output.
  static func permute(_ input: UInt64, width: Int, _ table: [UInt8]) -> UInt64 {
    var output: UInt64 = 0
    for source in table {
      output = output << 1 | (input >> (width - Int(source))) & 1
    }
    return output
  }

  static func load(_ bytes: some Collection<UInt8>, swapping: Bool) -> UInt64 {
    let ordered = Array(bytes)
    var value: UInt64 = 0
    for index in 0..<8 {
      value = value << 8 | UInt64(ordered[swapping ? swappedIndex(index) : index])
    }
    return value
  }

  static func store(_ value: UInt64, into block: inout [UInt8], at offset: Int, swapping: Bool) {
    for index in 0..<8 {
      let byte = UInt8(truncatingIfNeeded: value >> (56 - 8 * index))
      block[offset + (swapping ? swappedIndex(index) : index)] = byte
    }
  }

  /// Byte `index` of a big-endian block read as two little-endian words.
  static func swappedIndex(_ index: Int) -> Int { (index / 4) * 4 + 3 - index % 4 }
}

extension UInt32 {
  fileprivate func rotatedLeft(by count: Int) -> UInt32 {
    count == 0 ? self : (self << count) | (self >> (32 - count))
  }
}

/// The tables of FIPS 46-3 (1-based bit numbers, bit 1 the most significant).
enum FIPS {
  static let initialPermutation: [UInt8] = [
    58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
    62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
    57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3,
    61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
  ]

  /// IP⁻¹, computed rather than typed.
  static let finalPermutation: [UInt8] = {
    var inverse = [UInt8](repeating: 0, count: 64)
    for (index, source) in initialPermutation.enumerated() {
      inverse[Int(source) - 1] = UInt8(index + 1)
    }
    return inverse
  }()

  static let p: [UInt8] = [
    16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10,
    2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
  ]

  static let pc1C: [UInt8] = [
    57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
    10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
  ]

  static let pc1D: [UInt8] = [
    63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
    14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
  ]

  static let pc2: [UInt8] = [
    14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
    41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
  ]

  static let keyShifts = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1]

  /// S1 … S8, each four rows of sixteen.
  static let sBoxes: [[UInt8]] = [
    [
      14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7,
      0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8,
      4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0,
      15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13,
    ],
    [
      15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10,
      3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5,
      0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15,
      13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9,
    ],
    [
      10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8,
      13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1,
      13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7,
      1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12,
    ],
    [
      7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15,
      13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9,
      10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4,
      3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14,
    ],
    [
      2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9,
      14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6,
      4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14,
      11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3,
    ],
    [
      12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11,
      10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8,
      9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6,
      4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13,
    ],
    [
      4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1,
      13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6,
      1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2,
      6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12,
    ],
    [
      13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7,
      1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2,
      7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8,
      2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11,
    ],
  ]
}

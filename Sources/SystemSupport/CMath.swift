import Glibc

/// The C library's maths that the standard library lacks (it has no `pow` of its own).
public enum CMath {
  /// `base` to the power `exponent`.
  public static func power(_ base: Double, _ exponent: Double) -> Double {
    Glibc.pow(base, exponent)
  }
}

/// The clients of the providers the settings enable, and their order of preference. A provider
/// without a client is never asked (not enabled, `--offline`, or a bad base URL).
public struct ProviderClients: Sendable {
  public var lrclib: LRCLIBClient?
  public var kugou: KugouClient?
  public var netease: NetEaseClient?
  public var amll: AMLLClient?
  /// The enabled providers in the settings' order; only the ones with a client are asked.
  public var order: [OnlineProvider]

  public init(
    order: [OnlineProvider], lrclib: LRCLIBClient? = nil, kugou: KugouClient? = nil,
    netease: NetEaseClient? = nil, amll: AMLLClient? = nil
  ) {
    self.lrclib = lrclib
    self.kugou = kugou
    self.netease = netease
    self.amll = amll
    self.order = order.filter { provider in
      switch provider {
      case .lrclib: lrclib != nil
      case .kugou: kugou != nil
      case .netease: netease != nil
      case .amll: amll != nil
      }
    }
  }

  /// No client at all: the lookup reads its caches only.
  public static let none = ProviderClients(order: [])

  /// LRCLIB alone, as before there were other providers.
  public static func lrclibOnly(_ client: LRCLIBClient?) -> ProviderClients {
    ProviderClients(order: [.lrclib], lrclib: client)
  }
}

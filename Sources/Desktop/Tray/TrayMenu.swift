/// The tray icon's menu (`com.canonical.dbusmenu`), computed from the player's and the strip's
/// state: show/hide the strip, lock, play/pause, next, previous, the main window (where there is
/// one), quit. Its
/// labels and toggle states follow that state; the item ids never change.
struct TrayMenu: Equatable {
  /// The items' ids (0 is the root), which `Event` names.
  enum Action: Int32, CaseIterable {
    case toggleStrip = 1
    case toggleLock = 2
    case playPause = 4
    case next = 5
    case previous = 6
    case openMain = 8
    case quit = 9
  }

  /// What the labels and toggles show.
  struct Facts: Equatable {
    var status: MPRISState.Status
    var hasTrack: Bool
    var canGoNext: Bool
    var canGoPrevious: Bool
    var stripShown: Bool
    var locked: Bool
    /// There is a main window to open (not in `lyricpip follow`, which has none).
    var canRaise = true
  }

  struct Item: Equatable {
    var id: Int32
    var properties: [DBusValue.Entry]
  }

  let items: [Item]

  init(_ facts: Facts) {
    func entry(_ action: Action, _ label: String, enabled: Bool = true) -> Item {
      var properties: [DBusValue.Entry] = [.init(key: "label", value: .string(label))]
      if !enabled { properties.append(.init(key: "enabled", value: .bool(false))) }
      return Item(id: action.rawValue, properties: properties)
    }
    func separator(_ id: Int32) -> Item {
      Item(id: id, properties: [.init(key: "type", value: .string("separator"))])
    }
    var lock = entry(.toggleLock, "Lock the lyrics strip")
    lock.properties += [
      .init(key: "toggle-type", value: .string("checkmark")),
      .init(key: "toggle-state", value: .int32(facts.locked ? 1 : 0)),
    ]
    var items = [
      entry(.toggleStrip, facts.stripShown ? "Hide the lyrics strip" : "Show the lyrics strip"),
      lock,
      separator(3),
      entry(.playPause, facts.status == .playing ? "Pause" : "Play", enabled: facts.hasTrack),
      entry(.next, "Next", enabled: facts.canGoNext),
      entry(.previous, "Previous", enabled: facts.canGoPrevious),
      separator(7),
    ]
    if facts.canRaise { items.append(entry(.openMain, "Open the main window")) }
    items.append(entry(.quit, "Quit"))
    self.items = items
  }

  /// `(ia{sv}av)` of `id` (0: the root, whose children are the items), its properties limited
  /// to `names` unless empty; `depth` 0 leaves the children out.
  func layout(of id: Int32, depth: Int32, names: [String]) -> DBusValue? {
    if id == 0 {
      let children: [DBusValue] =
        depth == 0
        ? [] : items.map { .variant(node($0.id, filtered($0.properties, names))) }
      let root = filtered([.init(key: "children-display", value: .string("submenu"))], names)
      return .structure([.int32(0), .dictionary(root), .array(element: "v", children)])
    }
    guard let item = items.first(where: { $0.id == id }) else { return nil }
    return node(item.id, filtered(item.properties, names))
  }

  private func node(_ id: Int32, _ properties: [DBusValue.Entry]) -> DBusValue {
    .structure([.int32(id), .dictionary(properties), .array(element: "v", [])])
  }

  /// `a(ia{sv})` for `ids` (all items when empty).
  func groupProperties(ids: [Int32], names: [String]) -> DBusValue {
    let chosen = ids.isEmpty ? items : items.filter { ids.contains($0.id) }
    return .array(
      element: "(ia{sv})",
      chosen.map { .structure([.int32($0.id), .dictionary(filtered($0.properties, names))]) })
  }

  /// The items whose properties differ from `old`'s.
  func changedItems(since old: TrayMenu) -> [Item] {
    items.filter { !old.items.contains($0) }
  }

  private func filtered(_ properties: [DBusValue.Entry], _ names: [String]) -> [DBusValue.Entry] {
    names.isEmpty ? properties : properties.filter { names.contains($0.key) }
  }
}

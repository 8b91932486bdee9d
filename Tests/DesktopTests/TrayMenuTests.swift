import Testing

@testable import Desktop

/// The tray menu computed from the player's and the strip's state, and its dbusmenu layout.
@Suite struct TrayMenuTests {
  let playing = TrayMenu.Facts(
    status: .playing, hasTrack: true, canGoNext: false, canGoPrevious: true, stripShown: true,
    locked: false)

  func labels(_ menu: TrayMenu) -> [String] {
    menu.items.compactMap { item in
      guard case .string(let label) = item.properties.first(where: { $0.key == "label" })?.value
      else { return nil }
      return label
    }
  }

  func property(_ key: String, of action: TrayMenu.Action, in menu: TrayMenu) -> DBusValue? {
    menu.items.first { $0.id == action.rawValue }?.properties.first { $0.key == key }?.value
  }

  @Test func labelsAndTogglesFollowTheState() {
    let menu = TrayMenu(playing)
    #expect(
      labels(menu) == [
        "Hide the lyrics strip", "Lock the lyrics strip", "Pause", "Next", "Previous",
        "Open the main window", "Quit",
      ])
    #expect(property("toggle-state", of: .toggleLock, in: menu) == .int32(0))
    #expect(property("enabled", of: .next, in: menu) == .bool(false))
    #expect(property("enabled", of: .previous, in: menu) == nil)

    var paused = playing
    paused.status = .paused
    paused.stripShown = false
    paused.locked = true
    let changed = TrayMenu(paused)
    #expect(labels(changed)[0] == "Show the lyrics strip")
    #expect(labels(changed)[2] == "Play")
    #expect(property("toggle-state", of: .toggleLock, in: changed) == .int32(1))
    #expect(changed.changedItems(since: menu).map(\.id) == [1, 2, 4])
  }

  @Test func theLayoutIsTheRootWithEveryItemAsAVariant() throws {
    let layout = try #require(TrayMenu(playing).layout(of: 0, depth: -1, names: []))
    #expect(layout.signature == "(ia{sv}av)")
    guard case .structure(let members) = layout, case .array(_, let children) = members[2] else {
      Issue.record("not a layout: \(layout)")
      return
    }
    #expect(members[0] == .int32(0))
    #expect(children.count == 9)
    #expect(children.allSatisfy { $0.signature == "v" })
    guard case .variant(let first) = children[0] else { return }
    #expect(first.signature == "(ia{sv}av)")
    // Depth 0: the root alone.
    let rootOnly = try #require(TrayMenu(playing).layout(of: 0, depth: 0, names: []))
    guard case .structure(let rootMembers) = rootOnly else { return }
    #expect(rootMembers[2] == .array(element: "v", []))
    #expect(TrayMenu(playing).layout(of: 42, depth: -1, names: []) == nil)
  }

  @Test func groupPropertiesAreLimitedToTheNamesAsked() {
    let group = TrayMenu(playing).groupProperties(ids: [2], names: ["toggle-state"])
    #expect(
      group
        == .array(
          element: "(ia{sv})",
          [.structure([.int32(2), .dictionary([.init(key: "toggle-state", value: .int32(0))])])]))
    #expect(group.signature == "a(ia{sv})")
  }
}

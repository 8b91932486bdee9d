internal import CXKBCommon
internal import Glibc

/// The seat keyboard's keymap, as the compositor sends it (`wl_keyboard.keymap`: a file in xkb's
/// text format), and the state its modifiers are in: what turns a key's code into the symbol
/// the user's layout gives it. Every xkbcommon call is in this file.
///
/// The map is compiled only when the keyboard first comes to one of the strip's surfaces (the
/// user clicked it): until then the compositor's file is kept unread. Most runs never give the
/// strip a key, and a compiled map costs about as much memory as a frame of the strip.
final class WaylandKeymap {
  /// xkbcommon's context, made with the first map compiled (making it reads xkbcommon's
  /// include paths and brings its code in, which a run that gets no keys need not pay for).
  private var context: OpaquePointer?
  private var keymap: OpaquePointer?
  private var state: OpaquePointer?
  /// The compositor's keymap file, not yet compiled (the newest: an older one is closed).
  private var unread: (fd: Int32, size: Int)?

  deinit {
    if let unread { Glibc.close(unread.fd) }
    if let state { xkb_state_unref(state) }
    if let keymap { xkb_keymap_unref(keymap) }
    if let context { xkb_context_unref(context) }
  }

  /// Whether a map was compiled (a test checks that none is before the keys come).
  var isCompiled: Bool { keymap != nil }

  /// Whether a keymap came from the compositor, compiled or not.
  var hasArrived: Bool { keymap != nil || unread != nil }

  /// Keeps the keymap in `fd` (`size` bytes, its last a NUL) to be compiled when keys come
  /// (`compile`); the descriptor is the keymap's from now on.
  func load(fd: Int32, size: Int) {
    if let unread { Glibc.close(unread.fd) }
    unread = (fd, size)
  }

  /// Compiles the keymap that came, if not done yet, and closes its descriptor; a map that
  /// cannot be read leaves the keys unread (none reach the strip) rather than guessed.
  func compile() {
    guard let (fd, size) = unread else { return }
    unread = nil
    defer { Glibc.close(fd) }
    guard size > 0,
      let memory = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), memory != MAP_FAILED
    else { return }
    defer { munmap(memory, size) }
    let text = memory.assumingMemoryBound(to: CChar.self)
    if context == nil { context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) }
    guard let context,
      let made = xkb_keymap_new_from_buffer(
        context, text, strnlen(text, size), XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS),
      let madeState = xkb_state_new(made)
    else { return }
    if let state { xkb_state_unref(state) }
    if let keymap { xkb_keymap_unref(keymap) }
    keymap = made
    state = madeState
  }

  func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
    compile()
    guard let state else { return }
    _ = xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
  }

  /// What the key with the evdev code `key` gives now; nil before a keymap came.
  func press(key: UInt32) -> WaylandKeyPress? {
    compile()
    guard let state else { return nil }
    // xkb's key codes are evdev's plus 8 (the X11 convention the keymap is written in).
    let code = key + 8
    let symbol = xkb_state_key_get_one_sym(state, code)
    let character = xkb_state_key_get_utf32(state, code)
    func active(_ name: String) -> Bool {
      xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0
    }
    return WaylandKeyPress(
      symbol: WaylandKeyPress.Symbol(xkbSymbol: symbol, character: character),
      control: active(XKB_MOD_NAME_CTRL), shift: active(XKB_MOD_NAME_SHIFT),
      alt: active(XKB_MOD_NAME_ALT))
  }
}

extension WaylandKeyPress.Symbol {
  /// The xkb symbol's meaning for the strip (xkbcommon-keysyms.h's values).
  init(xkbSymbol symbol: UInt32, character: UInt32) {
    switch Int32(bitPattern: symbol) {
    case XKB_KEY_Escape: self = .escape
    case XKB_KEY_Return, XKB_KEY_KP_Enter: self = .enter
    case XKB_KEY_Left: self = .left
    case XKB_KEY_Right: self = .right
    case XKB_KEY_Up: self = .up
    case XKB_KEY_Down: self = .down
    case XKB_KEY_KP_Add: self = .keypadPlus
    case XKB_KEY_KP_Subtract: self = .keypadMinus
    default:
      if let scalar = Unicode.Scalar(character), character >= 0x20, character != 0x7F {
        self = .character(Character(scalar))
      } else {
        self = .other
      }
    }
  }
}

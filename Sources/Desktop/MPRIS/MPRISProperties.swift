import SystemSupport

/// The properties of `/org/mpris/MediaPlayer2` as values, computed from the player's state, and
/// the introspection data that describes them.
enum MPRISProperties {
  static let rootInterface = "org.mpris.MediaPlayer2"
  static let playerInterface = "org.mpris.MediaPlayer2.Player"
  static let propertiesInterface = "org.freedesktop.DBus.Properties"

  /// What FFmpeg decodes for us (docs/usage.md, "Playing"), folders, and the playlists `play` reads.
  static let mimeTypes = [
    "audio/mpeg", "audio/flac", "audio/x-flac", "audio/ogg", "audio/x-vorbis+ogg", "audio/opus",
    "audio/x-opus+ogg", "audio/wav", "audio/x-wav", "audio/mp4", "audio/x-m4a", "inode/directory",
    "audio/x-mpegurl", "audio/x-scpls", "application/xspf+xml",
  ]

  static func root(canRaise: Bool) -> [DBusValue.Entry] {
    [
      .init(key: "CanQuit", value: .bool(true)),
      .init(key: "CanRaise", value: .bool(canRaise)),
      .init(key: "HasTrackList", value: .bool(false)),
      .init(key: "Identity", value: .string("lyricpip")),
      .init(key: "DesktopEntry", value: .string("lyricpip")),
      .init(key: "SupportedUriSchemes", value: .strings(["file"])),
      .init(key: "SupportedMimeTypes", value: .strings(mimeTypes)),
    ]
  }

  /// The Player interface's properties; Position only when `positionMicros` is given (it is
  /// read on request and never signalled).
  static func player(_ state: MPRISState, positionMicros: Int64? = nil) -> [DBusValue.Entry] {
    var entries: [DBusValue.Entry] = [
      .init(key: "PlaybackStatus", value: .string(state.status.rawValue)),
      .init(key: "Rate", value: .double(1)),
      .init(key: "MinimumRate", value: .double(1)),
      .init(key: "MaximumRate", value: .double(1)),
      .init(key: "Metadata", value: metadata(state.track)),
      .init(key: "Volume", value: .double(state.volume)),
      .init(key: "Shuffle", value: .bool(state.shuffle)),
      .init(key: "LoopStatus", value: .string(state.loopStatus.rawValue)),
      .init(key: "CanGoNext", value: .bool(state.canGoNext)),
      .init(key: "CanGoPrevious", value: .bool(state.canGoPrevious)),
      .init(key: "CanPlay", value: .bool(state.track != nil)),
      .init(key: "CanPause", value: .bool(state.track != nil)),
      .init(key: "CanSeek", value: .bool(state.track?.lengthMicros != nil)),
      .init(key: "CanControl", value: .bool(true)),
    ]
    if let positionMicros { entries.append(.init(key: "Position", value: .int64(positionMicros))) }
    return entries
  }

  static func metadata(_ track: MPRISTrack?) -> DBusValue {
    guard let track else {
      return .dictionary([.init(key: "mpris:trackid", value: .objectPath(noTrack))])
    }
    var entries: [DBusValue.Entry] = [
      .init(key: "mpris:trackid", value: .objectPath(track.trackID))
    ]
    if let length = track.lengthMicros {
      entries.append(.init(key: "mpris:length", value: .int64(length)))
    }
    let fileName = track.path.split(separator: "/").last.map(String.init) ?? track.path
    entries.append(.init(key: "xesam:title", value: .string(track.title ?? fileName)))
    if let artist = track.artist {
      entries.append(.init(key: "xesam:artist", value: .strings([artist])))
    }
    if let album = track.album { entries.append(.init(key: "xesam:album", value: .string(album))) }
    if track.path.hasPrefix("/") {
      entries.append(.init(key: "xesam:url", value: .string(FileURI.uri(forPath: track.path))))
    }
    if let artURL = track.artURL {
      // Panels and notifications read the cover from here.
      entries.append(.init(key: "mpris:artUrl", value: .string(artURL)))
    }
    if let lyrics = track.lyricsText {
      // Panel widgets show the lyrics from here.
      entries.append(.init(key: "xesam:asText", value: .string(lyrics)))
    }
    return .dictionary(entries)
  }

  /// The track id MPRIS reserves for "no track".
  static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

  /// The entries of `new` that differ from `old` (for PropertiesChanged).
  static func changes(from old: [DBusValue.Entry], to new: [DBusValue.Entry]) -> [DBusValue.Entry] {
    new.filter { entry in !old.contains(entry) }
  }

  static let introspection = IntrospectionDocument.xml(
    properties: """
        <method name="Set"><arg type="s" direction="in"/><arg type="s" direction="in"/>\
      <arg type="v" direction="in"/></method>
        <signal name="PropertiesChanged"><arg type="s"/><arg type="a{sv}"/><arg type="as"/></signal>

      """,
    interfaces: """
       <interface name="org.mpris.MediaPlayer2">
        <method name="Raise"/>
        <method name="Quit"/>
        <property name="CanQuit" type="b" access="read"/>
        <property name="CanRaise" type="b" access="read"/>
        <property name="HasTrackList" type="b" access="read"/>
        <property name="Identity" type="s" access="read"/>
        <property name="DesktopEntry" type="s" access="read"/>
        <property name="SupportedUriSchemes" type="as" access="read"/>
        <property name="SupportedMimeTypes" type="as" access="read"/>
       </interface>
       <interface name="org.mpris.MediaPlayer2.Player">
        <method name="Next"/>
        <method name="Previous"/>
        <method name="Pause"/>
        <method name="PlayPause"/>
        <method name="Stop"/>
        <method name="Play"/>
        <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
        <method name="SetPosition"><arg name="TrackId" type="o" direction="in"/>\
      <arg name="Position" type="x" direction="in"/></method>
        <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
        <signal name="Seeked"><arg name="Position" type="x"/></signal>
        <property name="PlaybackStatus" type="s" access="read"/>
        <property name="Rate" type="d" access="read"/>
        <property name="MinimumRate" type="d" access="read"/>
        <property name="MaximumRate" type="d" access="read"/>
        <property name="Metadata" type="a{sv}" access="read"/>
        <property name="Volume" type="d" access="readwrite"/>
        <property name="Shuffle" type="b" access="readwrite"/>
        <property name="LoopStatus" type="s" access="readwrite"/>
        <property name="Position" type="x" access="read"/>
        <property name="CanGoNext" type="b" access="read"/>
        <property name="CanGoPrevious" type="b" access="read"/>
        <property name="CanPlay" type="b" access="read"/>
        <property name="CanPause" type="b" access="read"/>
        <property name="CanSeek" type="b" access="read"/>
        <property name="CanControl" type="b" access="read"/>
       </interface>
       <interface name="org.lyricpip.Player">
        <method name="OpenUris"><arg name="Uris" type="as" direction="in"/></method>
        <method name="Lock"/>
        <method name="Unlock"/>
        <method name="ToggleLock"/>
        <method name="ShowStrip"/>
        <method name="HideStrip"/>
       </interface>
       <interface name="org.lyricpip.Lyrics1">
        <property name="Line" type="(issxx)" access="read"/>
        <property name="OffsetMs" type="x" access="read"/>
        <property name="Locked" type="b" access="read"/>
       </interface>

      """)
}

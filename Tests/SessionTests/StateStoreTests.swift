import Foundation
import Session
import TestSupport
import Testing

@Suite struct StateStoreTests {
  static let fixedDate = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-29T…Z

  func makeStore() throws -> StateStore {
    let directory = try Paths.makeTemporaryDirectory().appendingPathComponent("lyricpip")
    return StateStore(directory: directory, now: { Self.fixedDate })
  }

  func files(in store: StateStore) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted()
  }

  static let sample = SavedState(
    strip: WindowGeometry(x: 480, y: 900, width: 960, height: 192),
    mainWindow: WindowGeometry(x: 10, y: 20, width: 800, height: 600),
    trackOffsetsMs: ["/music/a.ogg": 250, "/music/你好.mp3": -100],
    lastTrack: TrackPosition(path: "/music/a.ogg", positionMs: 73_250))

  @Test func savedStateComesBackAtTheNextStart() throws {
    let store = try makeStore()
    try store.save(Self.sample)
    let loaded = StateStore(directory: store.directory).load()
    #expect(loaded.state == Self.sample)
    #expect(loaded.warning == nil)
  }

  @Test func noFileGivesTheDefaultsQuietly() throws {
    let loaded = try makeStore().load()
    #expect(loaded.state == SavedState())
    #expect(loaded.warning == nil)
  }

  @Test func saveReplacesTheFileAndLeavesNoTemporaryBehind() throws {
    let store = try makeStore()
    try store.save(SavedState(lastTrack: TrackPosition(path: "/a", positionMs: 1)))
    try store.save(Self.sample)
    #expect(try files(in: store) == ["state.json"])
    #expect(store.load().state == Self.sample)
  }

  @Test func saveIsARenameSoAnOpenReaderKeepsTheOldFile() throws {
    // A rename swaps the directory entry: a reader holding the old file still reads it whole,
    // which a write in place would not give.
    let store = try makeStore()
    try store.save(SavedState(lastTrack: TrackPosition(path: "/old", positionMs: 5)))
    let reader = try FileHandle(forReadingFrom: store.fileURL)
    defer { try? reader.close() }
    try store.save(Self.sample)
    let oldBytes = try #require(try reader.readToEnd())
    #expect(String(decoding: oldBytes, as: UTF8.self).contains("/old"))
    #expect(store.load().state == Self.sample)
  }

  @Test func corruptFileGivesDefaultsAWarningAndIsKeptAside() throws {
    let store = try makeStore()
    try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
    let garbage = Data("{\"format\": \"lyricpip-state\", \"version\": 1, \"strip\": {".utf8)
    try garbage.write(to: store.fileURL)
    let loaded = store.load()
    #expect(loaded.state == SavedState())
    let warning = try #require(loaded.warning)
    #expect(warning.contains("corrupt"))
    let keptName = "state.json.corrupt-" + "20261130T005320Z"
    #expect(warning.contains(keptName))
    #expect(try files(in: store) == [keptName])
    let kept = try Data(contentsOf: store.directory.appendingPathComponent(keptName))
    #expect(kept == garbage)
    // The next save writes a fresh file next to the one kept aside.
    try store.save(Self.sample)
    #expect(try files(in: store) == ["state.json", keptName])
  }

  @Test func foreignJSONIsKeptAsideToo() throws {
    let store = try makeStore()
    try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
    try Data("{\"theme\": \"dark\"}".utf8).write(to: store.fileURL)
    let loaded = store.load()
    #expect(loaded.state == SavedState())
    #expect(try #require(loaded.warning).contains("not a lyricpip state file"))
    #expect(try files(in: store).count == 1)
    #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
  }

  @Test func aNewerVersionIsNotMisread() throws {
    let store = try makeStore()
    try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
    try Data("{\"format\": \"lyricpip-state\", \"version\": 2}".utf8).write(to: store.fileURL)
    let loaded = store.load()
    #expect(loaded.state == SavedState())
    #expect(try #require(loaded.warning).contains("version 2"))
  }

  @Test func wrongFieldTypesCountAsCorrupt() throws {
    let store = try makeStore()
    try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
    let text = "{\"format\": \"lyricpip-state\", \"version\": 1, \"trackOffsetsMs\": [1, 2]}"
    try Data(text.utf8).write(to: store.fileURL)
    let loaded = store.load()
    #expect(loaded.state == SavedState())
    #expect(try #require(loaded.warning).contains("corrupt"))
  }

  @Test func twoCorruptFilesInTheSameSecondAreBothKept() throws {
    let store = try makeStore()
    try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
    for text in ["first", "second"] {
      try Data(text.utf8).write(to: store.fileURL)
      #expect(store.load().warning != nil)
    }
    #expect(
      try files(in: store) == [
        "state.json.corrupt-20261130T005320Z", "state.json.corrupt-20261130T005320Z-2",
      ])
  }

  @Test func aDirectoryInThePlaceOfTheFileIsAWarningNotACrash() throws {
    let store = try makeStore()
    try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: true)
    let loaded = store.load()
    #expect(loaded.state == SavedState())
    #expect(loaded.warning != nil)
    #expect(throws: (any Error).self) { try store.save(Self.sample) }
  }

  @Test func theFolderFollowsXDGStateHome() {
    let xdg = StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
    #expect(xdg?.path == "/s/lyricpip")
    let home = StateStore.defaultDirectory(environment: ["HOME": "/h"])
    #expect(home?.path == "/h/.local/state/lyricpip")
    // A relative XDG_STATE_HOME is invalid by the XDG rules and is ignored.
    let relative = StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "s", "HOME": "/h"])
    #expect(relative?.path == "/h/.local/state/lyricpip")
    #expect(StateStore.defaultDirectory(environment: [:]) == nil)
  }
}

@Suite struct SavedStripLockTests {
  /// This test's own folder, removed when it ends.
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  @Test func aFileWrittenBeforeTheLockWasKeptStillReads() throws {
    let directory = temporary.appendingPathComponent("lyricpip")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let old = """
      {"format":"lyricpip-state","version":1,"trackOffsetsMs":{"/a.ogg":120},
      "lastTrack":{"path":"/a.ogg","positionMs":5000}}
      """
    try Data(old.utf8).write(to: directory.appendingPathComponent("state.json"))
    let loaded = StateStore(directory: directory).load()
    #expect(loaded.warning == nil)
    #expect(loaded.state.stripLocked == nil)
    #expect(loaded.state.trackOffsetsMs == ["/a.ogg": 120])
  }

  @Test func theLockComesBackAtTheNextStart() throws {
    let directory = temporary.appendingPathComponent("lyricpip")
    try StateStore(directory: directory).save(SavedState(stripLocked: true))
    #expect(StateStore(directory: directory).load().state.stripLocked == true)
  }
}

import Foundation
import Testing

@testable import SystemSupport

/// The code and constants the loader mapped, let go from the page tables: only pages that are
/// the file's own bytes are touched, and they stop being resident until used again.
@Suite struct LoaderPagesTests {
  /// One mapping of /proc/self/smaps: its range, permissions, file and resident figures.
  struct Mapping {
    var range: Range<Int>
    var permissions: String
    var path: String
    var residentKB = 0
    var anonymousKB = 0
  }

  func mappings() throws -> [Mapping] {
    // Read to its end: a /proc file says it is empty, and a read sized by that stops short.
    let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
    let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    var result: [Mapping] = []
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if let bounds = fields.first?.split(separator: "-"), bounds.count == 2,
        let low = Int(bounds[0], radix: 16), let high = Int(bounds[1], radix: 16)
      {
        result.append(
          Mapping(
            range: low..<high, permissions: String(fields[1]),
            path: fields.count > 5 ? fields[5...].joined(separator: " ") : ""))
      } else if fields.first == "Rss:", let value = Int(fields[1]) {
        result[result.count - 1].residentKB = value
      } else if fields.first == "Anonymous:", let value = Int(fields[1]) {
        result[result.count - 1].anonymousKB = value
      }
    }
    return result
  }

  func covering(_ segments: [Range<Int>], in mappings: [Mapping]) -> [Mapping] {
    mappings.filter { mapping in segments.contains { $0.overlaps(mapping.range) } }
  }

  /// Every segment lies in mappings of a file that nobody can write and that hold no page of
  /// their own (no text relocation, no breakpoint): there the page cache's copy is the content.
  @Test func onlyUnwrittenFilePagesAreChosen() throws {
    let segments = LoaderPages.readOnlySegments()
    let all = try mappings()
    let chosen = covering(segments, in: all)
    #expect(!chosen.isEmpty)
    for mapping in chosen {
      #expect(!mapping.permissions.contains("w"), "\(mapping.path) \(mapping.permissions)")
      #expect(mapping.path.hasPrefix("/"), "\(mapping.path)")
      #expect(mapping.anonymousKB == 0, "\(mapping.path) has written pages")
    }
    // libc's code is among them; its relocated data is not.
    #expect(chosen.contains { $0.path.hasSuffix("/libc.so.6") && $0.permissions == "r-xp" })
    let libcWritable = all.filter { $0.path.hasSuffix("/libc.so.6") && $0.anonymousKB > 0 }
    #expect(!libcWritable.isEmpty)
    #expect(covering(segments, in: libcWritable).isEmpty)
  }

  /// Released, those pages are mostly gone from the resident set (other tests running beside
  /// this one bring back what they use), and the code in them still runs.
  @Test func releasedPagesAreNoLongerResident() throws {
    let segments = LoaderPages.readOnlySegments()
    let before = covering(segments, in: try mappings()).reduce(0) { $0 + $1.residentKB }
    #expect(before > 1024)
    #expect(LoaderPages.release() > 0)
    let after = covering(segments, in: try mappings()).reduce(0) { $0 + $1.residentKB }
    #expect(after < before / 2, "\(after) kB resident after, \(before) kB before")
    #expect("still runs".uppercased() == "STILL RUNS")
  }
}

import Foundation
import QuestsCore
import Testing

/// The core's trimming and path text give what Foundation's `trimmingCharacters(in:)` and `NSString`'s
/// path methods gave.
@Suite struct TextWithoutFoundationTests {
    @Test func trimmingMatchesFoundationForEveryScalarOfTheBasicPlane() {
        var differing: [UInt32] = []
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "\(scalar)a\(scalar)", " \(scalar)a\u{301}\(scalar)\t"] {
                if text.trimmingSpaces() != text.trimmingCharacters(in: .whitespaces)
                    || text.trimmingSpacesAndNewlines() != text.trimmingCharacters(in: .whitespacesAndNewlines)
                {
                    differing.append(UInt32(value))
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func pathTextMatchesNSString() {
        for path in [
            "/a/b", "a/b/", "/a", "/", "a//b", "x/y.sqlite", "./a", "a/./b", "/a/../b", "/a//", "///a", "~/x",
            "a/b c/d",
            "/tmp/quests.sqlite", "", "é/ü",
        ] {
            #expect(PathText.lastComponent(of: path) == (path as NSString).lastPathComponent, "\(path)")
            if path.contains("/") {  // (NSString's deletingLastPathComponent traps on a lone name: "" here)
                #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
            }
        }
        #expect(PathText.folder(of: "a") == "")
        // (NSString makes "" of both for "//", where these keep the root.)
        #expect(PathText.folder(of: "//") == "/" && PathText.lastComponent(of: "//") == "/")
    }
}

import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private struct Point: Codable, Hashable, CodableSavedValue {
    var x: Double
    var y: Double
    var label: String?
    var at: Date?
}

/// A version number saved as the string "major.minor".
private struct Version: Hashable, SavedRepresentable {
    var major: Int
    var minor: Int

    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    init(savedRepresentation: String) throws {
        let parts = savedRepresentation.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 2 else { throw VersionError.malformed(savedRepresentation) }
        self.init(major: parts[0], minor: parts[1])
    }

    var savedRepresentation: String { "\(major).\(minor)" }
}

private enum VersionError: Error {
    case malformed(String)
}

private final class Release: ModelObject {
    @Saved var current = Version(major: 1, minor: 0)
    @Saved var history: [Version] = []
    @Saved var origin = Point(x: 0, y: 0)
    @Saved var path: [Point] = []
}

@Suite struct SavedValueTests {
    @Test func userTypesSaveThroughTheirRepresentation() throws {
        let release = Release()
        release.current = Version(major: 2, minor: 5)
        release.history = [Version(major: 1, minor: 0), Version(major: 2, minor: 0)]
        let dictionary = try release.dictionary
        #expect(dictionary["current"] as? String == "2.5")
        #expect(dictionary["history"] as? [String] == ["1.0", "2.0"])
        #expect(try Release(dictionary: dictionary) == release)
    }

    @Test func representationErrorsBecomeModelErrorsWithKeyPaths() throws {
        #expect {
            try Release(json: #"{"history": ["1.0", "one"]}"#)
        } throws: { error in
            guard let error = error as? ModelError else { return false }
            return error.keyPath.description == "history[1]" && error.underlyingError is VersionError
        }
    }

    @Test func codableTypesOptIn() throws {
        let release = Release()
        release.origin = Point(x: 1.5, y: -2, label: "a/b", at: Date(timeIntervalSince1970: 1_424_716_200))
        release.path = [Point(x: 0, y: 0), Point(x: 1, y: 1)]
        let origin = try #require(try release.dictionary["origin"] as? [String: Any])
        #expect(origin["x"] as? Double == 1.5)
        #expect(origin["at"] as? String == "2015-02-23T18:30:00Z")
        #expect(try Release(json: release.jsonData()) == release)
    }

    @Test func codableDecodingErrorsNameThePathInsideTheValue() throws {
        #expect {
            try Release(json: #"{"path": [{"x": 1, "y": 1}, {"x": "far", "y": 1}]}"#)
        } throws: { error in
            (error as? ModelError)?.keyPath.description == "path[1].x"
        }
    }
}

import Foundation
import ModelKit

// The user-defined saved value types that the fuzz models hold.

/// A `Codable` type saved through the opt-in.
public struct FuzzPoint: Codable, Equatable, CodableSavedValue {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double
    /// A label, or `nil`.
    public var label: String?

    /// A point, labelled or not.
    public init(x: Double, y: Double, label: String? = nil) {
        self.x = x
        self.y = y
        self.label = label
    }
}

/// A type saved through a conversion of its own.
public struct FuzzVersion: Equatable, SavedRepresentable {
    /// The major version.
    public var major: Int
    /// The minor version.
    public var minor: Int

    /// The version `major.minor`.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The version that `"major.minor"` names.
    ///
    /// - Throws: `FuzzVersionError.malformed` for text of another form.
    public init(savedRepresentation: String) throws {
        let parts = savedRepresentation.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else {
            throw FuzzVersionError.malformed
        }
        self.init(major: major, minor: minor)
    }

    /// The text `"major.minor"`.
    public var savedRepresentation: String { "\(major).\(minor)" }
}

enum FuzzVersionError: Error {
    case malformed
}

import Foundation
import ModelKit

// The models that the fuzz target (Fuzz/Sources/ModelKitFuzz) and `FuzzRegressionTests` load:
// between them they hold every kind of saved value, nested objects, a class hierarchy for
// `make(json:)`, and a version with migration hooks. The generated models and the other suites
// use `FuzzScalars` and `FuzzCollections` too, rather than models of their own with the same
// values. The fuzz package compiles this file
// through a link to it in Fuzz/Sources/ModelKitFuzz, so it uses ModelKit's public API and
// Foundation only.

enum FuzzFlavor: String, SavedValue, CaseIterable {
    case vanilla, chocolate, strawberry
    case emoji = "😀 ünïcödé \"quoted\" /slash"
    case empty = ""
}

enum FuzzPriority: Int, SavedValue, CaseIterable {
    case lowest = -9_223_372_036_854_775_808
    case low = 0
    case normal = 5
    case high = 10
    case highest = 9_223_372_036_854_775_807
}

/// A `Codable` type saved through the opt-in.
struct FuzzPoint: Codable, Equatable, CodableSavedValue {
    var x: Double
    var y: Double
    var label: String?
}

/// A type saved through a conversion of its own.
struct FuzzVersion: Equatable, SavedRepresentable {
    var major: Int
    var minor: Int

    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    init(savedRepresentation: String) throws {
        let parts = savedRepresentation.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else {
            throw FuzzVersionError.malformed
        }
        self.init(major: major, minor: minor)
    }

    var savedRepresentation: String { "\(major).\(minor)" }
}

enum FuzzVersionError: Error {
    case malformed
}

/// The base of a small class hierarchy that `make(json:)` picks from by name.
class FuzzShape: ModelObject {
    @Saved var name = "shape"
    @Saved var origin: FuzzPoint? = nil
}

final class FuzzCircle: FuzzShape {
    @Saved var radius = 1.0
}

final class FuzzPolygon: FuzzShape {
    @Saved var corners: [FuzzPoint] = []
    @Saved var inner: [FuzzShape] = []
}

/// Every scalar and Foundation value kind.
final class FuzzScalars: ModelObject {
    @Saved var text = "text"
    @Saved var flag = false
    @Saved var int = 0
    @Saved var int8: Int8 = 0
    @Saved var int16: Int16 = 0
    @Saved var int32: Int32 = 0
    @Saved var int64: Int64 = 0
    @Saved var uint: UInt = 0
    @Saved var uint8: UInt8 = 0
    @Saved var uint16: UInt16 = 0
    @Saved var uint32: UInt32 = 0
    @Saved var uint64: UInt64 = 0
    @Saved var double = 0.0
    @Saved var float: Float = 0
    @Saved var decimal: Decimal = 0
    @Saved var date = Date(timeIntervalSinceReferenceDate: 0)
    @Saved var data = Data()
    @Saved var url = URL(fileURLWithPath: "/")
    @Saved var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    @Saved var flavor = FuzzFlavor.vanilla
    @Saved var priority = FuzzPriority.normal
    @Saved var appVersion = FuzzVersion(major: 1, minor: 0)
}

/// Optionals and collections of every shape, empty, small and large.
final class FuzzCollections: ModelObject {
    @Saved var optionalText: String? = nil
    @Saved var optionalInt: Int? = nil
    @Saved var optionalDouble: Double? = nil
    @Saved var optionalDate: Date? = nil
    @Saved var optionalData: Data? = nil
    @Saved var optionalURL: URL? = nil
    @Saved var optionalUUID: UUID? = nil
    @Saved var optionalFlavor: FuzzFlavor? = nil
    @Saved var optionalDecimal: Decimal? = nil
    @Saved var strings: [String] = []
    @Saved var integers: [Int64] = []
    @Saved var numbers: [Double] = []
    @Saved var floats: [Float] = []
    @Saved var bools: [Bool] = []
    @Saved var dateList: [Date] = []
    @Saved var optionals: [Int?] = []
    @Saved var nested: [[UInt8]] = []
    @Saved var matrix: [[UInt16]] = []
    @Saved var tags: Set<String> = []
    @Saved var integerSet: Set<Int> = []
    @Saved var uuidSet: Set<UUID> = []
    @Saved var priorities: Set<FuzzPriority> = []
    @Saved var counts: [String: Int] = [:]
    @Saved var textByKey: [String: String] = [:]
    @Saved var doubleByKey: [String: Double] = [:]
    @Saved var listsByKey: [String: [Int]] = [:]
    @Saved var dates: [String: [Date]] = [:]
    @Saved var optionalDates: [String: Date?] = [:]
    @Saved var blobs: [String: Data?] = [:]
}

/// The value classes, each plain, optional and in an array.
final class FuzzValueClasses: ModelObject {
    @Saved var color = ColorValue(red: 0, green: 0, blue: 1)
    @Saved var optionalColor: ColorValue? = nil
    @Saved var colors: [ColorValue] = []
    @Saved var date = DateValue(date: Date(timeIntervalSinceReferenceDate: 0))
    @Saved var optionalDate: DateValue? = nil
    @Saved var dates: [DateValue] = []
    @Saved var interval = IntervalValue(amount: 5, units: .minute)
    @Saved var optionalInterval: IntervalValue? = nil
    @Saved var intervals: [IntervalValue] = []
    @Saved var data = DataValue(data: Data([1, 2, 3]))
    @Saved var optionalData: DataValue? = nil
    @Saved var dataValues: [DataValue] = []
    @Saved var time = TimeValue.noon
    @Saved var optionalTime: TimeValue? = nil
    @Saved var times: [TimeValue] = []
}

/// The root: every value kind above, nested objects, a polymorphic hierarchy and itself.
final class FuzzModel: ModelObject {
    @Saved var scalars = FuzzScalars()
    @Saved var collections = FuzzCollections()
    @Saved var valueClasses = FuzzValueClasses()
    @Saved var shape = FuzzShape()
    @Saved var shapes: [FuzzShape] = []
    @Saved var shapesByName: [String: FuzzShape] = [:]
    @Saved var parent: FuzzModel? = nil
    @Saved var children: [FuzzModel] = []
    @Saved("renamed_key") var renamed = ""

    override class var modelVersion: Int { 3 }

    /// Version 1 called `renamed_key` `oldName`; version 2 stored `children` as one object.
    override class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {
        if version < 2, let old = dictionary.removeValue(forKey: "oldName") {
            dictionary["renamed_key"] = old
        }
        if version < 3, let child = dictionary["children"] as? [String: Any] {
            dictionary["children"] = [child]
        }
    }

    override func upgrade(from version: Int, dictionary: [String: Any]) throws {
        if renamed.isEmpty { renamed = "upgraded from \(version)" }
    }
}

/// Registers every class that data may name, so `make(json:)` can reach them all.
func registerFuzzModels() {
    for modelClass: ModelObject.Type in [
        FuzzModel.self, FuzzScalars.self, FuzzCollections.self, FuzzValueClasses.self,
        FuzzShape.self, FuzzCircle.self, FuzzPolygon.self,
    ] {
        ModelObject.register(modelClass)
    }
}

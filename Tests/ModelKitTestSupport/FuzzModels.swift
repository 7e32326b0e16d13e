import Foundation
import ModelKit

// The models that the fuzz target (Fuzz/Sources/ModelKitFuzz) and `FuzzRegressionTests` load:
// between them they hold every kind of saved value, nested objects, a class hierarchy for
// `make(json:)`, and a version with migration hooks. The generated models and the other suites
// use `FuzzScalars` and `FuzzCollections` too, rather than models of their own with the same
// values. They live in the support target, which the fuzz
// package (Fuzz/) depends on too, and so use ModelKit's public API and Foundation only.

/// A `String` enumeration, with cases of Unicode text, escapes and the empty string.
public enum FuzzFlavor: String, SavedValue, CaseIterable {
    case vanilla, chocolate, strawberry
    case emoji = "😀 ünïcödé \"quoted\" /slash"
    case empty = ""
}

/// An `Int` enumeration, with cases at the ends of `Int`'s range.
public enum FuzzPriority: Int, SavedValue, CaseIterable {
    case lowest = -9_223_372_036_854_775_808
    case low = 0
    case normal = 5
    case high = 10
    case highest = 9_223_372_036_854_775_807
}

/// The base of a small class hierarchy that `make(json:)` picks from by name.
public class FuzzShape: ModelObject {
    /// A `String`.
    @Saved public var name = "shape"
    /// An optional `FuzzPoint`, `nil` at first.
    @Saved public var origin: FuzzPoint? = nil
}

/// A shape with a radius.
public final class FuzzCircle: FuzzShape {
    /// A `Double`.
    @Saved public var radius = 1.0
}

/// A shape with corners and shapes inside it.
public final class FuzzPolygon: FuzzShape {
    /// A `[FuzzPoint]`, empty at first.
    @Saved public var corners: [FuzzPoint] = []
    /// A `[FuzzShape]`, empty at first.
    @Saved public var inner: [FuzzShape] = []
}

/// Every scalar and Foundation value kind.
public final class FuzzScalars: ModelObject {
    /// A `String`.
    @Saved public var text = "text"
    /// A `Bool`.
    @Saved public var flag = false
    /// An `Int`.
    @Saved public var int = 0
    /// An `Int8`.
    @Saved public var int8: Int8 = 0
    /// An `Int16`.
    @Saved public var int16: Int16 = 0
    /// An `Int32`.
    @Saved public var int32: Int32 = 0
    /// An `Int64`.
    @Saved public var int64: Int64 = 0
    /// A `UInt`.
    @Saved public var uint: UInt = 0
    /// A `UInt8`.
    @Saved public var uint8: UInt8 = 0
    /// A `UInt16`.
    @Saved public var uint16: UInt16 = 0
    /// A `UInt32`.
    @Saved public var uint32: UInt32 = 0
    /// A `UInt64`.
    @Saved public var uint64: UInt64 = 0
    /// A `Double`.
    @Saved public var double = 0.0
    /// A `Float`.
    @Saved public var float: Float = 0
    /// A `Decimal`.
    @Saved public var decimal: Decimal = 0
    /// A `Date`.
    @Saved public var date = Date(timeIntervalSinceReferenceDate: 0)
    /// A `Date` written as a number of seconds since 1970.
    @Saved(date: .secondsSince1970) public var unixTime = Date(timeIntervalSince1970: 0)
    /// A `Date` written in a pattern with a zone, as Weibo writes them.
    @Saved(date: .pattern("EEE MMM dd HH:mm:ss Z yyyy")) public var posted = Date(timeIntervalSince1970: 0)
    /// A `Data`.
    @Saved public var data = Data()
    /// A `URL`.
    @Saved public var url = URL(fileURLWithPath: "/")
    /// A `UUID`.
    @Saved public var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    /// A `FuzzFlavor`.
    @Saved public var flavor = FuzzFlavor.vanilla
    /// A `FuzzPriority`.
    @Saved public var priority = FuzzPriority.normal
    /// A `FuzzVersion`.
    @Saved public var appVersion = FuzzVersion(major: 1, minor: 0)
}

/// Optionals and collections of every shape, empty, small and large.
public final class FuzzCollections: ModelObject {
    /// An optional `String`, `nil` at first.
    @Saved public var optionalText: String? = nil
    /// An optional `Int`, `nil` at first.
    @Saved public var optionalInt: Int? = nil
    /// An optional `Double`, `nil` at first.
    @Saved public var optionalDouble: Double? = nil
    /// An optional `Date`, `nil` at first.
    @Saved public var optionalDate: Date? = nil
    /// An optional `Date` written as `yyyy-MM-dd`, `nil` at first.
    @Saved(date: .dateOnly) public var day: Date? = nil
    /// An optional `Data`, `nil` at first.
    @Saved public var optionalData: Data? = nil
    /// An optional `URL`, `nil` at first.
    @Saved public var optionalURL: URL? = nil
    /// An optional `UUID`, `nil` at first.
    @Saved public var optionalUUID: UUID? = nil
    /// An optional `FuzzFlavor`, `nil` at first.
    @Saved public var optionalFlavor: FuzzFlavor? = nil
    /// An optional `Decimal`, `nil` at first.
    @Saved public var optionalDecimal: Decimal? = nil
    /// A `[String]`, empty at first.
    @Saved public var strings: [String] = []
    /// A `[Int64]`, empty at first.
    @Saved public var integers: [Int64] = []
    /// A `[Double]`, empty at first.
    @Saved public var numbers: [Double] = []
    /// A `[Float]`, empty at first.
    @Saved public var floats: [Float] = []
    /// A `[Bool]`, empty at first.
    @Saved public var bools: [Bool] = []
    /// A `[Date]`, empty at first.
    @Saved public var dateList: [Date] = []
    /// A `[Int?]`, empty at first.
    @Saved public var optionals: [Int?] = []
    /// A `[[UInt8]]`, empty at first.
    @Saved public var nested: [[UInt8]] = []
    /// A `[[UInt16]]`, empty at first.
    @Saved public var matrix: [[UInt16]] = []
    /// A `Set<String>`, empty at first.
    @Saved public var tags: Set<String> = []
    /// A `Set<Int>`, empty at first.
    @Saved public var integerSet: Set<Int> = []
    /// A `Set<UUID>`, empty at first.
    @Saved public var uuidSet: Set<UUID> = []
    /// A `Set<FuzzPriority>`, empty at first.
    @Saved public var priorities: Set<FuzzPriority> = []
    /// A `[String: Int]`, empty at first.
    @Saved public var counts: [String: Int] = [:]
    /// A `[String: String]`, empty at first.
    @Saved public var textByKey: [String: String] = [:]
    /// A `[String: Double]`, empty at first.
    @Saved public var doubleByKey: [String: Double] = [:]
    /// A `[String: [Int]]`, empty at first.
    @Saved public var listsByKey: [String: [Int]] = [:]
    /// A `[String: [Date]]`, empty at first.
    @Saved public var dates: [String: [Date]] = [:]
    /// A `[String: Date?]`, empty at first.
    @Saved public var optionalDates: [String: Date?] = [:]
    /// A `[String: Data?]`, empty at first.
    @Saved public var blobs: [String: Data?] = [:]
}

/// The value classes, each plain, optional and in an array.
public final class FuzzValueClasses: ModelObject {
    /// A `ColorValue`.
    @Saved public var color = ColorValue(red: 0, green: 0, blue: 1)
    /// An optional `ColorValue`, `nil` at first.
    @Saved public var optionalColor: ColorValue? = nil
    /// A `[ColorValue]`, empty at first.
    @Saved public var colors: [ColorValue] = []
    /// A `DateValue`.
    @Saved public var date = DateValue(date: Date(timeIntervalSinceReferenceDate: 0))
    /// An optional `DateValue`, `nil` at first.
    @Saved public var optionalDate: DateValue? = nil
    /// A `[DateValue]`, empty at first.
    @Saved public var dates: [DateValue] = []
    /// An `IntervalValue`.
    @Saved public var interval = IntervalValue(amount: 5, units: .minute)
    /// An optional `IntervalValue`, `nil` at first.
    @Saved public var optionalInterval: IntervalValue? = nil
    /// A `[IntervalValue]`, empty at first.
    @Saved public var intervals: [IntervalValue] = []
    /// A `DataValue`.
    @Saved public var data = DataValue(data: Data([1, 2, 3]))
    /// An optional `DataValue`, `nil` at first.
    @Saved public var optionalData: DataValue? = nil
    /// A `[DataValue]`, empty at first.
    @Saved public var dataValues: [DataValue] = []
    /// A `TimeValue`.
    @Saved public var time = TimeValue.noon
    /// An optional `TimeValue`, `nil` at first.
    @Saved public var optionalTime: TimeValue? = nil
    /// A `[TimeValue]`, empty at first.
    @Saved public var times: [TimeValue] = []
}

/// The root: every value kind above, nested objects, a polymorphic hierarchy and itself.
public final class FuzzModel: ModelObject {
    /// A `FuzzScalars`.
    @Saved public var scalars = FuzzScalars()
    /// A `FuzzCollections`.
    @Saved public var collections = FuzzCollections()
    /// A `FuzzValueClasses`.
    @Saved public var valueClasses = FuzzValueClasses()
    /// A `FuzzShape`.
    @Saved public var shape = FuzzShape()
    /// A `[FuzzShape]`, empty at first.
    @Saved public var shapes: [FuzzShape] = []
    /// A `[String: FuzzShape]`, empty at first.
    @Saved public var shapesByName: [String: FuzzShape] = [:]
    /// An optional `FuzzModel`, `nil` at first.
    @Saved public var parent: FuzzModel? = nil
    /// A `[FuzzModel]`, empty at first.
    @Saved public var children: [FuzzModel] = []
    /// A `String`, saved under the key renamed_key.
    @Saved("renamed_key") public var renamed = ""
    /// A `FuzzServerRecord`.
    @Saved public var server = FuzzServerRecord()
    /// A `[FuzzServerRecord]`, empty at first.
    @Saved public var servers: [FuzzServerRecord] = []
    /// A `FuzzChecked`, which checks itself.
    @Saved public var checked = FuzzChecked()
    /// A `FuzzLossless`, which accepts lossless conversions.
    @Saved public var lossless = FuzzLossless()
    /// A `FuzzStrictRecord`, which rejects the keys it does not declare.
    @Saved public var strict = FuzzStrictRecord()
    /// A `FuzzStamp`, whose keys are this object's own.
    @Saved(flattened: true) public var stamp = FuzzStamp()
    /// An optional `FuzzExpandable`, `nil` at first.
    @Saved public var expandable: FuzzExpandable? = nil
    /// A `FuzzLoose`.
    @Saved public var loose = FuzzLoose.count(0)
    /// A `[String: FuzzLoose]`, empty at first.
    @Saved public var looseByKey: [String: FuzzLoose] = [:]
    /// A `[FuzzTagged]`, empty at first.
    @Saved public var tagged: [FuzzTagged] = []

    public override class var modelVersion: Int { 3 }

    /// Version 1 called `renamed_key` `oldName`; version 2 stored `children` as one object.
    public override class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {
        if version < 2, let old = dictionary.removeValue(forKey: "oldName") {
            dictionary["renamed_key"] = old
        }
        if version < 3, let child = dictionary["children"] as? [String: Any] {
            dictionary["children"] = [child]
        }
    }

    public override func upgrade(from version: Int, dictionary: [String: Any]) throws {
        if renamed.isEmpty { renamed = "upgraded from \(version)" }
    }
}

/// Registers every class that data may name, so `make(json:)` can reach them all.
public func registerFuzzModels() {
    for modelClass: ModelObject.Type in [
        FuzzModel.self, FuzzScalars.self, FuzzCollections.self, FuzzValueClasses.self,
        FuzzShape.self, FuzzCircle.self, FuzzPolygon.self, FuzzServerRecord.self, FuzzChecked.self,
        FuzzLossless.self, FuzzStrictRecord.self, FuzzStamp.self,
    ] {
        ModelObject.register(modelClass)
    }
}

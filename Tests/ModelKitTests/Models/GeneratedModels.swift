import Foundation
import ModelKit
import ModelKitTestSupport

// Models that hold every kind of saved value, which `ModelGenerator` fills with random, often
// extreme, values from a seed. The generated round-trip and concurrency tests use them. The
// scalars and collections are the fuzz target's models (FuzzModels.swift).

/// The base of a small class hierarchy, to generate polymorphic arrays.
class GeneratedShape: ModelObject {
    @Saved var label = ""
}

final class GeneratedDisc: GeneratedShape {
    @Saved var radius = 0.0
}

final class GeneratedBox: GeneratedShape {
    @Saved var sides: [Double] = []
    @Saved var inner: GeneratedShape? = nil
}

/// A value of one of several kinds, or a shape.
enum GeneratedUnion: SavedUnion {
    case text(String)
    case number(Double)
    case flag(Bool)
    case list([Int64])
    case shape(GeneratedShape)

    static var alternatives: [SavedAlternative<GeneratedUnion>] {
        [.init(Self.text), .init(Self.number), .init(Self.flag), .init(Self.list), .init(Self.shape)]
    }
}

/// The root: values, collections, shapes, and nested nodes several levels deep.
final class GeneratedNode: ModelObject {
    @Saved var name = ""
    @Saved var scalars = FuzzScalars()
    @Saved var collections = FuzzCollections()
    @Saved var shapes: [GeneratedShape] = []
    @Saved var children: [GeneratedNode] = []
    @Saved var byName: [String: GeneratedNode] = [:]
    @Saved var next: GeneratedNode? = nil
    @Saved var color = ColorValue.black
    @Saved var optionalColor: ColorValue? = nil
    @Saved var colors: [ColorValue] = []
    @Saved var date = DateValue.distantPast
    @Saved var optionalDate: DateValue? = nil
    @Saved var dates: [DateValue] = []
    @Saved var interval = IntervalValue(amount: 1, units: .second)
    @Saved var optionalInterval: IntervalValue? = nil
    @Saved var intervals: [IntervalValue] = []
    @Saved var data = DataValue(data: nil)
    @Saved var optionalData: DataValue? = nil
    @Saved var dataValues: [DataValue] = []
    @Saved var time = TimeValue.midnight
    @Saved var optionalTime: TimeValue? = nil
    @Saved var times: [TimeValue] = []
    @Saved var timeline: GeneratedTimeline? = nil
    @Saved var union: GeneratedUnion? = nil
    @Saved var unions: [GeneratedUnion] = []
}

/// Dates in formats other than ISO 8601: the class's own, in collections, and properties' own.
final class GeneratedTimeline: ModelObject {
    override class var dateFormat: DateFormat { .millisecondsSince1970 }

    @Saved var moments: [Date] = []
    @Saved var byName: [String: Date?] = [:]
    @Saved(date: .dateOnly) var day: Date? = nil
    @Saved(date: .pattern("yyyy-MM-dd HH:mm:ss.SSS xxx")) var stamp = Date(timeIntervalSince1970: 0)
}

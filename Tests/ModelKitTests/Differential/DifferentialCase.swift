import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A generated model class (`DifferentialModels.swift`): its shape, its values, and its twin,
/// which `JSONDecoder` reads.
protocol DifferentialModel: ModelObject, DifferentialValueConvertible {
    associatedtype Twin: TwinDecodable & DifferentialValueConvertible & SendableMetatype

    static var shape: DifferentialShape { get }
}

/// One generated model class, as the suite's arguments: what the checks do with its objects,
/// through its own type.
struct DifferentialCase: Sendable, CustomTestStringConvertible {
    let name: String
    let shape: DifferentialShape
    /// `init(json:options:)`.
    let load: @Sendable (Data, LoadOptions) throws -> ModelObject
    /// `init(dictionary:)`.
    let loadDictionary: @Sendable ([String: Any]) throws -> ModelObject
    /// `JSONDecoder`'s `decode` of the class itself, through its `Codable` conformance.
    let decodeModel: @Sendable (Data) throws -> ModelObject
    /// `JSONDecoder`'s `decode` of the twin, and the twin's values.
    let decodeTwin: @Sendable (Data) throws -> DifferentialValue
    /// The values of an object of the class.
    let values: @Sendable (ModelObject) -> DifferentialValue
    /// A `PartialLoader`'s object after the data, in pieces of 1 to 16 bytes drawn from the
    /// seed, and `finish()`.
    let stream: @Sendable (Data, LoadOptions, UInt64) throws -> ModelObject

    init<Model: DifferentialModel>(_ type: Model.Type) {
        name = String(describing: type)
        shape = Model.shape
        load = { data, options in try Model(json: data, options: options) }
        loadDictionary = { dictionary in try Model(dictionary: dictionary) }
        decodeModel = { data in try JSONDecoder().decode(Model.self, from: data) }
        decodeTwin = { data in try JSONDecoder().decode(TwinBox<Model.Twin>.self, from: data).value.differentialValue }
        values = { object in (object as? Model)?.differentialValue ?? .null }
        stream = { data, options, seed in
            var random = SplitMix64(seed: seed)
            let object = Model()
            let loader = PartialLoader(into: object, options: options)
            var start = data.startIndex
            while start < data.endIndex {
                let end = min(start + Int(random.next() % 16) + 1, data.endIndex)
                try loader.append(data[start..<end])
                start = end
            }
            try loader.finish()
            return object
        }
    }

    var testDescription: String { name }
}

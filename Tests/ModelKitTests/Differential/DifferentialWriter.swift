import Foundation
import ModelKit

/// Every way ModelKit writes an object, each with the way to load back what it wrote.
enum DifferentialWriter: String, CaseIterable, Sendable {
    case jsonData
    case jsonString
    case compact
    case sortedKeys
    case withoutHeader
    case foundationWriter
    case foundationWriterSorted
    case dictionary
    case jsonEncoder
    case propertyList

    /// What a writer wrote: bytes to compare, and the object loaded back from the written form.
    struct Written {
        let data: Data
        let loadBack: () throws -> ModelObject
    }

    /// The `WriteOptions` of the writers of `jsonData(options:)`.
    private var options: WriteOptions? {
        switch self {
        case .jsonData: []
        case .compact: .compact
        case .sortedKeys: .sortedKeys
        case .withoutHeader: .withoutHeader
        case .foundationWriter: .foundationWriter
        case .foundationWriterSorted: [.foundationWriter, .sortedKeys]
        case .jsonString, .dictionary, .jsonEncoder, .propertyList: nil
        }
    }

    /// Whether the writer writes headers.
    var writesHeaders: Bool { self != .withoutHeader }

    /// Whether undeclared values come back in the text they came in: ModelKit's own JSON writer
    /// copies the text its reader kept; the others write the Foundation values made from it.
    var keepsNumberTexts: Bool {
        switch self {
        case .jsonData, .jsonString, .compact, .sortedKeys, .withoutHeader: true
        default: false
        }
    }

    /// Writes `object`; the dictionary form and the property list as `JSONSerialization` writes
    /// them with sorted keys, so that two writes compare byte by byte.
    func write(_ object: ModelObject, as model: DifferentialCase) throws -> Written {
        if let options {
            let data = try object.jsonData(options: options)
            return Written(data: data) { try model.load(data, []) }
        }
        switch self {
        case .jsonString:
            let data = Data(try object.jsonString().utf8)
            return Written(data: data) { try model.load(data, []) }
        case .jsonEncoder:
            // Sorted: JSONEncoder writes a keyed container's keys in no fixed order.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let data = try encoder.encode(object)
            return Written(data: data) { try model.decodeModel(data) }
        case .dictionary, .propertyList:
            let dictionary = self == .dictionary ? try object.dictionary : try object.propertyList()
            let data = try JSONSerialization.data(withJSONObject: dictionary, options: [.sortedKeys])
            return Written(data: data) { try model.loadDictionary(dictionary) }
        default:
            preconditionFailure("\(self) has options")
        }
    }
}

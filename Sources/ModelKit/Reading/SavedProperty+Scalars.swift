import Foundation

extension SavedProperty {
    /// Reads a value of a kind that holds no model objects, into the property's storage in
    /// `object`, for ``read(from:into:context:)``.
    ///
    /// Apart from it, since loading recursion passes through that frame and not this one.
    @inline(never)
    func readScalar(from reader: inout JSONReader, into object: ModelObject, context: LoadContext) throws {
        switch kind {
        case .string: value(in: object, as: String.self).pointee = try reader.readStringValue()
        case .int: value(in: object, as: Int.self).pointee = try reader.readIntegerValue(Int.self)
        case .double: value(in: object, as: Double.self).pointee = try reader.readDoubleValue()
        case .bool: value(in: object, as: Bool.self).pointee = try reader.readBoolValue()
        case .date:
            if let dateCoding {
                value(in: object, as: Date.self).pointee = try dateCoding.read(from: &reader)
            } else {
                value(in: object, as: Date.self).pointee = try reader.readDateValue()
            }
        case .optionalString:
            if try reader.readNull() {
                value(in: object, as: String?.self).pointee = nil
                context.nullEnd = reader.position
            } else {
                value(in: object, as: String?.self).pointee = try reader.readStringValue()
            }
        case .stringArray:
            value(in: object, as: [String].self).pointee = try [String]._read(from: &reader, context: context)
        case .model:
            value(in: object, as: Value.self).pointee = try Value._read(from: &reader, context: context)
        case .other:
            guard let dateCoding else {
                value(in: object, as: Value.self).pointee = try Value._read(from: &reader, context: context)
                return
            }
            value(in: object, as: Value.self).pointee = try context.converting(datesAs: dateCoding) {
                try Value._read(from: &reader, context: context)
            }
        }
    }
}

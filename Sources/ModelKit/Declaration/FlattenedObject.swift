import Foundation

/// A nested model object whose saved properties live at the top level of its enclosing
/// object's data (`@Saved(flattened: true) var audit = Audit()`), as serde's `flatten` puts
/// them.
///
/// The enclosing class's ``DataLayout`` matches each key of the object's properties (its own
/// and its alternatives) as ``KeyTable/Match/flattened(_:_:)``: the object, by its index in
/// ``DataLayout/flattened``, and the property, by its index in the object's class's metadata.
/// Both readers load such a key's value into the object that the enclosing object holds, and
/// every writer writes the object's properties where the property stands among the enclosing
/// class's; the object's header is never written.
///
/// ```swift
/// final class Invoice: ModelObject {       // {"number": "F-1", "createdBy": "ana"}
///     @Saved var number = ""                // "number"    → .property(0)
///     @Saved(flattened: true) var audit = Audit()
/// }                                         // "createdBy" → .flattened(0, 0)
/// ```
struct FlattenedObject: Sendable {
    /// The index of the enclosing class's property that holds the object.
    let index: Int
    /// That property.
    let property: AnySavedProperty
    /// The metadata of the object's class, the property's declared type.
    let metadata: ModelMetadata
    /// Where the bits of the object's properties begin among the keys a pass over the
    /// enclosing object's entries has found (see `FoundProperties`).
    let firstFoundSlot: Int

    /// The saved properties of the object's class.
    var properties: [AnySavedProperty] { metadata.properties }

    /// The keys of the object's property at `index`: its own, then its alternatives.
    func keys(ofProperty index: Int) -> [String] {
        metadata.layout.keysByProperty[index]
    }

    /// The object that `enclosing`, an object of the class whose layout this is, holds.
    @inline(__always)
    func object(in enclosing: ModelObject) -> ModelObject? {
        property.modelObject(in: enclosing)
    }

    /// The value of the object's property at `index` in `data`, the enclosing object's
    /// dictionary form: under the first of its keys that `data` has, its own first.
    func value(ofProperty index: Int, in data: [String: Any]) -> Any? {
        for key in keys(ofProperty: index) {
            if let value = data[key] { return value }
        }
        return nil
    }

    /// The metadata of the object's class, checked for what a flattened object needs: every
    /// saved property under a key of its own level.
    static func metadata(of flattenedClass: ModelObject.Type, in modelClass: ModelObject.Type, name: String)
        -> ModelMetadata
    {
        let metadata = ModelMetadata.of(flattenedClass)
        precondition(
            metadata.layout.containers.isEmpty && metadata.layout.flattened.isEmpty,
            "\(modelClass) declares \(name), but \(flattenedClass) declares properties inside nested objects "
                + "(@Saved(path:)) or flattened objects of its own, which cannot live at \(modelClass)'s level")
        return metadata
    }
}

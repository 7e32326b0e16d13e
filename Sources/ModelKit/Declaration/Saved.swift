import Foundation
import Observation

/// Marks a saved property of a ``ModelObject``.
///
/// The stored key is the property's name, or the string given:
///
/// ```swift
/// final class Note: ModelObject {
///     @Saved var text = ""
///     @Saved("created_at") var createdAt = Date()
/// }
/// ```
///
/// A property cannot take a name that `NSObject` or ``ModelObject`` already uses, such as
/// `description` or `hash`: store such a key under another name, as in
/// `@Saved("description") var summary: String?` (<doc:MappingAServersJSON> lists the names).
///
/// The initial value is the default. Setting a different value records a change
/// (see ``ModelObject/hasChanges``) and notifies observers; setting an equal value does neither,
/// except that an equal value holding other model object instances notifies observers, which
/// must follow the new instances.
@propertyWrapper
public struct Saved<Value: SavedValue> {
    // The value only: the key is the class's, recorded once in its metadata while its
    // prototype is created (see `SavedCensus`), so each instance holds just its values.
    var value: Value

    /// Declares a saved property stored under its own name.
    ///
    /// - Parameter wrappedValue: The default value.
    public init(wrappedValue: Value) {
        value = wrappedValue
        SavedCensus.countInitializedValue(key: nil)
    }

    /// Declares a saved property stored under a key of its own.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value.
    ///   - key: The key in the data.
    public init(wrappedValue: Value, _ key: String) {
        value = wrappedValue
        SavedCensus.countInitializedValue(key: key)
    }

    /// Declares an optional saved property whose default is `nil`.
    ///
    /// - Parameter key: The key in the data, or `nil` to use the property's name.
    public init(_ key: String? = nil) where Value: ExpressibleByNilLiteral {
        value = nil
        SavedCensus.countInitializedValue(key: key)
    }

    /// Not available: a saved property that cannot be `nil` needs a default value.
    ///
    /// - Parameter key: The key in the data.
    @available(
        *, unavailable,
        message:
            "a @Saved property needs a default value, such as '@Saved var name = \"\"'; only an optional may leave it out"
    )
    @_disfavoredOverload
    public init(_ key: String? = nil) {
        preconditionFailure("unreachable: the initializer is unavailable")
    }

    /// Not available: `@Saved` properties live only in ``ModelObject`` subclasses, which reach
    /// the value through the enclosing instance.
    @available(*, unavailable, message: "@Saved is available only on properties of ModelObject subclasses")
    public var wrappedValue: Value {
        get { preconditionFailure("unreachable: the property is unavailable") }
        // swift-format-ignore
        set { preconditionFailure("unreachable: the property is unavailable") }
    }

    /// Reads and writes a saved property of a model object, recording changes and notifying
    /// observers.
    ///
    /// Swift calls this subscript for every use of a `@Saved` property; it is not meant to be
    /// called directly. Reading registers the property with `Observation`, so
    /// `withObservationTracking` and SwiftUI views track it; setting a different value records
    /// the change and notifies observers.
    ///
    /// - Parameters:
    ///   - model: The model object that holds the property.
    ///   - wrappedKeyPath: The key path of the property, which observers track.
    ///   - storageKeyPath: The key path of the `Saved` storage behind the property.
    public static subscript<Model: ModelObject>(
        _enclosingInstance model: Model,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Model, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Model, Saved<Value>>
    ) -> Value {
        get {
            model.observationRegistrar.access(model, keyPath: wrappedKeyPath)
            model.accessSavedValues()
            if let log = model.extras?.partialAccessLog {
                log.record(model, wrapped: wrappedKeyPath, offset: offset(of: storageKeyPath, in: model))
            }
            return model[keyPath: storageKeyPath].value
        }
        set {
            let oldValue = model[keyPath: storageKeyPath].value
            let isDifferent = model.recordAssignment(
                of: newValue, replacing: oldValue, atOffset: offset(of: storageKeyPath, in: model))
            guard isDifferent else {
                if Value._containsModelObjects && !holdsSameObjects(oldValue, newValue) {
                    // Equal model objects that are other instances are no change, but observers
                    // must follow the new instances, which later changes happen to.
                    return store(newValue, in: model, wrapped: wrappedKeyPath, storage: storageKeyPath)
                }
                // Equal is not always identical (-0.0 equals 0.0): keep the value that was set,
                // as neither a change nor a mutation to observe.
                model[keyPath: storageKeyPath].value = newValue
                return
            }
            store(newValue, in: model, wrapped: wrappedKeyPath, storage: storageKeyPath)
        }
    }

    /// Stores a new value, notifying the observers of the property, and those of
    /// ``ModelObject/hasAnyChanges`` when the value can hold model objects.
    private static func store<Model: ModelObject>(
        _ newValue: Value,
        in model: Model,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Model, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Model, Saved<Value>>
    ) {
        guard Value._containsModelObjects else {
            return model.observationRegistrar.withMutation(of: model, keyPath: wrappedKeyPath) {
                model[keyPath: storageKeyPath].value = newValue
            }
        }
        model.withMutationOfNestedObjects {
            model.observationRegistrar.withMutation(of: model, keyPath: wrappedKeyPath) {
                model[keyPath: storageKeyPath].value = newValue
            }
        }
    }

    /// Whether two values hold the same model object instances, in the same order.
    private static func holdsSameObjects(_ lhs: Value, _ rhs: Value) -> Bool {
        var left: [ObjectIdentifier] = []
        _ = lhs._visitModelObjects { object in
            left.append(ObjectIdentifier(object))
            return true
        }
        var index = 0
        let isSame = rhs._visitModelObjects { object in
            guard index < left.count, left[index] == ObjectIdentifier(object) else { return false }
            index += 1
            return true
        }
        return isSame && index == left.count
    }

    /// The offset of the property's storage inside `model`, which identifies the property in
    /// the change record and among the skipped values.
    private static func offset<Model: ModelObject>(
        of storageKeyPath: ReferenceWritableKeyPath<Model, Saved<Value>>,
        in model: Model
    ) -> Int {
        let offset = withUnsafeMutablePointer(to: &model[keyPath: storageKeyPath]) { pointer in
            FieldStorage.offset(of: pointer, in: model)
        }
        precondition(
            ModelMetadata.of(type(of: model)).propertiesByOffset[offset] != nil,
            "The storage of a saved property of \(type(of: model)) is not at an offset that reflection reported")
        return offset
    }
}

/// What metadata needs of a `Saved` field found by reflection, without knowing its value type.
protocol SavedField {
    static func makeProperty(
        key: String, declaration: SavedDeclaration, dateFormat: DateFormat, offset: Int, in prototype: ModelObject
    ) -> AnySavedProperty
}

extension Saved: SavedField {
    static func makeProperty(
        key: String, declaration: SavedDeclaration, dateFormat: DateFormat, offset: Int, in prototype: ModelObject
    ) -> AnySavedProperty {
        let storage = SavedProperty<Value>.storage(of: prototype, at: offset).pointee
        return SavedProperty<Value>(
            key: key, declaration: declaration, dateFormat: dateFormat, offset: offset, defaultValue: storage.value)
    }
}

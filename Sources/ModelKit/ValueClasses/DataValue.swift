import Foundation

/// Bytes saved as Base64 text with their length, or no data at all.
///
/// `DataValue` is a ``ModelObject``, so it nests in other models, tracks its changes and
/// round-trips through dictionaries and JSON. Its data is that of DejalObject's `DejalData`,
/// and data written under that name loads into it:
///
/// ```swift
/// let thumbnail = DataValue(data: Data([0xCA, 0xFE]))
/// print(try thumbnail.jsonString(options: .compact))
/// // {"version":1,"representedClassName":"DataValue","length":2,"string":"yv4="}
/// ```
///
/// The saved keys are `length`, the number of bytes; `string`, the bytes in Base64 without
/// line breaks, absent when there are none; and `dataClass`, the name of the class of an
/// archived object that the bytes hold, absent when they hold none. Reading also accepts
/// Base64 broken into lines. A stored `length` that disagrees with the bytes is recomputed
/// from them, as DejalData recomputed it.
///
/// An object archived with `NSSecureCoding` can be kept in the bytes with
/// ``init(archiving:)`` and read back with ``object(of:)``, which unarchives only the class
/// that the caller names, never the one that the data names.
public final class DataValue: ModelObject {
    @Saved("length") private var savedLength = 0

    @Saved("string") private var savedData = SavedBase64.none

    /// The name of the class of the archived object that ``data`` holds, or `nil` when it holds
    /// none or the name is not known.
    ///
    /// ``init(archiving:)`` sets it. It describes the data and nothing more: ``object(of:)``
    /// unarchives the class that its caller names.
    @Saved public var dataClass: String? = nil

    /// The name DejalObject wrote for this class, so that its data loads.
    public override class var legacyModelNames: [String] { [dejalObjectName] }

    /// Creates a value holding bytes.
    ///
    /// - Parameter data: The bytes; `nil` or empty data for none.
    public convenience init(data: Data?) {
        self.init()
        self.data = data
        clearChanges()
    }

    /// The bytes, or `nil` for none.
    ///
    /// Setting empty data sets `nil`: empty data is saved as no data, as DejalData saved it.
    public var data: Data? {
        get { savedData.data }
        set {
            savedData = SavedBase64(newValue)
            savedLength = savedData.data?.count ?? 0
        }
    }

    /// The bytes in Base64 without line breaks, as they are saved; `nil` for no data.
    public var string: String? {
        savedData.text
    }

    /// The number of bytes; 0 for no data.
    public var length: Int {
        savedLength
    }

    /// Whether the value holds no data.
    public var isEmpty: Bool {
        savedData.data == nil
    }

    override func didLoadValues() {
        // The length saved with the data is not trusted: DejalData recomputed it too. Nor is a
        // length that a lenient load skipped kept to be written back.
        _savedLength.value = savedData.data?.count ?? 0
        if hasSkippedValues, let length = ModelMetadata.of(Self.self).propertiesByKey["length"] {
            skippedValues[length.offset] = nil
        }
    }
}

extension DataValue: DejalObjectCounterpart {
    static var dejalObjectName: String { "DejalData" }
}

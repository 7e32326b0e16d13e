import Foundation

/// The last error that loading an archived model reported on a thread.
private final class ArchiveFailure {
    var error: ModelError?
}

extension ModelObject {
    private static let archivedJSONKey = "json"
    private static let archivedErrorKey = "error"
    private static let archivedLenientKey = "lenient"
    private static let archiveFailure = ThreadLocal { ArchiveFailure() }

    /// Creates an object from a keyed archive, refusing archives of other classes with an
    /// error.
    ///
    /// `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)` reads archives of model objects
    /// too, but on Linux it stops the process when the archive holds an object of a class
    /// other than the one asked for. This method checks the archived class first, so data of
    /// any kind only ever throws:
    ///
    /// ```swift
    /// let data = try NSKeyedArchiver.archivedData(withRootObject: note, requiringSecureCoding: true)
    /// let copy = try Note.make(archivedData: data)
    /// ```
    ///
    /// - Parameter data: A keyed archive whose root object is a model object.
    /// - Returns: The archived object, of this class or of a subclass.
    /// - Throws: A ``ModelError`` when the data is not a keyed archive, holds an object of
    ///   another class, or holds values that do not fit.
    public class func make(archivedData data: Data) throws -> sending Self {
        try checkArchivedClasses(in: data)
        let object: Any?
        archiveFailure.current.error = nil
        do {
            object = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [self], from: data)
        } catch {
            // Foundation on Linux replaces the error that `init?(coder:)` reported with one
            // that says only that decoding failed.
            if let modelError = archiveFailure.current.error ?? (error as NSError).userInfo[NSUnderlyingErrorKey]
                as? ModelError
            {
                throw modelError
            }
            throw ModelError.unreadableArchive(error)
        }
        guard let model = object as? Self else {
            let found = object.map { FoundValue.describe($0) } ?? "nothing"
            throw ModelError.notArchived(modelName, found: found)
        }
        return model
    }

    /// Loads the values of a keyed archive into this new object, for `init?(coder:)`.
    ///
    /// - Returns: `false`, after reporting the error to `coder`, when the archive does not
    ///   hold a valid object of this class.
    func loadArchivedValues(from coder: NSCoder) -> Bool {
        do {
            // Asking for a key that is missing fails the whole unarchiving on Linux.
            guard coder.containsValue(forKey: Self.archivedJSONKey),
                let json = coder.decodeObject(of: NSData.self, forKey: Self.archivedJSONKey)
            else {
                let hasMessage = coder.containsValue(forKey: Self.archivedErrorKey)
                let message = hasMessage ? coder.decodeObject(of: NSString.self, forKey: Self.archivedErrorKey) : nil
                throw ModelError(.custom("the archive holds no \(Self.modelName): \(message ?? "no JSON form")"))
            }
            // An object that holds values a lenient load skipped archives them as they were
            // found; it unarchives leniently, into an equal object that keeps them again.
            let isLenient = coder.containsValue(forKey: Self.archivedLenientKey)
            try readRoot(fromJSON: json as Data, context: LoadContext(options: isLenient ? .lenient : []))
            return true
        } catch {
            if let error = error as? ModelError { Self.archiveFailure.current.error = error }
            // The form of error that unarchivers report, which Foundation on Linux logs.
            let userInfo: [String: Any] = [NSDebugDescriptionErrorKey: "\(error)", NSUnderlyingErrorKey: error]
            coder.failWithError(CocoaError(.coderReadCorrupt, userInfo: userInfo))
            return false
        }
    }

    /// Writes the compact JSON form to a keyed archive, for `encode(with:)`, or the error
    /// that prevents it, since `NSCoder` cannot report failures while encoding.
    func archiveValues(to coder: NSCoder) {
        do {
            let form = try compactJSONForm()
            coder.encode(form.json as NSData, forKey: Self.archivedJSONKey)
            if form.isLenient {
                coder.encode(true, forKey: Self.archivedLenientKey)
            }
        } catch {
            coder.encode("\(error)" as NSString, forKey: Self.archivedErrorKey)
        }
    }

    /// The compact JSON form that archives and ``ModelSnapshot`` hold, and whether it holds
    /// values kept from loaded data that only a lenient load reads back: values that a
    /// lenient load skipped, or a class name that did not resolve.
    ///
    /// A lenient load of such JSON gives an equal object that keeps them again; a strict one
    /// would stop at them.
    func compactJSONForm() throws -> (json: Data, isLenient: Bool) {
        var writer = JSONWriter(options: [.compact])
        try writeJSON(to: &writer)
        return (writer.output.buffer.data(), writer.hasWrittenKeptValues)
    }

    /// Throws unless every object in the archive is of this class or a subclass, so that
    /// `NSKeyedUnarchiver` is never asked to decode an object of a class it was not given.
    private static func checkArchivedClasses(in data: Data) throws {
        for description in try KeyedArchive.objectDescriptions(in: data) {
            guard let name = description["$classname"] as? String else { continue }
            let archivedClass: AnyClass? = NSKeyedUnarchiver.class(forClassName: name) ?? NSClassFromString(name)
            guard let modelClass = archivedClass as? ModelObject.Type, modelClass.isSubclass(of: self) else {
                throw ModelError.unrelatedClass(name, expected: modelName)
            }
        }
    }
}

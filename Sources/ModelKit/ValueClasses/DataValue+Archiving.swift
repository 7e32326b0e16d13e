import Foundation

extension DataValue {
    /// Creates a value holding an object archived with secure coding, and the name of its
    /// class in ``dataClass``.
    ///
    /// ```swift
    /// let value = try DataValue(archiving: NSURL(string: "https://example.com")!)
    /// let url = try value.object(of: NSURL.self)
    /// ```
    ///
    /// The object must support secure coding, and so must everything it archives. An array,
    /// dictionary, set or ordered set is checked element by element first, since the archiver
    /// stops the process for an element that does not, such as a Swift struct; an object of
    /// another class archives what its own `encode(with:)` encodes.
    ///
    /// - Parameter object: The object to archive.
    /// - Throws: A ``ModelError`` when the object cannot be archived, naming the key path of
    ///   the element that does not support secure coding.
    public convenience init<Object: NSObject & NSSecureCoding>(archiving object: Object) throws {
        try KeyedArchive.checkSecureCoding(of: object)
        let data: Data
        do {
            data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        } catch {
            throw ModelError(.custom("the \(Object.self) could not be archived: \(error)"), underlyingError: error)
        }
        self.init(data: data)
        dataClass = NSStringFromClass(Object.self)
        clearChanges()
    }

    /// Unarchives the object that the data holds, with secure coding, as an object of the class
    /// that the caller names.
    ///
    /// The class named in ``dataClass`` plays no part: data never chooses the class it is
    /// unarchived as. The archive may hold only objects of `type` or its subclasses (and the
    /// strings and numbers that keyed archives keep inline); an archive that names any other
    /// class throws before anything is unarchived.
    ///
    /// - Parameter type: The class of the archived object.
    /// - Returns: The object, or `nil` when the value holds no data.
    /// - Throws: A ``ModelError`` when the data is not a keyed archive, holds an object of
    ///   another class, or cannot be unarchived.
    public func object<Object: NSObject & NSSecureCoding>(of type: Object.Type) throws -> Object? {
        guard let data else { return nil }
        try Self.checkArchivedClasses(in: data, allowing: type)
        let object: Object?
        do {
            object = try NSKeyedUnarchiver.unarchivedObject(ofClass: type, from: data)
        } catch {
            throw ModelError.unreadableArchive(error)
        }
        guard let object else {
            throw ModelError.notArchived("\(type)", found: "another value")
        }
        return object
    }

    /// Throws unless every class that the archive names, as the class of an object or as a
    /// hint, is `allowedClass` or a subclass that supports secure coding.
    ///
    /// `NSKeyedUnarchiver` on Linux stops the process when secure decoding meets a class it was
    /// not given, instead of throwing, so the names are checked before it reads the archive.
    private static func checkArchivedClasses(in data: Data, allowing allowedClass: AnyClass) throws {
        for description in try KeyedArchive.objectDescriptions(in: data) {
            // The unarchiver looks at these two entries, read as these types, and at no other.
            var names = description["$classhints"] as? [String] ?? []
            if let name = description["$classname"] as? String { names.append(name) }
            for name in names where !isAllowed(name, allowedClass) {
                throw ModelError.unrelatedClass(name, expected: NSStringFromClass(allowedClass))
            }
        }
    }

    private static func isAllowed(_ name: String, _ allowedClass: AnyClass) -> Bool {
        guard let archivedClass = NSKeyedUnarchiver.class(forClassName: name) ?? NSClassFromString(name),
            let objectClass = archivedClass as? NSObject.Type, objectClass.isSubclass(of: allowedClass),
            let secureClass = archivedClass as? NSSecureCoding.Type
        else { return false }
        return secureClass.supportsSecureCoding
    }
}

import Foundation

/// The checks that keep keyed archiving from stopping the process: what an archive names is
/// checked before an unarchiver reads it, and what an object holds before an archiver writes
/// it.
///
/// `NSKeyedUnarchiver` on Linux stops the process when secure decoding meets a class that it
/// was not given, instead of throwing; loading archives checks their class names first.
/// `NSKeyedArchiver` stops it, on Linux with a fatal error and on Apple platforms with an
/// Objective-C exception that Swift cannot catch, when it is asked to encode an object that
/// does not support `NSCoding`, or secure coding when that is required; archiving checks
/// the objects first.
enum KeyedArchive {
    /// The descriptions of the archive's objects, among them the class descriptions with
    /// their `$classname` and `$classhints` entries.
    ///
    /// - Throws: A ``ModelError`` when `data` is not a keyed archive.
    static func objectDescriptions(in data: Data) throws -> [[String: Any]] {
        let archive: Any
        do {
            archive = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ModelError(.custom("the data is not a keyed archive: \(error)"), underlyingError: error)
        }
        guard let objects = (archive as? [String: Any])?["$objects"] as? [Any] else {
            throw ModelError(.custom("the data is not a keyed archive"))
        }
        return objects.compactMap { $0 as? [String: Any] }
    }

    /// The deepest nesting of collections that ``checkSecureCoding(of:)`` follows.
    static let maximumNesting = 512

    /// Throws unless an archiver that requires secure coding can encode `object` and, when it
    /// is an array, dictionary, set or ordered set, everything inside it.
    ///
    /// An object of another class encodes what it holds in its own `encode(with:)`, which
    /// only the archiver sees; such an object is checked, what it holds is not.
    ///
    /// - Throws: A ``ModelError`` at the key path of the first object that does not support
    ///   secure coding, such as a Swift struct in an `NSArray`, or for collections nested
    ///   more than ``maximumNesting`` levels deep.
    static func checkSecureCoding(of object: Any) throws {
        try checkSecureCoding(of: object, level: 0)
    }

    private static func checkSecureCoding(of value: Any, level: Int) throws {
        guard let object = value as? NSObject, supportsSecureCoding(type(of: object)),
            supportsSecureCoding(object.classForKeyedArchiver ?? type(of: object))
        else {
            let found = FoundValue.describe(value)
            throw ModelError(.typeMismatch(expected: "an object that supports secure coding", found: found))
        }
        let contents = contents(of: object)
        guard !contents.isEmpty else { return }
        guard level < maximumNesting else { throw ModelError(.nestingTooDeep(limit: maximumNesting)) }
        guard level % 16 != 0 || CallStack.hasRoom() else { throw ModelError(.nestingTooDeep(limit: level)) }
        for (component, element) in contents {
            guard let component else {
                try checkSecureCoding(of: element, level: level + 1)
                continue
            }
            try KeyPathStep.at(component) { try checkSecureCoding(of: element, level: level + 1) }
        }
    }

    /// The objects that a Foundation collection archives, each with its place in the key path.
    ///
    /// The place is the index of an element, or the key of a dictionary's value; a set's
    /// members and a dictionary's keys have none of their own.
    private static func contents(of object: NSObject) -> [(ModelKeyPath.Component?, Any)] {
        if let array = object as? NSArray {
            return array.enumerated().map { (.index($0.offset), $0.element) }
        }
        if let orderedSet = object as? NSOrderedSet {
            return orderedSet.enumerated().map { (.index($0.offset), $0.element) }
        }
        if let set = object as? NSSet {
            return set.map { (nil, $0) }
        }
        if let dictionary = object as? NSDictionary {
            return dictionary.flatMap { entry -> [(ModelKeyPath.Component?, Any)] in
                let key = entry.key as? String ?? "\(entry.key)"
                return [(nil, entry.key), (.key(key), entry.value)]
            }
        }
        return []
    }

    private static func supportsSecureCoding(_ objectClass: AnyClass) -> Bool {
        (objectClass as? NSSecureCoding.Type)?.supportsSecureCoding ?? false
    }
}

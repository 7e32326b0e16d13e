import Foundation

/// A keyed archive read as the property list it is, so that the classes it names can be
/// checked before an unarchiver sees it.
///
/// `NSKeyedUnarchiver` on Linux stops the process when secure decoding meets a class that it
/// was not given, instead of throwing; loading archives checks their class names first.
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
}

import Foundation

extension ModelObject {
    /// Writes the JSON form to a file, replacing it atomically.
    ///
    /// The JSON goes to a temporary file that then takes the place of the old one, so a crash
    /// or an error part-way leaves the old file whole.
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - options: The layout of the JSON; `[]` is pretty-printed.
    /// - Throws: A ``ModelError`` when the object cannot be written as JSON or the file cannot
    ///   be written; the old file is then untouched.
    public func save(to url: URL, options: WriteOptions = []) throws {
        let data = try jsonData(options: options)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw ModelError(
                .fileError("could not write \(url.path): \(error.localizedDescription)"), underlyingError: error)
        }
    }

    /// The contents of a file, for ``init(contentsOf:options:)``.
    static func readFile(at url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ModelError(
                .fileError("could not read \(url.path): \(error.localizedDescription)"), underlyingError: error)
        }
    }
}

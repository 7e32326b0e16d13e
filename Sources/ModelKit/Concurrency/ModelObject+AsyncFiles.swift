import Foundation

extension ModelObject {
    /// Reads a JSON file and creates an object of the class that it names, off the caller's
    /// actor.
    ///
    /// The file is read and loaded on the global concurrent executor, so a main-actor app
    /// opens a document without blocking the main actor, and the object comes back as a
    /// `sending` result, which the caller may keep or pass on to another isolation domain:
    ///
    /// ```swift
    /// @MainActor @Observable final class NoteViewModel {
    ///     var note = Note()
    ///
    ///     func open(_ url: URL) async throws {
    ///         note = try await Note.load(contentsOf: url)
    ///     }
    /// }
    /// ```
    ///
    /// The object is of this class or of a subclass that the file names, as with
    /// ``make(json:options:)-(Data,_)``; ``init(contentsOf:options:)`` reads the same file
    /// synchronously into an object of this class.
    ///
    /// - Parameters:
    ///   - url: The file to read.
    ///   - options: How to load; strict by default.
    /// - Returns: An object of this class or of a subclass.
    /// - Throws: A ``ModelError`` when the file cannot be read, for invalid JSON, for a class
    ///   name that does not resolve to one subclass, or for a value that does not fit.
    #if compiler(>=6.2)
        @concurrent
    #endif
    public class func load(contentsOf url: URL, options: LoadOptions = []) async throws -> sending Self {
        try make(json: readFile(at: url), options: options)
    }
}

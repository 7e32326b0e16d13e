import Foundation

extension ModelSnapshot {
    /// Writes the model's JSON form to a file off the caller's actor, replacing the file
    /// atomically, as ``ModelObject/save(to:options:)`` does.
    ///
    /// The model is made and written on the global concurrent executor, so a main-actor app
    /// saves a document without blocking the main actor:
    ///
    /// ```swift
    /// let snapshot = try document.snapshot()
    /// try await snapshot.save(to: url)
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - options: The layout of the JSON; `[]` is pretty-printed.
    /// The model checks itself before anything is written, as ``makeModel()`` and
    /// ``ModelObject/save(to:options:)`` have every object do (``ModelObject/validate()``): a
    /// file that would not load again is never written.
    ///
    /// - Throws: A ``ModelError`` when an object of the model is not valid, when `url` is not
    ///   a file URL, leads to something other than a regular file or to a file the caller may
    ///   not write, or when the file cannot be written; the old file is then untouched.
    #if compiler(>=6.2)
        @concurrent
    #endif
    public func save(to url: URL, options: WriteOptions = []) async throws {
        try makeModel().save(to: url, options: options)
    }
}

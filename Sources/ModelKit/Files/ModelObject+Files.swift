import Foundation

extension ModelObject {
    /// Writes the JSON form to a file, replacing it atomically.
    ///
    /// The JSON goes to a new file in the same directory, which takes the place of the old
    /// one once it is complete and on the storage itself (with `F_FULLFSYNC` on Apple
    /// platforms, which also empties the drive's cache, where the file system allows it), so a
    /// crash, a power loss or an error part-way leaves the old file whole, and an error leaves
    /// no new file behind. A process killed part-way leaves its new file,
    /// `.modelkit-<name>-<16 hexadecimal digits>.tmp` beside the file; the next save of the same
    /// file removes it, and never the new file of a save still under way in another thread or
    /// process.
    ///
    /// The replaced file stays what it was:
    /// - It keeps its permission bits, and its owner and group where the process may set them
    ///   (the superuser may set both, the owner the group); a new file gets the permissions
    ///   that the process's umask leaves.
    /// - When `url` is a symbolic link, the file it leads to is replaced, atomically, and the
    ///   link stays as it is; a link to a file that does not exist yet creates that file.
    /// - It keeps its extended attributes, as many as the system lets the process set: on Apple
    ///   platforms its Finder tags, its exclusion from backups (`isExcludedFromBackup`), its
    ///   quarantine and its resource fork among them; on Linux its `user.*` attributes, and the
    ///   others where the process may set them (POSIX access control lists among them). Saving
    ///   does not fail for one that it cannot keep.
    /// - On iOS, tvOS, watchOS and visionOS it keeps its data-protection class
    ///   (`FileAttributeKey.protectionKey`); saving throws when it cannot.
    /// - A file that the caller may not write is not replaced: saving throws. That is a file
    ///   that `access(2)` says the caller may not write, and a file with no write permission
    ///   bit set at all, such as mode 0444, which is read-only even for the superuser.
    /// - Hard links are broken: `url` then names the new file, while the file's other names
    ///   keep the old contents.
    ///
    /// On Apple platforms, access control lists of the old file are not carried over.
    /// Saving needs write permission on the file's directory, where the new file is created.
    ///
    /// Before anything is written, every object of the graph checks itself
    /// (``validate()``), as loading the file would: a file that a strict load could not read
    /// back is never written. ``jsonData(options:)`` and the other writers do not check, so
    /// that a model can be written, sent or logged while it is being edited.
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - options: The layout of the JSON; `[]` is pretty-printed.
    /// - Throws: A ``ModelError`` when an object of the graph is not valid, at its key path,
    ///   with the message of its error; when the object cannot be written as JSON, when `url` is not
    ///   a file URL, leads to something other than a regular file or to a file the caller may
    ///   not write, or when the file cannot be written; the old file is then untouched.
    public func save(to url: URL, options: WriteOptions = []) throws {
        // A file that would not load again is not written: every object checks itself first,
        // as loading the file would have it do.
        try validateGraph()
        let data = try jsonData(options: options)
        guard url.isFileURL else {
            throw ModelError(.fileError("could not write \(url): not a file URL"))
        }
        do {
            try FileReplacement(path: url.path).replace(with: data)
        } catch {
            throw ModelError(
                .fileError("could not save to \(url.path): \(error.message)"), underlyingError: error.underlyingError)
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

import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Replaces the contents of a file atomically while keeping what the file is: its permission
/// bits, its owner where the process may set it, its extended attributes, its data-protection
/// class on iOS, tvOS, watchOS and visionOS, and the symbolic links that lead to it.
///
/// The data goes to a new file in the directory of the file it replaces, which is renamed
/// over the old one once it is complete and on the storage itself; a failure at any step
/// removes the new file and leaves the old one as it was. A process killed part-way cannot
/// remove its new file, so each replacement first removes what interrupted replacements of the
/// same file left (``TemporaryFile`` tells those from the new files of replacements still
/// under way).
struct FileReplacement {
    /// Why a replacement failed, with the `errno` of the call that failed, if one did.
    struct Failure: Error {
        let message: String
        let code: POSIXErrorCode?

        var underlyingError: (any Error)? { code.map { POSIXError($0) } }
    }

    /// The most symbolic links followed to the file, as the system's own path resolution
    /// allows, so that a loop of links ends in an error.
    private static let maximumLinks = 40

    /// The file that is written: the final target of the symbolic links at the given path.
    let path: String
    /// The status of the file as it was, or `nil` when there is no file yet.
    fileprivate let existing: stat?

    /// Prepares to replace the file at `path`, following symbolic links to the file they lead
    /// to.
    ///
    /// - Throws: A ``Failure`` when the path leads to something other than a regular file, to
    ///   a file that the caller may not write, or through too many links.
    init(path: String) throws(Failure) {
        var path = path
        for _ in 0...Self.maximumLinks {
            guard let status = try Self.status(ofLinkAt: path) else {
                self.path = path
                existing = nil
                return
            }
            let kind = status.st_mode & mode_t(S_IFMT)
            guard kind == mode_t(S_IFLNK) else {
                guard kind == mode_t(S_IFREG) else {
                    throw Failure(message: "\(path) is not a regular file", code: .EISDIR)
                }
                try Self.checkWritable(path, status: status)
                self.path = path
                existing = status
                return
            }
            path = try Self.destination(ofLinkAt: path)
        }
        throw Failure(message: "too many symbolic links lead to \(path)", code: .ELOOP)
    }

    /// Writes `data` to a new file and puts it in the place of the old one.
    func replace(with data: Data) throws(Failure) {
        let pending = try begin()
        defer { pending.abandon() }
        try pending.write(data)
        try pending.commit()
    }

    /// Creates the new file, for contents written to it a part at a time: ``Pending/write(_:)``
    /// adds to it, ``Pending/commit()`` puts it in the place of the old file, and
    /// ``Pending/abandon()`` removes it unless it is in place.
    func begin() throws(Failure) -> Pending {
        TemporaryFile.removeAbandoned(besides: path)
        let temporary = try TemporaryFile(besides: path, mode: existing == nil ? 0o666 : 0o600)
        let pending = Pending(replacement: self, temporary: temporary)
        if existing != nil {
            do {
                try Self.keepProtectionClass(of: path, on: temporary.path)
            } catch {
                pending.abandon()
                throw error
            }
        }
        return pending
    }

    /// A new file being written for a replacement, open and locked until it is committed or
    /// abandoned.
    final class Pending {
        private let replacement: FileReplacement
        private let temporary: TemporaryFile
        /// Whether the new file is closed: in place, or removed.
        private var isFinished = false

        fileprivate init(replacement: FileReplacement, temporary: TemporaryFile) {
            self.replacement = replacement
            self.temporary = temporary
        }

        /// Removes the new file of a replacement that never committed, as a crash would leave
        /// it for the next replacement to remove.
        deinit { abandon() }

        /// Adds `bytes` to the new file.
        func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            guard !isFinished else { throw Failure(message: "the new file is already closed", code: .EBADF) }
            try FileReplacement.writeAll(bytes, to: temporary.descriptor)
        }

        /// Adds `data` to the new file.
        func write(_ data: Data) throws(Failure) {
            let failure = data.withUnsafeBytes { bytes -> Failure? in
                do throws(Failure) {
                    try write(bytes)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
        }

        /// Gives the new file the old one's attributes, flushes it to the storage and renames
        /// it over the old one.
        func commit() throws(Failure) {
            guard !isFinished else { throw Failure(message: "the new file is already closed", code: .EBADF) }
            let path = replacement.path
            let descriptor = temporary.descriptor
            if let existing = replacement.existing {
                FileReplacement.copyExtendedAttributes(of: path, to: descriptor)
                try FileReplacement.copyOwnership(of: existing, to: descriptor)
            }
            guard FileReplacement.synchronize(descriptor) else {
                throw FileReplacement.failure("could not write \(path) to disk")
            }
            // The new file stays open, and so locked, until it has taken the old one's place: a
            // replacement of the same file removes every new file that no one holds locked. Its
            // data is on disk by now, so closing it later has nothing left to report.
            guard rename(temporary.path, path) == 0 else { throw FileReplacement.failure("could not replace \(path)") }
            isFinished = true
            temporary.finish(removingFile: false)
            FileReplacement.synchronizeDirectory(of: path)
        }

        /// Closes and removes the new file, unless it is already in place.
        func abandon() {
            guard !isFinished else { return }
            isFinished = true
            temporary.finish(removingFile: true)
        }
    }

    // MARK: Steps

    /// The status of what is at `path`, not following a symbolic link; `nil` when nothing is.
    private static func status(ofLinkAt path: String) throws(Failure) -> stat? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw failure("could not read the status of \(path)")
        }
        return status
    }

    /// Where the symbolic link at `path` leads, resolved against the link's directory.
    private static func destination(ofLinkAt path: String) throws(Failure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw failure("could not read the symbolic link \(path)") }
        let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if destination.hasPrefix("/") { return destination }
        return (path as NSString).deletingLastPathComponent + "/" + destination
    }

    /// Refuses a file that the caller may not write.
    ///
    /// Replacing a file takes write permission on its directory only, so without this check a
    /// read-only file would be replaced silently. The superuser passes every permission check
    /// of `access`; a file that no permission bit lets anyone write is read-only even for it.
    private static func checkWritable(_ path: String, status: stat) throws(Failure) {
        let writeBits = mode_t(S_IWUSR | S_IWGRP | S_IWOTH)
        guard status.st_mode & writeBits != 0 else {
            throw Failure(message: "\(path) is read-only", code: .EACCES)
        }
        guard access(path, W_OK) == 0 else { throw failure("\(path) may not be written") }
    }

    /// Writes all of `bytes` to `descriptor`, in as many calls as the system needs.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(Failure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("could not write the new contents")
            }
            offset += written
        }
    }

    /// Gives the new file the permission bits of the old one, and its owner and group where
    /// the process may set them.
    fileprivate static func copyOwnership(of existing: stat, to descriptor: Int32) throws(Failure) {
        if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 {
            // Only the superuser may give a file away; an owner may still set the group.
            _ = fchown(descriptor, uid_t.max, existing.st_gid)
        }
        // After the owner: changing the owner clears the set-user-ID and set-group-ID bits.
        guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else {
            throw failure("could not keep the permissions of the file")
        }
    }

    /// Flushes a file's data, or a directory's entries, to the storage itself.
    ///
    /// On Apple platforms `fsync` only hands the data to the drive, which may keep it in its
    /// own cache past a power loss; `F_FULLFSYNC` asks the drive to write its cache out too.
    /// File systems that cannot do that, network ones among them, refuse it with an error, and
    /// `fsync` is then the most there is. Elsewhere `fsync` reaches the storage itself.
    static func synchronize(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) != -1 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Flushes the rename to the storage, so that the new name survives a power loss: a file's
    /// own `fsync` does not cover the directory entry that names it.
    ///
    /// A failure changes nothing for the caller: the file is already in place.
    fileprivate static func synchronizeDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = synchronize(descriptor)
        close(descriptor)
    }

    /// A failure with the current `errno`.
    static func failure(_ message: String) -> Failure {
        let code = POSIXErrorCode(rawValue: errno)
        let reason = code.map { ": \(String(cString: strerror($0.rawValue)))" } ?? ""
        return Failure(message: message + reason, code: code)
    }
}

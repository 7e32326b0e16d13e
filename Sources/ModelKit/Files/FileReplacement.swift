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
    private let existing: stat?

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
        TemporaryFile.removeAbandoned(besides: path)
        let temporary = try TemporaryFile(besides: path, mode: existing == nil ? 0o666 : 0o600)
        var isInPlace = false
        defer { temporary.finish(removingFile: !isInPlace) }
        if existing != nil { try Self.keepProtectionClass(of: path, on: temporary.path) }
        try Self.writeAll(data, to: temporary.descriptor)
        if let existing {
            Self.copyExtendedAttributes(of: path, to: temporary.descriptor)
            try Self.copyOwnership(of: existing, to: temporary.descriptor)
        }
        guard Self.synchronize(temporary.descriptor) else { throw Self.failure("could not write \(path) to disk") }
        // The new file stays open, and so locked, until it has taken the old one's place: a
        // replacement of the same file removes every new file that no one holds locked. Its
        // data is on disk by now, so closing it later has nothing left to report.
        guard rename(temporary.path, path) == 0 else { throw Self.failure("could not replace \(path)") }
        isInPlace = true
        Self.synchronizeDirectory(of: path)
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

    private static func writeAll(_ data: Data, to descriptor: Int32) throws(Failure) {
        let failed = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += written
            }
            return false
        }
        if failed { throw failure("could not write the new contents") }
    }

    /// Gives the new file the permission bits of the old one, and its owner and group where
    /// the process may set them.
    private static func copyOwnership(of existing: stat, to descriptor: Int32) throws(Failure) {
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
    private static func synchronizeDirectory(of path: String) {
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

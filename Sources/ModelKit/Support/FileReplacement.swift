import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Replaces the contents of a file atomically while keeping what the file is: its permission
/// bits, its owner where the process may set it, and the symbolic links that lead to it.
///
/// The data goes to a new file in the directory of the file it replaces, which is renamed
/// over the old one once it is complete and on disk; a failure at any step removes the new
/// file and leaves the old one as it was.
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
        let temporaryPath = Self.temporaryPath(besides: path)
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing == nil ? 0o666 : 0o600)
        guard descriptor >= 0 else { throw Self.failure("could not create a file beside \(path)") }
        var isInPlace = false
        defer { if !isInPlace { unlink(temporaryPath) } }
        do throws(Failure) {
            try Self.writeAll(data, to: descriptor)
            if let existing { try Self.copyOwnership(of: existing, to: descriptor) }
            guard fsync(descriptor) == 0 else { throw Self.failure("could not write \(path) to disk") }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw Self.failure("could not write \(path)") }
        guard rename(temporaryPath, path) == 0 else { throw Self.failure("could not replace \(path)") }
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

    /// A name for the new file, in the directory of `path` so that renaming it is atomic,
    /// hidden and short whatever the length of the file's own name.
    private static func temporaryPath(besides path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let name = ".modelkit-\(String(UInt64.random(in: .min ... .max), radix: 16)).tmp"
        return directory.isEmpty ? name : directory + "/" + name
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

    /// Flushes the rename to disk, so that the new name survives a power loss.
    ///
    /// A failure changes nothing for the caller: the file is already in place.
    private static func synchronizeDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// A failure with the current `errno`.
    private static func failure(_ message: String) -> Failure {
        let code = POSIXErrorCode(rawValue: errno)
        let reason = code.map { ": \(String(cString: strerror($0.rawValue)))" } ?? ""
        return Failure(message: message + reason, code: code)
    }
}

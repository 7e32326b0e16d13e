import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension FileReplacement {
    /// Gives the new file the extended attributes of the old one, each that the system lets the
    /// process set.
    ///
    /// On Apple platforms they hold much of what a file is beyond its bytes: its Finder tags
    /// (`com.apple.metadata:_kMDItemUserTags`), its exclusion from backups
    /// (`com.apple.metadata:com_apple_backup_excludeItem`, which `isExcludedFromBackup` sets),
    /// where it was downloaded from, its Finder flags (`com.apple.FinderInfo`). All that
    /// `listxattr` lists is copied, and of these two by choice:
    /// - `com.apple.quarantine`, which says that the file came from elsewhere and how. Its
    ///   contents now come from an app that read that file, so they are no less from elsewhere;
    ///   dropping the mark would let a save clear a download of it.
    /// - `com.apple.ResourceFork`, where a custom Finder icon lives.
    ///
    /// What describes the old bytes rather than the file is not listed without options, so it is
    /// not copied: `com.apple.decmpfs`, the compression of the old data. Nor are the system's own
    /// `com.apple.system.*` attributes, which hold the access control list. The attributes that
    /// the system keeps for itself (`com.apple.provenance`, `com.apple.macl`, the sandbox's and
    /// System Integrity Protection's) are refused by `setxattr` and so left out.
    ///
    /// On Linux `user.*` attributes are copied, and `security.*`, `trusted.*` and `system.*`
    /// (POSIX access control lists are `system.posix_acl_access`) where the process may set
    /// them, as the superuser may.
    ///
    /// Nothing here fails a save: an attribute that cannot be read, or that the new file's
    /// system refuses (no permission, no support for extended attributes, no room), is left out.
    static func copyExtendedAttributes(of path: String, to descriptor: Int32) {
        guard let names = ExtendedAttributes.names(of: path) else { return }
        for name in names {
            guard let value = ExtendedAttributes.value(named: name, of: path) else { continue }
            ExtendedAttributes.set(name, to: value, on: descriptor)
        }
    }

    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        /// Gives the new file the data-protection class of the old one, before any data goes
        /// into it.
        ///
        /// Without it the new file gets the app's default class, so a file that the app made
        /// `.complete` would become readable while the device is locked. That weakens what the
        /// app chose, so a class that cannot be kept fails the save, and the old file stays.
        static func keepProtectionClass(of path: String, on newPath: String) throws(Failure) {
            guard let protection = protectionClass(of: path) else { return }
            do {
                try FileManager.default.setAttributes([.protectionKey: protection], ofItemAtPath: newPath)
            } catch {
                throw Failure(
                    message: "could not keep the data protection of \(path): \(error.localizedDescription)", code: nil)
            }
        }

        /// The class of the file at `path`, which Foundation gives as a string.
        private static func protectionClass(of path: String) -> FileProtectionType? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            let value = attributes[.protectionKey]
            return (value as? FileProtectionType) ?? (value as? String).map(FileProtectionType.init(rawValue:))
        }
    #else
        /// Only iOS, tvOS, watchOS and visionOS give files a data-protection class.
        static func keepProtectionClass(of path: String, on newPath: String) throws(Failure) {}
    #endif
}

/// Reading and writing extended attributes, over calls whose signatures differ by platform.
///
/// Apple's take a position, used for resource forks only, and options, among them
/// `XATTR_NOFOLLOW`; Linux's have `l` variants that do not follow a link. Glibc's module map does
/// not declare them, so on Linux they are looked up in the C library by name.
private enum ExtendedAttributes {
    /// How many times a read is tried again when the value grew between asking for its size and
    /// reading it.
    private static let maximumAttempts = 8

    /// The names of the attributes of the file at `path`, each a C string with its terminating
    /// zero; `nil` when they cannot be read, as on a file system without extended attributes.
    static func names(of path: String) -> [[CChar]]? {
        guard let buffer = read({ list(path, $0, $1) }) else { return nil }
        return buffer.split(separator: 0).map { Array($0) + [0] }
    }

    static func value(named name: [CChar], of path: String) -> [UInt8]? {
        read { get(path, name, $0, $1) }
    }

    static func set(_ name: [CChar], to value: [UInt8], on descriptor: Int32) {
        // An empty value still needs a valid pointer: an empty array's may be nil.
        let bytes = value.isEmpty ? [0] : value
        _ = bytes.withUnsafeBytes { set(descriptor, name, $0.baseAddress, value.count) }
    }

    /// Reads a value whose size the call gives when handed no buffer, and that fails with
    /// `ERANGE` when the buffer it is handed has become too small.
    private static func read<Element: FixedWidthInteger>(
        _ call: (UnsafeMutablePointer<Element>?, Int) -> Int
    ) -> [Element]? {
        for _ in 0..<maximumAttempts {
            let size = call(nil, 0)
            guard size > 0 else { return size == 0 ? [] : nil }
            var buffer = [Element](repeating: 0, count: size)
            let count = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress, $0.count) }
            if count >= 0 { return Array(buffer.prefix(count)) }
            guard errno == ERANGE else { return nil }
        }
        return nil
    }

    #if canImport(Darwin)
        private static func list(_ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
            listxattr(path, buffer, size, XATTR_NOFOLLOW)
        }

        private static func get(
            _ path: String, _ name: [CChar], _ buffer: UnsafeMutablePointer<UInt8>?, _ size: Int
        ) -> Int {
            getxattr(path, name, buffer, size, 0, XATTR_NOFOLLOW)
        }

        private static func set(
            _ descriptor: Int32, _ name: [CChar], _ value: UnsafeRawPointer?, _ size: Int
        ) -> Int32 {
            fsetxattr(descriptor, name, value, size, 0, 0)
        }
    #else
        private typealias ListCall =
            @convention(c) (
                UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int
            ) -> Int
        private typealias GetCall =
            @convention(c) (
                UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int
            ) -> Int
        private typealias SetCall =
            @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32) -> Int32

        /// `llistxattr`, `lgetxattr` and `fsetxattr`, from the process's own symbols, which
        /// include the C library's; `nil` where the C library has none of them.
        private struct Calls: Sendable {
            let list: ListCall
            let get: GetCall
            let set: SetCall
        }

        private static let calls: Calls? = {
            guard let library = dlopen(nil, RTLD_NOW), let list = dlsym(library, "llistxattr"),
                let get = dlsym(library, "lgetxattr"), let set = dlsym(library, "fsetxattr")
            else { return nil }
            return Calls(
                list: unsafeBitCast(list, to: ListCall.self), get: unsafeBitCast(get, to: GetCall.self),
                set: unsafeBitCast(set, to: SetCall.self))
        }()

        private static func list(_ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
            guard let calls else { return unsupported() }
            return calls.list(path, buffer, size)
        }

        private static func get(
            _ path: String, _ name: [CChar], _ buffer: UnsafeMutablePointer<UInt8>?, _ size: Int
        ) -> Int {
            guard let calls else { return unsupported() }
            return calls.get(path, name, buffer, size)
        }

        private static func set(
            _ descriptor: Int32, _ name: [CChar], _ value: UnsafeRawPointer?, _ size: Int
        ) -> Int32 {
            guard let calls else { return Int32(unsupported()) }
            return calls.set(descriptor, name, value, size, 0)
        }

        private static func unsupported() -> Int {
            errno = ENOTSUP
            return -1
        }
    #endif
}

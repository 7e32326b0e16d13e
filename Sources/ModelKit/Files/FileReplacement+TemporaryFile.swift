import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension FileReplacement {
    /// The new file of a replacement, beside the file it replaces and locked while it is
    /// written, so that a later replacement can tell it from one that an interrupted
    /// replacement left behind.
    ///
    /// A process killed part-way through a save leaves its new file, and nothing else ever
    /// removes it. So each replacement of a file first removes what earlier replacements of
    /// *that* file left, which must never be the new file of a replacement still under way, in
    /// another thread or in another process. A lock tells the two apart:
    ///
    /// - The new file is named after the file it replaces and a random number, so that it can
    ///   be found again: `note.json` is written as `.modelkit-note.json-00c0ffee12345678.tmp`.
    /// - Its replacement holds `flock(LOCK_EX)` on it from just after creating it until it has
    ///   been renamed over the old file. The system drops the lock when the process ends,
    ///   however it ends.
    /// - ``removeAbandoned(besides:)`` lists the directory for the new files of the same file
    ///   and removes each one it can lock without waiting (`LOCK_EX | LOCK_NB`): no
    ///   replacement holds it, so none will finish it.
    ///
    /// Two windows need care:
    /// - Between `open` and `flock` a new file is not yet locked, and a remover may lock it
    ///   and remove it. So the replacement, once it holds its lock, checks that the file's name
    ///   still leads to the file it has open; if the name is gone it starts again with a new
    ///   one. The remover holds its lock while it removes, so the replacement's `flock` waits
    ///   for the removal to be over before it checks.
    /// - Between listing the directory and taking the lock, a replacement may finish and rename
    ///   its new file away; the remover then holds a lock on the finished file. So the remover
    ///   too checks, under its lock, that the name still leads to the file it locked. A name
    ///   that is checked under the lock cannot change before the removal: only the replacement
    ///   that created it ever renames it, no name is used twice, and a replacement that has not
    ///   yet taken its lock is waiting for the remover's.
    ///
    /// `flock` rather than `fcntl` locks: those belong to the process, so two threads of one
    /// process would not exclude each other, and closing any descriptor of the file would drop
    /// them. Where `flock` is itself made of `fcntl` locks (Linux's NFS client) the same holds,
    /// so this process's own new files are kept in ``inUse`` and never touched by its removers.
    /// A file system that refuses locks gets nothing removed, as a remover cannot lock.
    ///
    /// A name whose last part ends otherwise, or another file's name, is not touched; two files
    /// whose long names differ only past the part kept in the new file's name (see ``stem(of:)``)
    /// could remove each other's abandoned files, which is harmless, as no one would finish them.
    struct TemporaryFile {
        /// Where the new file is.
        let path: String
        /// The new file, open for writing and locked.
        let descriptor: Int32

        private static let prefix = ".modelkit-"
        private static let suffix = ".tmp"
        private static let hexadecimalDigits = Set("0123456789abcdef")
        /// How many bytes of the target's name the new file's name holds, which keeps it well
        /// within the 255 bytes that file systems allow with the 31 bytes around it, and within
        /// HFS+'s 255 UTF-16 units once it has decomposed the name.
        private static let maximumStemLength = 96
        /// How many new names a replacement tries when removers take its new files away.
        private static let maximumAttempts = 8
        /// The new files that this process has open: its own removers leave them alone even
        /// where locks do not keep its threads apart.
        private static let inUse = Locked<Set<String>>([])

        /// Creates a new file beside `target`, with a name that no file has, and locks it.
        init(besides target: String, mode: mode_t) throws(Failure) {
            for _ in 0..<Self.maximumAttempts {
                let path = Self.path(besides: target, unique: UInt64.random(in: .min ... .max))
                // Known to this process's removers before it exists, so they never see it unknown.
                Self.inUse.withLock { _ = $0.insert(path) }
                let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
                guard descriptor >= 0 else {
                    let failure = FileReplacement.failure("could not create a file beside \(target)")
                    Self.inUse.withLock { _ = $0.remove(path) }
                    if failure.code == .EEXIST { continue }
                    throw failure
                }
                if Self.lock(descriptor, named: path) {
                    self.path = path
                    self.descriptor = descriptor
                    return
                }
                close(descriptor)
                Self.inUse.withLock { _ = $0.remove(path) }
            }
            throw Failure(message: "could not create a file beside \(target) to write", code: .EAGAIN)
        }

        /// Closes the new file, first removing it unless it has taken the old file's place,
        /// and so drops its lock.
        func finish(removingFile: Bool) {
            if removingFile { unlink(path) }
            close(descriptor)
            Self.inUse.withLock { _ = $0.remove(path) }
        }

        /// Removes the new files that interrupted replacements of `target` left: those that no
        /// replacement holds locked.
        ///
        /// Nothing here fails a replacement: a file that cannot be opened, locked or removed
        /// stays where it is.
        static func removeAbandoned(besides target: String) {
            let directory = (target as NSString).deletingLastPathComponent
            let stem = Self.stem(of: target)
            for name in candidateNames(in: directory) where isNewFile(named: name, stem: stem) {
                removeIfAbandoned(joined(directory, name))
            }
        }

        // MARK: Names

        /// The part of a new file's name that ties it to its target: the target's name, or, for
        /// a long name, its start and a hash of all of it.
        static func stem(of target: String) -> String {
            let name = (target as NSString).lastPathComponent
            guard name.utf8.count > maximumStemLength else { return name }
            let hash = hexadecimal(stableHash(of: name))
            var start = ""
            for character in name {
                guard start.utf8.count + character.utf8.count + 1 + hash.count <= maximumStemLength else { break }
                start.append(character)
            }
            return start + "~" + hash
        }

        private static func path(besides target: String, unique: UInt64) -> String {
            let name = prefix + stem(of: target) + "-" + hexadecimal(unique) + suffix
            return joined((target as NSString).deletingLastPathComponent, name)
        }

        /// Whether `name` is that of a new file for the target whose stem is `stem`: the prefix,
        /// the stem, a hyphen, sixteen hexadecimal digits and the suffix, exactly.
        private static func isNewFile(named name: String, stem: String) -> Bool {
            guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return false }
            let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
            let unique = middle.suffix(17)
            guard unique.count == 17, unique.first == "-", unique.dropFirst().allSatisfy(hexadecimalDigits.contains)
            else { return false }
            return middle.dropLast(17) == stem
        }

        /// Sixteen lowercase hexadecimal digits.
        private static func hexadecimal(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }

        /// The 64-bit FNV-1a hash of the name's UTF-8 bytes: the same in every process, unlike
        /// `Hasher`'s.
        private static func stableHash(of name: String) -> UInt64 {
            name.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }

        private static func joined(_ directory: String, _ name: String) -> String {
            if directory.isEmpty { return name }
            return directory.hasSuffix("/") ? directory + name : directory + "/" + name
        }

        /// The names in `directory` that start with the prefix of new files.
        private static func candidateNames(in directory: String) -> [String] {
            guard let stream = opendir(directory.isEmpty ? "." : directory) else { return [] }
            defer { closedir(stream) }
            let prefixBytes = Array(prefix.utf8)
            var names: [String] = []
            while let entry = readdir(stream) {
                withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    let name = bytes.prefix { $0 != 0 }
                    if name.starts(with: prefixBytes) { names.append(String(decoding: name, as: UTF8.self)) }
                }
            }
            return names
        }

        // MARK: Locks

        /// Locks a new file, waiting for a remover that holds it, and checks that its name still
        /// leads to it, which fails when a remover took it away before the lock.
        private static func lock(_ descriptor: Int32, named path: String) -> Bool {
            // A file system that refuses locks fails with another error; its removers cannot
            // lock either, so the new file is safe from them all the same.
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
            return isName(path, of: descriptor)
        }

        private static func removeIfAbandoned(_ path: String) {
            guard !inUse.withLock({ $0.contains(path) }) else { return }
            // Without following a link, and without waiting should something else have the name.
            let flags = O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
            var descriptor = open(path, O_RDONLY | flags)
            // A new file takes the permissions of the file it replaces before it is renamed,
            // which may allow writing only.
            if descriptor < 0 && errno == EACCES { descriptor = open(path, O_WRONLY | flags) }
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { return }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, isName(path, of: descriptor) else { return }
            unlink(path)
        }

        /// Whether `path` names the open file, without following a link.
        private static func isName(_ path: String, of descriptor: Int32) -> Bool {
            var opened = stat()
            var named = stat()
            guard fstat(descriptor, &opened) == 0, lstat(path, &named) == 0 else { return false }
            return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
        }
    }
}

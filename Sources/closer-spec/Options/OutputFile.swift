// How `generate` writes: never through a symbolic link, never outside its output directory.
// Each file is written to a fresh temporary file in its directory (O_CREAT | O_EXCL |
// O_NOFOLLOW) and renamed over the target; a target or a directory below the output root that
// is a symbolic link is refused. Normative: specs/threat-model.md §"What harness, verify and
// generate refuse".

import CloserWire
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CloserError.Code {
    package static let cliOutputSymlink = Self("cli.output_symlink", .malformedRequest)
    package static let cliOutputUnwritable = Self("cli.output_unwritable", .malformedRequest)
}

enum OutputFile {
    /// Creates `relative`'s directories below `root` (which the user named and may be a link);
    /// refuses any of them that is a symbolic link or not a directory.
    static func makeDirectories(_ relative: String, below root: String) throws(CloserError) {
        var path = root
        if mkdir(root, 0o755) != 0 && errno != EEXIST { throw unwritable(root) }
        for component in relative.split(separator: "/") {
            path += "/" + component
            var info = stat()
            if lstat(path, &info) != 0 {
                guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw unwritable(path) }
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                throw CloserError(.cliOutputSymlink, "\(path) is a symbolic link; generate does not write through it")
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw unwritable(path) }
        }
    }

    /// Writes `bytes` as `directory/name`: a temporary file in `directory`, then a rename. An
    /// existing target that is a symbolic link or not a regular file is refused.
    static func write(_ bytes: [UInt8], directory: String, name: String) throws(CloserError) {
        let target = directory + "/" + name
        var info = stat()
        if lstat(target, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK {
                throw CloserError(.cliOutputSymlink, "\(target) is a symbolic link; generate does not write through it")
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw unwritable(target) }
        }
        let temporary = directory + "/.\(name).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw unwritable(temporary) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                close(fd)
                unlink(temporary)
                throw unwritable(target)
            }
            written += n
        }
        guard close(fd) == 0, rename(temporary, target) == 0 else {
            unlink(temporary)
            throw unwritable(target)
        }
    }

    static func unwritable(_ path: String) -> CloserError {
        CloserError(.cliOutputUnwritable, "cannot write \(path)")
    }
}

/// The C `write` (inside `OutputFile`, `write` names its own member).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

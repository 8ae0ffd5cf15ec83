// The one reader of every file the tools take from outside: vector files and manifests (verify,
// harness, generate --check), the divergences file, keysets, `check` documents and worlds.
// The file is opened without blocking (a FIFO never hangs the open), the OPENED descriptor is
// fstat'ed (a symlink is judged by what it points to, never by the link), anything but a
// regular file is refused, at most `limit + 1` bytes are read, and every byte is charged to the
// run's budget before it is read. Normative: specs/threat-model.md §"Limits".

import CoreWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CloserError.Code {
    package static let inputFileTooLarge = Self("input.file_too_large", .malformedRequest)
    package static let inputFileUnreadable = Self("input.file_unreadable", .malformedRequest)
    package static let inputNotRegularFile = Self("input.not_regular_file", .malformedRequest)
    package static let inputSymlink = Self("input.symlink", .malformedRequest)
    package static let inputBudgetExceeded = Self("input.budget_exceeded", .malformedRequest)
}

/// The bytes one run may read from a kind of input, shared by all its files (a directory of
/// hard links to one big file costs what it reads, not what it lists).
package final class ReadBudget: @unchecked Sendable {
    package let total: Int
    private var used = 0
    private let lock = Lock()

    package init(bytes: Int) { total = bytes }

    /// Every vector set a run reads (specs/threat-model.md §"Limits"): ~28× Closer's 4.6 MB.
    package static func vectors() -> ReadBudget { ReadBudget(bytes: BoundedFile.maximumVectorRunBytes) }

    /// Charges `bytes` or refuses, naming the file that went over.
    func charge(_ bytes: Int, for path: String) throws(CloserError) {
        let charged = lock.withLock { () -> Bool in
            guard bytes <= total - used else { return false }
            used += bytes
            return true
        }
        guard charged else {
            throw CloserError(
                .inputBudgetExceeded, "\(path): reading it would exceed the run's budget of \(total) bytes")
        }
    }
}

package enum BoundedFile {
    /// One vector file, MANIFEST.json, or a file `generate --check` compares.
    package static let maximumVectorFileBytes = 64 << 20
    /// Everything one `verify`, `harness` or `generate --check` run reads of the vector sets.
    package static let maximumVectorRunBytes = 128 << 20
    /// `harness --known-failures` (one entry per test of the sets is under 1 MiB).
    package static let maximumDivergencesFileBytes = 4 << 20

    /// Whether the last path component may be a symbolic link.
    package enum Links: Sendable {
        /// Follow it: a file the user named. Its target's size is what is checked.
        case follow
        /// Refuse it (`input.symlink`): a file found by listing a directory, which must not
        /// lead outside that directory.
        case refuse
    }

    /// The whole regular file at `path`: `input.file_unreadable` when it cannot be opened or
    /// read, `input.not_regular_file` for a FIFO, device, socket or directory,
    /// `input.file_too_large` over `limit` bytes, `input.budget_exceeded` past `budget`.
    /// Errors name `path`.
    package static func read(_ path: String, limit: Int, budget: ReadBudget? = nil, links: Links = .follow)
        throws(CloserError) -> [UInt8]
    {
        let fd = try openDescriptor(path, links: links)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CloserError(.inputFileUnreadable, "\(path): cannot stat it") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw CloserError(.inputNotRegularFile, "\(path) is not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= limit else { throw tooLarge(path, limit) }
        try budget?.charge(size, for: path)
        let bytes = try readAll(fd, path: path, limit: limit, expected: size)
        // A file that grew after fstat: charge what was read beyond its size too.
        if bytes.count > size { try budget?.charge(bytes.count - size, for: path) }
        return bytes
    }

    static func openDescriptor(_ path: String, links: Links) throws(CloserError) -> Int32 {
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        if links == .refuse { flags |= O_NOFOLLOW }
        while true {
            let fd = open(path, flags)
            if fd >= 0 { return fd }
            switch errno {
            case EINTR: continue
            case ELOOP where links == .refuse:
                throw CloserError(.inputSymlink, "\(path) is a symbolic link, which is not followed")
            case ENOENT: throw CloserError(.inputFileUnreadable, "\(path) does not exist")
            default: throw CloserError(.inputFileUnreadable, "cannot open \(path)")
            }
        }
    }

    /// At most `limit + 1` bytes: one past the bound proves the file is too large.
    static func readAll(_ fd: Int32, path: String, limit: Int, expected: Int) throws(CloserError) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(min(expected, limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while out.count <= limit {
            let want = min(chunk.count, limit + 1 - out.count)
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CloserError(.inputFileUnreadable, "cannot read \(path)")
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
        throw tooLarge(path, limit)
    }

    static func tooLarge(_ path: String, _ limit: Int) -> CloserError {
        CloserError(.inputFileTooLarge, "\(path) is larger than \(limit) bytes")
    }
}

/// The C `read` (inside `BoundedFile`, `read` names its own member).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

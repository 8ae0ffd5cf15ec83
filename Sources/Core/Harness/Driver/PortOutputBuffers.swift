// What the driver keeps of a port's output: the answer lines of stdout (each newline searched for
// once, in the bytes that arrived since the last search; an answer over the limit is refused by
// name) and the last 64 KiB of stderr, in memory. Normative: specs/threat-model.md §"The port's
// lifecycle".

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes of a port's stdout not yet returned as answer lines.
struct AnswerBuffer {
    /// The longest answer line read (without its newline): 64 MiB.
    static let limit = 64 * 1024 * 1024
    private var bytes: [UInt8] = []
    /// Bytes before `start` were returned already.
    private var start = 0
    /// `bytes[start..<scanned]` hold no newline.
    private var scanned = 0

    /// Bytes of a line not yet complete.
    var pending: Int { bytes.count - start }

    mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: chunk)
    }

    /// The next complete line (a trailing CR removed), or nil; `answerTooLarge` when the line,
    /// complete or not, is over the limit.
    mutating func nextLine() throws(PortFailure) -> [UInt8]? {
        let found = bytes.withUnsafeBufferPointer { buf -> Int? in
            guard scanned < buf.count, let hit = memchr(buf.baseAddress! + scanned, 0x0a, buf.count - scanned) else {
                return nil
            }
            return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - buf.baseAddress!
        }
        guard let nl = found else {
            scanned = bytes.count
            if pending > Self.limit { throw .answerTooLarge(limit: Self.limit) }
            return nil
        }
        if nl - start > Self.limit { throw .answerTooLarge(limit: Self.limit) }
        var line = Array(bytes[start..<nl])
        if line.last == 0x0d { line.removeLast() }
        start = nl + 1
        compact()
        return line
    }

    /// Drops the returned bytes when they are all or most of the buffer.
    private mutating func compact() {
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
            start = 0
        } else if start > 1 << 16, start > bytes.count / 2 {
            bytes.removeFirst(start)
            start = 0
        }
        scanned = start
    }
}

/// The last 64 KiB a port wrote to stderr.
struct StderrTail {
    static let capacity = 64 * 1024
    private var bytes: [UInt8] = []
    /// Every byte the port wrote to stderr (kept or not).
    private(set) var total = 0

    mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        total += chunk.count
        bytes.append(contentsOf: chunk)
        if bytes.count > 2 * Self.capacity { bytes.removeFirst(bytes.count - Self.capacity) }
    }

    var text: String { String(decoding: bytes.suffix(Self.capacity), as: UTF8.self) }
}

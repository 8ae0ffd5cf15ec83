// RFC 8785 canonicalization straight from bytes to bytes, without building a `JSONValue`:
// the fast path of `CanonicalJSON.canonicalize`. Normative: specs/canonical-json.md §4–§5
// (its output) and §8 (this path and when it defers).
//
// It handles what apps send — member names of printable ASCII without escapes, nesting up
// to `maximumDepth` — and gives up (returns nil) on everything else: any input the strict
// parser would refuse, a member name with an escape or a non-ASCII byte, deeper nesting.
// The caller then runs the `JSONValue` path, which canonicalizes the input or refuses it
// with its error. So every error, and every input where canonical equivalence of names
// matters (`json.equivalent_member_names`), is decided by the one strict parser; this path
// only has to produce the same bytes for the inputs it accepts: DirectCanonicalizerTests
// compare it with the `JSONValue` path on hand-picked and generated inputs, the committed
// vectors regenerate byte for byte through it, and the `json` fuzz target compares the two
// paths on every input it runs.

/// Canonicalizes a JSON text without building its value; nil where the strict path decides.
struct DirectCanonicalizer {
    /// Deeper inputs go to the `JSONValue` path (recursion here stays shallow on any stack).
    static let maximumDepth = 64

    private let input: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var out: ByteWriter
    /// Members of the objects being read, innermost last.
    private var members: [Member] = []
    /// Where an object's members are copied while they are put in order.
    private var scratch: [UInt8] = []

    /// One member already written: its name in `input`, its `"name":value` text in `out`.
    private struct Member {
        var nameStart: Int
        var nameEnd: Int
        /// The name's first eight bytes, big-endian, zero-padded: most names are decided by it
        /// (a name holds no NUL byte, so padding sorts a proper prefix first).
        var key: UInt64
        var textStart: Int
        var textEnd: Int
    }

    /// The canonical bytes of `bytes`, or nil when the strict path must decide.
    static func canonicalize(_ bytes: [UInt8]) -> [UInt8]? {
        guard !bytes.isEmpty, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
        do { try StrictUTF8.validate(bytes) } catch { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var canonicalizer = DirectCanonicalizer(input: buffer)
            defer { canonicalizer.out.deallocate() }
            canonicalizer.skipWhitespace()
            guard canonicalizer.value(depth: 0) else { return nil }
            canonicalizer.skipWhitespace()
            guard canonicalizer.position == buffer.count else { return nil }
            return canonicalizer.out.array()
        }
    }

    private init(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        // Canonical text is never longer than its input but where a number is rewritten.
        out = ByteWriter(capacity: input.count + 32)
    }

    // MARK: - Values

    /// Writes the value at `position` (whitespace skipped); false to give up.
    private mutating func value(depth: Int) -> Bool {
        guard position < input.count else { return false }
        switch input[position] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return false
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= input.count else { return false }
        for i in 0..<count where input[position + i] != word.utf8Start[i] { return false }
        position += count
        // `truex` is one bare word to the strict parser.
        if position < input.count, JSONParser.isASCIILetter(input[position]) { return false }
        out.append(UnsafeBufferPointer(start: word.utf8Start, count: count))
        return true
    }

    private mutating func array(depth: Int) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        if open(UInt8(ascii: "["), closedBy: UInt8(ascii: "]")) { return true }
        while true {
            guard value(depth: depth + 1) else { return false }
            switch afterElement(closedBy: UInt8(ascii: "]")) {
            case .next: continue
            case .close:
                out.append(UInt8(ascii: "]"))
                return true
            case nil: return false
            }
        }
    }

    /// Reads and writes `open`, skips whitespace; true when `close` follows at once (then read
    /// and written too: an empty container).
    private mutating func open(_ open: UInt8, closedBy close: UInt8) -> Bool {
        position += 1
        out.append(open)
        skipWhitespace()
        guard position < input.count, input[position] == close else { return false }
        position += 1
        out.append(close)
        return true
    }

    private enum AfterElement { case next, close }

    /// After an element: a `,` (written; whitespace after it skipped) or `close` (read, not yet
    /// written); nil for anything else.
    private mutating func afterElement(closedBy close: UInt8) -> AfterElement? {
        skipWhitespace()
        guard position < input.count else { return nil }
        switch input[position] {
        case UInt8(ascii: ","):
            position += 1
            out.append(UInt8(ascii: ","))
            skipWhitespace()
            return .next
        case close:
            position += 1
            return .close
        default:
            return nil
        }
    }

    private mutating func object(depth: Int) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        if open(UInt8(ascii: "{"), closedBy: UInt8(ascii: "}")) { return true }
        let first = members.count
        let bodyStart = out.count
        var inOrder = true
        while true {
            guard let (nameStart, nameEnd, key) = memberName() else { return false }
            skipWhitespace()
            guard position < input.count, input[position] == UInt8(ascii: ":") else { return false }
            position += 1
            skipWhitespace()
            let textStart = out.count
            out.append(UInt8(ascii: "\""))
            out.append(UnsafeBufferPointer(rebasing: input[nameStart..<nameEnd]))
            out.append(UInt8(ascii: "\""), UInt8(ascii: ":"))
            guard value(depth: depth + 1) else { return false }
            let member = Member(
                nameStart: nameStart, nameEnd: nameEnd, key: key, textStart: textStart, textEnd: out.count)
            if inOrder, members.count > first, !precedes(members[members.count - 1], member) {
                inOrder = false
            }
            members.append(member)
            switch afterElement(closedBy: UInt8(ascii: "}")) {
            case .next: continue
            case .close:
                // Strictly increasing names are sorted and distinct; otherwise sort them, and
                // a duplicate (equal neighbours) is the strict parser's to report.
                if !inOrder {
                    guard reorder(from: first, bodyStart: bodyStart) else { return false }
                }
                members.removeLast(members.count - first)
                out.append(UInt8(ascii: "}"))
                return true
            case nil:
                return false
            }
        }
    }

    /// Reads `"name"`; nil unless it is printable ASCII without escapes, whose canonical
    /// form is its bytes and whose UTF-16 order is their byte order.
    /// Also returns the name's sort key (`Member.key`), built while the bytes are read.
    private mutating func memberName() -> (Int, Int, UInt64)? {
        guard position < input.count, input[position] == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        var end = start
        var key: UInt64 = 0
        while end < input.count {
            let byte = input[end]
            if byte == UInt8(ascii: "\"") {
                position = end + 1
                let length = end - start
                if length < 8 { key <<= UInt64(8 * (8 - length)) }
                return (start, end, key)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            if end - start < 8 { key = key << 8 | UInt64(byte) }
            end += 1
        }
        return nil
    }

    /// Whether `a`'s name sorts strictly before `b`'s (bytes; the names are ASCII).
    private func precedes(_ a: Member, _ b: Member) -> Bool {
        Self.precedes(a, b, in: input)
    }

    private static func precedes(_ a: Member, _ b: Member, in input: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.key != b.key { return a.key < b.key }
        let lengthA = a.nameEnd - a.nameStart
        let lengthB = b.nameEnd - b.nameStart
        for i in 0..<min(lengthA, lengthB) {
            let x = input[a.nameStart + i]
            let y = input[b.nameStart + i]
            if x != y { return x < y }
        }
        return lengthA < lengthB
    }

    /// Rewrites the members `members[first...]`, written from `bodyStart` on, in name order.
    /// False when two names are equal.
    private mutating func reorder(from first: Int, bodyStart: Int) -> Bool {
        // Insertion sort in place (objects are small): the members' text offsets still point at
        // their old places, now in `scratch`.
        let input = input
        let ordered = members.withUnsafeMutableBufferPointer { m -> Bool in
            for i in (first + 1)..<m.count {
                let member = m[i]
                var j = i
                while j > first, Self.precedes(member, m[j - 1], in: input) {
                    m[j] = m[j - 1]
                    j -= 1
                }
                m[j] = member
            }
            for i in (first + 1)..<m.count where !Self.precedes(m[i - 1], m[i], in: input) { return false }
            return true
        }
        guard ordered else { return false }
        let sorted = members[first...]
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: out.bytes(from: bodyStart))
        out.count = bodyStart
        scratch.withUnsafeBufferPointer { scratch in
            for (index, member) in sorted.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(
                    UnsafeBufferPointer(
                        rebasing: scratch[(member.textStart - bodyStart)..<(member.textEnd - bodyStart)]))
            }
        }
        return true
    }

    // MARK: - Strings

    /// Writes the string at `position` in RFC 8785 form: unescaped runs are copied as they
    /// stand (they are valid UTF-8 without controls, `"` or `\`), escapes are rewritten.
    private mutating func string() -> Bool {
        position += 1
        out.append(UInt8(ascii: "\""))
        var runStart = position
        while position < input.count {
            skipPlainStringBytes()
            guard position < input.count else { break }
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                out.append(UnsafeBufferPointer(rebasing: input[runStart..<position]))
                position += 1
                out.append(UInt8(ascii: "\""))
                return true
            }
            if byte == UInt8(ascii: "\\") {
                out.append(UnsafeBufferPointer(rebasing: input[runStart..<position]))
                guard escape() else { return false }
                runStart = position
                continue
            }
            if byte < 0x20 { return false }
            position += 1
        }
        return false
    }

    /// Skips eight bytes at a time while none is `"`, `\` or below 0x20.
    private mutating func skipPlainStringBytes() {
        position = StringRunScan.skipPlainWords(UnsafeRawBufferPointer(input), from: position, stopAtControls: true)
    }

    /// Rewrites the escape at `position` (a backslash) in canonical form.
    private mutating func escape() -> Bool {
        guard position + 1 < input.count else { return false }
        let letter = input[position + 1]
        position += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            out.append(UInt8(ascii: "\\"), letter)
        case UInt8(ascii: "/"):
            out.append(UInt8(ascii: "/"))
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return false }
            var scalarValue = UInt32(unit)
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
                    input[position + 1] == UInt8(ascii: "u")
                else { return false }
                position += 2
                guard let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else { return false }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            case 0xDC00...0xDFFF:
                return false
            default:
                break
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { return false }
            if scalarValue < 0x20 || scalarValue == 0x22 || scalarValue == 0x5C {
                var escaped: [UInt8] = []
                CanonicalJSON.appendEscaped(UInt8(scalarValue), into: &escaped)
                escaped.withUnsafeBufferPointer { out.append($0) }
            } else {
                UTF8.encode(scalar) { out.append($0) }
            }
        default:
            return false
        }
        return true
    }

    /// The four hex digits at `position`.
    private mutating func hexUnit() -> UInt16? {
        guard position + 4 <= input.count else { return nil }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = JSONParser.hexDigit(input[position]) else { return nil }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    // MARK: - Numbers

    /// Writes the number at `position`. A plain decimal whose text is already its ECMAScript
    /// form is copied: at most 15 significant digits (so its double's shortest round-trip
    /// digits are exactly these), no exponent, no trailing fraction zero, and at least
    /// 10^-6 when below 1. Anything else goes through the double (specs/canonical-json.md §5).
    private mutating func number() -> Bool {
        let start = position
        if input[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard position < input.count else { return false }
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if position < input.count, isDigit(input[position]) { return false }
        } else {
            guard isDigit(input[position]) else { return false }
            skipDigits()
        }
        let integerDigits = position - integerStart
        let integerIsZero = integerDigits == 1 && input[integerStart] == UInt8(ascii: "0")
        var fractionDigits = 0
        var fractionLeadingZeros = 0
        var fractionEndsInZero = false
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            skipDigits()
            fractionDigits = position - fractionStart
            guard fractionDigits > 0 else { return false }
            while fractionLeadingZeros < fractionDigits,
                input[fractionStart + fractionLeadingZeros] == UInt8(ascii: "0")
            {
                fractionLeadingZeros += 1
            }
            fractionEndsInZero = input[position - 1] == UInt8(ascii: "0")
        }
        var hasExponent = false
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                position += 1
            }
            let exponentStart = position
            skipDigits()
            guard position > exponentStart else { return false }
        }
        if !hasExponent && fractionDigits == 0 && integerIsZero {
            out.append(UInt8(ascii: "0"))  // 0 and -0
            return true
        }
        let significant =
            integerIsZero ? fractionDigits - fractionLeadingZeros : integerDigits + fractionDigits
        let copies =
            !hasExponent && !fractionEndsInZero && significant <= 15
            && (!integerIsZero || fractionLeadingZeros <= 5)
        if copies {
            out.append(UnsafeBufferPointer(rebasing: input[start..<position]))
            return true
        }
        guard
            let double = Double(
                String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)),
            double.isFinite, let text = try? ECMAScriptNumber.format(double)
        else { return false }
        text.withUnsafeBufferPointer { out.append($0) }
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private mutating func skipDigits() {
        while position < input.count, isDigit(input[position]) { position += 1 }
    }

    // MARK: - Whitespace

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }
}

/// A growable byte buffer written through a pointer (no uniqueness check per byte).
private struct ByteWriter {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ a: UInt8, _ b: UInt8) {
        reserve(2)
        base[count] = a
        base[count + 1] = b
        count += 2
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// The bytes written from `offset` on.
    func bytes(from offset: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + offset, count: count - offset)
    }

    func array() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.update(from: base, count: count) }
            initialized = count
        }
    }
}

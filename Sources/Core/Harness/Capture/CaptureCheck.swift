// `closer-spec capture check FILE`: reads a capture of values from a real build and checks each
// against the spec with CloserSpec's own code. Normative: specs/capture.md.

import CloserWire

/// Checks a capture file (specs/capture.md §Format) section by section.
package enum CaptureCheck {
    /// The `format` member a capture must carry.
    package static let format = "closer-capture/1"
    /// The sections read, in the order they are checked.
    package static let sections =
        [
            "encV1", "coupleKeyWrap", "invite", "sealed", "pub", "keybox", "createInvite", "usersUpdate",
        ] + serverSections
    /// At most this many bytes are read (a capture is a few kilobytes).
    package static let maximumFileBytes = 1 << 20

    /// Checks the capture's JSON text. A file that is not a capture object is `capture.malformed`.
    package static func check(_ bytes: [UInt8], backend: some Argon2idBackend) throws(CloserError) -> CaptureReport {
        guard bytes.count <= maximumFileBytes else {
            throw CloserError(.captureMalformed, "capture is larger than \(maximumFileBytes) bytes")
        }
        guard case .object(let members) = try JSONValue(parsing: bytes) else {
            throw CloserError(.captureMalformed, "a capture is a JSON object")
        }
        guard members["format"]?.stringValue == format else {
            throw CloserError(.captureMalformed, "the capture's \"format\" must be \"\(format)\"")
        }
        var report = CaptureReport()
        for name in members.keys.sorted() where !sections.contains(name) && name != "format" && name != "producer" {
            report.notes.append("section \(name) is not read by this version")
        }
        for name in sections {
            guard let value = members[name] else { continue }
            guard case .object(let section) = value else {
                report.notes.append("\(name) is not an object; skipped")
                continue
            }
            let s = CaptureSection(name: name, members: section)
            do {
                try checkSection(s, backend: backend, into: &report)
            } catch {
                report.notes.append("\(name): \(error.reason); skipped")
            }
        }
        return report
    }

    static func checkSection(_ s: CaptureSection, backend: some Argon2idBackend, into r: inout CaptureReport)
        throws(CloserError)
    {
        switch s.name {
        case "encV1": try checkEncV1(s, into: &r)
        case "coupleKeyWrap": try checkCoupleKeyWrap(s, backend: backend, into: &r)
        case "invite": try checkInvite(s, backend: backend, into: &r)
        case "sealed": try checkSealed(s, into: &r)
        case "pub": try checkPub(s, into: &r)
        case "keybox": try checkKeybox(s, into: &r)
        case "createInvite": try checkCreateInvite(s, into: &r)
        case "acceptInviteWrites": try checkAcceptInviteWrites(s, into: &r)
        case "createInviteWrites": try checkCreateInviteWrites(s, into: &r)
        case "pushMessages": try checkPushMessages(s, into: &r)
        case "revenueCatWebhook": try checkRevenueCatWebhook(s, into: &r)
        default: try checkUsersUpdate(s, into: &r)
        }
    }
}

extension CloserError.Code {
    /// The capture file is not a `closer-capture/1` JSON object (specs/capture.md).
    package static let captureMalformed = Self("capture.malformed", .decodeError)
    /// A capture section lacks a member it needs, or has one of the wrong type.
    package static let captureMissingMember = Self("capture.missing_member", .decodeError)
}

/// One section's members, with typed access that names what is missing.
struct CaptureSection {
    let name: String
    let members: [String: JSONValue]

    func string(_ key: String) throws(CloserError) -> String {
        guard let s = members[key]?.stringValue else {
            throw CloserError(.captureMissingMember, "\(name).\(key) must be a string")
        }
        return s
    }

    func hex(_ key: String) throws(CloserError) -> [UInt8] {
        do { return try Hex.decode(try string(key)) } catch {
            throw CloserError(.captureMissingMember, "\(name).\(key) must be hex")
        }
    }

    func object(_ key: String) throws(CloserError) -> JSONValue {
        guard let v = members[key], case .object = v else {
            throw CloserError(.captureMissingMember, "\(name).\(key) must be a JSON object")
        }
        return v
    }
}

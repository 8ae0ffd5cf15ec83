// Tink's EciesAeadHkdf key protos for ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM.
// Normative: specs/tink-hybrid.md §"Key protos".

extension CloserError.Code {
    public static let eciesUnsupportedParameters = Self("ecies.unsupported_parameters", .unsupported)
    public static let eciesMissingField = Self("ecies.missing_field", .invalidKey)
}

/// The ECIES parameters CloserSpec supports: exactly Tink's template
/// ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM (P-256, HKDF-SHA256, no salt, AES-128-GCM DEM,
/// UNCOMPRESSED points). Parsing refuses anything else with `ecies.unsupported_parameters`.
package enum EciesP256Template: Sendable {
    static let curveNISTP256: UInt32 = 2
    static let hashSHA256: UInt32 = 3
    static let pointUncompressed: UInt32 = 1
    static let demKeySize: UInt32 = 16

    /// The serialized `EciesAeadHkdfParams` as Tink writes them for the template.
    static var serializedParams: [UInt8] { serializedParams(demOutputPrefix: TinkOutputPrefixType.tink.rawValue) }

    /// The params as Tink's writers lay them out, with each DEM output prefix a writer may
    /// put there (the prefix is ignored). `validate` accepts these bytes at once: they are
    /// what keys carry, and each passes the full check (tested).
    static let writtenParams: [[UInt8]] = (0...4).map { serializedParams(demOutputPrefix: UInt32($0)) }

    static func serializedParams(demOutputPrefix: UInt32) -> [UInt8] {
        var kem = ProtoWriter()
        kem.varint(1, UInt64(curveNISTP256))
        kem.varint(2, UInt64(hashSHA256))
        var format = ProtoWriter()
        format.varint(2, UInt64(demKeySize))
        var template = ProtoWriter()
        template.string(1, TinkAESGCMKey.typeURL)
        template.bytesField(2, format.bytes)
        if demOutputPrefix != 0 { template.varint(3, UInt64(demOutputPrefix)) }
        var dem = ProtoWriter()
        dem.message(2, template.bytes)
        var params = ProtoWriter()
        params.message(1, kem.bytes)
        params.message(2, dem.bytes)
        params.varint(3, UInt64(pointUncompressed))
        return params.bytes
    }

    /// Checks serialized `EciesAeadHkdfParams` equal the template's meaning (any field
    /// order, explicit defaults and unknown fields allowed, DEM template prefix ignored as
    /// Tink ignores it).
    static func validate(params bytes: ArraySlice<UInt8>) throws(CloserError) {
        for written in writtenParams where bytesEqual(bytes, written) { return }
        try validateFully(params: bytes)
    }

    /// `validate` without the shortcut for the written layouts.
    static func validateFully(params bytes: ArraySlice<UInt8>) throws(CloserError) {
        func unsupported(_ what: String) -> CloserError {
            CloserError(
                .eciesUnsupportedParameters,
                "ECIES params: \(what); only ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM is supported")
        }
        var kem: [UInt8] = []
        var dem: [UInt8] = []
        var pointFormat: UInt32 = 0
        for f in try ProtoReader.fields(of: bytes, message: "EciesAeadHkdfParams") {
            switch f.number {
            case 1: if let b = f.bytes(in: bytes) { kem.append(contentsOf: b) }
            case 2: if let b = f.bytes(in: bytes) { dem.append(contentsOf: b) }
            case 3: if let v = f.uint32 { pointFormat = v }
            default: continue
            }
        }
        var curve: UInt32 = 0
        var hash: UInt32 = 0
        var salt: [UInt8] = []
        for f in try ProtoReader.fields(of: kem[...], message: "EciesHkdfKemParams") {
            switch f.number {
            case 1: if let v = f.uint32 { curve = v }
            case 2: if let v = f.uint32 { hash = v }
            case 11: if let b = f.bytes(in: kem[...]) { salt = Array(b) }
            default: continue
            }
        }
        guard curve == curveNISTP256 else { throw unsupported("curve type \(curve) is not NIST_P256 (2)") }
        guard hash == hashSHA256 else { throw unsupported("HKDF hash type \(hash) is not SHA256 (3)") }
        guard salt.isEmpty else { throw unsupported("HKDF salt is not empty") }
        guard pointFormat == pointUncompressed else {
            throw unsupported("point format \(pointFormat) is not UNCOMPRESSED (1)")
        }
        var template: [UInt8] = []
        for f in try ProtoReader.fields(of: dem[...], message: "EciesAeadDemParams") where f.number == 2 {
            if let b = f.bytes(in: dem[...]) { template.append(contentsOf: b) }
        }
        var typeURL = ""
        var format: [UInt8] = []
        for f in try ProtoReader.fields(of: template[...], message: "KeyTemplate") {
            switch f.number {
            case 1: if let s = try f.string(in: template[...], "KeyTemplate") { typeURL = s }
            case 2: if let b = f.bytes(in: template[...]) { format = Array(b) }
            default: continue
            }
        }
        guard typeURL == TinkAESGCMKey.typeURL else { throw unsupported("the DEM key type is not AesGcmKey") }
        var keySize: UInt32 = 0
        var version: UInt32 = 0
        for f in try ProtoReader.fields(of: format[...], message: "AesGcmKeyFormat") {
            switch f.number {
            case 2: if let v = f.uint32 { keySize = v }
            case 3: if let v = f.uint32 { version = v }
            default: continue
            }
        }
        guard keySize == demKeySize, version == 0 else {
            throw unsupported("DEM AES-GCM key size \(keySize) (version \(version)) is not 16 (version 0)")
        }
    }
}

/// A Tink `EciesAeadHkdfPublicKey` on the supported template.
public struct EciesP256PublicKey: Hashable, Sendable {
    public static let typeURL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPublicKey"
    package let point: P256Point

    package init(point: P256Point) { self.point = point }

    /// Parses and validates (version 0, template params, point on curve).
    public init(serializedBytes bytes: some Collection<UInt8>) throws(CloserError) {
        var version: UInt32 = 0
        var params: ArraySlice<UInt8>? = nil
        var x: ArraySlice<UInt8> = []
        var y: ArraySlice<UInt8> = []
        let message = Array(bytes)[...]
        var reader = ProtoReader(message, message: "EciesAeadHkdfPublicKey")
        while let f = try reader.next() {
            switch f.number {
            case 1: if let v = f.uint32 { version = v }
            case 2:
                // A repeated embedded message merges; appending in place stays linear on hostile input.
                guard let b = f.bytes(in: message) else { continue }
                if params == nil { params = b } else { params!.append(contentsOf: b) }
            case 3: if let b = f.bytes(in: message) { x = b }
            case 4: if let b = f.bytes(in: message) { y = b }
            default: continue
            }
        }
        guard version == 0 else {
            throw CloserError(.keysetInvalidKeyVersion, "EciesAeadHkdfPublicKey version is \(version); Tink accepts 0")
        }
        guard let params else { throw CloserError(.eciesMissingField, "EciesAeadHkdfPublicKey has no params") }
        try EciesP256Template.validate(params: params)
        point = try P256Point(x: x, y: y)
    }

    /// Serialized as Tink Java 1.13 writes it: 33-byte coordinates.
    package var serializedBytes: [UInt8] { serialized(coordinateLength: 33) }

    /// Serialized with 32-byte (C++/Python) or 33-byte (Java) coordinates.
    package func serialized(coordinateLength: Int) -> [UInt8] {
        var w = ProtoWriter()
        w.message(2, EciesP256Template.serializedParams)
        w.bytesField(3, coordinateLength == 33 ? P256Point.javaStyle(point.x) : point.x)
        w.bytesField(4, coordinateLength == 33 ? P256Point.javaStyle(point.y) : point.y)
        return w.bytes
    }
}

/// A Tink `EciesAeadHkdfPrivateKey` on the supported template.
public struct EciesP256PrivateKey: Hashable, Sendable {
    public static let typeURL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey"
    package let scalar: P256Scalar
    package var publicKey: EciesP256PublicKey { EciesP256PublicKey(point: scalar.publicPoint) }

    package init(scalar: P256Scalar) { self.scalar = scalar }

    /// Parses and validates as Tink Java does: version 0, valid public key, 0 < d < n and
    /// d·G equal to the stored public point.
    public init(serializedBytes bytes: some Collection<UInt8>) throws(CloserError) {
        var version: UInt32 = 0
        var publicBytes: ArraySlice<UInt8>? = nil
        var d: ArraySlice<UInt8> = []
        let message = Array(bytes)[...]
        var reader = ProtoReader(message, message: "EciesAeadHkdfPrivateKey")
        while let f = try reader.next() {
            switch f.number {
            case 1: if let v = f.uint32 { version = v }
            case 2:
                // A repeated embedded message merges; appending in place stays linear on hostile input.
                guard let b = f.bytes(in: message) else { continue }
                if publicBytes == nil { publicBytes = b } else { publicBytes!.append(contentsOf: b) }
            case 3: if let b = f.bytes(in: message) { d = b }
            default: continue
            }
        }
        guard version == 0 else {
            throw CloserError(.keysetInvalidKeyVersion, "EciesAeadHkdfPrivateKey version is \(version); Tink accepts 0")
        }
        guard let publicBytes else {
            throw CloserError(.eciesMissingField, "EciesAeadHkdfPrivateKey has no public_key")
        }
        let pub = try EciesP256PublicKey(serializedBytes: publicBytes)
        let scalar = try P256Scalar(d)
        guard scalar.publicPoint == pub.point else {
            throw CloserError(.p256KeyMismatch, "private scalar does not match the stored public point")
        }
        self.scalar = scalar
    }

    /// Serialized as Tink Java 1.13 writes it: 33-byte coordinates and scalar.
    package var serializedBytes: [UInt8] { serialized(integerLength: 33) }

    package func serialized(integerLength: Int) -> [UInt8] {
        var w = ProtoWriter()
        w.message(2, publicKey.serialized(coordinateLength: integerLength))
        w.bytesField(3, integerLength == 33 ? P256Point.javaStyle(scalar.d) : scalar.d)
        return w.bytes
    }
}

// Tink binary keysets, AES-GCM keys and the AEAD, ECIES P-256 keys and hybrid encryption,
// written against the JDK (javax.crypto, java.security) the way an Android engineer would
// check Tink's bytes. Normative: specs/tink-keyset.md, tink-aead.md, tink-hybrid.md.
package closer.jvm;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

public final class Tink {
    private static final int V = Proto.VARINT, L = Proto.LEN;
    static final int MAX_KEYSET_BYTES = 1 << 20, MAX_KEYS = 1000;

    private Tink() {}

    public static final String AES_GCM_URL = "type.googleapis.com/google.crypto.tink.AesGcmKey";
    public static final String ECIES_PRIVATE_URL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey";
    public static final String ECIES_PUBLIC_URL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPublicKey";
    public static final int ENABLED = 1, DISABLED = 2, DESTROYED = 3;
    public static final int TINK = 1, LEGACY = 2, RAW = 3, CRUNCHY = 4;
    /** Coordinate/scalar width the writer uses: 33 like Tink Java 1.13 (Python/C++ write 32). */
    public static int integerWidth = 33;

    static String hexId(long id) { return String.format("0x%08x", id); }

    public static int prefixNamed(String name) {
        switch (name) {
            case "TINK": return TINK;
            case "RAW": return RAW;
            case "LEGACY": return LEGACY;
            case "CRUNCHY": return CRUNCHY;
            default: return -1;
        }
    }

    static String prefixName(long p) {
        String[] names = {"UNKNOWN_PREFIX", "TINK", "LEGACY", "RAW", "CRUNCHY", "WITH_ID_REQUIREMENT"};
        return p < names.length ? names[(int) p] : "prefix(" + p + ")";
    }

    static byte[] outputPrefix(long prefixType, long keyId) {
        byte[] id = {(byte) (keyId >> 24), (byte) (keyId >> 16), (byte) (keyId >> 8), (byte) keyId};
        if (prefixType == TINK) return concat(new byte[] {1}, id);
        if (prefixType == LEGACY || prefixType == CRUNCHY) return concat(new byte[] {0}, id);
        return new byte[0];
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) o.write(p, 0, p.length);
        return o.toByteArray();
    }

    // MARK: keyset structure

    public static final class KeyData {
        public String typeUrl = "";
        public byte[] value = new byte[0];
        public long materialType;
    }

    public static final class Key {
        public KeyData keyData;
        public long status, keyId, prefixType;
        byte[] outputPrefix() { return Tink.outputPrefix(prefixType, keyId); }
    }

    public static final class Keyset {
        public long primaryKeyId;
        public final List<Key> keys = new ArrayList<>();

        public static Keyset parse(byte[] bytes) throws CloserException {
            // tink-keyset.md §"Resource bounds": the size first, the key count after the structure scan
            if (bytes.length > MAX_KEYSET_BYTES)
                throw CloserException.key("keyset.too_large", "keyset is " + bytes.length + " bytes; at most " + MAX_KEYSET_BYTES + " accepted");
            Keyset ks = new Keyset();
            List<Proto.Field> fields = Proto.fields(bytes, "Keyset", 1, V, 2, L);
            long keys = fields.stream().filter(f -> f.number == 2).count();
            if (keys > MAX_KEYS) throw CloserException.key("keyset.too_many_keys", "keyset has " + keys + " keys; at most " + MAX_KEYS + " accepted");
            for (Proto.Field f : fields) {
                if (f.number == 1) ks.primaryKeyId = f.uint32();
                else if (f.number == 2) ks.keys.add(parseKey(f.bytes()));
            }
            return ks;
        }

        static Key parseKey(byte[] bytes) throws CloserException {
            Key k = new Key();
            ByteArrayOutputStream kd = null;
            for (Proto.Field f : Proto.fields(bytes, "Keyset.Key", 1, L, 2, V, 3, V, 4, V)) {
                switch (f.number) {
                    case 1: { byte[] b = f.bytes(); if (kd == null) kd = new ByteArrayOutputStream(); kd.write(b, 0, b.length); break; }
                    case 2: k.status = f.uint32(); break;
                    case 3: k.keyId = f.uint32(); break;
                    case 4: k.prefixType = f.uint32(); break;
                    default: break;
                }
            }
            if (kd != null) {
                KeyData d = new KeyData();
                for (Proto.Field f : Proto.fields(kd.toByteArray(), "KeyData", 1, L, 2, L, 3, V)) {
                    switch (f.number) {
                        case 1: d.typeUrl = f.string(); break;
                        case 2: d.value = f.bytes(); break;
                        case 3: d.materialType = f.uint32(); break;
                        default: break;
                    }
                }
                k.keyData = d;
            }
            return k;
        }

        public byte[] serialize() {
            Proto.Writer w = new Proto.Writer().varint(1, primaryKeyId);
            for (Key k : keys) {
                Proto.Writer kw = new Proto.Writer();
                if (k.keyData != null)
                    kw.message(1, new Proto.Writer().string(1, k.keyData.typeUrl).bytes(2, k.keyData.value).varint(3, k.keyData.materialType).toByteArray());
                kw.varint(2, k.status).varint(3, k.keyId).varint(4, k.prefixType);
                w.message(2, kw.toByteArray());
            }
            return w.toByteArray();
        }

        /** Tink's keyset validation (tink-keyset.md §Validation); returns the primary. */
        public Key validate() throws CloserException {
            if (keys.isEmpty()) throw CloserException.key("keyset.empty", "keyset has no keys");
            Key primary = null;
            for (Key k : keys) {
                if (k.status == DESTROYED && k.keyData == null) continue;
                if (k.keyData == null) throw CloserException.key("keyset.missing_key_data", "key " + hexId(k.keyId) + " has no key_data");
                if (k.status < 1 || k.status > 3) throw CloserException.key("keyset.invalid_status", "key " + hexId(k.keyId) + " has status " + k.status);
                if (k.prefixType < 1 || k.prefixType > 4)
                    throw CloserException.key("keyset.invalid_output_prefix", "key " + hexId(k.keyId) + " has output prefix " + prefixName(k.prefixType));
                if (k.status == ENABLED && k.keyId == primaryKeyId) {
                    if (primary != null) throw CloserException.key("keyset.duplicate_primary", "two ENABLED keys have the primary key id " + hexId(primaryKeyId));
                    primary = k;
                }
            }
            boolean anyEnabled = false;
            for (Key k : keys) anyEnabled |= k.status == ENABLED;
            if (!anyEnabled) throw CloserException.key("keyset.no_enabled_key", "keyset has no ENABLED key");
            if (primary == null) throw CloserException.key("keyset.no_primary", "primary key id " + hexId(primaryKeyId) + " matches no ENABLED key");
            return primary;
        }
    }

    /** One usable (ENABLED) key of a primitive keyset. */
    public static final class Entry<K> {
        public final long keyId, prefixType;
        public final K key;
        Entry(long keyId, long prefixType, K key) { this.keyId = keyId; this.prefixType = prefixType; this.key = key; }
        public byte[] outputPrefix() { return Tink.outputPrefix(prefixType, keyId); }
    }

    interface KeyParser<K> { K parse(byte[] value) throws CloserException; }

    /** A keyset validated for one primitive; `bytes` are the exact bytes it was read from. */
    public static final class PrimitiveKeyset<K> {
        public final Keyset keyset;
        public final List<Entry<K>> entries = new ArrayList<>();
        public Entry<K> primary;
        public final byte[] bytes;

        PrimitiveKeyset(Keyset ks, byte[] bytes, String typeUrl, String typeName, KeyParser<K> parser) throws CloserException {
            Key primaryKey = ks.validate();
            for (Key k : ks.keys) {
                if (k.status != ENABLED || k.keyData == null) continue;
                if (!k.keyData.typeUrl.equals(typeUrl))
                    throw CloserException.unsupported("keyset.unsupported_key_type", "key " + hexId(k.keyId) + " is not " + typeName + " (its type URL is not quoted: errors.md §reason)");
                Entry<K> e = new Entry<>(k.keyId, k.prefixType, parser.parse(k.keyData.value));
                entries.add(e);
                if (k == primaryKey) primary = e;
            }
            this.keyset = ks;
            this.bytes = bytes;
        }
    }

    // MARK: AES-GCM

    public static byte[] aesGcmKeyValue(byte[] serialized) throws CloserException {
        long version = 0;
        byte[] key = new byte[0];
        for (Proto.Field f : Proto.fields(serialized, "AesGcmKey", 1, V, 3, L)) {
            if (f.number == 1) version = f.uint32();
            else if (f.number == 3) key = f.bytes();
        }
        if (version != 0) throw CloserException.key("keyset.invalid_key_version", "AesGcmKey version is " + version + "; Tink accepts 0");
        if (key.length != 16 && key.length != 32)
            throw CloserException.key("keyset.invalid_key_size", "AES-GCM key is " + key.length + " bytes; Tink accepts 16 or 32");
        return key;
    }

    public static PrimitiveKeyset<byte[]> aeadKeyset(byte[] bytes) throws CloserException {
        return new PrimitiveKeyset<>(Keyset.parse(bytes), bytes, AES_GCM_URL, "AesGcmKey", Tink::aesGcmKeyValue);
    }

    public static PrimitiveKeyset<byte[]> makeAeadKeyset(byte[] key, long keyId, int prefix) throws CloserException {
        if (key.length != 16 && key.length != 32)
            throw CloserException.key("keyset.invalid_key_size", "AES-GCM key is " + key.length + " bytes; Tink accepts 16 or 32");
        Keyset ks = new Keyset();
        ks.primaryKeyId = keyId;
        Key k = new Key();
        k.keyData = new KeyData();
        k.keyData.typeUrl = AES_GCM_URL;
        k.keyData.value = new Proto.Writer().bytes(3, key).toByteArray();
        k.keyData.materialType = 1;
        k.status = ENABLED;
        k.keyId = keyId;
        k.prefixType = prefix;
        ks.keys.add(k);
        byte[] bytes = ks.serialize();
        return aeadKeyset(bytes);
    }

    /** Raw AES-GCM: returns IV || ct || tag. */
    public static byte[] aesGcmSeal(byte[] key, byte[] iv, byte[] plaintext, byte[] aad) throws CloserException {
        if (iv.length != 12) throw CloserException.params("aesgcm.invalid_iv", "AES-GCM IV must be 12 bytes, got " + iv.length);
        if (key.length != 16 && key.length != 32) throw CloserException.key("keyset.invalid_key_size", "AES-GCM key must be 16 or 32 bytes, got " + key.length);
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, iv));
            if (aad.length > 0) c.updateAAD(aad);
            return concat(iv, c.doFinal(plaintext));
        } catch (java.security.GeneralSecurityException e) {
            throw CloserException.params("aesgcm.invalid_iv", "AES-GCM refused its parameters");
        }
    }

    /** Raw AES-GCM open of IV || ct || tag. */
    public static byte[] aesGcmOpen(byte[] key, byte[] sealed, byte[] aad) throws CloserException {
        if (sealed.length < 28) throw CloserException.auth("aesgcm.too_short", "AES-GCM input is " + sealed.length + " bytes; at least 28 needed");
        if (key.length != 16 && key.length != 32) throw CloserException.key("keyset.invalid_key_size", "AES-GCM key must be 16 or 32 bytes, got " + key.length);
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, sealed, 0, 12));
            if (aad.length > 0) c.updateAAD(aad);
            return c.doFinal(sealed, 12, sealed.length - 12);
        } catch (AEADBadTagException e) {
            throw CloserException.auth("aesgcm.authentication_failed", "AES-GCM tag did not verify");
        } catch (java.security.GeneralSecurityException e) {
            throw CloserException.auth("aesgcm.authentication_failed", "AES-GCM refused the input");
        }
    }

    public static byte[] aeadEncrypt(PrimitiveKeyset<byte[]> ks, byte[] plaintext, byte[] aad, byte[] iv) throws CloserException {
        return concat(ks.primary.outputPrefix(), aesGcmSeal(ks.primary.key, iv, plaintext, aad));
    }

    /** Tink's key selection: prefix-matching ENABLED non-RAW keys on bytes 5…, then RAW keys on all. */
    public static byte[] aeadDecrypt(PrimitiveKeyset<byte[]> ks, byte[] ct, byte[] aad) throws CloserException {
        int tried = 0;
        if (ct.length > 5) {
            byte[] head = Arrays.copyOf(ct, 5), rest = Arrays.copyOfRange(ct, 5, ct.length);
            for (Entry<byte[]> e : ks.entries) {
                if (e.prefixType == RAW || !Arrays.equals(e.outputPrefix(), head)) continue;
                tried++;
                try { return aesGcmOpen(e.key, rest, aad); } catch (CloserException ignored) { }
            }
        }
        for (Entry<byte[]> e : ks.entries) {
            if (e.prefixType != RAW) continue;
            tried++;
            try { return aesGcmOpen(e.key, ct, aad); } catch (CloserException ignored) { }
        }
        String reason = tried > 0 ? tried + " candidate key(s) did not authenticate the ciphertext"
                : (ct.length >= 5 && (ct[0] == 0 || ct[0] == 1)) ? "Tink prefix key id " + hexId(readId(ct)) + " matches no key in the keyset"
                : "no key in the keyset matches the ciphertext prefix";
        throw CloserException.auth("aead.decryption_failed", "decryption failed: " + reason);
    }

    static long readId(byte[] ct) {
        return ((ct[1] & 0xffL) << 24) | ((ct[2] & 0xffL) << 16) | ((ct[3] & 0xffL) << 8) | (ct[4] & 0xffL);
    }

    // MARK: HKDF-SHA256 (RFC 5869 over the JDK's HmacSHA256)

    public static byte[] hkdf(byte[] ikm, byte[] salt, byte[] info, long length) throws CloserException {
        if (length < 0 || length > 255 * 32)
            throw CloserException.params("hkdf.invalid_length", "HKDF-SHA256 output length " + length + " is outside 0...8160");
        if (length == 0) return new byte[0];
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            // An empty salt is HashLen zero bytes (RFC 5869 §2.2); HMAC pads keys with zeros anyway.
            mac.init(new SecretKeySpec(salt.length == 0 ? new byte[32] : salt, "HmacSHA256"));
            byte[] prk = mac.doFinal(ikm);
            mac.init(new SecretKeySpec(prk, "HmacSHA256"));
            ByteArrayOutputStream okm = new ByteArrayOutputStream();
            byte[] t = new byte[0];
            for (int i = 1; okm.size() < length; i++) {
                mac.update(t);
                mac.update(info);
                mac.update((byte) i);
                t = mac.doFinal();
                okm.write(t, 0, t.length);
            }
            return Arrays.copyOf(okm.toByteArray(), (int) length);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    // MARK: ECIES P-256 keys (tink-hybrid.md §Key protos)

    static byte[] templateParams() {
        byte[] kem = new Proto.Writer().varint(1, 2).varint(2, 3).toByteArray();
        byte[] format = new Proto.Writer().varint(2, 16).toByteArray();
        byte[] template = new Proto.Writer().string(1, AES_GCM_URL).bytes(2, format).varint(3, TINK).toByteArray();
        byte[] dem = new Proto.Writer().message(2, template).toByteArray();
        return new Proto.Writer().message(1, kem).message(2, dem).varint(3, 1).toByteArray();
    }

    static CloserException unsupportedParams(String what) {
        return CloserException.unsupported("ecies.unsupported_parameters", "ECIES params: " + what + "; only ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM is supported");
    }

    static void validateParams(byte[] bytes) throws CloserException {
        ByteArrayOutputStream kem = new ByteArrayOutputStream(), dem = new ByteArrayOutputStream();
        long pointFormat = 0;
        for (Proto.Field f : Proto.fields(bytes, "EciesAeadHkdfParams", 1, L, 2, L, 3, V)) {
            if (f.number == 1) kem.write(f.bytes(), 0, f.bytes().length);
            else if (f.number == 2) dem.write(f.bytes(), 0, f.bytes().length);
            else if (f.number == 3) pointFormat = f.uint32();
        }
        long curve = 0, hash = 0;
        byte[] salt = new byte[0];
        for (Proto.Field f : Proto.fields(kem.toByteArray(), "EciesHkdfKemParams", 1, V, 2, V, 11, L)) {
            if (f.number == 1) curve = f.uint32();
            else if (f.number == 2) hash = f.uint32();
            else if (f.number == 11) salt = f.bytes();
        }
        if (curve != 2) throw unsupportedParams("curve type " + curve + " is not NIST_P256 (2)");
        if (hash != 3) throw unsupportedParams("HKDF hash type " + hash + " is not SHA256 (3)");
        if (salt.length != 0) throw unsupportedParams("HKDF salt is not empty");
        if (pointFormat != 1) throw unsupportedParams("point format " + pointFormat + " is not UNCOMPRESSED (1)");
        ByteArrayOutputStream template = new ByteArrayOutputStream();
        for (Proto.Field f : Proto.fields(dem.toByteArray(), "EciesAeadDemParams", 2, L))
            if (f.number == 2) template.write(f.bytes(), 0, f.bytes().length);
        String typeUrl = "";
        byte[] format = new byte[0];
        for (Proto.Field f : Proto.fields(template.toByteArray(), "KeyTemplate", 1, L, 2, L, 3, V)) {
            if (f.number == 1) typeUrl = f.string();
            else if (f.number == 2) format = f.bytes();
        }
        if (!typeUrl.equals(AES_GCM_URL)) throw unsupportedParams("DEM type is not AesGcmKey");
        long keySize = 0, version = 0;
        for (Proto.Field f : Proto.fields(format, "AesGcmKeyFormat", 2, V, 3, V)) {
            if (f.number == 2) keySize = f.uint32();
            else if (f.number == 3) version = f.uint32();
        }
        if (keySize != 16 || version != 0) throw unsupportedParams("DEM AES-GCM key size " + keySize + " (version " + version + ") is not 16 (version 0)");
    }

    public static P256.Point eciesPublicKey(byte[] bytes) throws CloserException {
        long version = 0;
        ByteArrayOutputStream params = null;
        byte[] x = new byte[0], y = new byte[0];
        for (Proto.Field f : Proto.fields(bytes, "EciesAeadHkdfPublicKey", 1, V, 2, L, 3, L, 4, L)) {
            switch (f.number) {
                case 1: version = f.uint32(); break;
                case 2: { byte[] b = f.bytes(); if (params == null) params = new ByteArrayOutputStream(); params.write(b, 0, b.length); break; }
                case 3: x = f.bytes(); break;
                case 4: y = f.bytes(); break;
                default: break;
            }
        }
        if (version != 0) throw CloserException.key("keyset.invalid_key_version", "EciesAeadHkdfPublicKey version is " + version + "; Tink accepts 0");
        if (params == null) throw CloserException.key("ecies.missing_field", "EciesAeadHkdfPublicKey has no params");
        validateParams(params.toByteArray());
        return P256.point(x, y);
    }

    public static P256.Scalar eciesPrivateKey(byte[] bytes) throws CloserException {
        long version = 0;
        ByteArrayOutputStream pub = null;
        byte[] d = new byte[0];
        for (Proto.Field f : Proto.fields(bytes, "EciesAeadHkdfPrivateKey", 1, V, 2, L, 3, L)) {
            switch (f.number) {
                case 1: version = f.uint32(); break;
                case 2: { byte[] b = f.bytes(); if (pub == null) pub = new ByteArrayOutputStream(); pub.write(b, 0, b.length); break; }
                case 3: d = f.bytes(); break;
                default: break;
            }
        }
        if (version != 0) throw CloserException.key("keyset.invalid_key_version", "EciesAeadHkdfPrivateKey version is " + version + "; Tink accepts 0");
        if (pub == null) throw CloserException.key("ecies.missing_field", "EciesAeadHkdfPrivateKey has no public_key");
        P256.Point point = eciesPublicKey(pub.toByteArray());
        P256.Scalar s = P256.scalar(d);
        if (!s.publicPoint.same(point)) throw CloserException.key("p256.private_public_mismatch", "private scalar does not match the stored public point");
        return s;
    }

    static byte[] wide(byte[] fixed32) {
        return integerWidth == 33 ? concat(new byte[] {0}, fixed32) : fixed32;
    }

    static byte[] serializePublic(P256.Point p) {
        return new Proto.Writer().message(2, templateParams()).bytes(3, wide(p.x)).bytes(4, wide(p.y)).toByteArray();
    }

    static byte[] serializePrivate(P256.Scalar s) {
        return new Proto.Writer().message(2, serializePublic(s.publicPoint)).bytes(3, wide(s.d)).toByteArray();
    }

    public static PrimitiveKeyset<P256.Scalar> hybridPrivateKeyset(byte[] bytes) throws CloserException {
        return new PrimitiveKeyset<>(Keyset.parse(bytes), bytes, ECIES_PRIVATE_URL, "a private EciesAeadHkdfPrivateKey", Tink::eciesPrivateKey);
    }

    public static PrimitiveKeyset<P256.Point> hybridPublicKeyset(byte[] bytes) throws CloserException {
        return new PrimitiveKeyset<>(Keyset.parse(bytes), bytes, ECIES_PUBLIC_URL, "a public EciesAeadHkdfPublicKey", Tink::eciesPublicKey);
    }

    public static PrimitiveKeyset<P256.Scalar> makeHybridPrivateKeyset(byte[] privateKey, long keyId) throws CloserException {
        P256.Scalar s = P256.scalar(privateKey);
        Keyset ks = new Keyset();
        ks.primaryKeyId = keyId;
        Key k = new Key();
        k.keyData = new KeyData();
        k.keyData.typeUrl = ECIES_PRIVATE_URL;
        k.keyData.value = serializePrivate(s);
        k.keyData.materialType = 2;
        k.status = ENABLED;
        k.keyId = keyId;
        k.prefixType = TINK;
        ks.keys.add(k);
        return hybridPrivateKeyset(ks.serialize());
    }

    /** The public keyset: same primary id, ENABLED keys' ids and prefixes, public key data. */
    public static byte[] publicKeysetOf(PrimitiveKeyset<P256.Scalar> priv) {
        Keyset ks = new Keyset();
        ks.primaryKeyId = priv.keyset.primaryKeyId;
        for (Entry<P256.Scalar> e : priv.entries) {
            Key k = new Key();
            k.keyData = new KeyData();
            k.keyData.typeUrl = ECIES_PUBLIC_URL;
            k.keyData.value = serializePublic(e.key.publicPoint);
            k.keyData.materialType = 3;
            k.status = ENABLED;
            k.keyId = e.keyId;
            k.prefixType = e.prefixType;
            ks.keys.add(k);
        }
        return ks.serialize();
    }

    // MARK: hybrid encryption

    static byte[] demKey(byte[] kem, byte[] shared, byte[] contextInfo) throws CloserException {
        return hkdf(concat(kem, shared), new byte[0], contextInfo, 16);
    }

    public static byte[] hybridEncrypt(PrimitiveKeyset<P256.Point> recipient, byte[] plaintext, byte[] contextInfo,
                                       P256.Scalar ephemeral, byte[] iv) throws CloserException {
        byte[] kem = ephemeral.publicPoint.uncompressed();
        byte[] shared = ephemeral.sharedSecret(recipient.primary.key);
        byte[] dem = demKey(kem, shared, contextInfo);
        return concat(recipient.primary.outputPrefix(), kem, aesGcmSeal(dem, iv, plaintext, new byte[0]));
    }

    public static byte[] hybridDecrypt(PrimitiveKeyset<P256.Scalar> ks, byte[] ct, byte[] contextInfo) throws CloserException {
        String reason = "no key in the keyset matches the ciphertext prefix";
        List<Object[]> candidates = new ArrayList<>();
        if (ct.length > 5) {
            byte[] head = Arrays.copyOf(ct, 5), rest = Arrays.copyOfRange(ct, 5, ct.length);
            for (Entry<P256.Scalar> e : ks.entries)
                if (e.prefixType != RAW && Arrays.equals(e.outputPrefix(), head)) candidates.add(new Object[] {e.key, rest});
            if (candidates.isEmpty() && (ct[0] == 0 || ct[0] == 1))
                reason = "Tink prefix key id " + hexId(readId(ct)) + " matches no key in the keyset";
        }
        for (Entry<P256.Scalar> e : ks.entries) if (e.prefixType == RAW) candidates.add(new Object[] {e.key, ct});
        for (Object[] c : candidates) {
            try { return hybridOpen((P256.Scalar) c[0], (byte[]) c[1], contextInfo); } catch (CloserException e) { reason = e.reason(); }
        }
        throw CloserException.auth("hybrid.decryption_failed", "decryption failed: " + reason);
    }

    static byte[] hybridOpen(P256.Scalar d, byte[] body, byte[] contextInfo) throws CloserException {
        if (body.length < 65 + 12 + 16) throw CloserException.auth("hybrid.decryption_failed", "ciphertext is too short for KEM, IV and tag");
        byte[] kem = Arrays.copyOf(body, 65);
        P256.Point point;
        try { point = P256.uncompressed(kem); } catch (CloserException e) {
            throw CloserException.auth("hybrid.decryption_failed", "KEM point is invalid: " + e.reason());
        }
        byte[] shared = d.sharedSecret(point);
        byte[] dem = demKey(kem, shared, contextInfo);
        try {
            return aesGcmOpen(dem, Arrays.copyOfRange(body, 65, body.length), new byte[0]);
        } catch (CloserException e) {
            throw CloserException.auth("hybrid.decryption_failed", "DEM tag did not verify (wrong key, context info or tampering)");
        }
    }
}

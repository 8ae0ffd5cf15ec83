// A minimal strict protobuf wire reader and canonical writer for Tink's keyset messages.
// Normative: specs/tink-keyset.md §"Protobuf wire rules".
package closer.jvm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public final class Proto {
    private Proto() {}

    /** One field: number, wire type (0, 1, 2, 5) and its payload. */
    public static final class Field {
        public final int number;
        public final int wireType;
        public final long varint;
        public final byte[] bytes;
        final String message;

        Field(String message, int number, int wireType, long varint, byte[] bytes) {
            this.message = message;
            this.number = number;
            this.wireType = wireType;
            this.varint = varint;
            this.bytes = bytes;
        }

        // Fields reach callers only through fields(), which keeps the known fields with the
        // wire type they are read as, so these accessors need not check it.

        /** The low 32 bits of a varint (protobuf's uint32/enum truncation), as a long 0…2^32-1. */
        public long uint32() { return varint & 0xffffffffL; }

        public byte[] bytes() { return bytes; }

        public String string() throws CloserException {
            byte[] b = bytes();
            if (!Utf8.isValid(b))
                throw CloserException.decode("proto.invalid_utf8", message + "." + number + ": string field is not valid UTF-8");
            return new String(b, StandardCharsets.UTF_8);
        }
    }

    /** Wire types of the known fields: varint (uint32, enum) and length-delimited (string, bytes, message). */
    public static final int VARINT = 0;
    public static final int LEN = 2;

    /**
     * The known fields of one message in wire order, given as pairs (field number, wire type).
     * The whole message is scanned first, so a structural fault anywhere beats anything its
     * fields hold. Unknown fields, groups included, are skipped; so is a known field written
     * with another wire type (tink-keyset.md §"Protobuf wire rules": protobuf's parsers treat
     * it as an unknown field).
     */
    public static List<Field> fields(byte[] b, String message, int... schema) throws CloserException {
        Reader r = new Reader(b, message);
        List<Field> out = new ArrayList<>();
        Field f;
        while ((f = r.next()) != null) {
            for (int i = 0; i + 1 < schema.length; i += 2) {
                if (schema[i] == f.number && schema[i + 1] == f.wireType) { out.add(f); break; }
            }
        }
        return out;
    }

    private static final class Reader {
        final byte[] b;
        final String message;
        int pos;

        Reader(byte[] b, String message) { this.b = b; this.message = message; }

        CloserException truncated(String what) { return CloserException.decode("proto.truncated", message + ": " + what); }

        Field next() throws CloserException {
            while (pos < b.length) {
                long tag = varint();
                int wt = (int) (tag & 7);
                long number = tag >>> 3;
                if (number < 1 || number > 0x1FFFFFFFL)
                    throw CloserException.decode("proto.invalid_tag", message + ": field number " + Long.toUnsignedString(number) + " is out of range");
                int num = (int) number;
                switch (wt) {
                    case 0: return new Field(message, num, 0, varint(), null);
                    case 1: fixed(8); return new Field(message, num, 1, 0, null);
                    case 2: {
                        long len = varint();
                        if (Long.compareUnsigned(len, b.length - pos) > 0) throw truncated("field " + num + " length runs past the end");
                        byte[] v = Arrays.copyOfRange(b, pos, pos + (int) len);
                        pos += (int) len;
                        return new Field(message, num, 2, 0, v);
                    }
                    case 3: skipGroup(number, 1); continue;
                    case 4: throw CloserException.decode("proto.invalid_tag", message + ": end-group tag without a start");
                    case 5: fixed(4); return new Field(message, num, 5, 0, null);
                    default: throw CloserException.decode("proto.invalid_wire_type", message + ": wire type " + wt + " does not exist");
                }
            }
            return null;
        }

        void skipGroup(long number, int depth) throws CloserException {
            if (depth > 64) throw CloserException.decode("proto.too_deep", message + ": groups nested deeper than 64");
            while (pos < b.length) {
                long tag = varint();
                int wt = (int) (tag & 7);
                long inner = tag >>> 3;
                if (inner < 1 || inner > 0x1FFFFFFFL)
                    throw CloserException.decode("proto.invalid_tag", message + ": field number " + Long.toUnsignedString(inner) + " in group " + number + " is out of range");
                switch (wt) {
                    case 0: varint(); break;
                    case 1: fixed(8); break;
                    case 2: {
                        long len = varint();
                        if (Long.compareUnsigned(len, b.length - pos) > 0) throw truncated("group member runs past the end");
                        pos += (int) len;
                        break;
                    }
                    case 3: skipGroup(inner, depth + 1); break;
                    case 4:
                        if (inner != number) throw CloserException.decode("proto.invalid_tag", message + ": end-group " + inner + " closes group " + number);
                        return;
                    case 5: fixed(4); break;
                    default: throw CloserException.decode("proto.invalid_wire_type", message + ": wire type " + wt + " does not exist");
                }
            }
            throw truncated("group " + number + " is not closed");
        }

        long varint() throws CloserException {
            long result = 0;
            int shift = 0;
            for (int count = 0; count < 10; count++) {
                if (pos >= b.length) throw truncated("varint runs past the end");
                int x = b[pos++] & 0xff;
                if (count == 9 && x > 1) throw CloserException.decode("proto.invalid_varint", message + ": varint overflows 64 bits");
                result |= (long) (x & 0x7f) << shift;
                if ((x & 0x80) == 0) return result;
                shift += 7;
            }
            throw CloserException.decode("proto.invalid_varint", message + ": varint longer than 10 bytes");
        }

        void fixed(int n) throws CloserException {
            if (b.length - pos < n) throw truncated("fixed" + (n * 8) + " runs past the end");
            pos += n;
        }
    }

    /** Canonical writer: fields in the order written, default values left out, messages always written. */
    public static final class Writer {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        private void rawVarint(long v) {
            while ((v & ~0x7fL) != 0) { out.write((int) ((v & 0x7f) | 0x80)); v >>>= 7; }
            out.write((int) v);
        }

        public Writer varint(int field, long value) {
            if (value == 0) return this;
            rawVarint((long) field << 3);
            rawVarint(value);
            return this;
        }

        public Writer bytes(int field, byte[] value) {
            if (value.length == 0) return this;
            return message(field, value);
        }

        public Writer string(int field, String value) { return bytes(field, value.getBytes(StandardCharsets.UTF_8)); }

        public Writer message(int field, byte[] value) {
            rawVarint((long) field << 3 | 2);
            rawVarint(value.length);
            out.write(value, 0, value.length);
            return this;
        }

        public byte[] toByteArray() { return out.toByteArray(); }
    }
}

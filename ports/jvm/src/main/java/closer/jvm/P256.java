// P-256 points and scalars as Tink stores them: unsigned big-endian integers of any length.
// Normative: specs/tink-hybrid.md §"Points and scalars". ECDH runs on the JDK's KeyAgreement;
// d·G (a public key from an injected scalar) is plain affine arithmetic, as the JDK has no API
// for it (Android's Tink derives it inside its key generator).
package closer.jvm;

import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;
import javax.crypto.KeyAgreement;

public final class P256 {
    private P256() {}

    public static final BigInteger P = new BigInteger("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", 16);
    public static final BigInteger N = new BigInteger("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16);
    static final BigInteger B = new BigInteger("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b", 16);
    static final BigInteger GX = new BigInteger("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296", 16);
    static final BigInteger GY = new BigInteger("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5", 16);
    static final BigInteger THREE = BigInteger.valueOf(3);

    static final ECParameterSpec SPEC;
    static {
        try {
            AlgorithmParameters ap = AlgorithmParameters.getInstance("EC");
            ap.init(new ECGenParameterSpec("secp256r1"));
            SPEC = ap.getParameterSpec(ECParameterSpec.class);
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A validated affine point; x and y are exactly 32 bytes. */
    public static final class Point {
        public final byte[] x, y;
        final BigInteger bx, by;

        Point(BigInteger bx, BigInteger by) { this.bx = bx; this.by = by; this.x = to32(bx); this.y = to32(by); }

        public byte[] uncompressed() {
            byte[] out = new byte[65];
            out[0] = 4;
            System.arraycopy(x, 0, out, 1, 32);
            System.arraycopy(y, 0, out, 33, 32);
            return out;
        }

        public boolean same(Point o) { return bx.equals(o.bx) && by.equals(o.by); }
    }

    static byte[] to32(BigInteger v) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[32];
        if (b.length > 32) System.arraycopy(b, b.length - 32, out, 0, 32);
        else System.arraycopy(b, 0, out, 32 - b.length, b.length);
        return out;
    }

    /** Strips leading zeros; more than 32 significant bytes or value ≥ bound is refused. */
    static BigInteger fixed32(byte[] bytes, BigInteger bound, String code, String what) throws CloserException {
        int i = 0;
        while (i < bytes.length && bytes[i] == 0) i++;
        if (bytes.length - i > 32) throw CloserException.key(code, what + " has " + (bytes.length - i) + " significant bytes; at most 32");
        BigInteger v = new BigInteger(1, Arrays.copyOfRange(bytes, i, bytes.length));
        if (v.compareTo(bound) >= 0)
            throw CloserException.key(code, what + " is not below the P-256 " + (bound.equals(P) ? "field prime" : "group order"));
        return v;
    }

    /** A point from Tink coordinates of any length: range, then the curve equation. */
    public static Point point(byte[] x, byte[] y) throws CloserException {
        BigInteger bx = fixed32(x, P, "p256.coordinate_out_of_range", "x coordinate");
        BigInteger by = fixed32(y, P, "p256.coordinate_out_of_range", "y coordinate");
        BigInteger lhs = by.multiply(by).mod(P);
        BigInteger rhs = bx.pow(3).subtract(bx.multiply(THREE)).add(B).mod(P);
        if (!lhs.equals(rhs)) throw CloserException.key("p256.not_on_curve", "point is not on P-256");
        return new Point(bx, by);
    }

    /** `04 || X(32) || Y(32)` only. */
    public static Point uncompressed(byte[] b) throws CloserException {
        if (b.length != 65 || b[0] != 4)
            throw CloserException.key("p256.invalid_point_encoding", "expected a 65-byte uncompressed point starting 04, got " + b.length + " bytes");
        return point(Arrays.copyOfRange(b, 1, 33), Arrays.copyOfRange(b, 33, 65));
    }

    /** A validated private scalar 0 < d < n with its public point. */
    public static final class Scalar {
        public final byte[] d;
        final BigInteger bd;
        public final Point publicPoint;

        Scalar(BigInteger bd) { this.bd = bd; this.d = to32(bd); this.publicPoint = multiplyG(bd); }

        /** ECDH on the JDK: the x-coordinate of d·Q, always 32 bytes. */
        public byte[] sharedSecret(Point q) throws CloserException {
            try {
                KeyFactory kf = KeyFactory.getInstance("EC");
                PrivateKey priv = kf.generatePrivate(new ECPrivateKeySpec(bd, SPEC));
                PublicKey pub = kf.generatePublic(new ECPublicKeySpec(new ECPoint(q.bx, q.by), SPEC));
                KeyAgreement ka = KeyAgreement.getInstance("ECDH");
                ka.init(priv);
                ka.doPhase(pub, true);
                byte[] s = ka.generateSecret();
                return to32(new BigInteger(1, s));
            } catch (Exception e) {
                throw CloserException.key("p256.not_on_curve", "ECDH refused the point");
            }
        }
    }

    public static Scalar scalar(byte[] bytes) throws CloserException {
        BigInteger d = fixed32(bytes, N, "p256.scalar_out_of_range", "private scalar");
        if (d.signum() == 0) throw CloserException.key("p256.scalar_out_of_range", "private scalar is zero");
        return new Scalar(d);
    }

    // Affine double-and-add; null is the point at infinity. Not constant time: test use.
    static Point multiplyG(BigInteger k) {
        BigInteger[] r = null;
        BigInteger[] a = {GX, GY};
        for (int i = k.bitLength() - 1; i >= 0; i--) {
            r = add(r, r);
            if (k.testBit(i)) r = add(r, a);
        }
        return new Point(r[0], r[1]);
    }

    private static BigInteger[] add(BigInteger[] p, BigInteger[] q) {
        if (p == null) return q;
        if (q == null) return p;
        BigInteger lambda;
        if (p[0].equals(q[0])) {
            if (!p[1].equals(q[1]) || p[1].signum() == 0) return null;
            lambda = p[0].pow(2).multiply(THREE).subtract(THREE).multiply(p[1].shiftLeft(1).modInverse(P)).mod(P);
        } else {
            lambda = q[1].subtract(p[1]).multiply(q[0].subtract(p[0]).modInverse(P)).mod(P);
        }
        BigInteger x = lambda.pow(2).subtract(p[0]).subtract(q[0]).mod(P);
        BigInteger y = lambda.multiply(p[0].subtract(x)).subtract(p[1]).mod(P);
        return new BigInteger[] {x, y};
    }
}

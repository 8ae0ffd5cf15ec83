// `closer-jvm`: harness protocol v1 over stdin/stdout (specs/harness.md §Framing); with the one
// argument `capture`, a closer-capture/1 file on stdout instead (specs/capture.md, Capture.java).
// One request per LF-terminated line (a trailing CR is ignored), one response per line, in
// order; lines over 16 MiB get malformed_request; the server ends at end of input only.
package closer.jvm;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

public final class Main {
    static final int MAXIMUM_LINE = 16 * 1024 * 1024;

    public static void main(String[] args) throws IOException {
        if (args.length == 1 && args[0].equals("capture")) {
            // specs/capture.md §Proof: a capture made by this port's own crypto, on stdout.
            try {
                System.out.println(Capture.make());
            } catch (CloserException e) {
                System.err.println("capture: " + e.code + ": " + e.reason());
                System.exit(1);
            }
            return;
        }
        InputStream in = new BufferedInputStream(System.in, 1 << 16);
        OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean overlong = false, any = false;
        while (true) {
            int c = in.read();
            if (c < 0 || c == '\n') {
                if (c < 0 && !any) break;
                String response;
                if (overlong || line.size() - (line.size() > 0 && line.toByteArray()[line.size() - 1] == '\r' ? 1 : 0) > MAXIMUM_LINE) {
                    response = Harness.failure(Json.NULL, CloserException.malformed("request line too long"));
                } else {
                    byte[] b = line.toByteArray();
                    int n = b.length;
                    if (n > 0 && b[n - 1] == '\r') n--;
                    response = Harness.handleLine(n == b.length ? b : java.util.Arrays.copyOf(b, n));
                }
                out.write(response.getBytes(StandardCharsets.UTF_8));
                out.write('\n');
                // Answers to requests already waiting go out together (harness.md §Pipelining).
                if (in.available() == 0) out.flush();
                line.reset();
                overlong = false;
                any = false;
                if (c < 0) break;
                continue;
            }
            any = true;
            if (!overlong) {
                line.write(c);
                if (line.size() > MAXIMUM_LINE + 1) { overlong = true; line.reset(); }
            }
        }
        out.flush();
    }
}

package io.kubewhatif.extender.http;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded, time-boxed fuzzing of the hand-written PEM and DER code, as FuzzPropertyTest does for the loaders: the
 * inputs are mutations of real certificates and keys (bytes flipped, cut, repeated, base64 bodies garbled, blocks
 * mixed), and the property is that reading them returns or fails with a {@link TlsSetupException} (a one-line
 * user error), never another throwable. System properties: {@code fuzz.seconds} (default 24; this test takes a
 * tenth of it) and {@code fuzz.seed}.
 */
class PemFuzzTest {
    private static final double SECONDS = Double.parseDouble(System.getProperty("fuzz.seconds", "24")) / 10;
    private static final long SEED = Long.getLong("fuzz.seed", 20251122L);
    private static final String BASE64ISH = "ABCDEFabcdef0123456789+/=\n\r- ";

    @Test
    void malformedPemFailsWithAUserError() throws Exception {
        TestPki.Issued ca = TestPki.ca("fuzz-ca");
        TestPki.Issued leaf = TestPki.leaf(ca, "fuzz-leaf", List.of("localhost"), List.of("127.0.0.1"), true);
        List<byte[]> seeds = List.of(bytes(ca.certPem()), bytes(leaf.certPem()), bytes(leaf.keyPem()),
                bytes(leaf.certPem() + ca.certPem()), bytes(leaf.keyPem() + leaf.certPem()));
        // The seeds themselves are valid: the mutations start from inputs that parse.
        assertEquals(1, Pem.rootCertificates(bytes(ca.certPem())).size());
        assertNotNull(Pem.keyPair(bytes(leaf.certPem()), bytes(leaf.keyPem())).key());

        Random rnd = new Random(SEED);
        long deadline = System.nanoTime() + (long) (Math.max(SECONDS, 0.5) * 1e9);
        long n = 0;
        while (System.nanoTime() < deadline || n < 200) {
            byte[] a = mutate(seeds.get(rnd.nextInt(seeds.size())), rnd);
            byte[] b = mutate(seeds.get(rnd.nextInt(seeds.size())), rnd);
            check(() -> Pem.blocks(a), a, n);
            check(() -> Pem.rootCertificates(a), a, n);
            check(() -> Pem.keyPair(a, b), a, n);
            n++;
        }
        System.out.printf("fuzz pem       %7d executions, seed %d%n", n, SEED);
    }

    private interface Call {
        Object run() throws Exception;
    }

    private static void check(Call call, byte[] input, long n) {
        try {
            call.run();
        } catch (TlsSetupException e) {
            if (e.getMessage() == null || e.getMessage().isBlank() || e.getMessage().contains("\n")) {
                fail("execution " + n + " (seed " + SEED + "): not a one-line message: " + e.getMessage());
            }
        } catch (Throwable t) {
            throw new AssertionError("execution " + n + " (seed " + SEED + "): " + t + " on input:\n"
                    + new String(input, StandardCharsets.ISO_8859_1), t);
        }
    }

    private static byte[] mutate(byte[] seed, Random rnd) {
        List<Byte> out = new ArrayList<>(seed.length);
        for (byte x : seed) {
            out.add(x);
        }
        int edits = 1 + rnd.nextInt(8);
        for (int e = 0; e < edits && !out.isEmpty(); e++) {
            int i = rnd.nextInt(out.size());
            switch (rnd.nextInt(7)) {
                case 0 -> out.set(i, (byte) rnd.nextInt(256));
                case 1 -> out.subList(i, Math.min(out.size(), i + 1 + rnd.nextInt(64))).clear();
                case 2 -> out.add(i, (byte) BASE64ISH.charAt(rnd.nextInt(BASE64ISH.length())));
                case 3 -> out.subList(i, out.size()).clear();
                case 4 -> {
                    // Repeats a stretch: nested or duplicated blocks and DER lengths that disagree.
                    int j = Math.min(out.size(), i + rnd.nextInt(200));
                    out.addAll(j, new ArrayList<>(out.subList(i, j)));
                }
                case 5 -> out.set(i, (byte) (out.get(i) ^ (1 << rnd.nextInt(8))));
                default -> {
                    byte[] marker = (rnd.nextBoolean() ? "-----END CERTIFICATE-----\n" : "-----BEGIN EC PRIVATE KEY-----\n")
                            .getBytes(StandardCharsets.US_ASCII);
                    for (int k = marker.length - 1; k >= 0; k--) {
                        out.add(i, marker[k]);
                    }
                }
            }
        }
        byte[] b = new byte[out.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = out.get(i);
        }
        return b;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}

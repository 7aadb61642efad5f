package io.kubewhatif.extender.http;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PEM certificates and private keys with the JDK only, with the behaviour and error texts of Go's
 * {@code x509.CertPool.AppendCertsFromPEM} (via client-go's rootCertPool) and {@code tls.X509KeyPair}.
 *
 * <p>Kept hand-written rather than replaced by BouncyCastle's bcpkix: the point of this class is Go's behaviour and
 * messages (which blocks count, which errors win), which a library's parser would not give without the same code
 * around it, and the JDK already parses the certificates and keys themselves; only the PEM framing and the PKCS#1 and
 * SEC 1 key wrappers are ours. That code is fuzzed in every build ({@code PemFuzzTest}, docs/FUZZING.md).
 */
final class Pem {
    /** A PEM block: its type, headers and decoded bytes. */
    record Block(String type, Map<String, String> headers, byte[] der) {
    }

    /** A certificate chain and its private key. */
    record KeyPair(List<X509Certificate> chain, PrivateKey key) {
    }

    private static final Pattern BLOCK = Pattern.compile("-----BEGIN ([^\\n-]*)-----[ \\t]*\\r?\\n(.*?)-----END \\1-----", Pattern.DOTALL);

    private Pem() {
    }

    /** The well-formed blocks, in order (text around them and undecodable blocks are skipped, as pem.Decode does). */
    static List<Block> blocks(byte[] data) {
        List<Block> out = new ArrayList<>();
        Matcher m = BLOCK.matcher(new String(data, StandardCharsets.ISO_8859_1));
        while (m.find()) {
            Map<String, String> headers = new LinkedHashMap<>();
            String body = m.group(2);
            int blank = body.indexOf("\n\n");
            int blankCr = body.indexOf("\r\n\r\n");
            if (body.lines().findFirst().orElse("").contains(":")) {
                int end = blank >= 0 ? blank : blankCr;
                if (end < 0) {
                    continue;
                }
                for (String line : body.substring(0, end).split("\\r?\\n")) {
                    int colon = line.indexOf(':');
                    if (colon > 0) {
                        headers.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
                    }
                }
                body = body.substring(end).strip();
            }
            try {
                out.add(new Block(m.group(1), headers, Base64.getMimeDecoder().decode(body.replaceAll("\\s", ""))));
            } catch (IllegalArgumentException e) {
                // Not valid base64: pem.Decode does not accept it as a block.
            }
        }
        return out;
    }

    static X509Certificate certificate(byte[] der) throws CertificateException {
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
    }

    /** client-go's rootCertPool: the CERTIFICATE blocks without headers, or its error text. */
    static List<X509Certificate> rootCertificates(byte[] data) throws TlsSetupException {
        List<X509Certificate> out = new ArrayList<>();
        List<Block> blocks = blocks(data);
        String parseError = null;
        for (Block b : blocks) {
            if (!"CERTIFICATE".equals(b.type()) || !b.headers().isEmpty()) {
                continue;
            }
            try {
                out.add(certificate(b.der()));
            } catch (CertificateException e) {
                if (parseError == null) {
                    parseError = "failed to parse certificate: x509: malformed certificate";
                }
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        if (blocks.isEmpty()) {
            throw new TlsSetupException("unable to load root certificates: unable to parse bytes as PEM block");
        }
        throw new TlsSetupException("unable to load root certificates: " + (parseError != null ? parseError : "no valid certificate authority data seen"));
    }

    /** tls.X509KeyPair: the CERTIFICATE blocks of {@code certPem} and the first private key of {@code keyPem}. */
    static KeyPair keyPair(byte[] certPem, byte[] keyPem) throws TlsSetupException {
        List<X509Certificate> chain = new ArrayList<>();
        boolean sawKeyInCert = false;
        for (Block b : blocks(certPem)) {
            if ("CERTIFICATE".equals(b.type())) {
                try {
                    chain.add(certificate(b.der()));
                } catch (CertificateException e) {
                    throw new TlsSetupException("x509: malformed certificate");
                }
            } else if (b.type().endsWith("PRIVATE KEY")) {
                sawKeyInCert = true;
            }
        }
        if (chain.isEmpty()) {
            if (sawKeyInCert) {
                throw new TlsSetupException("tls: failed to find certificate PEM data in certificate input, but did find a private key;"
                        + " PEM inputs may have been switched");
            }
            throw new TlsSetupException("tls: failed to find any PEM data in certificate input");
        }
        Block keyBlock = null;
        boolean sawCertInKey = false;
        for (Block b : blocks(keyPem)) {
            if (b.type().equals("PRIVATE KEY") || b.type().endsWith(" PRIVATE KEY")) {
                keyBlock = b;
                break;
            }
            if (b.type().equals("CERTIFICATE")) {
                sawCertInKey = true;
            }
        }
        if (keyBlock == null) {
            if (sawCertInKey) {
                throw new TlsSetupException("tls: found a certificate rather than a key in the PEM for the private key");
            }
            throw new TlsSetupException("tls: failed to find any PEM data in key input");
        }
        PrivateKey key = privateKey(keyBlock.der());
        if (key == null) {
            throw new TlsSetupException("tls: failed to parse private key");
        }
        checkMatch(chain.get(0).getPublicKey(), key);
        return new KeyPair(chain, key);
    }

    /** Go's parsePrivateKey: PKCS #1, PKCS #8 or SEC 1, whatever the block type says; null when none fits. */
    static PrivateKey privateKey(byte[] der) {
        for (String alg : new String[] {"RSA", "EC", "Ed25519"}) {
            try {
                return KeyFactory.getInstance(alg).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException | RuntimeException e) {
                // try the next form
            }
        }
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(pkcs8(RSA_ALGORITHM, der)));
        } catch (GeneralSecurityException | RuntimeException e) {
            // not PKCS #1
        }
        try {
            byte[] curve = sec1Curve(der);
            if (curve != null) {
                byte[] alg = Der.seq(Der.tlv(0x06, EC_PUBLIC_KEY_OID), curve);
                return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(pkcs8(alg, der)));
            }
        } catch (GeneralSecurityException | RuntimeException e) {
            // not SEC 1
        }
        return null;
    }

    private static final byte[] RSA_ALGORITHM = Der.seq(Der.tlv(0x06, new byte[] {0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01}),
            new byte[] {0x05, 0x00});
    private static final byte[] EC_PUBLIC_KEY_OID = {0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01};

    private static byte[] pkcs8(byte[] algorithm, byte[] key) {
        return Der.seq(new byte[] {0x02, 0x01, 0x00}, algorithm, Der.tlv(0x04, key));
    }

    /** The named-curve OID (as a full TLV) in a SEC 1 ECPrivateKey's [0] parameters, or null. */
    private static byte[] sec1Curve(byte[] der) {
        Der.Reader outer = new Der.Reader(der);
        Der.Reader seq = outer.enter(0x30);
        seq.skip(0x02);
        seq.skip(0x04);
        while (seq.hasMore()) {
            int tag = seq.peekTag();
            byte[] content = seq.read(tag);
            if (tag == 0xa0) {
                return content;
            }
        }
        return null;
    }

    private static void checkMatch(PublicKey pub, PrivateKey key) throws TlsSetupException {
        String alg = switch (pub.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null;
        };
        String keyAlg = key.getAlgorithm().equals("EdDSA") ? "Ed25519" : key.getAlgorithm();
        String pubAlg = pub.getAlgorithm().equals("EdDSA") ? "Ed25519" : pub.getAlgorithm();
        if (alg == null) {
            throw new TlsSetupException("tls: unknown public key algorithm");
        }
        if (!keyAlg.equals(pubAlg)) {
            throw new TlsSetupException("tls: private key type does not match public key type");
        }
        try {
            byte[] msg = "kube-whatif key check".getBytes(StandardCharsets.US_ASCII);
            Signature s = Signature.getInstance(alg);
            s.initSign(key);
            s.update(msg);
            byte[] sig = s.sign();
            Signature v = Signature.getInstance(alg);
            v.initVerify(pub);
            v.update(msg);
            if (!v.verify(sig)) {
                throw new TlsSetupException("tls: private key does not match public key");
            }
        } catch (GeneralSecurityException e) {
            throw new TlsSetupException("tls: private key does not match public key");
        }
    }

    /** Just enough DER to wrap legacy private keys into PKCS #8. */
    static final class Der {
        private Der() {
        }

        static byte[] tlv(int tag, byte[] content) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(tag);
            int len = content.length;
            if (len < 0x80) {
                out.write(len);
            } else if (len < 0x100) {
                out.write(0x81);
                out.write(len);
            } else if (len < 0x10000) {
                out.write(0x82);
                out.write(len >> 8);
                out.write(len);
            } else {
                out.write(0x83);
                out.write(len >> 16);
                out.write(len >> 8);
                out.write(len);
            }
            out.writeBytes(content);
            return out.toByteArray();
        }

        static byte[] seq(byte[]... parts) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (byte[] p : parts) {
                out.writeBytes(p);
            }
            return tlv(0x30, out.toByteArray());
        }

        static final class Reader {
            private final byte[] b;
            private int pos;
            private final int end;

            Reader(byte[] b) {
                this(b, 0, b.length);
            }

            private Reader(byte[] b, int start, int end) {
                this.b = b;
                this.pos = start;
                this.end = end;
            }

            boolean hasMore() {
                return pos < end;
            }

            int peekTag() {
                return b[pos] & 0xff;
            }

            /** Reads an element with the tag and returns its content. */
            byte[] read(int tag) {
                int[] range = element(tag);
                byte[] out = new byte[range[1] - range[0]];
                System.arraycopy(b, range[0], out, 0, out.length);
                return out;
            }

            void skip(int tag) {
                element(tag);
            }

            Reader enter(int tag) {
                int[] range = element(tag);
                return new Reader(b, range[0], range[1]);
            }

            private int[] element(int tag) {
                if (pos >= end || (b[pos] & 0xff) != tag) {
                    throw new IllegalArgumentException("unexpected DER tag");
                }
                pos++;
                int len = b[pos++] & 0xff;
                if (len >= 0x80) {
                    int n = len & 0x7f;
                    if (n == 0 || n > 3) {
                        throw new IllegalArgumentException("unsupported DER length");
                    }
                    len = 0;
                    for (int i = 0; i < n; i++) {
                        len = (len << 8) | (b[pos++] & 0xff);
                    }
                }
                int start = pos;
                pos += len;
                if (pos > end) {
                    throw new IllegalArgumentException("truncated DER");
                }
                return new int[] {start, pos};
            }
        }
    }
}

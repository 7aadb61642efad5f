package io.kubewhatif.extender.http;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test certificate authority made with public JDK APIs only: EC P-256 keys from KeyPairGenerator, X.509 v3
 * certificates encoded here in DER and signed with java.security.Signature (the JDK has no public certificate
 * builder, but a certificate is just a signed DER structure).
 */
final class TestPki {
    /** A certificate, its key and their PEM forms. */
    record Issued(X509Certificate cert, PrivateKey key, String certPem, String keyPem) {
    }

    private static final AtomicLong SERIAL = new AtomicLong(1000);
    private static final byte[] ECDSA_SHA256 = {0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x04, 0x03, 0x02};
    private static final byte[] CN = {0x55, 0x04, 0x03};
    private static final byte[] BASIC_CONSTRAINTS = {0x55, 0x1d, 0x13};
    private static final byte[] KEY_USAGE = {0x55, 0x1d, 0x0f};
    private static final byte[] EXT_KEY_USAGE = {0x55, 0x1d, 0x25};
    private static final byte[] SUBJECT_ALT_NAME = {0x55, 0x1d, 0x11};
    private static final byte[] SERVER_AUTH = {0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01};
    private static final byte[] CLIENT_AUTH = {0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x02};

    private TestPki() {
    }

    static Issued ca(String commonName) throws GeneralSecurityException {
        KeyPair kp = keyPair();
        byte[] ext = seq(
                extension(BASIC_CONSTRAINTS, true, seq(new byte[] {0x01, 0x01, (byte) 0xff})),
                extension(KEY_USAGE, true, bitString(new byte[] {0x06}, 1)));
        return issue(commonName, kp, commonName, kp.getPrivate(), ext, false);
    }

    /** A leaf certificate signed by {@code ca}, for a server (DNS and IP SANs) or a client. */
    static Issued leaf(Issued ca, String commonName, List<String> dnsNames, List<String> ips, boolean client)
            throws GeneralSecurityException {
        KeyPair kp = keyPair();
        List<byte[]> names = new ArrayList<>();
        for (String d : dnsNames) {
            names.add(tlv(0x82, d.getBytes(StandardCharsets.US_ASCII)));
        }
        for (String ip : ips) {
            byte[] addr;
            try {
                addr = java.net.InetAddress.getByName(ip).getAddress();
            } catch (java.net.UnknownHostException e) {
                throw new IllegalArgumentException(ip, e);
            }
            names.add(tlv(0x87, addr));
        }
        List<byte[]> exts = new ArrayList<>();
        exts.add(extension(KEY_USAGE, true, bitString(new byte[] {(byte) 0x80}, 7)));
        exts.add(extension(EXT_KEY_USAGE, false, seq(tlv(0x06, client ? CLIENT_AUTH : SERVER_AUTH))));
        if (!names.isEmpty()) {
            exts.add(extension(SUBJECT_ALT_NAME, false, seq(names.toArray(new byte[0][]))));
        }
        return issue(commonName, kp, subjectCommonName(ca.cert()), ca.key(), seq(exts.toArray(new byte[0][])), false);
    }

    /** A certificate that expired yesterday. */
    static Issued expiredLeaf(Issued ca, String commonName, List<String> ips) throws GeneralSecurityException {
        Issued fresh = leaf(ca, commonName, List.of(), ips, false);
        KeyPair kp = new KeyPair(fresh.cert().getPublicKey(), fresh.key());
        List<byte[]> names = new ArrayList<>();
        for (String ip : ips) {
            try {
                names.add(tlv(0x87, java.net.InetAddress.getByName(ip).getAddress()));
            } catch (java.net.UnknownHostException e) {
                throw new IllegalArgumentException(ip, e);
            }
        }
        byte[] ext = seq(extension(SUBJECT_ALT_NAME, false, seq(names.toArray(new byte[0][]))));
        return issue(commonName, kp, subjectCommonName(ca.cert()), ca.key(), ext, true);
    }

    private static String subjectCommonName(X509Certificate c) {
        String dn = c.getSubjectX500Principal().getName();
        return dn.startsWith("CN=") ? dn.substring(3) : dn;
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private static Issued issue(String subject, KeyPair subjectKeys, String issuer, PrivateKey issuerKey, byte[] extensions, boolean expired)
            throws GeneralSecurityException {
        ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC);
        ZonedDateTime notBefore = expired ? now.minusDays(10) : now.minusHours(1);
        ZonedDateTime notAfter = expired ? now.minusDays(1) : now.plusDays(2);
        byte[] algorithm = seq(tlv(0x06, ECDSA_SHA256));
        byte[] tbs = seq(
                tlv(0xa0, tlv(0x02, new byte[] {0x02})),
                tlv(0x02, BigInteger.valueOf(SERIAL.incrementAndGet()).toByteArray()),
                algorithm,
                name(issuer),
                seq(utcTime(notBefore), utcTime(notAfter)),
                name(subject),
                subjectKeys.getPublic().getEncoded(),
                tlv(0xa3, extensions));
        Signature s = Signature.getInstance("SHA256withECDSA");
        s.initSign(issuerKey);
        s.update(tbs);
        byte[] der = seq(tbs, algorithm, bitString(s.sign(), 0));
        X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
        return new Issued(cert, subjectKeys.getPrivate(), pem("CERTIFICATE", der), pem("PRIVATE KEY", subjectKeys.getPrivate().getEncoded()));
    }

    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static byte[] name(String commonName) {
        return seq(tlv(0x31, seq(tlv(0x06, CN), tlv(0x0c, commonName.getBytes(StandardCharsets.UTF_8)))));
    }

    private static byte[] utcTime(ZonedDateTime t) {
        return tlv(0x17, t.format(DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'")).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] extension(byte[] oid, boolean critical, byte[] value) {
        return critical
                ? seq(tlv(0x06, oid), new byte[] {0x01, 0x01, (byte) 0xff}, tlv(0x04, value))
                : seq(tlv(0x06, oid), tlv(0x04, value));
    }

    private static byte[] bitString(byte[] bits, int unused) {
        byte[] b = new byte[bits.length + 1];
        b[0] = (byte) unused;
        System.arraycopy(bits, 0, b, 1, bits.length);
        return tlv(0x03, b);
    }

    static byte[] seq(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return tlv(0x30, out.toByteArray());
    }

    static byte[] tlv(int tag, byte[] content) {
        return Pem.Der.tlv(tag, content);
    }
}

package io.kubewhatif.extender.http;

import io.kubewhatif.engine.config.ExtenderConfig;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An extender's TLS client, built the way kube-scheduler builds it (makeTransport + client-go's TLSConfigFor):
 * enableHTTPS without a CA means insecure; a CA (file or data) replaces the system roots; certificate and key
 * (files or data) are presented as the client certificate; serverName is the name the server certificate must match.
 * Verification follows Go: SANs only, IP hosts against IP SANs, with Go's error texts.
 */
final class Tls {
    /** The TLS settings for the HTTP client, and the client certificate error to report at request time. */
    record Client(SSLContext context, SSLParameters parameters, String deferredError) {
    }

    /** Carries Go's verification error text through the JDK's handshake exceptions. */
    static final class GoVerifyError extends CertificateException {
        GoVerifyError(String goMessage) {
            super(goMessage);
        }
    }

    private Tls() {
    }

    static Client build(ExtenderConfig config, String urlHost) throws TlsSetupException {
        ExtenderConfig.TlsConfig t = config.tlsConfig();
        boolean insecure = t != null && t.insecure();
        String serverName = t == null ? "" : t.serverName();
        String certFile = t == null ? "" : t.certFile();
        String keyFile = t == null ? "" : t.keyFile();
        String caFile = t == null ? "" : t.caFile();
        String certData = t == null ? "" : t.certData();
        String keyData = t == null ? "" : t.keyData();
        String caData = t == null ? "" : t.caData();
        boolean hasCA = !caFile.isEmpty() || !caData.isEmpty();
        if (config.enableHTTPS() && !hasCA) {
            insecure = true;
        }
        boolean hasCertAuth = (!certData.isEmpty() || !certFile.isEmpty()) && (!keyData.isEmpty() || !keyFile.isEmpty());
        if (hasCA && insecure) {
            throw new TlsSetupException("specifying a root certificates file with the insecure flag is not allowed");
        }
        byte[] ca = dataOrFile(caData, caFile);
        boolean reloadFromFiles = !certFile.isEmpty() && certData.isEmpty() && !keyFile.isEmpty() && keyData.isEmpty();
        byte[] cert = dataOrFile(certData, certFile);
        byte[] key = dataOrFile(keyData, keyFile);

        X509TrustManager roots;
        if (insecure) {
            roots = null;
        } else if (hasCA) {
            roots = trustManager(Pem.rootCertificates(ca));
        } else {
            roots = trustManager(null);
        }
        Pem.KeyPair clientCert = null;
        String deferred = null;
        if (hasCertAuth) {
            try {
                clientCert = Pem.keyPair(cert, key);
            } catch (TlsSetupException e) {
                // Files are read again at each handshake upstream, so a bad pair only fails the requests.
                if (!reloadFromFiles) {
                    throw e;
                }
                deferred = e.getMessage();
            }
        }
        String verifyName = serverName.isEmpty() ? urlHost : serverName;
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(clientCert == null ? null : new X509ExtendedKeyManager[] {new FixedKeyManager(clientCert)},
                    new TrustManager[] {new GoTrustManager(roots, verifyName)}, null);
            SSLParameters params = ctx.getDefaultSSLParameters();
            params.setProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
            if (!serverName.isEmpty() && !isIp(serverName)) {
                params.setServerNames(List.of(new SNIHostName(serverName)));
            }
            return new Client(ctx, params, deferred);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new TlsSetupException(e.getMessage());
        }
    }

    /** client-go's dataFromSliceOrFile, with Go's os.ReadFile error texts. */
    private static byte[] dataOrFile(String data, String file) throws TlsSetupException {
        if (!data.isEmpty()) {
            return data.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        if (file.isEmpty()) {
            return new byte[0];
        }
        Path p = Path.of(file);
        try {
            if (Files.isDirectory(p)) {
                throw new TlsSetupException("read " + file + ": is a directory");
            }
            return Files.readAllBytes(p);
        } catch (NoSuchFileException e) {
            throw new TlsSetupException("open " + file + ": no such file or directory");
        } catch (AccessDeniedException e) {
            throw new TlsSetupException("open " + file + ": permission denied");
        } catch (IOException e) {
            throw new TlsSetupException("open " + file + ": " + e.getMessage());
        }
    }

    private static X509TrustManager trustManager(List<X509Certificate> roots) throws TlsSetupException {
        try {
            KeyStore ks = null;
            if (roots != null) {
                ks = KeyStore.getInstance(KeyStore.getDefaultType());
                ks.load(null, null);
                for (int i = 0; i < roots.size(); i++) {
                    ks.setCertificateEntry("ca-" + i, roots.get(i));
                }
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(ks);
            for (TrustManager tm : tmf.getTrustManagers()) {
                if (tm instanceof X509TrustManager x) {
                    return x;
                }
            }
            throw new TlsSetupException("no X.509 trust manager available");
        } catch (GeneralSecurityException | IOException e) {
            throw new TlsSetupException(e.getMessage());
        }
    }

    static boolean isIp(String host) {
        return host.matches("[0-9.]+") || host.contains(":");
    }

    /**
     * Chain validation against the roots (none when insecure), then Go's host name check (crypto/x509
     * VerifyHostname: SANs only, an IP against IP SANs).
     */
    static final class GoTrustManager extends X509ExtendedTrustManager {
        private final X509TrustManager roots;
        private final String host;

        GoTrustManager(X509TrustManager roots, String host) {
            this.roots = roots;
            this.host = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            if (roots == null) {
                return;
            }
            try {
                roots.checkServerTrusted(chain, authType);
            } catch (CertificateException e) {
                throw new GoVerifyError(chainError(chain, e));
            }
            verifyHostname(chain[0], host);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            checkServerTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            checkServerTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("client side only");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            throw new CertificateException("client side only");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            throw new CertificateException("client side only");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return roots == null ? new X509Certificate[0] : roots.getAcceptedIssuers();
        }
    }

    private static String chainError(X509Certificate[] chain, CertificateException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CertificateExpiredException || t instanceof CertificateNotYetValidException) {
                return "x509: certificate has expired or is not yet valid: " + t.getMessage();
            }
        }
        for (X509Certificate c : chain) {
            try {
                c.checkValidity();
            } catch (CertificateExpiredException | CertificateNotYetValidException ex) {
                return "x509: certificate has expired or is not yet valid: " + ex.getMessage();
            }
        }
        return "x509: certificate signed by unknown authority";
    }

    /** Go's VerifyHostname and HostnameError texts. */
    static void verifyHostname(X509Certificate cert, String host) throws GoVerifyError {
        List<String> dns = new ArrayList<>();
        List<String> ips = new ArrayList<>();
        try {
            if (cert.getSubjectAlternativeNames() != null) {
                for (List<?> san : cert.getSubjectAlternativeNames()) {
                    int type = (Integer) san.get(0);
                    if (type == 2) {
                        dns.add((String) san.get(1));
                    } else if (type == 7) {
                        ips.add(normalizeIp((String) san.get(1)));
                    }
                }
            }
        } catch (CertificateParsingException e) {
            throw new GoVerifyError("x509: " + e.getMessage());
        }
        if (isIp(host)) {
            String want = normalizeIp(host);
            if (ips.contains(want)) {
                return;
            }
            if (ips.isEmpty()) {
                throw new GoVerifyError("x509: cannot validate certificate for " + host + " because it doesn't contain any IP SANs");
            }
            throw new GoVerifyError("x509: certificate is valid for " + String.join(", ", ips) + ", not " + host);
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        for (String name : dns) {
            if (matchHostname(name.toLowerCase(Locale.ROOT), h)) {
                return;
            }
        }
        if (dns.isEmpty()) {
            throw new GoVerifyError("x509: certificate is not valid for any names, but wanted to match " + host);
        }
        throw new GoVerifyError("x509: certificate is valid for " + String.join(", ", dns) + ", not " + host);
    }

    private static boolean matchHostname(String pattern, String host) {
        if (pattern.endsWith(".")) {
            pattern = pattern.substring(0, pattern.length() - 1);
        }
        String[] p = pattern.split("\\.", -1);
        String[] h = host.split("\\.", -1);
        if (p.length != h.length) {
            return false;
        }
        for (int i = 0; i < p.length; i++) {
            if (i == 0 && p[i].equals("*")) {
                continue;
            }
            if (!p[i].equals(h[i])) {
                return false;
            }
        }
        return true;
    }

    private static String normalizeIp(String ip) {
        try {
            return InetAddress.getByName(ip).getHostAddress();
        } catch (IOException e) {
            return ip;
        }
    }

    /** Always presents the configured certificate, as Go does (the JDK would pick by the server's CA list). */
    static final class FixedKeyManager extends X509ExtendedKeyManager {
        private static final String ALIAS = "client";
        private final Pem.KeyPair pair;

        FixedKeyManager(Pem.KeyPair pair) {
            this.pair = pair;
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return new String[] {ALIAS};
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return ALIAS;
        }

        @Override
        public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
            return ALIAS;
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return null;
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return null;
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return pair.chain().toArray(new X509Certificate[0]);
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return pair.key();
        }
    }
}

package io.kubewhatif.extender.http;

/** An extender's TLS settings cannot be used; the message is client-go's (kube-scheduler then refuses to start). */
public final class TlsSetupException extends Exception {
    public TlsSetupException(String message) {
        super(message);
    }
}

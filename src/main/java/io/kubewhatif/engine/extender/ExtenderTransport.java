package io.kubewhatif.engine.extender;

/**
 * Delivers one extender request (the HTTPExtender's send, without the JSON): POST the body to
 * {@code urlPrefix + "/" + verb} and return the body of a 200 response. Implementations do the I/O; the engine does not.
 */
public interface ExtenderTransport {
    /**
     * @throws ExtenderException with Go's message: the transport error ({@code Post "URL": …}) or
     *                           {@code failed VERB with extender at URL URL, code N} for any status but 200
     */
    byte[] post(String verb, byte[] json) throws ExtenderException;
}

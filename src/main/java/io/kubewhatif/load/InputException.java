package io.kubewhatif.load;

/** Bad user input: the message is one line naming file, document, object and field. */
public final class InputException extends Exception {
    public InputException(String message) {
        super(message);
    }

    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}

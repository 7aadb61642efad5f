package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.node.TextNode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JSON documents decoded straight from the parser, without the intermediate tree: the fast path of the bulk kinds of a
 * large cluster file. It is taken only where it provably gives what the tree gives: the parser is watched for
 * everything the tree path treats in its own way (duplicate keys, which it warns about; floats, whose text it keeps;
 * {@code -0}, which it reads as {@code 0}; null list items, which it refuses), and the decoder declines anything else
 * it would not decode the same (other kinds, unknown fields, any error). Declining sends the whole piece of input to
 * the tree path, whose messages are the only ones the user sees.
 */
final class StreamedJson {
    private StreamedJson() {
    }

    /** What a document decoded straight from its parser gave: what its skeleton needs, and the decoder's result. */
    record Decoded<T>(String apiVersion, String kind, String name, T value) {
    }

    /** Decodes one document, the parser standing on its START_OBJECT; null declines. */
    interface Direct<T> {
        Decoded<T> decode(Watch p) throws IOException;
    }

    /** A piece decoded: its documents (as the tree path would number them, from 1) and their results. */
    record Piece<T>(List<Decoded<T>> decoded, int documents) {
    }

    /**
     * Decodes every document of bytes [from, to) with {@code direct}, or returns null when any document declines or
     * anything looks different from what the tree path expects (then nothing of the piece is used).
     */
    static <T> Piece<T> decode(JsonFactory factory, byte[] bytes, int from, int to, Map<String, TextNode> texts, Direct<T> direct) {
        List<Decoded<T>> out = new ArrayList<>();
        int documents = 0;
        try (JsonParser raw = factory.createParser(bytes, from, to - from)) {
            raw.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            Watch p = new Watch(raw, texts);
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                documents++;
                if (t != JsonToken.START_OBJECT) {
                    return null;
                }
                p.startDocument();
                Decoded<T> d = direct.decode(p);
                // Back at the root: the document's object was read to its end (the binding clears the current token).
                if (d == null || p.declined || !p.getParsingContext().inRoot()) {
                    return null;
                }
                out.add(d);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return documents == 0 ? null : new Piece<>(out, documents);
    }

    /** Thrown by the watch to stop at the first thing the tree path would read differently. */
    private static final class Declined extends IOException {
        private static final long serialVersionUID = 1L;

        Declined() {
            super("declined", null);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /**
     * The parser the decoder reads, watched: every token passes through {@link #nextToken}, so nothing the tree path
     * would refuse or read differently goes by unseen; short texts are shared as the tree path shares them; and the
     * value tokens of the few fields the decoder checks on the tree are kept.
     */
    static final class Watch extends JsonParserDelegate {
        private final Map<String, TextNode> texts;
        boolean declined;
        /** The first value token of metadata, metadata.name and status.allocatable in the current document. */
        JsonToken metadata;
        JsonToken metadataName;
        JsonToken statusAllocatable;

        Watch(JsonParser d, Map<String, TextNode> texts) {
            super(d);
            this.texts = texts;
        }

        void startDocument() {
            metadata = null;
            metadataName = null;
            statusAllocatable = null;
        }

        private IOException decline() {
            declined = true;
            return new Declined();
        }

        @Override
        public JsonToken nextToken() throws IOException {
            JsonToken t = delegate.nextToken();
            if (t == null) {
                return null;
            }
            switch (t) {
                case VALUE_NULL:
                    if (delegate.getParsingContext().inArray()) {
                        throw decline();
                    }
                    break;
                case VALUE_NUMBER_FLOAT:
                    throw decline();
                case VALUE_NUMBER_INT:
                    if (delegate.getTextLength() == 2 && "-0".equals(delegate.getText())) {
                        throw decline();
                    }
                    break;
                case VALUE_EMBEDDED_OBJECT:
                    throw decline();
                default:
                    break;
            }
            if (t != JsonToken.FIELD_NAME && t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY) {
                note(t);
            }
            return t;
        }

        /** Keeps the value token of the fields the decoder asks about (depth 1 and 2 of the document only). */
        private void note(JsonToken value) {
            var ctx = delegate.getParsingContext();
            if (value.isStructStart()) {
                ctx = ctx.getParent();
            }
            if (ctx == null || !ctx.inObject()) {
                return;
            }
            var parent = ctx.getParent();
            if (parent == null) {
                return;
            }
            String name = ctx.getCurrentName();
            if (parent.inRoot()) {
                if ("metadata".equals(name) && metadata == null) {
                    metadata = value;
                }
                return;
            }
            var grand = parent.getParent();
            if (grand == null || !grand.inRoot() || !parent.inObject()) {
                return;
            }
            String outer = parent.getCurrentName();
            if ("metadata".equals(outer) && "name".equals(name) && metadataName == null) {
                metadataName = value;
            } else if ("status".equals(outer) && "allocatable".equals(name) && statusAllocatable == null) {
                statusAllocatable = value;
            }
        }

        @Override
        public JsonToken nextValue() throws IOException {
            JsonToken t = nextToken();
            return t == JsonToken.FIELD_NAME ? nextToken() : t;
        }

        /** Skipped values are walked token by token: a null list item in them must still be seen. */
        @Override
        public JsonParser skipChildren() throws IOException {
            JsonToken t = currentToken();
            if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
                return this;
            }
            int open = 1;
            while (open > 0) {
                JsonToken n = nextToken();
                if (n == null) {
                    return this;
                }
                if (n.isStructStart()) {
                    open++;
                } else if (n.isStructEnd()) {
                    open--;
                }
            }
            return this;
        }

        @Override
        public String getText() throws IOException {
            if (delegate.currentToken() != JsonToken.VALUE_STRING) {
                return delegate.getText();
            }
            String s = delegate.getText();
            return ownNameOrUid() ? s : TreeBuilder.shared(texts, s);
        }

        /**
         * Whether the current value is the document's own metadata.name or metadata.uid: unique to the object, so
         * sharing it would only cost a lookup and grow the shared texts.
         */
        private boolean ownNameOrUid() {
            var ctx = delegate.getParsingContext();
            String field = ctx.getCurrentName();
            if (!"name".equals(field) && !"uid".equals(field)) {
                return false;
            }
            var doc = ctx.getParent();
            return doc != null && doc.getParent() != null && doc.getParent().inRoot() && "metadata".equals(doc.getCurrentName());
        }

        @Override
        public String getValueAsString() throws IOException {
            return delegate.currentToken() == JsonToken.VALUE_STRING ? getText() : delegate.getValueAsString();
        }

        @Override
        public String getValueAsString(String defaultValue) throws IOException {
            return delegate.currentToken() == JsonToken.VALUE_STRING ? getText() : delegate.getValueAsString(defaultValue);
        }
    }
}

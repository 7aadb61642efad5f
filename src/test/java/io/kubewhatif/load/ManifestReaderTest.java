package io.kubewhatif.load;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reader's limits and its YAML reading (aliases, merge keys, encodings) beyond what the corpus shows. */
class ManifestReaderTest {
    static List<Document> parse(String yaml) throws InputException {
        return new ManifestReader(InputStream.nullInputStream()).parse("in.yaml", yaml.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void endlessStdinStopsAtTheLimit() {
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return 'a';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'a');
                return len;
            }
        };
        ManifestReader r = new ManifestReader(endless, 8L << 20);
        InputException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertThrows(InputException.class, () -> r.read(List.of("-"))));
        assertEquals("<stdin>: input is over the limit of 8 MiB; raise it with --max-input-size", e.getMessage());
    }

    @Test
    void oneDocumentLargerThanSnakeYamlsDefaultCodePointLimitIsRead() throws Exception {
        // SnakeYAML refuses documents over 3 MB by default; a snapshot is one big List document.
        StringBuilder sb = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
        int n = 0;
        while (sb.length() < 5 * 1024 * 1024) {
            sb.append("- {apiVersion: v1, kind: Node, metadata: {name: node-").append(n++)
                    .append(", labels: {kubernetes.io/hostname: node-x, topology.kubernetes.io/zone: zone-1}}, status: {capacity: {cpu: '4', memory: 8Gi, pods: '110'}}}\n");
        }
        assertEquals(n, parse(sb.toString()).size());
    }

    @Test
    void theSizeLimitAlsoHoldsForBytesHandedInDirectly() {
        ManifestReader r = new ManifestReader(InputStream.nullInputStream(), 100);
        InputException e = assertThrows(InputException.class, () -> r.parse("big.yaml", new byte[101]));
        assertEquals("big.yaml: input is over the limit of 100 B; raise it with --max-input-size", e.getMessage());
    }

    @Test
    void aliasesMergeKeysAndOverridesReadAsGoYamlReadsThem() throws Exception {
        Document d = parse("""
                apiVersion: v1
                kind: Node
                metadata:
                  name: n
                  labels:
                    <<: [&base {a: "1", b: "2"}, {b: "3", c: "4"}]
                    a: override
                  annotations: *base
                """).get(0);
        JsonNode labels = d.tree().path("metadata").path("labels");
        assertEquals("override", labels.path("a").asText(), "explicit keys win over merged ones");
        assertEquals("2", labels.path("b").asText(), "earlier merge sources win over later ones");
        assertEquals("4", labels.path("c").asText());
        assertEquals("2", d.tree().path("metadata").path("annotations").path("b").asText());
    }

    @Test
    void moderateAliasingIsFineButABombIsNot() throws Exception {
        StringBuilder ok = new StringBuilder("apiVersion: v1\nkind: Node\nmetadata: {name: n}\nx:\n  base: &r {cpu: '1', memory: 1Gi}\n");
        for (int i = 0; i < 200; i++) {
            ok.append("  k").append(i).append(": *r\n");
        }
        assertEquals(1, parse(ok.toString()).size());
        StringBuilder bomb = new StringBuilder("apiVersion: v1\nkind: Node\nmetadata: {name: n}\nx:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        String prev = "a";
        for (String n : List.of("b", "c", "d", "e", "f", "g")) {
            bomb.append("  ").append(n).append(": &").append(n).append(" [").append(String.join(", ", java.util.Collections.nCopies(10, "*" + prev))).append("]\n");
            prev = n;
        }
        InputException e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(InputException.class, () -> parse(bomb.toString())));
        assertTrue(e.getMessage().endsWith(": document contains excessive aliasing"), e.getMessage());
    }

    @Test
    void floatsKeepTheirSpellingSoQuantitiesDoToo() throws Exception {
        Document d = parse("apiVersion: v1\nkind: Node\nmetadata: {name: n}\nstatus: {capacity: {cpu: 1.50, memory: 1e3}}\n").get(0);
        assertEquals("1.50", d.tree().path("status").path("capacity").path("cpu").asText());
        assertEquals("1e3", d.tree().path("status").path("capacity").path("memory").asText());
    }

    @Test
    void utf16WithAByteOrderMarkIsDecoded() throws Exception {
        String text = "apiVersion: v1\nkind: Node\nmetadata: {name: é}\n";
        byte[] le = text.getBytes(StandardCharsets.UTF_16LE);
        byte[] withBom = new byte[le.length + 2];
        withBom[0] = (byte) 0xFF;
        withBom[1] = (byte) 0xFE;
        System.arraycopy(le, 0, withBom, 2, le.length);
        Document d = new ManifestReader(InputStream.nullInputStream()).parse("w.yaml", withBom).get(0);
        assertEquals("é", d.name());
        byte[] be = ("\uFEFF" + text).getBytes(StandardCharsets.UTF_16BE);
        assertEquals("é", new ManifestReader(InputStream.nullInputStream()).parse("w.yaml", be).get(0).name());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "ascii,        61 62 63,          -1",
        "two bytes,    c3 a9,             -1",
        "three bytes,  e2 82 ac,          -1",
        "four bytes,   f0 9f 98 80,       -1",
        "lone continuation, 61 80,        1",
        "overlong,     c0 af,             0",
        "surrogate,    ed a0 80,          0",
        "truncated,    61 e2 82,          1",
        "beyond U+10FFFF, f4 90 80 80,    0",
        "bad follower, e2 28 a1,          0",
    })
    void utf8IsCheckedByteByByte(String name, String hex, int firstBad) {
        String[] parts = hex.trim().split("\\s+");
        byte[] b = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            b[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        assertEquals(firstBad, InputEncoding.firstInvalidUtf8(b), name);
    }

    @Test
    void readingStdinTwiceIsAnError() throws Exception {
        ManifestReader r = new ManifestReader(new ByteArrayInputStream("apiVersion: v1\nkind: Node\nmetadata: {name: n}\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, r.read(List.of("-")).size());
        InputException e = assertThrows(InputException.class, () -> r.read(List.of("-")));
        assertEquals("-: stdin can be read only once; give '-' to one option only", e.getMessage());
    }
}

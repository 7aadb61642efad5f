package io.kubewhatif.render.html;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The page's compact encodings are lossless and pick the shortest form. */
class CompactTest {
    static List<Long> roundTrip(List<Long> values) {
        JsonNode encoded = HtmlReports.JSON.valueToTree(Compact.ints(values));
        List<Long> out = new ArrayList<>();
        HtmlReports.ints(encoded).forEach(v -> out.add(v.asLong()));
        return out;
    }

    @Test
    void integerListsComeBackAsTheyWere() {
        Random random = new Random(7);
        List<List<Long>> lists = List.of(List.of(), List.of(5L), List.of(-1L, -1L, 0L, -1L, 2L),
                LongStream.range(0, 1000).boxed().toList(),
                LongStream.range(0, 1000).map(i -> i < 500 ? 300 : 150).boxed().toList(),
                random.longs(1000, 0, 12).boxed().toList(),
                random.longs(1000, 0, 100_000).boxed().toList(),
                random.longs(1000, -3, 70).boxed().toList());
        for (List<Long> l : lists) {
            assertEquals(l, roundTrip(l));
        }
    }

    @Test
    void theShortestFormIsChosen() {
        assertEquals(Map.of("runs", List.of(2578L, 515L, 1L)), Compact.ints(LongStream.range(2578, 3093).boxed().toList()));
        List<Long> fewValues = new Random(1).longs(500, 0, 3).map(v -> v * 150).boxed().toList();
        Object dict = Compact.ints(fewValues);
        assertTrue(dict instanceof Map<?, ?> m && m.containsKey("codes") && ((String) m.get("codes")).length() == 500, String.valueOf(dict));
        List<Long> wide = new Random(2).longs(500, 0, 1_000_000).boxed().toList();
        assertEquals(wide, Compact.ints(wide));
    }

    @Test
    void matrixRowsAsDistinctPatterns() {
        Map<String, Object> m = Compact.rows("PPFPPFRPS", 3, 3);
        assertEquals(List.of("PPF", "RPS"), m.get("patterns"));
        assertEquals(List.of(0, 0, 1), m.get("rowPattern"));
    }
}

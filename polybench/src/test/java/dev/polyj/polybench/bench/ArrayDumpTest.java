package dev.polyj.polybench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ArrayDumpTest {

  @Provide
  Arbitrary<Map<String, double[]>> dumps() {
    Arbitrary<double[]> values = Arbitraries.doubles().between(-1e6, 1e6)
        .array(double[].class).ofMinSize(1).ofMaxSize(65);
    Arbitrary<String> names = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1)
        .ofMaxLength(3).map(s -> s + "1");
    return Arbitraries.maps(names, values).ofMinSize(1).ofMaxSize(4).map(LinkedHashMap::new);
  }

  /**
   * Both harness formats (and PolyBench's with the first value glued to the name) parse back to
   * the printed values, arrays in dump order.
   */
  @Property(tries = 200)
  void bothFormatsParseToThePrintedValues(@ForAll("dumps") Map<String, double[]> arrays)
      throws Exception {
    for (String text : List.of(Dumps.polyj(arrays), Dumps.polybench(arrays),
        Dumps.polybenchNewlineAfter(arrays))) {
      ArrayDump dump = ArrayDump.parse(text);
      assertEquals(List.copyOf(arrays.keySet()), dump.names());
      for (DumpedArray a : dump.arrays()) {
        double[] expected = arrays.get(a.name());
        assertEquals(expected.length, a.size(), a.name());
        assertEquals(2, a.decimals());
        for (int i = 0; i < expected.length; i++) {
          assertEquals(Dumps.printed(expected[i]), a.value(i), a.name() + "[" + i + "]");
        }
      }
    }
  }

  @Test
  void specialValuesAndIntegerDumps() throws Exception {
    ArrayDump d = ArrayDump.parse("begin dump: t\nnan -nan inf -inf 3 -4 \nend   dump: t\n");
    DumpedArray t = d.arrays().get(0);
    assertTrue(Double.isNaN(t.value(0)));
    assertTrue(Double.isNaN(t.value(1)));
    assertEquals(Double.POSITIVE_INFINITY, t.value(2));
    assertEquals(Double.NEGATIVE_INFINITY, t.value(3));
    assertEquals(-4, t.value(5));
    assertEquals(0, t.decimals());
    assertEquals(1.0, t.quantum());
  }

  @Test
  void aFirstValueStuckToTheNameIsTheArraysFirstValue() throws Exception {
    // PolyBench/C 4.2.1's trisolv prints x[0] right after the begin marker, its newline after it
    ArrayDump d = ArrayDump.parse("==BEGIN DUMP_ARRAYS==\nbegin dump: x0.50 \n0.25 -1.00 \nend   dump: x\n"
        + "==END   DUMP_ARRAYS==\n");
    DumpedArray x = d.arrays().get(0);
    assertEquals("x", x.name());
    assertEquals(3, x.size());
    assertEquals(0.5, x.value(0));
    assertEquals(0.25, x.value(1));
    assertEquals(-1.0, x.value(2));
    assertEquals(2, x.decimals());
  }

  @Test
  void malformedDumpsAreRejectedWithAReason() {
    assertMalformed("", "no array");
    assertMalformed("==BEGIN DUMP_ARRAYS==\n==END   DUMP_ARRAYS==\n", "no array");
    assertMalformed("begin dump: x\n1.00 2.00 \n", "no 'end");
    assertMalformed("begin dump: x\n1.00 \nend   dump: y\n", "ends with");
    assertMalformed("begin dump: xy\n1.00 \nend   dump: x\n", "ends with");
    assertMalformed("begin dump: x\nend   dump: x\n", "no values");
    assertMalformed("begin dump: x\n1.00 oops \nend   dump: x\n", "x[1]");
    assertMalformed("begin dump: x\n1.00 \nend   dump: x\nbegin dump: x\n2.00 \nend   dump: x\n",
        "twice");
    assertMalformed("Segmentation fault\n", "expected 'begin dump");
    assertMalformed("begin dump: x\n1.00 \nend   dump: x\nwarning: something\n",
        "expected 'begin dump");
    assertMalformed("begin dump: x\n0x1p3 \nend   dump: x\n", "not a number");
    assertMalformed("==BEGIN\n", "marker");
  }

  private static void assertMalformed(String text, String fragment) {
    MalformedDumpException e =
        assertThrows(MalformedDumpException.class, () -> ArrayDump.parse(text), text);
    assertTrue(e.getMessage().contains(fragment), e.getMessage() + " lacks " + fragment);
  }
}

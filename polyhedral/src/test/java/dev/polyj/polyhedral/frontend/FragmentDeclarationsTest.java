package dev.polyj.polyhedral.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A bare fragment reads as the same program with its declarations written out: the declarations
 * inferred from uses (iterators and parameters int, arrays and other scalars double) give the
 * same parameters, domains, accesses and schedule as the twin program that declares them in a
 * function.
 */
class FragmentDeclarationsTest {
  private static final String DECLARED = """
      double V[64][64], W[64][64];
      double w, acc;
      void kernel(int T, int lo, int N, int M) {
        int t, x;
      #pragma scop
      %s
      #pragma endscop
      }
      """;

  private static Scop only(List<RegionResult> results) {
    assertEquals(1, results.size());
    RegionResult r = results.get(0);
    assertTrue(r.accepted(), () -> "rejected: " + r.rejections());
    return r.scop();
  }

  @Test
  void inferredDeclarationsMatchWrittenOnes() throws IOException {
    String fragment = ExtractionOracleTest.resource("fragment.c");
    String region = fragment.substring(fragment.indexOf("#pragma scop") + "#pragma scop".length(),
        fragment.indexOf("#pragma endscop"));
    List<RegionResult> bare = CFrontEnd.extract(fragment, "fragment.c");
    assertNull(bare.get(0).functionName());
    Scop implicit = only(bare);
    Scop declared = only(CFrontEnd.extract(DECLARED.formatted(region), "declared.c"));
    assertEquals(declared.params(), implicit.params());
    assertEquals(declared.statements().size(), implicit.statements().size());
    for (int k = 0; k < declared.statements().size(); k++) {
      Statement d = declared.statements().get(k);
      Statement i = implicit.statements().get(k);
      assertTrue(d.domain().isEqual(i.domain()), () -> d.domain() + " vs " + i.domain());
      assertEquals(d.accesses().size(), i.accesses().size());
      for (int a = 0; a < d.accesses().size(); a++) {
        Access da = d.accesses().get(a);
        Access ia = i.accesses().get(a);
        assertEquals(da.kind(), ia.kind());
        assertEquals(da.array(), ia.array());
        assertTrue(da.relation().isEqual(ia.relation()), () -> da.relation() + " vs " + ia.relation());
      }
    }
    assertEquals(declared.scheduleMap(), implicit.scheduleMap());
    for (var a : implicit.arrays()) {
      assertEquals(declared.array(a.name()).elementType(), a.elementType());
      assertEquals(declared.array(a.name()).rank(), a.rank());
    }
  }

  /** Statements outside the region (set-up code around a fragment) are read but not extracted. */
  @Test
  void codeAroundTheRegionIsNotPartOfIt() {
    String text = "for (i = 0; i < N; i++) A[i] = 0;\n#pragma scop\nfor (i = 1; i < N; i++) A[i] = A[i - 1] + s;\n"
        + "#pragma endscop\ns = A[0];\n";
    Scop scop = only(CFrontEnd.extract(text, "around.c"));
    assertEquals(1, scop.statements().size());
    assertEquals(List.of("N"), scop.params());
  }

  /** A fragment that is not C is rejected with a position, not an exception of the parser's own. */
  @Test
  void pseudoCodeIsASourceError() {
    CSourceException e = org.junit.jupiter.api.Assertions.assertThrows(CSourceException.class,
        () -> CFrontEnd.extract("constant n;\n\nfor (i = 0; i < n; i++)\n  a[i] = 0;\n", "pseudo.c"));
    assertTrue(e.getMessage().startsWith("pseudo.c:1:10: "), e.getMessage());
  }
}

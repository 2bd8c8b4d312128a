package dev.polyj.polyhedral.flow;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.UnionRelation;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The dependences through one array read off the whole region's analysis ({@link
 * ArrayDependences#onArray}) are, as sets, those of a separate analysis of that array's accesses
 * alone, for every array of a few PolyBench kernels (scalars, several arrays per statement) and of
 * a region with strided loops and residue conditions; their union is the region's dependences.
 */
class ArrayDependencesTest {
  @Test
  void polybenchKernels() throws IOException {
    Assumptions.assumeTrue(Files.isDirectory(PolybenchFlowTest.SUITE), "the suite sources");
    for (String k : List.of("durbin", "trisolv", "gemver")) {
      for (Scop scop : PolybenchFlowTest.extract(k)) check(k, scop);
    }
  }

  @Test
  void stridedRegionWithResidues() {
    String c = """
        double A[100], B[100][100];
        double s;
        void kernel(int n) {
        #pragma scop
          for (int i = 0; i < n; i += 2) {
            s = A[i];
            for (int j = i; j < n; j += 3) {
              if (j % 2 == 0) B[i][j] = s + B[i][j - 1];
              s = s + B[j][i];
            }
            A[i + 1] = s;
          }
        #pragma endscop
        }
        """;
    int n = 0;
    for (RegionResult r : CFrontEnd.extract(c, "t.c")) {
      if (!r.accepted()) continue;
      check("strided", r.scop());
      n++;
    }
    assertTrue(n > 0, "the region is accepted");
  }

  private static void check(String name, Scop scop) {
    ArrayDependences whole = ArrayDependences.compute(scop.reads(), scop.mayWrites(), scop.scheduleMap());
    List<UnionRelation> flows = new ArrayList<>();
    boolean some = false;
    for (ArrayInfo a : scop.arrays()) {
      UnionRelation reads = Scop.onArray(scop.reads(), a.name());
      UnionRelation writes = Scop.onArray(scop.mayWrites(), a.name());
      Dependences alone = Dependences.compute(reads, writes, scop.scheduleMap());
      Dependences read = whole.onArray(a.name());
      String where = name + ", array " + a.name();
      assertTrue(alone.flow().isEqual(read.flow()), () -> where + " flow: " + alone.flow() + " vs " + read.flow());
      assertTrue(alone.anti().isEqual(read.anti()), () -> where + " anti: " + alone.anti() + " vs " + read.anti());
      assertTrue(alone.output().isEqual(read.output()), () -> where + " output: " + alone.output() + " vs " + read.output());
      some |= !alone.all().isEmpty();
      flows.add(read.all());
    }
    assertTrue(some, name + ": some dependence");
    UnionRelation union = flows.stream().reduce(UnionRelation::union).orElseThrow();
    assertTrue(union.isEqual(whole.all().all()), name + ": the union over the arrays is every dependence");
    assertFalse(whole.all().all().isEmpty());
  }
}

package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixed-seed batch of random programs of the default test run: each program goes through the
 * defaults, changed sizes and two more configurations in rotation ({@link Configurations#rotation}),
 * compiled with OpenMP and run on two threads. A failure prints the reduced program. Larger campaigns:
 * {@link FuzzCampaignTest}.
 */
class FuzzBatchTest {
  /** Programs in the default run (measured to stay within about 90 s on two cores). */
  static final int COUNT = Integer.getInteger("fuzz.batch", 40);
  static final long SEED = 20261127L;

  @Test
  void randomProgramsComputeWhatTheOriginalsCompute(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    // built with -fopenmp only (two threads): the sequential builds are the campaign's
    FuzzRunner.Report r = FuzzRunner.run(SEED, COUNT, Configurations::rotation, work, new boolean[] {true}, 60,
        System.out);
    System.out.println("fuzz batch: " + r);
    assertTrue(r.unusable() <= COUNT / 20, "too many unusable programs (a generator bug): " + r);
    assertTrue(r.clean(), r + "\nreduced programs: " + r.reproducers());
    // a region the optimizer gives up on is correct but hides an internal error (none in this batch)
    assertTrue(r.leftUnchanged() == 0, "regions left unchanged (internal errors caught by the optimizer): " + r);
  }
}

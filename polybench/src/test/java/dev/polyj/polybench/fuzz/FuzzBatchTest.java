package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixed-seed batch of random programs of the default test run: many small programs (at most
 * {@link ProgramGenerator#SMALL_STATEMENTS} statements), each through one configuration ({@link
 * Configurations#light}: the defaults, the changed sizes, or one of the others in turn), compiled
 * with OpenMP and run on two threads. A failure prints the reduced program; an optimization past
 * the time limit (60 s of CPU) is a failure too. Larger programs through every configuration:
 * {@link FuzzCampaignTest}.
 */
class FuzzBatchTest {
  /** Programs in the default run (measured to stay within about 90 s on two cores). */
  static final int COUNT = Integer.getInteger("fuzz.batch", 240);
  static final long SEED = 20261127L;

  @Test
  void randomProgramsComputeWhatTheOriginalsCompute(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    // built with -fopenmp only (two threads): the sequential builds are the campaign's
    FuzzRunner.Report r = FuzzRunner.run(SEED, COUNT, ProgramGenerator.SMALL_STATEMENTS, Configurations::light, work,
        new boolean[] {true}, 60, System.out);
    System.out.println("fuzz batch: " + r);
    assertTrue(r.unusable() <= COUNT / 20, "too many unusable programs (a generator bug): " + r);
    assertTrue(r.clean(), r + "\nreduced programs: " + r.reproducers());
    // a region the optimizer gives up on is correct but hides an internal error (none in this batch)
    assertTrue(r.leftUnchanged() == 0, "regions left unchanged (internal errors caught by the optimizer): " + r);
  }
}

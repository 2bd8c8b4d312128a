package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A campaign of random programs through every configuration ({@link Configurations#all}), run only
 * when asked: {@code mvn -o -Pfuzz -pl polybench -am test -Dfuzz.count=5000 -Dfuzz.seed=12345}
 * (seed: the current time when absent; {@code -Dfuzz.openmp=false} skips the OpenMP builds).
 * Reduced failing programs go to {@code polybench/target/fuzz/reduced/}.
 */
class FuzzCampaignTest {
  @Test
  void campaign() throws Exception {
    String count = System.getProperty("fuzz.count");
    Assumptions.assumeTrue(count != null && !count.isBlank(), "no fuzz.count: the campaign runs with -Pfuzz");
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    String seedText = System.getProperty("fuzz.seed", "");
    long seed = seedText.isBlank() ? System.currentTimeMillis() : Long.parseLong(seedText.trim());
    Path work = Path.of("target", "fuzz");
    Files.createDirectories(work);
    System.out.println("fuzz campaign: seed " + seed + ", " + count + " programs");
    boolean openmp = !System.getProperty("fuzz.openmp", "true").equals("false");
    FuzzRunner.Report r = FuzzRunner.run(seed, Integer.parseInt(count.trim()), k -> Configurations.all(), work,
        openmp ? new boolean[] {false, true} : new boolean[] {false}, 150, System.out);
    System.out.println("fuzz campaign (seed " + seed + "): " + r);
    assertTrue(r.clean(), r + "\nreduced programs: " + r.reproducers());
  }
}

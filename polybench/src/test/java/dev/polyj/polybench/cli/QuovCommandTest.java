package dev.polyj.polybench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code optimize --storage quov}: the pass turned on, its note per array, bad values refused. */
class QuovCommandTest {
  @TempDir Path dir;

  private Path jacobi() throws IOException {
    Path p = dir.resolve("jacobi1d.c");
    try (InputStream in = QuovCommandTest.class.getResourceAsStream("/quov/jacobi1d.c")) {
      Files.writeString(p, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
    return p;
  }

  @Test
  void storageQuovContractsAndNotesEachArray() throws IOException {
    Path f = jacobi();
    MainTest.Run r = MainTest.run("", "optimize", "--storage", "quov", "--tile", "param", f.toString());
    assertEquals(0, r.code(), r.err());
    // original size, the statements' arrays with their sizes (counted), the QUOV used
    assertTrue(r.err().contains("quov: A ((T + 1) * (N) elements) -> A_S0[N]"), r.err());
    assertTrue(r.err().contains("A_S2[2, N - 2]") && r.err().contains("QUOV [2, 2]"), r.err());
    assertTrue(r.err().contains("the contracted storage runs when"), r.err());
    // the contracted code under the guard, the original code (with its full array) otherwise
    String code = r.out();
    int guard = code.indexOf("} else {");
    assertTrue(guard > 0 && code.indexOf("A_S2") < guard && code.indexOf("double A[T + 1][N];") > guard, code);
    MainTest.Run off = MainTest.run("", "optimize", "--tile", "param", f.toString());
    assertFalse(off.err().contains("quov:"), off.err());
  }

  @Test
  void unknownStorageExitsWith2() throws IOException {
    MainTest.Run r = MainTest.run("", "optimize", "--storage", "uov", jacobi().toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--storage"), r.err());
  }
}

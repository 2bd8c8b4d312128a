package dev.polyj.polybench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.polyj.polybench.suite.EmbeddedSuite;
import dev.polyj.polybench.suite.Kernel;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The generated C of the built-in PolyBench kernels is byte-identical to the golden output: the
 * SHA-256 of {@code polyj optimize}'s output for each kernel and option set, recorded in {@value
 * #GOLDEN} from the optimizer as it was before it became a pipeline of passes. A change of the
 * generated code is then always deliberate: regenerate the file with {@code
 * -Dpolyj.golden.write=PATH} and review the C that changed.
 *
 * <p>The default run checks a representative subset of the kernels (one or two per family);
 * {@code -Dpolyj.golden.all=true} checks all 30 under every option set.
 */
class GoldenOutputTest {
  static final String GOLDEN = "dev/polyj/polybench/golden/optimize-sha256.txt";

  /** The option sets: a name and the arguments given to {@code optimize}. */
  static final Map<String, List<String>> CONFIGS = new LinkedHashMap<>();

  static {
    CONFIGS.put("default", List.of());
    CONFIGS.put("no-parallel", List.of("--no-parallel"));
    CONFIGS.put("tile16", List.of("--tile", "16,16,16"));
    CONFIGS.put("reassociate", List.of("--reassociate"));
    CONFIGS.put("param", List.of("--tile", "param"));
    CONFIGS.put("notile", List.of("--tile", "none"));
    CONFIGS.put("plain", List.of("--no-wavefront", "--no-stride-order", "--unroll-jam", "1"));
    CONFIGS.put("diamond", List.of("--diamond", "--tile", "8"));
  }

  /** The kernels of the default run. */
  static final Set<String> SUBSET = Set.of("gemm", "2mm", "atax", "covariance", "cholesky", "lu", "trisolv",
      "durbin", "nussinov", "jacobi-1d", "jacobi-2d", "seidel-2d", "fdtd-2d", "heat-3d", "adi", "doitgen", "symm");

  @TempDir static Path suiteDir;

  static Path root;

  @BeforeAll
  static void extract() throws IOException {
    root = EmbeddedSuite.load().extractTo(suiteDir.resolve("suite"));
  }

  static Stream<Arguments> cases() {
    boolean all = Boolean.getBoolean("polyj.golden.all") || System.getProperty("polyj.golden.write") != null;
    List<Arguments> out = new ArrayList<>();
    for (String config : CONFIGS.keySet()) {
      for (Kernel k : EmbeddedSuite.load().kernels()) {
        if (all || (SUBSET.contains(k.name()) && (config.equals("default") || SUBSET_OTHERS.contains(k.name())))) {
          out.add(Arguments.of(config, k.name()));
        }
      }
    }
    return out.stream();
  }

  /** The kernels checked under the non-default option sets in the default run. */
  static final Set<String> SUBSET_OTHERS = Set.of("gemm", "cholesky", "covariance", "atax", "jacobi-1d");

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void generatedCodeIsTheGoldenOne(String config, String kernel) throws IOException {
    String c = optimize(root, kernel, CONFIGS.get(config));
    String hash = sha256(c);
    String write = System.getProperty("polyj.golden.write");
    if (write != null) {
      synchronized (GoldenOutputTest.class) {
        Files.writeString(Path.of(write), config + " " + kernel + " " + hash + "\n", StandardCharsets.UTF_8,
            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
      }
      return;
    }
    String expected = golden().get(config + " " + kernel);
    assertNotNull(expected, "no golden hash for " + config + " " + kernel);
    assertEquals(expected, hash, "the generated C of " + kernel + " under '" + config + "' changed");
  }

  /** The output of {@code polyj optimize} on a kernel of the extracted suite. */
  static String optimize(Path root, String kernel, List<String> options) {
    List<String> args = new ArrayList<>(List.of("optimize", "-I", root.toString(), "-I",
        root.resolve(kernel).toString()));
    args.addAll(options);
    args.add(root.resolve(kernel).resolve(kernel + ".c").toString());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine(new ByteArrayInputStream(new byte[0]));
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args.toArray(String[]::new));
    assertEquals(0, code, err.toString());
    return out.toString();
  }

  private static Map<String, String> golden;

  static synchronized Map<String, String> golden() throws IOException {
    if (golden == null) {
      golden = new LinkedHashMap<>();
      try (InputStream in = GoldenOutputTest.class.getClassLoader().getResourceAsStream(GOLDEN)) {
        assertNotNull(in, "missing " + GOLDEN);
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          String[] f = line.trim().split(" ");
          if (f.length == 3) golden.put(f[0] + " " + f[1], f[2]);
        }
      }
    }
    return golden;
  }

  static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}

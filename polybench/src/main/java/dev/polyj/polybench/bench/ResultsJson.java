package dev.polyj.polybench.bench;

import dev.polyj.polybench.report.BenchResults;
import dev.polyj.polybench.report.ComparisonResult;
import dev.polyj.polybench.report.KernelResult;
import dev.polyj.polybench.report.RunInfo;
import dev.polyj.polybench.report.Status;
import dev.polyj.polybench.report.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * The machine-readable results of a run, {@value #FILE} in the output directory: the run's
 * set-up, its shard and work list, and every kernel's measurements with all timing samples, so
 * that {@code polyj bench merge} rebuilds exactly the reports one run would have written.
 *
 * <p>Written as JSON by hand (numbers with {@link Double#toString}, which reads back to the same
 * double); read with SnakeYAML, since JSON is YAML.
 */
public final class ResultsJson {

  /** File name inside a run's output directory. */
  public static final String FILE = "results.json";
  /** Format tag, checked when reading. */
  static final String FORMAT = "polyj-bench-results/1";

  private ResultsJson() {}

  /** Writes {@code r} to {@code dir}/{@value #FILE}; returns that file. */
  public static Path write(ShardResults r, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE);
    Files.writeString(file, render(r), StandardCharsets.UTF_8);
    return file;
  }

  /** The JSON text of {@code r}. */
  public static String render(ShardResults r) {
    RunInfo info = r.results().info();
    StringBuilder b = new StringBuilder();
    b.append("{\n");
    b.append("  \"format\": ").append(str(FORMAT)).append(",\n");
    b.append("  \"shard\": {\"index\": ").append(r.shard().index()).append(", \"count\": ")
        .append(r.shard().count()).append("},\n");
    b.append("  \"workList\": ").append(strings(r.workList())).append(",\n");
    b.append("  \"info\": {\n");
    b.append("    \"suite\": ").append(str(info.suite())).append(",\n");
    b.append("    \"dataset\": ").append(str(info.dataset())).append(",\n");
    b.append("    \"optimizer\": ").append(str(info.optimizer())).append(",\n");
    b.append("    \"threads\": ").append(info.threads()).append(",\n");
    b.append("    \"reps\": ").append(info.reps()).append(",\n");
    b.append("    \"compiler\": ").append(str(info.compiler())).append(",\n");
    b.append("    \"baselineFlags\": ").append(str(info.baselineFlags())).append(",\n");
    b.append("    \"optimizedFlags\": ").append(str(info.optimizedFlags())).append(",\n");
    b.append("    \"comparisonTools\": ").append(strings(info.comparisonTools())).append(",\n");
    b.append("    \"host\": ").append(str(info.host())).append(",\n");
    b.append("    \"date\": ").append(str(info.date())).append(",\n");
    b.append("    \"notes\": ").append(strings(info.notes())).append("\n");
    b.append("  },\n");
    b.append("  \"kernels\": [");
    List<KernelResult> ks = r.results().kernels();
    for (int i = 0; i < ks.size(); i++) {
      KernelResult k = ks.get(i);
      b.append(i == 0 ? "\n" : ",\n");
      b.append("    {\"name\": ").append(str(k.name()))
          .append(", \"category\": ").append(str(k.category()))
          .append(", \"status\": ").append(str(k.status().label()))
          .append(", \"reason\": ").append(str(k.reason()))
          .append(", \"check\": ").append(str(k.check()))
          .append(",\n     \"baseline\": ").append(timing(k.baseline()))
          .append(", \"optimized\": ").append(timing(k.optimized()))
          .append(", \"optimizeSeconds\": ").append(number(k.optimizeSeconds()))
          .append(", \"compileSeconds\": ").append(number(k.compileSeconds()))
          .append(",\n     \"comparisons\": [");
      for (int c = 0; c < k.comparisons().size(); c++) {
        ComparisonResult cr = k.comparisons().get(c);
        b.append(c == 0 ? "" : ", ")
            .append("{\"tool\": ").append(str(cr.tool()))
            .append(", \"status\": ").append(str(cr.status().label()))
            .append(", \"reason\": ").append(str(cr.reason()))
            .append(", \"timing\": ").append(timing(cr.timing())).append('}');
      }
      b.append("]}");
    }
    b.append(ks.isEmpty() ? "]\n" : "\n  ]\n");
    b.append("}\n");
    return b.toString();
  }

  /**
   * Reads {@code dir}/{@value #FILE}.
   *
   * @throws BenchSetupException when the file is missing or not a results file (with its path)
   */
  public static ShardResults read(Path dir) throws BenchSetupException, IOException {
    Path file = Files.isDirectory(dir) ? dir.resolve(FILE) : dir;
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new BenchSetupException(file + ": no results file (is it the --out directory of a"
          + " polyj bench run?)");
    }
    try {
      Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
      Map<?, ?> root = map(doc, "the document");
      if (!FORMAT.equals(root.get("format"))) {
        throw new IllegalArgumentException("format is not " + FORMAT);
      }
      Map<?, ?> shard = map(root.get("shard"), "shard");
      Map<?, ?> info = map(root.get("info"), "info");
      RunInfo runInfo = new RunInfo(text(info, "suite"), text(info, "dataset"),
          text(info, "optimizer"), integer(info.get("threads"), "threads"),
          integer(info.get("reps"), "reps"), text(info, "compiler"), text(info, "baselineFlags"),
          text(info, "optimizedFlags"), texts(info.get("comparisonTools"), "comparisonTools"),
          text(info, "host"), text(info, "date"), texts(info.get("notes"), "notes"));
      List<KernelResult> kernels = new ArrayList<>();
      for (Object o : list(root.get("kernels"), "kernels")) {
        kernels.add(kernel(map(o, "kernel")));
      }
      return new ShardResults(
          new Shard(integer(shard.get("index"), "shard index"), integer(shard.get("count"), "shard count")),
          texts(root.get("workList"), "workList"), new BenchResults(runInfo, kernels));
    } catch (YAMLException | IllegalArgumentException | ClassCastException | NullPointerException e) {
      throw new BenchSetupException(file + ": not a polyj bench results file: " + e.getMessage());
    }
  }

  private static KernelResult kernel(Map<?, ?> k) {
    List<ComparisonResult> comparisons = new ArrayList<>();
    for (Object o : list(k.get("comparisons"), "comparisons")) {
      Map<?, ?> c = map(o, "comparison");
      comparisons.add(new ComparisonResult(text(c, "tool"), status(text(c, "status")),
          text(c, "reason"), timing(c.get("timing"))));
    }
    return new KernelResult(text(k, "name"), text(k, "category"), status(text(k, "status")),
        text(k, "reason"), text(k, "check"), timing(k.get("baseline")), timing(k.get("optimized")),
        optionalNumber(k.get("optimizeSeconds")), optionalNumber(k.get("compileSeconds")),
        comparisons);
  }

  // ---------------------------------------------------------------------------------------------
  // Writing

  private static String timing(Optional<Timing> t) {
    if (t.isEmpty()) {
      return "null";
    }
    List<String> samples = t.get().samples().stream().map(d -> Double.toString(d)).toList();
    return "[" + String.join(", ", samples) + "]";
  }

  private static String number(OptionalDouble d) {
    return d.isPresent() ? Double.toString(d.getAsDouble()) : "null";
  }

  private static String strings(List<String> values) {
    return "[" + String.join(", ", values.stream().map(ResultsJson::str).toList()) + "]";
  }

  /** A JSON string literal (also a YAML double-quoted scalar). */
  static String str(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        case '\r' -> b.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == 0x2028 || c == 0x2029
              || c == 0xfeff || Character.isSurrogate(c) && !validSurrogate(s, i)) {
            b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  private static boolean validSurrogate(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  // ---------------------------------------------------------------------------------------------
  // Reading

  private static Map<?, ?> map(Object o, String what) {
    if (!(o instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(what + " is not an object");
    }
    return m;
  }

  private static List<?> list(Object o, String what) {
    if (!(o instanceof List<?> l)) {
      throw new IllegalArgumentException(what + " is not a list");
    }
    return l;
  }

  private static String text(Map<?, ?> m, String key) {
    Object o = m.get(key);
    if (!(o instanceof String s)) {
      throw new IllegalArgumentException(key + " is not a string");
    }
    return s;
  }

  private static List<String> texts(Object o, String what) {
    List<String> out = new ArrayList<>();
    for (Object x : list(o, what)) {
      if (!(x instanceof String s)) {
        throw new IllegalArgumentException(what + " holds a non-string");
      }
      out.add(s);
    }
    return out;
  }

  private static int integer(Object o, String what) {
    if (!(o instanceof Number n) || n.doubleValue() != n.intValue()) {
      throw new IllegalArgumentException(what + " is not an integer");
    }
    return n.intValue();
  }

  /** A number as written by {@link Double#toString} (SnakeYAML may hand it over as a string). */
  private static double real(Object o) {
    if (o == null) {
      throw new IllegalArgumentException("missing number");
    }
    return Double.parseDouble(String.valueOf(o));
  }

  private static OptionalDouble optionalNumber(Object o) {
    return o == null ? OptionalDouble.empty() : OptionalDouble.of(real(o));
  }

  private static Optional<Timing> timing(Object o) {
    if (o == null) {
      return Optional.empty();
    }
    List<Double> samples = new ArrayList<>();
    for (Object x : list(o, "timing")) {
      samples.add(real(x));
    }
    return Optional.of(new Timing(samples));
  }

  private static Status status(String label) {
    return Status.valueOf(label.toUpperCase(Locale.ROOT));
  }
}

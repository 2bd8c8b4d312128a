import dev.polyj.codegen.c.CodegenCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Code size of polyj's codegen against isl's expected code on isl's codegen inputs: lines of C
 * (preprocessor lines and blank lines left out) for every input with an expected {@code .c}, the
 * ratio, and the inputs sorted from the largest ratio down; one JVM for the whole suite.
 *
 * <pre>java -cp polybench/target/polyj.jar bench/isl/CodeSize.java ISL/test_inputs/codegen [SECONDS [OUT_DIR]]</pre>
 *
 * With OUT_DIR, each generated code is also written there (as {@code dir_name.in.c}), so that two
 * versions of the generator can be compared input by input.
 */
public class CodeSize {
  record Row(String name, int mine, int isl, String note) {}

  static int lines(String code) {
    int n = 0;
    for (String l : code.split("\n")) if (!l.isBlank() && !l.strip().startsWith("#")) n++;
    return n;
  }

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
    Path out = args.length > 2 ? Files.createDirectories(Path.of(args[2])) : null;
    List<Path> inputs;
    try (Stream<Path> s = Files.walk(dir)) {
      inputs = s.filter(p -> p.toString().endsWith(".in") || p.toString().endsWith(".st")).sorted().toList();
    }
    List<Row> rows = new ArrayList<>();
    long mineTotal = 0;
    long islTotal = 0;
    for (Path in : inputs) {
      String base = in.toString().replaceAll("\\.(in|st)$", "");
      Path expected = Path.of(base + ".c");
      if (!Files.exists(expected)) continue;
      String text = Files.readString(in);
      ExecutorService ex = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r);
        t.setDaemon(true);
        return t;
      });
      Future<String> f = ex.submit(() -> new CodegenCommand().run(text));
      String name = dir.relativize(in).toString();
      int isl = lines(Files.readString(expected));
      try {
        String code = f.get(seconds, TimeUnit.SECONDS);
        if (out != null) Files.writeString(out.resolve(name.replace('/', '_') + ".c"), code);
        int mine = lines(code);
        rows.add(new Row(name, mine, isl, ""));
        mineTotal += mine;
        islTotal += isl;
      } catch (java.util.concurrent.TimeoutException e) {
        rows.add(new Row(name, -1, isl, "timeout"));
      } catch (java.util.concurrent.ExecutionException e) {
        rows.add(new Row(name, -1, isl, String.valueOf(e.getCause()).lines().findFirst().orElse("")));
      } finally {
        ex.shutdownNow();
      }
    }
    rows.sort((a, b) -> Double.compare(ratio(b), ratio(a)));
    System.out.println("| input | polyj lines | isl lines | ratio |");
    System.out.println("|---|---|---|---|");
    for (Row r : rows) {
      System.out.printf("| %s | %s | %d | %s |%n", r.name, r.mine < 0 ? r.note : String.valueOf(r.mine), r.isl,
          r.mine < 0 ? "-" : String.format("%.2f", ratio(r)));
    }
    System.out.printf("total: polyj %d lines, isl %d lines (inputs generated: %d of %d)%n", mineTotal, islTotal,
        rows.stream().filter(r -> r.mine >= 0).count(), rows.size());
  }

  static double ratio(Row r) {
    return r.mine < 0 ? -1 : (double) r.mine / Math.max(1, r.isl);
  }
}

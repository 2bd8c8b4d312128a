package dev.polyj.polybench.cli;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.CSourceException;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polybench.optimize.SdrRegion;
import dev.polyj.reductions.sdr.Sdr;
import dev.polyj.reductions.sdr.SdrResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code polyj sdr FILE}: simplifying dependent reductions (Yang, Atkinson, Carbin, POPL 2021).
 * Prints, per region and per reduction face, the reuse vector chosen and the complexity before
 * and after; with {@code --emit-c}, the file with each simplified region replaced by its C.
 */
@Command(mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Simplifies the reductions of each #pragma scop region of a C file (SDR, POPL 2021) and prints, "
        + "per reduction face, the reuse vector and the complexity before and after.",
    footer = {"", "Exit codes: 0 success, 2 bad input (file:line:column), 3 internal error."})
final class SdrCommand implements Callable<Integer> {
  private static final Pattern SCOP = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+scop\\b.*$");
  private static final Pattern ENDSCOP = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+endscop\\b.*$");

  @Parameters(paramLabel = "FILE", arity = "0..1", description = "The C file (standard input when absent).")
  Path file;

  private final java.io.InputStream stdin;

  SdrCommand(java.io.InputStream stdin) {
    this.stdin = stdin;
  }

  @Option(names = "-I", paramLabel = "DIR", description = "Include directory for the preprocessor.")
  List<String> includes = new ArrayList<>();

  @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "Macro definition for the preprocessor.")
  List<String> defines = new ArrayList<>();

  @Option(names = "--pure", split = ",", paramLabel = "NAME",
      description = "User functions without side effects, allowed in statement bodies "
          + "(as #pragma polyj pure(NAME, ...) in the file).")
  List<String> pure = new ArrayList<>();

  @Option(names = "--emit-c", description = "Print the file with the simplified regions instead of the report.")
  boolean emitC;

  @Option(names = "--optimal",
      description = "Choose the reuse vectors by the exact search of the paper's Section 5.3 (minimal complexity over "
          + "every face's options and schedules) instead of the heuristic of its Section 6.2.")
  boolean optimal;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    List<String> cpp = new ArrayList<>();
    for (String i : includes) cpp.add("-I" + i);
    for (String d : defines) cpp.add("-D" + d);
    List<RegionResult> regions;
    String text;
    try {
      if (file == null) {
        text = new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
        regions = CFrontEnd.extract(text, "<stdin>", Set.copyOf(new LinkedHashSet<>(pure)));
      } else {
        text = Files.readString(file, StandardCharsets.UTF_8);
        regions = CFrontEnd.extract(file, cpp, Set.copyOf(new LinkedHashSet<>(pure)));
      }
    } catch (CSourceException e) {
      return fail(e.getMessage());
    } catch (IOException e) {
      return fail((file == null ? "<stdin>" : file) + ": error: cannot read: " + e.getMessage());
    }
    StringBuilder report = new StringBuilder();
    List<String> codes = new ArrayList<>();
    for (RegionResult r : regions) {
      if (!r.accepted()) {
        var why = r.rejections().get(0);
        report.append(why.pos()).append(": region rejected: ").append(why.message()).append('\n');
        codes.add(null);
        continue;
      }
      SdrResult res = optimal ? Sdr.simplifyOptimal(r.scop()) : Sdr.simplify(r.scop());
      report.append(r.pos()).append(": region in ").append(r.scop().functionName()).append('\n').append(res.report());
      codes.add(res.changed() ? SdrRegion.code(res, 1) : null);
    }
    var out = spec.commandLine().getOut();
    out.print(emitC ? replaced(text, codes) : report.toString());
    out.flush();
    return Main.OK;
  }

  /** The text with the i-th pragma region replaced by {@code codes[i]} (when not null). */
  static String replaced(String text, List<String> codes) {
    StringBuilder sb = new StringBuilder();
    Matcher start = SCOP.matcher(text);
    Matcher end = ENDSCOP.matcher(text);
    int at = 0;
    int from = 0;
    for (String code : codes) {
      if (!start.find(from) || !end.find(start.end())) break;
      from = end.end();
      if (code == null) continue;
      sb.append(text, at, start.start());
      sb.append(code);
      at = end.end();
    }
    sb.append(text.substring(at));
    return sb.toString();
  }

  private int fail(String message) {
    spec.commandLine().getErr().println(message);
    spec.commandLine().getErr().flush();
    return Main.BAD_INPUT;
  }
}

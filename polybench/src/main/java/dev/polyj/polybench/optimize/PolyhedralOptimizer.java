package dev.polyj.polybench.optimize;

import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polybench.bench.OptimizeResult;
import dev.polyj.polybench.bench.Optimizer;
import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The polyhedral optimizer: for every {@code #pragma scop} region of a C file, extracts the SCoP,
 * computes its dependences, finds a Pluto schedule (outer parallelism and locality; legality is
 * checked exactly) and prints the region anew from the schedule tree, with OpenMP pragmas on
 * parallel loops. A region that cannot be handled is left as it was, with a note saying why.
 */
public final class PolyhedralOptimizer implements Optimizer {
  private static final Pattern SCOP = Pattern.compile("(?m)^([ \\t]*)#[ \\t]*pragma[ \\t]+scop\\b.*$");
  private static final Pattern ENDSCOP = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+endscop\\b.*$\\R?");

  /** The optimized text and what happened to each region. */
  public record Output(String text, List<String> notes) {}

  @Override
  public String name() {
    return "polyj";
  }

  @Override
  public OptimizeResult optimize(Path source, List<String> includeDirs, Options options) throws IOException {
    List<String> cpp = new ArrayList<>();
    for (String d : includeDirs) cpp.add("-I" + d);
    cpp.addAll(options.defines());
    Output out = optimize(source, cpp);
    Files.writeString(options.output(), out.text());
    return OptimizeResult.ok(options.output(), false, out.notes());
  }

  /** Optimizes every region of {@code file}; {@code cppOptions} are the preprocessor's -I/-D options. */
  public static Output optimize(Path file, List<String> cppOptions) throws IOException {
    String text = Files.readString(file);
    List<RegionResult> regions = CFrontEnd.extract(file, cppOptions);
    List<String> notes = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    Matcher start = SCOP.matcher(text);
    Matcher end = ENDSCOP.matcher(text);
    int pos = 0;
    int k = 0;
    while (start.find(pos)) {
      if (!end.find(start.end())) break;
      sb.append(text, pos, start.start());
      RegionResult region = k < regions.size() ? regions.get(k) : null;
      String original = text.substring(start.start(), end.end());
      String replacement = original;
      if (region == null || !region.accepted()) {
        notes.add("region " + (k + 1) + ": not a static control part, left unchanged");
      } else {
        try {
          int level = start.group(1).replace("\t", "    ").length() / 2;
          replacement = regionCode(region.scop(), level) + "\n";
          notes.add("region " + (k + 1) + " (" + region.functionName() + "): optimized");
        } catch (RuntimeException e) {
          notes.add("region " + (k + 1) + " (" + region.functionName() + "): left unchanged: " + e.getMessage());
        }
      }
      sb.append(replacement);
      pos = end.end();
      k++;
    }
    sb.append(text.substring(pos));
    return new Output(sb.toString(), notes);
  }

  /** The C code of one SCoP under its Pluto schedule. */
  public static String regionCode(Scop scop, int level) {
    Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
    List<Relation> domains = new ArrayList<>();
    for (Statement s : scop.statements()) domains.add(s.domain());
    AffineSchedule schedule = PlutoScheduler.schedule(domains, deps.all(), new BisectionLexmin(1 << 12),
        scop.scheduleMap());
    BuildOptions options = BuildOptions.defaults().withReservedNames(ScopCodegen.identifiers(scop));
    return ScopCodegen.region(scop, schedule.toTree(), options, level);
  }
}

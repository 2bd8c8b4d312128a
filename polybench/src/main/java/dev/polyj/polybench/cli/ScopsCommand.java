package dev.polyj.polybench.cli;

import dev.polyj.polyhedral.frontend.RejectionStatistics;
import dev.polyj.polyhedral.frontend.ScopsTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code polyj scops FILE}: the static control parts of a C file, or the causes of their rejection. */
@Command(mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Prints each #pragma scop region (or each detected region) of a C file: statements, domains, "
        + "accesses and schedule; for rejected regions the causes.",
    footer = {"", "Exit codes: 0 success, 2 bad input (file:line:column), 3 internal error."})
final class ScopsCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", description = "The C file (with --stats, a directory).")
  String file;

  @Option(names = "-I", paramLabel = "DIR", description = "Include directory for the preprocessor.")
  List<String> includes = new ArrayList<>();

  @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "Macro definition for the preprocessor.")
  List<String> defines = new ArrayList<>();

  @Option(names = "--stats", description = "FILE is a directory: over every C file of its tree, the candidate regions "
      + "and their rejection causes (SPolly's Figure 1 table: regions affected, only cause, gained), before and after "
      + "what speculation recovers (docs/spolly.md).")
  boolean stats;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    List<String> args = new ArrayList<>();
    for (String i : includes) args.add("-I" + i);
    for (String d : defines) args.add("-D" + d);
    args.add(file);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = stats ? RejectionStatistics.run(args.toArray(new String[0]), o, e)
          : ScopsTool.run(args.toArray(new String[0]), o, e);
    }
    spec.commandLine().getOut().print(out.toString(StandardCharsets.UTF_8));
    spec.commandLine().getOut().flush();
    spec.commandLine().getErr().print(err.toString(StandardCharsets.UTF_8));
    spec.commandLine().getErr().flush();
    return code;
  }
}

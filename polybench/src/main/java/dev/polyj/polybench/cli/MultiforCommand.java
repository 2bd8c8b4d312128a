package dev.polyj.polybench.cli;

import dev.polyj.codegen.multifor.MultiforCodegen;
import dev.polyj.polyhedral.multifor.MultiforTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code polyj multifor FILE}: the file with its multifor statements translated to plain C. */
@Command(mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Translates the multifor statements of a C file (Fassi et al., IMPACT 2013) to plain C: "
        + "one loop per referential level visiting exactly the occupied points.",
    footer = {"", "Exit codes: 0 success, 2 bad input (file:line:column), 3 internal error."})
final class MultiforCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", description = "The C file with multifor statements.")
  String file;

  @Option(names = "--openmp", description = "Run the bodies of the different loops at each referential point as "
      + "OpenMP sections (the paper's parallelization), and a level marked '#pragma polyj multifor threads parallel(k, ...)' "
      + "as one task per nest with the listed loops as taskloops; without it the bodies run in source order.")
  boolean openmp;

  @Option(names = "--polyhedral", description = "Generate the loops from the polyhedral model with the code generator "
      + "(the paper's separated referential domains, compressed by their grains) instead of one merged loop per level.")
  boolean polyhedral;

  @Option(names = "--model", description = "Print the polyhedral model of each multifor instead: schedule map, context "
      + "and options, as 'polyj codegen' reads them.")
  boolean model;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Write the C to OUT instead of standard output.")
  Path output;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      if (model) code = MultiforTool.run(file, MultiforTool::model, output, o, e);
      else if (polyhedral) code = MultiforTool.run(file, MultiforCodegen::translateFile, output, o, e);
      else code = MultiforTool.run(file, openmp, output, o, e);
    }
    spec.commandLine().getOut().print(out.toString(StandardCharsets.UTF_8));
    spec.commandLine().getOut().flush();
    spec.commandLine().getErr().print(err.toString(StandardCharsets.UTF_8));
    spec.commandLine().getErr().flush();
    return code;
  }
}

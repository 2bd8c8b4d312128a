package dev.polyj.polybench.cli;

import dev.polyj.codegen.c.CodegenCommand;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code polyj codegen [FILE]}: C for a schedule, from isl_codegen's input (three isl objects or a YAML tree). */
@Command(mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = {"Reads a schedule map, a context set and an options map in isl notation (or a schedule tree "
        + "in YAML) and prints C loops calling S(e1, ..., en) for each statement instance."},
    footer = {"", "Exit codes: 0 success, 2 bad input (with its position), 3 internal error."})
final class CodegenCliCommand implements Callable<Integer> {
  private final InputStream stdin;

  @Parameters(arity = "0..1", paramLabel = "FILE", description = "The input (standard input when absent or '-').")
  Path file;

  @Option(names = "--budget", paramLabel = "N",
      description = "Set operations code generation may spend before it gives up with an error (default: ${DEFAULT-VALUE}).")
  long budget = dev.polyj.codegen.ast.BuildOptions.DEFAULT_BUDGET;

  @Spec CommandSpec spec;

  CodegenCliCommand(InputStream stdin) {
    this.stdin = stdin;
  }

  @Override
  public Integer call() {
    boolean fromStdin = file == null || file.toString().equals("-");
    String name = fromStdin ? "<stdin>" : file.toString();
    String text;
    try {
      text = fromStdin ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8) : Files.readString(file);
    } catch (IOException e) {
      return fail("polyj codegen: cannot read " + name + ": " + e.getMessage());
    }
    if (budget < 1) return fail("polyj codegen: --budget must be at least 1, got " + budget);
    try {
      spec.commandLine().getOut().print(new CodegenCommand(dev.polyj.codegen.c.CPrinter.standard(), budget).run(text));
      spec.commandLine().getOut().flush();
      return Main.OK;
    } catch (UnsupportedOperationException e) {
      return fail(name + ": " + e.getMessage());
    } catch (IllegalArgumentException e) {
      return fail(name + ":" + e.getMessage());
    }
  }

  private int fail(String message) {
    spec.commandLine().getErr().println(message);
    spec.commandLine().getErr().flush();
    return Main.BAD_INPUT;
  }
}

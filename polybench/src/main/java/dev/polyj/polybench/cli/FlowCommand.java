package dev.polyj.polybench.cli;

import dev.polyj.polyhedral.flow.Dataflow;
import dev.polyj.polyhedral.flow.FlowYaml;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code polyj flow [FILE]}: exact dataflow analysis of access relations given in YAML, as isl's flow tool. */
@Command(mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = {"Reads sink, must_source, may_source, kill (isl notation strings in YAML) and the execution "
        + "order, either schedule_map (a flat schedule) or schedule (a schedule tree in YAML), and prints "
        + "must_dependence, may_dependence, must_no_source and may_no_source."},
    footer = {"", "Exit codes: 0 success, 2 bad input (with its position), 3 internal error."})
final class FlowCommand implements Callable<Integer> {
  private final InputStream stdin;

  @Parameters(arity = "0..1", paramLabel = "FILE", description = "The YAML input (standard input when absent or '-').")
  Path file;

  @Spec CommandSpec spec;

  FlowCommand(InputStream stdin) {
    this.stdin = stdin;
  }

  @Override
  public Integer call() {
    String name = file == null || file.toString().equals("-") ? "<stdin>" : file.toString();
    String text;
    try {
      text = file == null || file.toString().equals("-")
          ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8)
          : Files.readString(file);
    } catch (IOException e) {
      return fail("polyj flow: cannot read " + name + ": " + e.getMessage(), Main.BAD_INPUT);
    }
    try {
      String result = FlowYaml.write(Dataflow.compute(FlowYaml.read(text)));
      spec.commandLine().getOut().print(result);
      spec.commandLine().getOut().flush();
      return Main.OK;
    } catch (UnsupportedOperationException e) {
      return fail(name + ": " + e.getMessage(), Main.BAD_INPUT);
    } catch (IllegalArgumentException e) {
      return fail(name + ":" + e.getMessage(), Main.BAD_INPUT);
    }
  }

  private int fail(String message, int code) {
    spec.commandLine().getErr().println(message);
    spec.commandLine().getErr().flush();
    return code;
  }
}

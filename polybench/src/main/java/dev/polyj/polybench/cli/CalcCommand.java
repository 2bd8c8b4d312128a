package dev.polyj.polybench.cli;

import dev.polyj.polyhedral.flow.AccessInfo;
import dev.polyj.polyhedral.flow.Dataflow;
import dev.polyj.polyhedral.flow.FlowResult;
import dev.polyj.presburger.calc.Calculator;
import dev.polyj.presburger.calc.FlowAnalysis;
import dev.polyj.presburger.set.UnionRelation;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code polyj calc [FILE]}: runs a calculator script (iscc's language) from FILE or standard input. */
@Command(mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = {"Runs a script in the iscc language, from FILE or standard input, printing one line per result.",
        "Errors go to standard error as FILE:LINE:COLUMN: message; the script goes on with the next statement."},
    footer = {"", "Exit codes: 0 every statement ran, 1 an assertion failed, 2 a statement had an error, 3 internal error."})
final class CalcCommand implements Callable<Integer> {
  private final InputStream stdin;

  @Parameters(arity = "0..1", paramLabel = "FILE", description = "The script (standard input when absent or '-').")
  Path file;

  @Option(names = "--debug", description = "Print the stack trace of internal errors.")
  boolean debug;

  @Spec CommandSpec spec;

  CalcCommand(InputStream stdin) {
    this.stdin = stdin;
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String name;
    Reader in;
    if (file == null || file.toString().equals("-")) {
      name = "<stdin>";
      in = new InputStreamReader(stdin, StandardCharsets.UTF_8);
    } else {
      name = file.toString();
      try {
        in = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println("polyj calc: cannot read " + file + ": " + reason(e));
        err.flush();
        return Main.BAD_INPUT;
      }
    }
    Calculator calculator = new Calculator().setSourceName(name).setDebug(debug || Main.debug(spec))
        .setFlowAnalysis(CalcCommand::dataflow);
    CalcHooks hooks = new CalcHooks();
    calculator.setCodeGeneration(hooks).setScheduling(hooks);
    Calculator.Outcome outcome;
    try (Reader r = in) {
      outcome = calculator.execute(r, out, err);
    } catch (UncheckedIOException e) {
      err.println("polyj calc: cannot read " + name + ": " + reason(e.getCause()));
      err.flush();
      return Main.BAD_INPUT;
    }
    switch (outcome) {
      case OK:
        return Main.OK;
      case INPUT_ERROR:
        return Main.BAD_INPUT;
      case ASSERTION_FAILED:
        return FAILED_ASSERTION;
      default:
        return Main.INTERNAL_ERROR;
    }
  }

  /** Exit code of a run stopped by a false {@code assert}: the answer the script asked about is negative. */
  static final int FAILED_ASSERTION = 1;

  /** The calculator's last/any forms, by the polyhedral module's exact dataflow analysis. */
  private static FlowAnalysis.Result dataflow(UnionRelation sink, UnionRelation mustSource, UnionRelation maySource,
      UnionRelation schedule) {
    FlowResult r = Dataflow.compute(new AccessInfo(sink, mustSource, maySource, null, schedule));
    return new FlowAnalysis.Result(r.mustDependence(), r.mayDependence(), r.mustNoSource(), r.mayNoSource());
  }

  private static String reason(IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException) return "no such file";
    if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}

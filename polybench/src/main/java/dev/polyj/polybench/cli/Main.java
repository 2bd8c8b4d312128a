package dev.polyj.polybench.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code polyj} command line. Exit codes: 0 success; 1 a negative answer the user asked for
 * (a failed {@code assert} in {@code calc}); 2 bad input (messages carry
 * file:line:column) or a command that is not supported yet; 3 internal error (a bug: a short
 * message saying where to report it; the stack trace only with {@code --debug}).
 */
@Command(name = "polyj", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Exact Presburger arithmetic and a polyhedral loop optimizer.",
    footer = {"", "Exit codes: 0 success, 1 negative answer (failed assert), 2 bad input, 3 internal error."})
public final class Main implements Callable<Integer> {
  /** Exit code for success. */
  public static final int OK = 0;
  /** Exit code for bad input (or a command that is not available yet). */
  public static final int BAD_INPUT = 2;
  /** Exit code for an internal error. */
  public static final int INTERNAL_ERROR = 3;

  static final String REPORT_HINT = "please report it at the project's issue tracker";

  @Option(names = "--debug", description = "Print the stack trace of internal errors.")
  boolean debug;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return BAD_INPUT;
  }

  public static void main(String[] args) {
    System.exit(commandLine(System.in, args.length == 0 ? null : args[0]).execute(args));
  }

  /** The command line with all subcommands, reading standard input from {@code stdin}. */
  public static CommandLine commandLine(InputStream stdin) {
    return commandLine(stdin, null);
  }

  /**
   * The command line reading standard input from {@code stdin}: when {@code first} (the first
   * argument) names a subcommand, only that one is registered, since picocli builds each
   * subcommand's model by reflection when it is added (a tenth of a second of start-up for all of
   * them); otherwise all of them, so that the top-level help and the errors list every one.
   */
  static CommandLine commandLine(InputStream stdin, String first) {
    Map<String, Supplier<Object>> subcommands = new LinkedHashMap<>();
    subcommands.put("calc", () -> new CalcCommand(stdin));
    subcommands.put("flow", () -> new FlowCommand(stdin));
    subcommands.put("codegen", () -> new CodegenCliCommand(stdin));
    subcommands.put("scops", ScopsCommand::new);
    subcommands.put("optimize", OptimizeCommand::new);
    subcommands.put("multifor", MultiforCommand::new);
    subcommands.put("sdr", () -> new SdrCommand(stdin));
    subcommands.put("bench",
        () -> new dev.polyj.polybench.bench.BenchCommand(new dev.polyj.polybench.optimize.PolyhedralOptimizer()));
    CommandLine cl = new CommandLine(new Main());
    if (first != null && subcommands.containsKey(first)) {
      cl.addSubcommand(first, subcommands.get(first).get());
    } else {
      subcommands.forEach((name, command) -> cl.addSubcommand(name, command.get()));
    }
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      err.println("polyj: internal error: " + ex + "; " + REPORT_HINT);
      if (debugRequested(parseResult)) ex.printStackTrace(err);
      err.flush();
      return INTERNAL_ERROR;
    });
    return cl;
  }

  private static boolean debugRequested(CommandLine.ParseResult parseResult) {
    for (CommandLine.ParseResult p = parseResult; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--debug")) return true;
    }
    return false;
  }

  /** True when {@code --debug} was given to polyj or to the subcommand {@code sub}. */
  static boolean debug(CommandSpec sub) {
    for (CommandSpec s = sub; s != null; s = s.parent()) {
      if (s.findOption("--debug") != null && Boolean.TRUE.equals(s.findOption("--debug").getValue())) return true;
    }
    return false;
  }

  /** The version from the packaged jar's Maven metadata. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = null;
      try (InputStream in = Main.class.getResourceAsStream("/META-INF/maven/dev.polyj/polybench/pom.properties")) {
        if (in != null) {
          Properties p = new Properties();
          p.load(in);
          version = p.getProperty("version");
        }
      } catch (java.io.IOException e) {
        version = null;
      }
      return new String[] {"polyj " + (version == null ? "(development build)" : version)};
    }
  }
}

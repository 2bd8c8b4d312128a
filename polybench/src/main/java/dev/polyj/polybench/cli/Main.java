package dev.polyj.polybench.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Properties;
import java.util.concurrent.Callable;
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
    System.exit(commandLine(System.in).execute(args));
  }

  /** The command line with all subcommands, reading standard input from {@code stdin}. */
  public static CommandLine commandLine(InputStream stdin) {
    CommandLine cl = new CommandLine(new Main());
    cl.addSubcommand("calc", new CalcCommand(stdin));
    cl.addSubcommand("flow", new FlowCommand(stdin));
    cl.addSubcommand("codegen", new CodegenCliCommand(stdin));
    cl.addSubcommand("scops", new ScopsCommand());
    cl.addSubcommand("optimize", new OptimizeCommand());
    cl.addSubcommand("multifor", new MultiforCommand());
    cl.addSubcommand("sdr", new SdrCommand(stdin));
    cl.addSubcommand("bench", new dev.polyj.polybench.bench.BenchCommand(new dev.polyj.polybench.optimize.PolyhedralOptimizer()));
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

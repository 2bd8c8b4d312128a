package dev.polyj.polybench.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/** A command of the design that is not available yet: it says so and exits with code 2. */
@Command(mixinStandardHelpOptions = true, versionProvider = Main.Version.class)
final class NotYetCommand implements Callable<Integer> {
  @Option(names = "--debug", description = "Print the stack trace of internal errors.")
  boolean debug;

  @Unmatched List<String> arguments;

  @Spec CommandSpec spec;

  static void register(CommandLine parent, String name, String description) {
    CommandLine sub = new CommandLine(new NotYetCommand());
    sub.getCommandSpec().usageMessage().description(description + " Not supported yet.");
    parent.addSubcommand(name, sub);
  }

  @Override
  public Integer call() {
    spec.commandLine().getErr().println("polyj " + spec.name() + ": not supported yet");
    spec.commandLine().getErr().flush();
    return Main.BAD_INPUT;
  }
}

package dev.polyj.polyhedral.frontend;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code scops} command: {@code scops [-I DIR] [-D NAME[=VALUE]] FILE} prints the regions of a C
 * file ({@link ScopPrinter}). Exit codes: 0 success, 2 bad input (message with file:line:column).
 */
public final class ScopsTool {
  private ScopsTool() {}

  /** Preprocessor options ({@code -I}, {@code -D}, {@code -U}, joined or separate) and the one operand of a command line. */
  record Arguments(List<String> cpp, String operand) {}

  /**
   * The arguments of {@code command}, or null after printing what is wrong (an extra operand, or
   * none: then {@code usage}) on {@code err}.
   */
  static Arguments parse(String[] args, String command, String usage, PrintStream err) {
    List<String> cpp = new ArrayList<>();
    String operand = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if ((a.equals("-I") || a.equals("-D") || a.equals("-U")) && i + 1 < args.length) {
        cpp.add(a + args[++i]);
      } else if (a.startsWith("-I") || a.startsWith("-D") || a.startsWith("-U")) {
        cpp.add(a);
      } else if (operand == null) {
        operand = a;
      } else {
        err.println(command + ": unexpected argument " + a);
        return null;
      }
    }
    if (operand == null) {
      err.println("usage: " + usage);
      return null;
    }
    return new Arguments(cpp, operand);
  }

  public static int run(String[] args, PrintStream out, PrintStream err) {
    Arguments parsed = parse(args, "scops", "scops [-I DIR] [-D NAME[=VALUE]] FILE", err);
    if (parsed == null) return 2;
    List<String> cpp = parsed.cpp();
    String file = parsed.operand();
    try {
      CFrontEnd.Extraction x = CFrontEnd.read(Path.of(file), cpp);
      for (String note : x.notes()) err.println(file + ": " + note);
      out.print(ScopPrinter.print(x.regions()));
      return 0;
    } catch (CSourceException e) {
      err.println(e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println(file + ": error: " + e.getMessage());
      return 2;
    }
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }
}

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

  public static int run(String[] args, PrintStream out, PrintStream err) {
    List<String> cpp = new ArrayList<>();
    String file = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if ((a.equals("-I") || a.equals("-D") || a.equals("-U")) && i + 1 < args.length) {
        cpp.add(a + args[++i]);
      } else if (a.startsWith("-I") || a.startsWith("-D") || a.startsWith("-U")) {
        cpp.add(a);
      } else if (file == null) {
        file = a;
      } else {
        err.println("scops: unexpected argument " + a);
        return 2;
      }
    }
    if (file == null) {
      err.println("usage: scops [-I DIR] [-D NAME[=VALUE]] FILE");
      return 2;
    }
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

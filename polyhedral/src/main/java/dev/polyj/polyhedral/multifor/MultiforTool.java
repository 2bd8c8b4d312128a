package dev.polyj.polyhedral.multifor;

import dev.polyj.polyhedral.frontend.CSourceException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The {@code multifor} command: {@code multifor [--openmp] [-o OUT] FILE} prints FILE with every
 * multifor statement translated to plain C ({@link MultiforTranslator}). Exit codes: 0 success, 2
 * bad input (message with file:line:column).
 */
public final class MultiforTool {
  private MultiforTool() {}

  public static int run(String file, boolean openmp, Path output, PrintStream out, PrintStream err) {
    String src;
    try {
      src = Files.readString(Path.of(file), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      err.println(file + ": error: no such file");
      return 2;
    } catch (IOException e) {
      err.println(file + ": error: " + e.getMessage());
      return 2;
    }
    String c;
    try {
      c = MultiforTranslator.translateFile(src, file, openmp);
    } catch (CSourceException e) {
      err.println(e.getMessage());
      return 2;
    }
    if (output == null) {
      out.print(c);
      out.flush();
      return 0;
    }
    try {
      Files.writeString(output, c, StandardCharsets.UTF_8);
      return 0;
    } catch (IOException e) {
      err.println(output + ": error: cannot write: " + e.getMessage());
      return 2;
    }
  }
}

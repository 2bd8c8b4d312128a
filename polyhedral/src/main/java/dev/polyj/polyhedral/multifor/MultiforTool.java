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
    return run(file, (src, name) -> MultiforTranslator.translateFile(src, name, openmp), output, out, err);
  }

  /**
   * The polyhedral model of every multifor of a file ({@link MultiforModel}): per multifor, a
   * comment naming it, then the schedule map, the context and the options that {@code polyj codegen}
   * reads.
   */
  public static String model(String src, String file) {
    StringBuilder sb = new StringBuilder();
    for (MultiforParser.Occurrence o : MultiforParser.parse(src, file)) {
      MultiforModel m = MultiforModel.of(o.loop());
      sb.append("# multifor at ").append(o.loop().pos()).append(": statement S<s>_<k> is statement s run by nest k,")
          .append(" over the counters of the nest's loops\n");
      for (MultiforModel.Instance i : m.instances()) {
        sb.append("#   ").append(i.name()).append(": ");
        for (int l = 0; l < i.loops().size(); l++) {
          MultiforLoop.Loop loop = i.loops().get(l);
          sb.append(l > 0 ? ", " : "").append(loop.index()).append(" = ").append(loop.init().text()).append(" + ").append(loop.step()).append(" * t").append(l);
        }
        sb.append("\n");
      }
      sb.append(m.scheduleMap()).append("\n").append(m.context()).append("\n{ [c] -> separate[x] }\n");
    }
    return sb.toString();
  }

  /** Reads FILE, applies {@code translate(text, name)} and writes the result to OUT or standard output. */
  public static int run(String file, java.util.function.BinaryOperator<String> translate, Path output, PrintStream out, PrintStream err) {
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
      c = translate.apply(src, file);
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

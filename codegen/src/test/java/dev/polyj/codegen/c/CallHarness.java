package dev.polyj.codegen.c;

import dev.polyj.codegen.ast.Node;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Wraps generated code into a C program whose statements print their calls, compiles it with gcc
 * and runs it for parameter values: the execution oracle of the code generator's tests.
 */
public final class CallHarness {
  private CallHarness() {}

  /** A complete C program: helper macros, statement macros printing {@code S(args)}, parameters from argv. */
  public static String program(Node ast, Map<String, Integer> arities, List<String> params) {
    return program(ast, arities, params, false);
  }

  /** As above; with {@code region}, the code is printed as a region with iterators declared up front. */
  public static String program(Node ast, Map<String, Integer> arities, List<String> params, boolean region) {
    StringBuilder sb = new StringBuilder();
    sb.append("#include <stdio.h>\n#include <stdlib.h>\n");
    if (!region) sb.append(CPrinter.macros(ast));
    for (Map.Entry<String, Integer> e : arities.entrySet()) {
      int m = e.getValue();
      List<String> formals = new ArrayList<>();
      for (int i = 0; i < m; i++) formals.add("a" + i);
      StringBuilder fmt = new StringBuilder(e.getKey()).append('(');
      StringBuilder actuals = new StringBuilder();
      for (int i = 0; i < m; i++) {
        fmt.append(i > 0 ? ", " : "").append("%ld");
        actuals.append(", (long) (a").append(i).append(')');
      }
      fmt.append(")\\n");
      sb.append("#define ").append(e.getKey()).append('(').append(String.join(", ", formals)).append(") printf(\"")
          .append(fmt).append('"').append(actuals).append(")\n");
    }
    sb.append("int main(int argc, char **argv) {\n");
    for (int i = 0; i < params.size(); i++) {
      sb.append("  int ").append(params.get(i)).append(" = atoi(argv[").append(i + 1).append("]);\n");
      sb.append("  (void) ").append(params.get(i)).append(";\n");
    }
    sb.append(region ? CPrinter.standard().printRegion(ast, 1) : CPrinter.standard().print(ast, 1));
    sb.append("  return 0;\n}\n");
    return sb.toString();
  }

  /** The printed call lines of the compiled program for each list of parameter values. */
  public static List<List<String>> run(String source, List<String> flags, List<long[]> paramValues,
      Map<String, String> env) throws IOException {
    List<List<String>> out = new ArrayList<>();
    try (GccDriver prog = GccDriver.compile(source, flags)) {
      for (long[] values : paramValues) {
        List<String> args = new ArrayList<>();
        for (long v : values) args.add(Long.toString(v));
        GccDriver.Run r = prog.run(args, env, 60);
        if (r.exitCode() != 0) {
          throw new IOException("exit " + r.exitCode() + " for " + Arrays.toString(values) + ": " + r.stderr());
        }
        List<String> lines = new ArrayList<>();
        for (String l : r.stdout().split("\n")) if (!l.isEmpty()) lines.add(l);
        out.add(lines);
      }
    }
    return out;
  }
}

package dev.polyj.polybench.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A random test program: global arrays and scalars, a {@code #pragma scop} region of loops, ifs,
 * block-scope temporaries and assignments, and the C program around it (deterministic
 * initialization, the region run once with run-time parameters, a checksum of every array and
 * scalar printed bit for bit). The region is a small AST so that {@link Shrinker} can cut it down.
 *
 * <p>Sizes are the macros {@code N0..N3} ({@code #ifndef}, so {@code -D} changes them); every array
 * extent is {@code E = 2 * (N0 + N1 + N2 + N3) + 4}, large enough for any subscript the generator
 * writes (sums of at most two iterators, each below some {@code Nk}, plus a small offset).
 */
public final class Program {
  /** A C type of the generated data. */
  enum Type {
    DOUBLE("double", true), FLOAT("float", true), INT("int", false), LONG("long", false);

    final String c;
    final boolean floating;

    Type(String c, boolean floating) {
      this.c = c;
      this.floating = floating;
    }
  }

  /** A global array or scalar (rank 0). */
  record Var(String name, Type type, int rank) {}

  /** An expression. */
  sealed interface Ex {
    String c();

    default Ex map(UnaryOperator<Ex> f) {
      return f.apply(this);
    }
  }

  record Num(String text) implements Ex {
    @Override
    public String c() {
      return text;
    }
  }

  /** A name: iterator, parameter, macro, scalar or temporary. */
  record Name(String name) implements Ex {
    @Override
    public String c() {
      return name;
    }
  }

  record Bin(String op, Ex a, Ex b) implements Ex {
    @Override
    public String c() {
      return "(" + a.c() + " " + op + " " + b.c() + ")";
    }

    @Override
    public Ex map(UnaryOperator<Ex> f) {
      return f.apply(new Bin(op, a.map(f), b.map(f)));
    }
  }

  record Call(String fn, List<Ex> args) implements Ex {
    @Override
    public String c() {
      List<String> as = new ArrayList<>();
      for (Ex a : args) as.add(a.c());
      return fn + "(" + String.join(", ", as) + ")";
    }

    @Override
    public Ex map(UnaryOperator<Ex> f) {
      List<Ex> as = new ArrayList<>();
      for (Ex a : args) as.add(a.map(f));
      return f.apply(new Call(fn, as));
    }
  }

  /** An array element. */
  record Ref(String array, List<Ex> subs) implements Ex {
    @Override
    public String c() {
      StringBuilder sb = new StringBuilder(array);
      for (Ex s : subs) sb.append('[').append(s.c()).append(']');
      return sb.toString();
    }

    @Override
    public Ex map(UnaryOperator<Ex> f) {
      List<Ex> ss = new ArrayList<>();
      for (Ex s : subs) ss.add(s.map(f));
      return f.apply(new Ref(array, ss));
    }
  }

  /** A statement of the region. */
  sealed interface St {}

  /**
   * {@code for (v = lb; v < ub; v += step)}, or counting down from {@code ub - 1} to {@code lb}
   * when {@code down}.
   */
  record Loop(String var, Ex lb, Ex ub, int step, boolean down, List<St> body) implements St {}

  /** {@code if (cond) then else otherwise}; {@code otherwise} may be empty (no else). */
  record If(Ex cond, List<St> then, List<St> otherwise) implements St {
    If(Ex cond, List<St> then) {
      this(cond, then, List.of());
    }
  }

  /** {@code cond ? a : b}. */
  record Select(Ex cond, Ex a, Ex b) implements Ex {
    @Override
    public String c() {
      return "(" + cond.c() + " ? " + a.c() + " : " + b.c() + ")";
    }

    @Override
    public Ex map(UnaryOperator<Ex> f) {
      return f.apply(new Select(cond.map(f), a.map(f), b.map(f)));
    }
  }

  /** {@code target op value;} with op one of {@code = += -= *=}. */
  record Assign(Ex target, String op, Ex value) implements St {}

  /** A block-scope declaration {@code [const] type name = init;}. */
  record Local(Type type, boolean isConst, String name, Ex init) implements St {}

  final List<Var> vars;
  final int[] sizes;
  final List<String> params;
  final List<Integer> paramOffsets;
  final List<St> region;

  Program(List<Var> vars, int[] sizes, List<String> params, List<Integer> paramOffsets, List<St> region) {
    this.vars = List.copyOf(vars);
    this.sizes = sizes.clone();
    this.params = List.copyOf(params);
    this.paramOffsets = List.copyOf(paramOffsets);
    this.region = List.copyOf(region);
  }

  Program withRegion(List<St> r) {
    return new Program(vars, sizes, params, paramOffsets, r);
  }

  /** The number of statements and loops of the region (the size the shrinker reduces). */
  int size() {
    return count(region);
  }

  private static int count(List<St> body) {
    int n = 0;
    for (St s : body) {
      n++;
      if (s instanceof Loop l) n += count(l.body());
      if (s instanceof If i) n += count(i.then()) + count(i.otherwise());
    }
    return n;
  }

  /** The C program. */
  String c() {
    StringBuilder sb = new StringBuilder();
    sb.append("#include <stdio.h>\n#include <string.h>\n#include <math.h>\n");
    for (int k = 0; k < sizes.length; k++) {
      sb.append("#ifndef N").append(k).append("\n#define N").append(k).append(' ').append(sizes[k])
          .append("\n#endif\n");
    }
    sb.append("#define E (2 * (N0 + N1 + N2 + N3) + 4)\n");
    sb.append("#define MIN(a, b) ((a) < (b) ? (a) : (b))\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n");
    Set<String> used = usedNames();
    for (Var v : vars) {
      if (!used.contains(v.name())) continue;
      sb.append("static ").append(v.type().c).append(' ').append(v.name()).append("[E]".repeat(v.rank())).append(";\n");
    }
    sb.append("static unsigned long long seed = 88172645463325252ULL;\n");
    sb.append("static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;"
        + " return (double)(seed % 2001) / 1000.0 - 1.0; }\n");
    sb.append("static void init(void) {\n");
    for (Var v : vars) {
      if (!used.contains(v.name())) continue;
      String cast = v.type().floating ? "(" + v.type().c + ")next()" : "(" + v.type().c + ")(next() * 50)";
      if (v.rank() == 0) {
        sb.append("  ").append(v.name()).append(" = ").append(cast).append(";\n");
      } else {
        sb.append("  { ").append(v.type().c).append(" *p = (").append(v.type().c).append(" *)").append(v.name())
            .append("; for (long k = 0; k < (long)sizeof ").append(v.name()).append(" / (long)sizeof *p; k++) p[k] = ")
            .append(cast).append("; }\n");
      }
    }
    sb.append("}\n");
    sb.append("static void show(const char *name, const void *data, long bytes, double asum) {\n")
        .append("  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;\n")
        .append("  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }\n")
        .append("  printf(\"%s %.10e bits=%016llx\\n\", name, asum, h);\n}\n");
    sb.append("static void checksum(void) {\n");
    for (Var v : vars) {
      if (!used.contains(v.name())) continue;
      if (v.rank() == 0) {
        sb.append("  show(\"").append(v.name()).append("\", &").append(v.name()).append(", sizeof ").append(v.name())
            .append(", fabs((double)").append(v.name()).append("));\n");
      } else {
        sb.append("  { const ").append(v.type().c).append(" *p = (const ").append(v.type().c).append(" *)")
            .append(v.name()).append("; double a = 0; for (long k = 0; k < (long)sizeof ").append(v.name())
            .append(" / (long)sizeof *p; k++) a += fabs((double)p[k]); show(\"").append(v.name()).append("\", ")
            .append(v.name()).append(", sizeof ").append(v.name()).append(", a); }\n");
      }
    }
    sb.append("}\n");
    List<String> ps = new ArrayList<>();
    for (String p : params) ps.add("int " + p);
    sb.append("static void kernel(").append(ps.isEmpty() ? "void" : String.join(", ", ps)).append(") {\n");
    Set<String> its = new LinkedHashSet<>();
    iterators(region, its);
    if (!its.isEmpty()) sb.append("  int ").append(String.join(", ", its)).append(";\n");
    sb.append("#pragma scop\n");
    print(region, 1, sb);
    sb.append("#pragma endscop\n}\n");
    sb.append("int main(void) {\n");
    List<String> args = new ArrayList<>();
    for (int k = 0; k < params.size(); k++) {
      sb.append("  volatile int v").append(k).append(" = N").append(k).append(" - ").append(paramOffsets.get(k))
          .append(";\n");
      args.add("v" + k);
    }
    sb.append("  init();\n  kernel(").append(String.join(", ", args)).append(");\n  checksum();\n  return 0;\n}\n");
    return sb.toString();
  }

  private static void iterators(List<St> body, Set<String> out) {
    for (St s : body) {
      if (s instanceof Loop l) {
        out.add(l.var());
        iterators(l.body(), out);
      } else if (s instanceof If i) {
        iterators(i.then(), out);
        iterators(i.otherwise(), out);
      }
    }
  }

  /** The global variables the region mentions (the others are not declared). */
  Set<String> usedNames() {
    Set<String> out = new LinkedHashSet<>();
    names(region, out);
    return out;
  }

  private static void names(List<St> body, Set<String> out) {
    for (St s : body) {
      if (s instanceof Loop l) {
        names(l.lb(), out);
        names(l.ub(), out);
        names(l.body(), out);
      } else if (s instanceof If i) {
        names(i.cond(), out);
        names(i.then(), out);
        names(i.otherwise(), out);
      } else if (s instanceof Assign a) {
        names(a.target(), out);
        names(a.value(), out);
      } else if (s instanceof Local d) {
        names(d.init(), out);
      }
    }
  }

  private static void names(Ex e, Set<String> out) {
    e.map(x -> {
      if (x instanceof Name n) out.add(n.name());
      if (x instanceof Ref r) out.add(r.array());
      return x;
    });
  }

  private static void print(List<St> body, int level, StringBuilder sb) {
    String ind = "  ".repeat(level);
    for (St s : body) {
      if (s instanceof Loop l) {
        if (l.down()) {
          sb.append(ind).append("for (").append(l.var()).append(" = ").append(new Bin("-", l.ub(), new Num("1")).c())
              .append("; ").append(l.var()).append(" >= ").append(l.lb().c()).append("; ").append(l.var())
              .append(l.step() == 1 ? "--" : " -= " + l.step()).append(") {\n");
        } else {
          sb.append(ind).append("for (").append(l.var()).append(" = ").append(l.lb().c()).append("; ").append(l.var())
              .append(" < ").append(l.ub().c()).append("; ").append(l.var())
              .append(l.step() == 1 ? "++" : " += " + l.step()).append(") {\n");
        }
        print(l.body(), level + 1, sb);
        sb.append(ind).append("}\n");
      } else if (s instanceof If i) {
        sb.append(ind).append("if ").append(paren(i.cond())).append(" {\n");
        print(i.then(), level + 1, sb);
        if (!i.otherwise().isEmpty()) {
          sb.append(ind).append("} else {\n");
          print(i.otherwise(), level + 1, sb);
        }
        sb.append(ind).append("}\n");
      } else if (s instanceof Assign a) {
        sb.append(ind).append(a.target().c()).append(' ').append(a.op()).append(' ').append(a.value().c()).append(";\n");
      } else if (s instanceof Local d) {
        sb.append(ind).append(d.isConst() ? "const " : "").append(d.type().c).append(' ').append(d.name())
            .append(" = ").append(d.init().c()).append(";\n");
      }
    }
  }

  private static String paren(Ex e) {
    String c = e.c();
    return c.startsWith("(") && e instanceof Bin ? c : "(" + c + ")";
  }

  /** {@code e} with names replaced as {@code subst} says. */
  static Ex substitute(Ex e, Map<String, Ex> subst) {
    return e.map(x -> x instanceof Name n && subst.containsKey(n.name()) ? subst.get(n.name()) : x);
  }
}

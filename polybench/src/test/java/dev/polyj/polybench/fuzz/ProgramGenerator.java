package dev.polyj.polybench.fuzz;

import dev.polyj.polybench.fuzz.Program.Assign;
import dev.polyj.polybench.fuzz.Program.Bin;
import dev.polyj.polybench.fuzz.Program.Call;
import dev.polyj.polybench.fuzz.Program.Ex;
import dev.polyj.polybench.fuzz.Program.If;
import dev.polyj.polybench.fuzz.Program.Local;
import dev.polyj.polybench.fuzz.Program.Loop;
import dev.polyj.polybench.fuzz.Program.Name;
import dev.polyj.polybench.fuzz.Program.Num;
import dev.polyj.polybench.fuzz.Program.Ref;
import dev.polyj.polybench.fuzz.Program.St;
import dev.polyj.polybench.fuzz.Program.Type;
import dev.polyj.polybench.fuzz.Program.Var;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random static-control regions in the spirit of Csmith and YARPGen (random programs whose
 * behaviour is defined, compiled two ways and compared): loop nests of depth 1 to 4 with affine,
 * triangular, strided and downward bounds over size macros and run-time parameters, ifs with
 * affine conditions (including modulo), assignments and compound assignments to arrays of
 * {@code double}, {@code float}, {@code int} and {@code long} and to scalars, reductions into
 * scalars, block-scope temporaries (some {@code const}) and pure math calls.
 *
 * <p>Every program is well defined: subscripts stay inside the arrays (each extent covers two
 * iterators plus an offset, and an offset is never below the least value of the iterators it is
 * added to), integer values stay small (every integer assignment is reduced modulo a small prime),
 * and floating values do not depend on evaluation order beyond what the C semantics fix.
 */
public final class ProgramGenerator {
  private static final String[] FLOAT_CONSTANTS = {"0.5", "1.25", "0.75", "2.0", "0.125", "3.0"};
  private static final String[] SCALE_CONSTANTS = {"0.5", "0.75", "1.0", "0.875"};

  /**
   * The most statements of a region in a campaign: PolyBench's kernels have 1 to 12; the nests the
   * generator draws rarely reach more than 16.
   */
  static final int MAX_STATEMENTS = 16;

  /** The most statements of the small programs of the default test run's batch. */
  static final int SMALL_STATEMENTS = 4;

  private final int maxStatements;

  private final SplittableRandom rnd;
  private final List<Var> arrays = new ArrayList<>();
  private final List<Var> scalars = new ArrayList<>();
  private final List<String> params = new ArrayList<>();
  private final List<Integer> paramOffsets = new ArrayList<>();
  private int[] sizes;
  private int locals;
  private int statements;

  private ProgramGenerator(long seed, int maxStatements) {
    this.rnd = new SplittableRandom(seed);
    this.maxStatements = maxStatements;
  }

  /** The program of {@code seed} (the same seed always gives the same program). */
  public static Program generate(long seed) {
    return generate(seed, MAX_STATEMENTS);
  }

  /** The program of {@code seed} with at most {@code maxStatements} statements. */
  public static Program generate(long seed, int maxStatements) {
    return new ProgramGenerator(seed, maxStatements).program();
  }

  /** An iterator in scope with the least value it takes (for non-negative subscripts). */
  private record It(String name, int min, int sizeIndex) {}

  /** A block-scope temporary in scope. */
  private record Temp(String name, Type type) {}

  private Program program() {
    sizes = new int[4];
    for (int k = 0; k < 4; k++) sizes[k] = 3 + rnd.nextInt(7);
    int nArrays = 2 + rnd.nextInt(4);
    Type[] types = Type.values();
    for (int k = 0; k < nArrays; k++) {
      Type t = rnd.nextInt(3) == 0 ? types[rnd.nextInt(types.length)] : Type.DOUBLE;
      int rank = 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 3 : 2);
      arrays.add(new Var("A" + k, t, rank));
    }
    int nScalars = rnd.nextInt(3);
    for (int k = 0; k < nScalars; k++) {
      scalars.add(new Var("s" + k, rnd.nextInt(3) == 0 ? Type.LONG : Type.DOUBLE, 0));
    }
    int nParams = rnd.nextInt(3);
    for (int k = 0; k < nParams; k++) {
      params.add("p" + k);
      paramOffsets.add(rnd.nextInt(2));
    }
    List<St> region = new ArrayList<>();
    int nests = 1 + rnd.nextInt(2);
    for (int k = 0; k < nests && statements < maxStatements; k++) region.add(loop(new ArrayList<>(), new ArrayList<>(), 0));
    List<Var> all = new ArrayList<>(arrays);
    all.addAll(scalars);
    return new Program(all, sizes, params, paramOffsets, region);
  }

  private St loop(List<It> its, List<Temp> temps, int depth) {
    String var = "i" + depth;
    int size = rnd.nextInt(4);
    Ex ub;
    int pick = rnd.nextInt(10);
    if (pick < 2 && size < params.size()) {
      ub = new Name("p" + size);
    } else if (pick < 4 && !its.isEmpty()) {
      // triangular: below or up to an enclosing iterator
      It o = its.get(rnd.nextInt(its.size()));
      ub = rnd.nextBoolean() ? new Name(o.name()) : new Bin("+", new Name(o.name()), new Num("1"));
      size = o.sizeIndex();
    } else if (pick < 5) {
      ub = new Bin("-", new Name("N" + size), new Num("1"));
    } else if (pick < 6 && !its.isEmpty()) {
      // a bound with a min: the size or a few past an enclosing iterator
      It o = its.get(rnd.nextInt(its.size()));
      ub = new Call("MIN", List.of(new Name("N" + size), new Bin("+", new Name(o.name()), new Num("2"))));
    } else {
      ub = new Name("N" + size);
    }
    Ex lb;
    int min;
    int lpick = rnd.nextInt(10);
    if (lpick < 2 && !its.isEmpty()) {
      It o = its.get(rnd.nextInt(its.size()));
      boolean plus = rnd.nextBoolean();
      lb = plus ? new Bin("+", new Name(o.name()), new Num("1")) : new Name(o.name());
      min = o.min() + (plus ? 1 : 0);
    } else {
      min = lpick < 6 ? 0 : rnd.nextInt(3);
      lb = new Num(Integer.toString(min));
    }
    int step = rnd.nextInt(5) == 0 ? 2 + rnd.nextInt(2) : 1;
    boolean down = rnd.nextInt(6) == 0;
    List<It> inner = new ArrayList<>(its);
    inner.add(new It(var, min, size));
    List<Temp> scope = new ArrayList<>(temps);
    List<St> body = new ArrayList<>();
    if (rnd.nextInt(4) == 0) body.add(local(inner, scope));
    int n = 1 + rnd.nextInt(2);
    for (int k = 0; k < n && statements < maxStatements; k++) {
      int c = rnd.nextInt(10);
      if (c < 3 && depth < 3) {
        body.add(loop(inner, scope, depth + 1));
      } else if (c < 4) {
        List<St> then = new ArrayList<>();
        then.add(depth < 3 && rnd.nextBoolean() ? loop(inner, scope, depth + 1) : assign(inner, scope));
        List<St> otherwise = new ArrayList<>();
        if (rnd.nextInt(3) == 0) otherwise.add(assign(inner, scope));
        body.add(new If(condition(inner), then, otherwise));
      } else if (c < 5) {
        body.add(local(inner, scope));
      } else {
        body.add(assign(inner, scope));
      }
    }
    return new Loop(var, lb, ub, step, down, body);
  }

  private St local(List<It> its, List<Temp> scope) {
    statements++;
    Type t = rnd.nextInt(4) == 0 ? Type.FLOAT : Type.DOUBLE;
    String name = "t" + locals++;
    Ex init = floating(its, scope, 2);
    scope.add(new Temp(name, t));
    return new Local(t, rnd.nextInt(3) == 0, name, init);
  }

  private Ex condition(List<It> its) {
    It a = its.get(rnd.nextInt(its.size()));
    int c = rnd.nextInt(5);
    if (c == 0) return new Bin("==", new Bin("%", new Name(a.name()), new Num("2")), new Num("0"));
    if (c == 1 && its.size() > 1) {
      It b = its.get(rnd.nextInt(its.size()));
      return new Bin(rnd.nextBoolean() ? "<=" : "!=", new Name(a.name()), new Name(b.name()));
    }
    if (c == 2 && !params.isEmpty()) return new Bin("<", new Name(a.name()), new Name(params.get(0)));
    if (c == 3 && its.size() > 1) {
      It b = its.get(rnd.nextInt(its.size()));
      return new Bin("<", new Bin("+", new Name(a.name()), new Name(b.name())), new Name("N" + rnd.nextInt(4)));
    }
    return new Bin(">", new Name(a.name()), new Num(Integer.toString(1 + rnd.nextInt(3))));
  }

  private St assign(List<It> its, List<Temp> scope) {
    statements++;
    if (!scalars.isEmpty() && rnd.nextInt(5) == 0) {
      // a reduction into a scalar
      Var s = scalars.get(rnd.nextInt(scalars.size()));
      if (s.type().floating) return new Assign(new Name(s.name()), rnd.nextBoolean() ? "+=" : "-=", floating(its, scope, 2));
      return new Assign(new Name(s.name()), "+=", new Bin("%", integer(its, 2), new Num("31")));
    }
    Var a = arrays.get(rnd.nextInt(arrays.size()));
    Ex target = ref(a, its);
    if (a.type().floating) {
      int op = rnd.nextInt(8);
      if (op == 0) return new Assign(target, "*=", new Num(SCALE_CONSTANTS[rnd.nextInt(SCALE_CONSTANTS.length)]));
      if (op < 3) return new Assign(target, op == 1 ? "+=" : "-=", floating(its, scope, 2));
      return new Assign(target, "=", floating(its, scope, 3));
    }
    if (rnd.nextInt(3) == 0) {
      Ex term = new Bin("%", integer(its, 2), new Num("31"));
      // every fourth integer accumulation a maximum or minimum by selection (reordered exactly by default)
      if (statements % 4 == 0) {
        return new Assign(target, "=", new Program.Select(new Bin(statements % 8 == 0 ? ">=" : "<", target, term), target, term));
      }
      return new Assign(target, "+=", term);
    }
    return new Assign(target, "=", new Bin("%", integer(its, 3), new Num("1009")));
  }

  /** An element of {@code a} with subscripts inside the array. */
  private Ref ref(Var a, List<It> its) {
    List<Ex> subs = new ArrayList<>();
    for (int d = 0; d < a.rank(); d++) subs.add(subscript(its));
    return new Ref(a.name(), subs);
  }

  private Ex subscript(List<It> its) {
    int c = rnd.nextInt(10);
    if (c == 0 || its.isEmpty()) return new Num(Integer.toString(rnd.nextInt(4)));
    It a = its.get(rnd.nextInt(its.size()));
    Ex e = new Name(a.name());
    int min = a.min();
    if (c < 3 && its.size() > 1) {
      It b = its.get(rnd.nextInt(its.size()));
      e = new Bin("+", e, new Name(b.name()));
      min += b.min();
    } else if (c == 3) {
      e = new Bin("*", new Num("2"), e);
      min *= 2;
    }
    int off = rnd.nextInt(min + 4) - min;
    if (off > 0) e = new Bin("+", e, new Num(Integer.toString(off)));
    if (off < 0) e = new Bin("-", e, new Num(Integer.toString(-off)));
    return e;
  }

  /** A floating expression of depth at most {@code depth}. */
  private Ex floating(List<It> its, List<Temp> scope, int depth) {
    int c = rnd.nextInt(depth <= 0 ? 4 : 9);
    switch (c) {
      case 0: {
        Var a = arrays.get(rnd.nextInt(arrays.size()));
        return ref(a, its);
      }
      case 1: {
        List<Var> fs = new ArrayList<>();
        for (Var v : scalars) if (v.type().floating) fs.add(v);
        if (!scope.isEmpty() && (fs.isEmpty() || rnd.nextBoolean())) return new Name(scope.get(rnd.nextInt(scope.size())).name());
        if (!fs.isEmpty()) return new Name(fs.get(rnd.nextInt(fs.size())).name());
        return new Num(FLOAT_CONSTANTS[rnd.nextInt(FLOAT_CONSTANTS.length)]);
      }
      case 2:
        return new Num(FLOAT_CONSTANTS[rnd.nextInt(FLOAT_CONSTANTS.length)]);
      case 3:
        if (!its.isEmpty() && depth > 0 && rnd.nextInt(3) == 0) {
          return new Program.Select(condition(its), floating(its, scope, depth - 1), floating(its, scope, depth - 1));
        }
        return its.isEmpty() ? new Num("1.5") : new Name(its.get(rnd.nextInt(its.size())).name());
      case 4: {
        Ex x = floating(its, scope, depth - 1);
        int f = rnd.nextInt(5);
        if (f == 0) return new Call("sqrt", List.of(new Call("fabs", List.of(x))));
        if (f == 1) return new Call("fabs", List.of(x));
        if (f == 2) return new Call("fmax", List.of(x, floating(its, scope, depth - 1)));
        if (f == 3) return new Bin("/", x, new Bin("+", new Num("1.5"), new Call("fabs", List.of(floating(its, scope, depth - 1)))));
        return new Call("floor", List.of(x));
      }
      default: {
        String op = new String[] {"+", "-", "*", "+"}[rnd.nextInt(4)];
        return new Bin(op, floating(its, scope, depth - 1), floating(its, scope, depth - 1));
      }
    }
  }

  /** An integer expression (small values) of depth at most {@code depth}. */
  private Ex integer(List<It> its, int depth) {
    int c = rnd.nextInt(depth <= 0 ? 3 : 6);
    switch (c) {
      case 0: {
        List<Var> is = new ArrayList<>();
        for (Var v : arrays) if (!v.type().floating) is.add(v);
        if (is.isEmpty()) return new Num(Integer.toString(rnd.nextInt(10)));
        return ref(is.get(rnd.nextInt(is.size())), its);
      }
      case 1:
        return its.isEmpty() ? new Num("3") : new Name(its.get(rnd.nextInt(its.size())).name());
      case 2:
        return new Num(Integer.toString(rnd.nextInt(10)));
      case 3:
        // products only by small constants: no value grows past what an int holds
        return new Bin("*", integer(its, depth - 1), new Num(Integer.toString(rnd.nextInt(10))));
      default:
        return new Bin(rnd.nextBoolean() ? "+" : "-", integer(its, depth - 1), integer(its, depth - 1));
    }
  }
}

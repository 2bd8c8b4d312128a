package dev.polyj.presburger.notation;

import dev.polyj.presburger.arith.Ints;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random conditions in isl notation over {@code N, i, j} together with their meaning computed
 * directly (the oracle for the parser): quasi-affine expressions with floor, ceil, mod, min, max,
 * comparisons (chained), and, or, not, implies, true, false and existential quantifiers.
 */
final class RandomFormulas {
  private RandomFormulas() {}

  /** An expression: its text and its value at {@code (N, i, j)}. */
  record Expr(String text, ToLongFunction<long[]> value) {}

  /** A condition: its text and its truth at {@code (N, i, j)}. */
  record Cond(String text, Predicate<long[]> holds) {}

  private static final String[] VARS = {"N", "i", "j"};

  static Arbitrary<Expr> exprs(int depth) {
    Arbitrary<Expr> leaf = Arbitraries.oneOf(
        Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.longs().between(-3, 3),
            Arbitraries.integers().between(0, 2)).as((v, c, style) -> {
              String name = VARS[v];
              String text = switch (style) {
                case 0 -> c == 1 ? name : c == -1 ? "-" + name : c + name;
                case 1 -> c + "*" + name;
                default -> name + "*" + c;
              };
              return new Expr(text, p -> c * p[v]);
            }),
        Arbitraries.longs().between(-4, 4).map(c -> new Expr(Long.toString(c), p -> c)));
    if (depth == 0) return leaf;
    Arbitrary<Expr> sub = exprs(depth - 1);
    Arbitrary<Long> den = Arbitraries.longs().between(2, 4);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(3, leaf),
        net.jqwik.api.Tuple.of(3, Combinators.combine(sub, sub, Arbitraries.of("+", "-")).as((a, b, op) ->
            new Expr(a.text() + " " + op + " (" + b.text() + ")",
                op.equals("+") ? p -> a.value().applyAsLong(p) + b.value().applyAsLong(p)
                    : p -> a.value().applyAsLong(p) - b.value().applyAsLong(p)))),
        net.jqwik.api.Tuple.of(2, Combinators.combine(sub, den, Arbitraries.integers().between(0, 3)).as((a, d, style) -> {
          String t = switch (style) {
            case 0 -> "floor((" + a.text() + ")/" + d + ")";
            case 1 -> "[(" + a.text() + ")/" + d + "]";
            case 2 -> "floord(" + a.text() + ", " + d + ")";
            default -> "(" + a.text() + ") // " + d;
          };
          return new Expr(t, p -> Ints.floorDiv(a.value().applyAsLong(p), d));
        })),
        net.jqwik.api.Tuple.of(1, Combinators.combine(sub, den, Arbitraries.of(true, false)).as((a, d, c) ->
            new Expr(c ? "ceil((" + a.text() + ")/" + d + ")" : "ceild(" + a.text() + ", " + d + ")",
                p -> Ints.ceilDiv(a.value().applyAsLong(p), d)))),
        net.jqwik.api.Tuple.of(2, Combinators.combine(sub, den, Arbitraries.of(" mod ", " % ")).as((a, d, op) ->
            new Expr("(" + a.text() + ")" + op + d, p -> Math.floorMod(a.value().applyAsLong(p), d)))),
        net.jqwik.api.Tuple.of(1, Combinators.combine(sub, sub, Arbitraries.of(true, false)).as((a, b, min) ->
            new Expr((min ? "min(" : "max(") + a.text() + ", " + b.text() + ")",
                min ? p -> Math.min(a.value().applyAsLong(p), b.value().applyAsLong(p))
                    : p -> Math.max(a.value().applyAsLong(p), b.value().applyAsLong(p))))));
  }

  private static boolean compare(String op, long a, long b) {
    return switch (op) {
      case "=", "==" -> a == b;
      case "!=" -> a != b;
      case "<" -> a < b;
      case "<=" -> a <= b;
      case ">" -> a > b;
      default -> a >= b;
    };
  }

  static Arbitrary<Cond> atoms() {
    Arbitrary<Expr> e = exprs(2);
    Arbitrary<String> op = Arbitraries.of("=", "==", "!=", "<", "<=", ">", ">=");
    Arbitrary<Cond> simple = Combinators.combine(e, op, e).as((a, o, b) -> new Cond(a.text() + " " + o + " " + b.text(),
        p -> compare(o, a.value().applyAsLong(p), b.value().applyAsLong(p))));
    Arbitrary<Cond> chained = Combinators.combine(e, Arbitraries.of("<", "<="), e, Arbitraries.of("<", "<="), e)
        .as((a, o1, b, o2, c) -> new Cond(a.text() + " " + o1 + " " + b.text() + " " + o2 + " " + c.text(), p -> {
          long x = a.value().applyAsLong(p);
          long y = b.value().applyAsLong(p);
          long z = c.value().applyAsLong(p);
          return compare(o1, x, y) && compare(o2, y, z);
        }));
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, simple), net.jqwik.api.Tuple.of(1, chained));
  }

  /** {@code exists (e: lo <= k e <= hi)}, possibly with a condition not involving e. */
  static Arbitrary<Cond> exists(int depth) {
    Arbitrary<Expr> e = exprs(1);
    return Combinators.combine(e, e, Arbitraries.longs().between(2, 4), Arbitraries.integers().between(0, 2), conds(depth - 1))
        .as((lo, hi, k, style, rest) -> {
          String v = "e" + depth;
          String bounds = lo.text() + " <= " + k + v + " <= " + hi.text();
          Predicate<long[]> has = p -> {
            long l = lo.value().applyAsLong(p);
            long h = hi.value().applyAsLong(p);
            return Ints.ceilDiv(l, k) <= Ints.floorDiv(h, k);
          };
          return switch (style) {
            case 0 -> new Cond("exists (" + v + " : " + bounds + ")", has);
            case 1 -> new Cond("exists " + v + " : " + bounds, has);
            default -> new Cond("exists (" + v + " : (" + rest.text() + ") and " + bounds + ")",
                p -> has.test(p) && rest.holds().test(p));
          };
        });
  }

  static Arbitrary<Cond> conds(int depth) {
    if (depth <= 0) {
      return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(8, atoms()),
          net.jqwik.api.Tuple.of(1, Arbitraries.of(new Cond("true", p -> true), new Cond("false", p -> false))));
    }
    Arbitrary<Cond> sub = Arbitraries.lazy(() -> conds(depth - 1));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(3, atoms()),
        net.jqwik.api.Tuple.of(2, Combinators.combine(sub, sub, Arbitraries.of(" and ", " && ", " & ")).as((a, b, op) ->
            new Cond("(" + a.text() + ")" + op + "(" + b.text() + ")", p -> a.holds().test(p) && b.holds().test(p)))),
        net.jqwik.api.Tuple.of(2, Combinators.combine(sub, sub, Arbitraries.of(" or ", " || ")).as((a, b, op) ->
            new Cond("(" + a.text() + ")" + op + "(" + b.text() + ")", p -> a.holds().test(p) || b.holds().test(p)))),
        net.jqwik.api.Tuple.of(2, Combinators.combine(sub, Arbitraries.of("not ", "!")).as((a, op) ->
            new Cond(op + "(" + a.text() + ")", p -> !a.holds().test(p)))),
        net.jqwik.api.Tuple.of(1, Combinators.combine(sub, sub).as((a, b) ->
            new Cond("(" + a.text() + ") implies (" + b.text() + ")", p -> !a.holds().test(p) || b.holds().test(p)))),
        net.jqwik.api.Tuple.of(2, exists(depth)),
        net.jqwik.api.Tuple.of(1, exists(depth).map(c -> new Cond("not " + c.text(), p -> !c.holds().test(p)))));
  }
}

package dev.polyj.presburger.notation;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Printer of sets and relations in isl notation, in isl's style, e.g.
 * {@code [N] -> { S[i, j] : 0 <= i < N and j >= i; T[k] : k >= 2 }}: parameters only when there
 * are some, pieces of one space joined by {@code or}, lower and upper bounds of one variable chained,
 * output dimensions fixed by an equality written in the tuple ({@code { S[i] -> A[i + 1] }}),
 * constant dimensions written as constants, known integer divisions inline as
 * {@code floor((i + 1)/3)} or {@code (i) mod 4}, unknown existentials as {@code exists (e0: ...)}.
 * An empty relation keeps its space: {@code { S[i] : false }}; so does an empty union whose
 * spaces are known ({@link UnionRelation#emptySpaces}), otherwise it prints as {@code {  }}; the universe is {@code { S[i] }} (for a parameter domain
 * {@code {  :  }}).
 *
 * <p>Dimension names come from the tuples when they are usable identifiers, otherwise isl's
 * defaults ({@code i0, i1, ...} for set and input dimensions, {@code o0, o1, ...} for outputs);
 * clashes with parameters or other dimensions get primes ({@code i'}), which isl and
 * {@link IslParser} read back as the same dimension name.
 */
public final class IslPrinter {
  private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private IslPrinter() {}

  public static String print(UnionRelation u) {
    StringBuilder sb = new StringBuilder(paramPrefix(u.paramNames()));
    List<Relation> rs = u.relations();
    if (rs.isEmpty() && !u.emptySpaces().isEmpty()) {
      rs = new ArrayList<>();
      for (Space e : u.emptySpaces()) rs.add(Relation.empty(e));
    }
    if (rs.isEmpty()) return sb.append("{  }").toString();
    sb.append("{ ");
    for (int i = 0; i < rs.size(); i++) {
      if (i > 0) sb.append("; ");
      sb.append(body(rs.get(i)));
    }
    return sb.append(" }").toString();
  }

  public static String print(Relation r) {
    return paramPrefix(r.space().params()) + "{ " + body(r) + " }";
  }

  public static String print(BasicRelation b) {
    return print(Relation.of(b));
  }

  private static String paramPrefix(List<String> params) {
    return params.isEmpty() ? "" : "[" + String.join(", ", params) + "] -> ";
  }

  private static boolean usableName(String s) {
    return s != null && IDENT.matcher(s).matches() && !IslLexer.isKeyword(s);
  }

  // ---------------------------------------------------------------------------------------------
  // One relation

  /** The text between the braces for one space. */
  private static String body(Relation r) {
    Space s = r.space();
    Names names = new Names(s);
    String sep = s.isParams() ? ": " : " : ";
    List<BasicRelation> bs = r.basics();
    if (bs.isEmpty()) return head(s, names, Map.of()) + sep + "false";
    for (BasicRelation b : bs) {
      if (b.isUniverse()) return s.isParams() ? " : " : head(s, names, Map.of());
    }
    // pieces with the same tuple entries are printed together, joined by "or"; groups by ";"
    Map<Map<Integer, String>, List<BasicWriter>> groups = new java.util.LinkedHashMap<>();
    for (BasicRelation b : bs) {
      BasicWriter w = new BasicWriter(b, names);
      groups.computeIfAbsent(w.tupleDefinitions(), k -> new ArrayList<>()).add(w);
    }
    List<String> parts = new ArrayList<>();
    for (Map.Entry<Map<Integer, String>, List<BasicWriter>> g : groups.entrySet()) {
      parts.add(group(s, names, g.getKey(), g.getValue(), sep));
    }
    return String.join("; ", parts);
  }

  private static String group(Space s, Names names, Map<Integer, String> defs, List<BasicWriter> writers,
      String sep) {
    List<List<String>> disjuncts = new ArrayList<>();
    for (BasicWriter w : writers) {
      List<String> c = w.conjuncts();
      if (c.isEmpty()) return s.isParams() ? " : " : head(s, names, defs);
      disjuncts.add(c);
    }
    StringBuilder sb = new StringBuilder(head(s, names, defs)).append(sep);
    for (int i = 0; i < disjuncts.size(); i++) {
      List<String> c = disjuncts.get(i);
      if (i > 0) sb.append(" or ");
      boolean paren = disjuncts.size() > 1 && c.size() > 1;
      if (paren) sb.append('(');
      sb.append(String.join(" and ", c));
      if (paren) sb.append(')');
    }
    return sb.toString();
  }

  private static String head(Space s, Names names, Map<Integer, String> defs) {
    int[] counter = {0};
    return switch (s.kind()) {
      case PARAMS -> "";
      case SET -> tuple(s.tuple(), counter, names, defs);
      case MAP -> tuple(s.domainTuple(), counter, names, defs) + " -> " + tuple(s.rangeTuple(), counter, names, defs);
    };
  }

  private static String tuple(Tuple t, int[] counter, Names names, Map<Integer, String> defs) {
    StringBuilder sb = new StringBuilder();
    if (t.hasName()) sb.append(t.name());
    sb.append('[');
    if (t.isWrapping()) {
      sb.append(tuple(t.nestedDomain(), counter, names, defs)).append(" -> ")
          .append(tuple(t.nestedRange(), counter, names, defs));
    } else {
      for (int i = 0; i < t.arity(); i++) {
        if (i > 0) sb.append(", ");
        int k = counter[0]++;
        sb.append(defs.getOrDefault(k, names.dims[k]));
      }
    }
    return sb.append(']').toString();
  }

  /** Names of parameters and dimensions of one space, unique and readable back. */
  private static final class Names {
    final List<String> params;
    final String[] dims;
    final Set<String> used = new HashSet<>();

    Names(Space s) {
      params = s.params();
      used.addAll(params);
      List<String> labels = switch (s.kind()) {
        case PARAMS -> List.of();
        case SET -> s.tuple().dimNames();
        case MAP -> {
          List<String> l = new ArrayList<>(s.domainTuple().dimNames());
          l.addAll(s.rangeTuple().dimNames());
          yield l;
        }
      };
      dims = new String[labels.size()];
      for (int k = 0; k < dims.length; k++) {
        String base = labels.get(k);
        if (!usableName(base)) base = s.isMap() && k >= s.nIn() ? "o" + (k - s.nIn()) : "i" + k;
        String n = base;
        while (used.contains(n)) n += "'";
        used.add(n);
        dims[k] = n;
      }
    }

    /** {@code n} names for existential variables that clash with nothing. */
    List<String> locals(int n) {
      List<String> out = new ArrayList<>();
      for (int k = 0; out.size() < n; k++) {
        String name = "e" + k;
        if (!used.contains(name)) out.add(name);
      }
      return out;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // One basic relation

  /** A term of an expression: {@code coef * atom}. */
  private record Term(long coef, String atom, AtomKind kind) {}

  private enum AtomKind {
    NAME,
    CALL,
    MOD
  }

  /** An affine row plus {@code coef * (num mod d)} terms for some division locals. */
  private record Form(long[] row, List<long[]> mods) {
    // each mod entry: {local index, coefficient}
    Form negate() {
      List<long[]> m = new ArrayList<>();
      for (long[] x : mods) m.add(new long[] {x[0], Ints.neg(x[1])});
      return new Form(Ints.negate(row), m);
    }
  }

  /** Printed constraint with its sort key (main column, kind). */
  private record Printed(int column, int kind, String text) {}

  /** A bound {@code coef * x >= expr} (lower) or {@code coef * x <= expr} (upper) on column x. */
  private record Bound(int column, long coef, boolean lower, Form expr) {}

  private static final class BasicWriter {
    private final BasicRelation b;
    private final Names names;
    private final Space space;
    private final int nVar;
    private final String[] localNames;
    private final String[] divTexts;
    private final boolean[] needsExists;

    BasicWriter(BasicRelation b, Names names) {
      this.b = b;
      this.names = names;
      this.space = b.space();
      this.nVar = b.nVar();
      int nLocal = b.nLocal();
      int nUnknown = 0;
      for (int j = 0; j < nLocal; j++) if (b.div(j) == null) nUnknown++;
      List<String> fresh = names.locals(nUnknown);
      localNames = new String[nLocal];
      divTexts = new String[nLocal];
      needsExists = new boolean[nLocal];
      int u = 0;
      for (int j = 0; j < nLocal; j++) {
        Div d = b.div(j);
        if (d == null) {
          localNames[j] = fresh.get(u++);
          needsExists[j] = true;
        } else {
          long[] num = d.numerator();
          for (int i = 1 + nVar; i < num.length; i++) {
            if (num[i] != 0 && needsExists[i - 1 - nVar]) needsExists[j] = true;
          }
        }
      }
    }

    private String columnName(int col) {
      if (col <= b.nParam()) return names.params.get(col - 1);
      if (col <= nVar) return names.dims[col - 1 - b.nParam()];
      return localNames[col - 1 - nVar];
    }

    private String divText(int j) {
      if (divTexts[j] == null) {
        Div d = b.div(j);
        divTexts[j] = "floor((" + render(formOf(d.numerator())) + ")/" + d.denominator() + ")";
      }
      return divTexts[j];
    }

    // -- expressions ---------------------------------------------------------------------------

    /** The row with {@code s * (num - d*q)} parts rewritten as {@code s * (num mod d)} when shorter. */
    private Form formOf(long[] row) {
      long[] r = java.util.Arrays.copyOf(row, b.nCol());
      List<long[]> mods = new ArrayList<>();
      for (int j = 0; j < b.nLocal(); j++) {
        Div d = b.div(j);
        int col = b.localCol(j);
        if (d == null || r[col] == 0) continue;
        long m = d.denominator();
        for (long s : new long[] {1, -1}) {
          if (r[col] != -s * m) continue;
          long[] cand = r.clone();
          cand[col] = 0;
          for (int i = 0; i < d.width() && i < cand.length; i++) {
            if (i != col) cand[i] = Ints.sub(cand[i], Ints.mul(s, d.coefficient(i)));
          }
          if (nonZeros(cand) + 1 < nonZeros(r)) {
            r = cand;
            mods.add(new long[] {j, s});
          }
          break;
        }
      }
      return new Form(r, mods);
    }

    private static int nonZeros(long[] r) {
      int n = 0;
      for (int i = 1; i < r.length; i++) if (r[i] != 0) n++;
      return n;
    }

    private List<Term> terms(Form f) {
      List<Term> out = new ArrayList<>();
      long[] r = f.row();
      for (int col = 1; col < r.length; col++) {
        if (r[col] == 0) continue;
        boolean known = col > nVar && b.div(col - 1 - nVar) != null;
        out.add(known ? new Term(r[col], divText(col - 1 - nVar), AtomKind.CALL)
            : new Term(r[col], columnName(col), AtomKind.NAME));
      }
      for (long[] m : f.mods()) {
        int j = (int) m[0];
        Div d = b.div(j);
        out.add(new Term(m[1], "(" + render(formOf(d.numerator())) + ") mod " + d.denominator(), AtomKind.MOD));
      }
      return out;
    }

    private String render(Form f) {
      return render(terms(f), f.row()[0]);
    }

    private static String render(List<Term> terms, long constant) {
      StringBuilder sb = new StringBuilder();
      boolean first = true;
      for (Term t : terms) {
        long a = Ints.abs(t.coef());
        String body;
        if (a == 1) body = t.atom();
        else if (t.kind() == AtomKind.NAME) body = a + t.atom();
        else if (t.kind() == AtomKind.MOD) body = a + "*(" + t.atom() + ")";
        else body = a + "*" + t.atom();
        if (first) sb.append(t.coef() < 0 ? "-" : "").append(body);
        else sb.append(t.coef() < 0 ? " - " : " + ").append(body);
        first = false;
      }
      if (first) sb.append(constant);
      else if (constant > 0) sb.append(" + ").append(constant);
      else if (constant < 0) sb.append(" - ").append(Ints.abs(constant));
      return sb.toString();
    }

    private String scaled(long a, int col) {
      return (a == 1 ? "" : Long.toString(a)) + columnName(col);
    }

    // -- tuple definitions ---------------------------------------------------------------------

    private final Set<Integer> skipEqs = new HashSet<>();
    private final Set<Integer> skipIneqs = new HashSet<>();

    /**
     * Dimensions fixed by the constraints in a way that can be written in the tuple: constants,
     * and for the output dimensions of a map, expressions {@code x = e} or {@code x = floor(e/d)}
     * (two inequalities {@code e - d*x >= 0}, {@code -e + d*x + d - 1 >= 0}) in parameters and
     * earlier dimensions. The constraints used are left out of {@link #conjuncts}.
     */
    Map<Integer, String> tupleDefinitions() {
      Map<Integer, String> out = new HashMap<>();
      skipEqs.clear();
      skipIneqs.clear();
      List<long[]> eqs = b.equalities();
      List<long[]> ineqs = b.inequalities();
      int nParam = b.nParam();
      for (int k = 0; k < space.nDim(); k++) {
        int col = 1 + nParam + k;
        boolean exprAllowed = space.isMap() && k >= space.nIn();
        for (int e = 0; e < eqs.size() && !out.containsKey(k); e++) {
          long[] row = eqs.get(e);
          if (skipEqs.contains(e) || Math.abs(row[col]) != 1) continue;
          if (!definable(row, col, k, exprAllowed, out)) continue;
          Set<Integer> redundant = new HashSet<>();
          for (int i = 0; i < ineqs.size(); i++) {
            long[] r = ineqs.get(i);
            if (r[col] != 0 && DivRows.impliedByDefinition(b, Ints.combine(1, r, -r[col] * row[col], row))) redundant.add(i);
          }
          if (!onlyIn(col, eqs, Set.of(e), ineqs, redundant)) continue;
          long[] expr = row[col] > 0 ? Ints.negate(row) : row.clone();
          expr[col] = 0;
          out.put(k, render(formOf(expr)));
          skipEqs.add(e);
          skipIneqs.addAll(redundant);
        }
        for (int lo = 0; lo < ineqs.size() && exprAllowed && !out.containsKey(k); lo++) {
          long[] l = ineqs.get(lo);
          long d = -l[col];
          if (d <= 1 || skipIneqs.contains(lo) || !definable(l, col, k, true, out)) continue;
          for (int up = 0; up < ineqs.size(); up++) {
            long[] u = ineqs.get(up);
            if (up == lo || u[col] != d || !opposite(l, u, col) || Ints.add(l[0], u[0]) != d - 1) continue;
            if (!onlyIn(col, eqs, Set.of(), ineqs, Set.of(lo, up))) continue;
            long[] num = l.clone();
            num[col] = 0;
            out.put(k, "floor((" + render(formOf(num)) + ")/" + d + ")");
            skipIneqs.add(lo);
            skipIneqs.add(up);
            break;
          }
        }
      }
      return out;
    }

    private static boolean opposite(long[] a, long[] b, int except) {
      for (int i = 1; i < a.length; i++) if (i != except && a[i] != -b[i]) return false;
      return true;
    }

    private boolean definable(long[] row, int col, int k, boolean exprAllowed, Map<Integer, String> defs) {
      for (int c = 1; c < row.length; c++) {
        if (c == col || row[c] == 0) continue;
        if (!exprAllowed || !usableInTuple(c, k, defs)) return false;
      }
      return true;
    }

    /** Column c may appear in the tuple entry of dimension k. */
    private boolean usableInTuple(int c, int k, Map<Integer, String> defs) {
      int nParam = b.nParam();
      if (c <= nParam) return true;
      if (c <= nVar) {
        int dim = c - 1 - nParam;
        return dim < k && !defs.containsKey(dim);
      }
      int j = c - 1 - nVar;
      Div d = b.div(j);
      if (d == null) return false;
      for (int i = 1; i < d.width(); i++) {
        if (d.coefficient(i) != 0 && !usableInTuple(i, k, defs)) return false;
      }
      return true;
    }

    /** Column col occurs in no rows but the given ones, and in no division. */
    private boolean onlyIn(int col, List<long[]> eqs, Set<Integer> eqsOk, List<long[]> ineqs, Set<Integer> ineqsOk) {
      for (int i = 0; i < eqs.size(); i++) if (!eqsOk.contains(i) && eqs.get(i)[col] != 0) return false;
      for (int i = 0; i < ineqs.size(); i++) if (!ineqsOk.contains(i) && ineqs.get(i)[col] != 0) return false;
      for (int j = 0; j < b.nLocal(); j++) {
        Div d = b.div(j);
        if (d != null && col < d.width() && d.coefficient(col) != 0) return false;
      }
      return true;
    }

    // -- constraints ---------------------------------------------------------------------------

    /** The constraints as printed conjuncts, leaving out those written in the tuple. */
    List<String> conjuncts() {
      List<long[]> plainEqs = new ArrayList<>();
      List<long[]> plainIneqs = new ArrayList<>();
      List<long[]> exEqs = new ArrayList<>();
      List<long[]> exIneqs = new ArrayList<>();
      List<long[]> eqs = b.equalities();
      for (int e = 0; e < eqs.size(); e++) {
        if (skipEqs.contains(e)) continue;
        (usesUnknown(eqs.get(e)) ? exEqs : plainEqs).add(eqs.get(e));
      }
      List<long[]> ineqs = b.inequalities();
      for (int i = 0; i < ineqs.size(); i++) {
        long[] r = ineqs.get(i);
        if (skipIneqs.contains(i) || impliedThroughEqualities(r, eqs)) continue;
        (usesUnknown(r) ? exIneqs : plainIneqs).add(r);
      }
      List<String> out = constraints(plainEqs, plainIneqs, false);
      List<String> unknown = new ArrayList<>();
      for (int j = 0; j < b.nLocal(); j++) if (b.div(j) == null) unknown.add(localNames[j]);
      if (!unknown.isEmpty()) {
        List<String> inner = constraints(exEqs, exIneqs, true);
        String body = inner.isEmpty() ? "true" : String.join(" and ", inner);
        out.add("exists (" + String.join(", ", unknown) + ": " + body + ")");
      }
      return out;
    }

    /**
     * {@code r >= 0} follows from the definition of a division local, directly or after
     * substituting an equality with a unit coefficient on a shared parameter or dimension (as in
     * {@code o = (i) mod 3}, which makes {@code 0 <= o <= 2} redundant).
     */
    private boolean impliedThroughEqualities(long[] r, List<long[]> eqs) {
      if (DivRows.impliedByDefinition(b, r)) return true;
      for (long[] e : eqs) {
        for (int c = 1; c <= nVar; c++) {
          if (r[c] == 0 || Math.abs(e[c]) != 1) continue;
          long[] sub = Ints.combine(1, r, -r[c] * e[c], e);
          if (DivRows.impliedByDefinition(b, sub)) return true;
        }
      }
      return false;
    }

    private boolean usesUnknown(long[] r) {
      for (int i = 1 + nVar; i < r.length; i++) if (r[i] != 0 && needsExists[i - 1 - nVar]) return true;
      return false;
    }

    /** Printed constraints; inside an exists, inequalities are written as bounds on an existential. */
    private List<String> constraints(List<long[]> eqs, List<long[]> ineqs, boolean boundLocals) {
      List<Printed> printed = new ArrayList<>();
      for (long[] r : eqs) printed.add(equality(formOf(r)));
      List<Bound> bounds = new ArrayList<>();
      for (long[] r : ineqs) {
        Form f = formOf(r);
        int main = boundLocals ? unknownColumn(f.row()) : -1;
        if (main < 0) main = mainColumn(f.row());
        if (main < 0) {
          printed.add(localOnly(f, false));
          continue;
        }
        long a = f.row()[main];
        long[] rest = f.row().clone();
        rest[main] = 0;
        Form restForm = new Form(rest, f.mods());
        bounds.add(a > 0 ? new Bound(main, a, true, restForm.negate()) : new Bound(main, -a, false, restForm));
      }
      boolean[] done = new boolean[bounds.size()];
      for (int i = 0; i < bounds.size(); i++) {
        if (done[i]) continue;
        Bound x = bounds.get(i);
        done[i] = true;
        int partner = -1;
        for (int j = i + 1; j < bounds.size() && partner < 0; j++) {
          Bound y = bounds.get(j);
          if (!done[j] && y.column() == x.column() && y.coef() == x.coef() && y.lower() != x.lower()) partner = j;
        }
        if (partner >= 0) {
          done[partner] = true;
          Bound lo = x.lower() ? x : bounds.get(partner);
          Bound up = x.lower() ? bounds.get(partner) : x;
          String[] l = side(lo.expr(), true);
          String[] u = side(up.expr(), false);
          printed.add(new Printed(x.column(), 1,
              l[1] + " " + l[0] + " " + scaled(x.coef(), x.column()) + " " + u[0] + " " + u[1]));
        } else {
          String[] s = side(x.expr(), x.lower());
          String op = x.lower() ? (s[0].equals("<") ? ">" : ">=") : s[0];
          printed.add(new Printed(x.column(), x.lower() ? 2 : 3, scaled(x.coef(), x.column()) + " " + op + " " + s[1]));
        }
      }
      printed.sort((p, q) -> p.column() != q.column() ? Integer.compare(p.column(), q.column())
          : Integer.compare(p.kind(), q.kind()));
      List<String> out = new ArrayList<>();
      for (Printed p : printed) out.add(p.text());
      return out;
    }

    /**
     * The other side of a bound, with the operator as seen from that side: {@code {"<=", "N"}}, or
     * a strict {@code {"<", "N"}} when the constant is 1 for a lower and -1 for an upper bound.
     */
    private String[] side(Form expr, boolean lower) {
      long c = expr.row()[0];
      long strictAt = lower ? 1 : -1;
      if (c == strictAt) {
        long[] r = expr.row().clone();
        r[0] = 0;
        return new String[] {"<", render(new Form(r, expr.mods()))};
      }
      return new String[] {"<=", render(expr)};
    }

    /** The unknown existential column with the highest index in the row, or -1. */
    private int unknownColumn(long[] r) {
      for (int c = r.length - 1; c > nVar; c--) if (r[c] != 0 && b.div(c - 1 - nVar) == null) return c;
      return -1;
    }

    /** The parameter or dimension column with the highest index in the row, or -1. */
    private int mainColumn(long[] r) {
      for (int c = nVar; c >= 1; c--) if (r[c] != 0) return c;
      return -1;
    }

    private Printed equality(Form f) {
      int main = mainColumn(f.row());
      if (main < 0) return localOnly(f, true);
      if (f.row()[main] < 0) f = f.negate();
      long a = f.row()[main];
      long[] rest = f.row().clone();
      rest[main] = 0;
      return new Printed(main, 0, scaled(a, main) + " = " + render(new Form(rest, f.mods()).negate()));
    }

    /** A constraint without parameters and dimensions: all terms left, the constant right. */
    private Printed localOnly(Form f, boolean eq) {
      List<Term> ts = terms(f);
      boolean flip = !ts.isEmpty() && ts.get(0).coef() < 0;
      Form g = flip ? f.negate() : f;
      String op = eq ? "=" : flip ? "<=" : ">=";
      return new Printed(Integer.MAX_VALUE, eq ? 0 : 2, render(terms(g), 0) + " " + op + " " + Ints.neg(g.row()[0]));
    }
  }
}

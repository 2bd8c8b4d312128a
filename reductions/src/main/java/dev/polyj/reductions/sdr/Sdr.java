package dev.polyj.reductions.sdr;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.SourcePos;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Simplifying dependent reductions (Yang, Atkinson, Carbin, "Simplifying Dependent Reductions in
 * the Polyhedral Model", POPL 2021), the heuristic algorithm of Section 6.2 (Figure 8):
 *
 * <ol>
 *   <li>read the SCoP as the polyhedral IR ({@link PolyhedralProgram}), build the augmented
 *       program and schedule it with the Pluto scheduler ({@link AugmentedProgram});
 *   <li>for every reduction, apply the Simplification Transformation
 *       ({@link SimplificationTransformation}) to its domain and, recursively, to the faces its
 *       residual reductions live on (Sections 4.4 and 5.2): for each face take a vector of the
 *       share space that moves between elements ({@link ShareSpace}), turn it into its negation
 *       when it goes against the schedule of the left-hand side (step 2b; sums have an inverse,
 *       so both signs are valid; for max, min and products the vector is refused when its
 *       transformation needs the inverse, see {@link Combiner}), and apply it when it lowers the
 *       face's complexity (the profitability condition, measured with {@link Complexity}); a face
 *       without such a vector stays a reduction.
 * </ol>
 *
 * <p>{@link #simplifyOptimal} solves the exact problem of Section 5.3 instead ({@link
 * OptimalSearch}): it runs this recursion once per assignment of options to the faces, each run
 * reading its choices from a list (mode {@code GIVEN}).
 *
 * <p>The transformed program gets the schedule the heuristic guarantees legal (Lemma 6.2): the
 * accumulations of residual reductions run at the time of the original instance they evaluate,
 * the statements that combine a face's results ({@code X[y] = X[y - r] + Add[y] - Sub[y]}) at the
 * time of the redirect statement of {@code X[y]}, residual faces before the face that reads them,
 * and the temporaries are cleared first. The reuse direction agrees with that schedule, so every
 * new dependence goes forward (the dependence constraints of Section 5.3.3 hold for it).
 */
public final class Sdr {
  private final Scop scop;
  private final List<String> params;
  private PolyhedralProgram ir;
  private AugmentedProgram augmented;
  private final List<FaceReport> faces = new ArrayList<>();
  private final Map<String, String> skipped = new LinkedHashMap<>();
  private final List<ArrayInfo> temporaries = new ArrayList<>();
  private final Set<String> usedNames = new HashSet<>();
  private final List<Placed> placed = new ArrayList<>();
  private int slot;
  private List<String> lhsIterators;

  /** A statement of the transformed program and where the schedule puts it. */
  record Placed(Statement statement, String rowsFrom, boolean init, int slot) {}

  /** How reuse directions are chosen. */
  private enum Mode {
    /** Figure 8: the direction the augmented program's schedule gives. */
    HEURISTIC,
    /** The incorrect optimization of Figure 3 (every direction against the schedule), for tests. */
    AGAINST_SCHEDULE,
    /** One point of the search of {@link OptimalSearch}: every choice read from {@link #choices}. */
    GIVEN
  }

  private final Mode mode;
  /** Whether reductions over few values (by the arrays' constant extents) are left alone. */
  private boolean leaveSmall;
  /** In mode GIVEN: the options taken at the first decisions (0 past its end). */
  private final List<Integer> choices;
  /** The options taken and the number offered, at each decision of this run (mode GIVEN). */
  final List<Integer> taken = new ArrayList<>();
  final List<Integer> offered = new ArrayList<>();
  /** The reuse steps applied: the redirect statement they order and the step on its element. */
  final List<ReuseStep> steps = new ArrayList<>();
  /** The complexity of what replaces each simplified reduction, keyed by reduction. */
  private Complexity replacedComplexity;

  /** A reuse step {@code r_X} on the left-hand side of reduction {@code reduction}. */
  record ReuseStep(String reduction, long[] lhsStep) {
    String key() {
      return reduction + java.util.Arrays.toString(lhsStep);
    }
  }

  private Sdr(Scop scop, Mode mode, List<Integer> choices) {
    this.scop = scop;
    this.params = scop.params();
    this.mode = mode;
    this.choices = choices;
  }

  /** Simplifies the reductions of {@code scop} with the heuristic algorithm (Figure 8). */
  public static SdrResult simplify(Scop scop) {
    return new Sdr(scop, Mode.HEURISTIC, List.of()).run();
  }

  /**
   * As {@link #simplify(Scop)}, but a reduction whose elements accumulate at most {@link
   * #SMALL_REDUCTION} values each, by the constant extents of the arrays its body reads, is left
   * as it is (what the optimizer's {@code sdr} pass runs): under those bounds simplifying it lowers
   * no complexity.
   */
  public static SdrResult simplifyWhereProfitable(Scop scop) {
    Sdr s = new Sdr(scop, Mode.HEURISTIC, List.of());
    s.leaveSmall = true;
    return s.run();
  }

  /**
   * Simplifies the reductions of {@code scop} with reuse vectors of minimal program complexity
   * (the problem of Section 5.3), found by the search of {@link OptimalSearch}.
   */
  public static SdrResult simplifyOptimal(Scop scop) {
    return OptimalSearch.run(scop);
  }

  /**
   * As {@link #simplify(Scop)} but with every reuse direction against the schedule of the
   * left-hand side: the incorrect optimization of the paper's Section 2.1, for tests.
   */
  static SdrResult simplifyAgainstSchedule(Scop scop) {
    return new Sdr(scop, Mode.AGAINST_SCHEDULE, List.of()).run();
  }

  /** A run with the options {@code choices} at the first decisions, on a prepared IR. */
  static Sdr given(Scop scop, PolyhedralProgram ir, AugmentedProgram augmented, List<Integer> choices) {
    Sdr s = new Sdr(scop, Mode.GIVEN, choices);
    s.ir = ir;
    s.augmented = augmented;
    return s;
  }

  /** The IR and the augmented program of {@code scop}, or null when there is nothing to simplify. */
  private boolean prepare() {
    if (ir != null) {
      skipped.putAll(ir.skipped());
      return augmented != null && !ir.reductions().isEmpty();
    }
    ir = PolyhedralProgram.of(scop);
    skipped.putAll(ir.skipped());
    if (ir.reductions().isEmpty()) return false;
    try {
      augmented = AugmentedProgram.of(ir);
    } catch (RuntimeException e) {
      for (ReductionStatement r : ir.reductions()) skipped.put(r.name(), "no schedule for the augmented program: " + e.getMessage());
      return false;
    }
    return true;
  }

  int prefixLength() {
    return choices.size();
  }

  PolyhedralProgram ir() {
    return ir;
  }

  AugmentedProgram augmented() {
    return augmented;
  }

  private SdrResult run() {
    Complexity before = programComplexity(scop.statements());
    Map<String, List<Placed>> replacement = transform();
    if (replacement == null) return unchanged(before);
    return finish(replacement, augmented.schedule());
  }

  /**
   * The statements replacing each simplified reduction (null when none is), with
   * {@link #replacedComplexity} set to the complexity of the program they give.
   */
  Map<String, List<Placed>> transform() {
    if (!prepare()) return null;
    collectNames();
    Complexity total = new Complexity(params, List.of());
    Map<String, List<Placed>> replacement = new LinkedHashMap<>();
    for (ReductionStatement r : ir.reductions()) {
      ArrayInfo x = scop.array(r.array());
      if (x.sizes().contains(null)) {
        skipped.put(r.name(), "the size of " + r.array() + " is unknown (no temporaries of its shape)");
        continue;
      }
      long thick = leaveSmall ? thickness(r) : Long.MAX_VALUE;
      if (thick <= SMALL_REDUCTION) {
        skipped.put(r.name(), "each element accumulates at most " + thick + " values (the extents of the arrays"
            + " it reads bound the directions the projection forgets): reuse would save a constant factor, not"
            + " lower the complexity, and cost temporaries as large as " + r.array());
        continue;
      }
      int mark = placed.size();
      lhsIterators = new ArrayList<>();
      for (int k = 0; k < r.projection().length; k++) lhsIterators.add(fresh("sdr_y" + k));
      String t = temporary(x);
      Relation domain = r.domain().alignParams(params);
      Complexity after = face(r, domain, new long[r.projection().length], t, 0);
      if (after == null) {
        temporaries.remove(temporaries.size() - 1);
        total = total.plus(Complexity.of(domain, params));
        continue;
      }
      // the redirect statement: X[y] (+)= T[y]
      Relation lhs = domain.apply(projection(r, new long[r.projection().length]));
      total = total.plus(after).plus(Complexity.of(lhs, params));
      String fin = fresh(r.name() + "_fin");
      Expr target = element(r.array(), lhsIterators, (long[]) null);
      Expr again = element(r.array(), lhsIterators, (long[]) null);
      Expr.Assign body = r.combiner().accumulate(target, again, element(t, lhsIterators, (long[]) null));
      List<Access> acc = new ArrayList<>();
      acc.add(lhsAccess(Access.Kind.READ, fin, t, null, body.value() instanceof Expr.Call c ? c.args().get(1) : body.value()));
      acc.add(lhsAccess(Access.Kind.READ, fin, r.array(), null, r.combiner().accumulatesByCall() ? again : target));
      acc.add(lhsAccess(Access.Kind.WRITE, fin, r.array(), null, target));
      placed.add(new Placed(lhsStatement(fin, lhs, body, acc, r), AugmentedProgram.finName(r.name()), false, ++slot));
      replacement.put(r.name(), new ArrayList<>(placed.subList(mark, placed.size())));
    }
    for (Statement s : scop.statements()) if (!ir.isReduction(s.name())) total = total.plus(Complexity.of(s.domain(), params));
    replacedComplexity = total;
    return replacement.isEmpty() ? null : replacement;
  }

  /**
   * Reductions whose elements accumulate at most this many values each are left as they are: with
   * the accumulated directions bounded by constants, simplification lowers no asymptotic
   * complexity (a face of constant thickness, Section 4.3 "Profitable"), and the few values, read
   * from the cache, cost less than the temporaries that would replace them (LBP-Stereo's sums over
   * D = 8 or 16 neighbours ran 7 to 12 times slower simplified).
   */
  static final long SMALL_REDUCTION = 32;

  /**
   * An upper bound on the number of values accumulated into one element of {@code r}: the product,
   * over the iterators the projection forgets, of the range each one can take in a subscript of an
   * array the body reads whose extent is a constant ({@code 0 <= c*i + g < E} allows {@code
   * (E - 1)/|c| + 1} values of {@code i} for fixed other iterators); {@link Long#MAX_VALUE} when an
   * iterator has no such bound or the projection forgets a combination of iterators.
   */
  private long thickness(ReductionStatement r) {
    int n = r.statement().depth();
    int np = params.size();
    long bound = 1;
    for (int i = 0; i < n; i++) {
      boolean forgotten = true;
      for (long[] row : r.projection()) forgotten &= row[1 + np + i] == 0;
      if (!forgotten) continue;
      long range = Long.MAX_VALUE;
      for (Access a : r.bodyReads()) {
        ArrayInfo read = null;
        for (ArrayInfo x : scop.arrays()) if (x.name().equals(a.array())) read = x;
        if (a.relation().space().nOut() == 0 || read == null) continue;
        long[][] rows = AffineMaps.rows(a.relation().alignParams(params));
        List<Expr> sizes = read.sizes();
        if (rows == null || sizes.size() != rows.length) continue;
        for (int k = 0; k < rows.length; k++) {
          long c = Math.abs(rows[k][1 + np + i]);
          Long extent = constant(sizes.get(k));
          if (c != 0 && extent != null && extent > 0) range = Math.min(range, (extent - 1) / c + 1);
        }
      }
      if (range == Long.MAX_VALUE) return Long.MAX_VALUE;
      bound = range > Long.MAX_VALUE / bound ? Long.MAX_VALUE : bound * range;
    }
    return bound;
  }

  /** The value of a constant integer expression (literals, + - *, unary minus), or null. */
  private static Long constant(Expr e) {
    if (e instanceof Expr.IntLit l) return l.value();
    if (e instanceof Expr.Unary u && u.op().equals("-")) {
      Long v = constant(u.operand());
      return v == null ? null : -v;
    }
    if (e instanceof Expr.Binary b) {
      Long x = constant(b.left());
      Long y = constant(b.right());
      if (x == null || y == null) return null;
      try {
        return switch (b.op()) {
          case "+" -> Math.addExact(x, y);
          case "-" -> Math.subtractExact(x, y);
          case "*" -> Math.multiplyExact(x, y);
          default -> null;
        };
      } catch (ArithmeticException overflow) {
        return null;
      }
    }
    return null;
  }

  /** The complexity of the program {@link #transform()} gave (computed from its faces). */
  Complexity replacedComplexity() {
    return replacedComplexity;
  }

  /** The result: the transformed program scheduled from {@code theta}, a schedule of the augmented program. */
  SdrResult finish(Map<String, List<Placed>> replacement, AffineSchedule theta) {
    Complexity before = programComplexity(scop.statements());
    Scop out = build(replacement, theta);
    return new SdrResult(scop, out, faces, before, programComplexity(out.statements()), skipped, temporaries);
  }

  /** The result leaving the program as it is. */
  SdrResult unchanged() {
    return unchanged(programComplexity(scop.statements()));
  }

  private SdrResult unchanged(Complexity before) {
    return new SdrResult(scop, scop, faces, before, before, skipped, List.of());
  }

  private Complexity programComplexity(List<Statement> statements) {
    Complexity c = new Complexity(params, List.of());
    for (Statement s : statements) c = c.plus(Complexity.of(s.domain(), params));
    return c;
  }

  // ---------------------------------------------------------------------------------------------
  // The recursion over faces

  /**
   * Simplifies the reduction of {@code r} over {@code piece}, accumulating into {@code target} at
   * {@code proj(x) + shift}; emits the statements and returns the complexity of what replaced the
   * face, or null when {@code depth == 0} and no reuse vector applies (the reduction stays).
   */
  private Complexity face(ReductionStatement r, Relation piece, long[] shift, String target, int depth) {
    Complexity before = Complexity.of(piece, params);
    int report = faces.size();
    faces.add(null);
    int np = params.size();
    long[][] proj = AffineMaps.shifted(r.projection(), shift);
    Relation projMap = projection(r, shift);
    List<long[]> constraints = new ArrayList<>(bodyConstraints(r));
    constraints.addAll(AffineMaps.hullDirections(piece.affineHull()));
    List<long[]> basis = ShareSpace.kernel(constraints, r.statement().depth());
    String reason = "the body varies along every direction of the face";
    SimplificationTransformation chosen = null;
    Complexity after = null;
    List<SimplificationTransformation> options = new ArrayList<>();
    List<Complexity> optionCost = new ArrayList<>();
    candidates:
    for (long[] r0 : basis) {
      long[] step = AffineMaps.linearImage(proj, np, r0);
      if (AffineMaps.isZero(step)) {
        reason = "reuse only within one element";
        continue;
      }
      // the direction the schedule of the augmented program agrees with (Figure 8, step 2b); the
      // search of Section 5.3 tries it first and its negation next
      boolean backwards = augmented.direction(r.name(), step) < 0;
      long[] forward = backwards != (mode == Mode.AGAINST_SCHEDULE) ? AffineMaps.negate(r0) : r0;
      List<long[]> signs = new ArrayList<>(List.of(forward));
      if (mode == Mode.GIVEN) signs.add(AffineMaps.negate(forward));
      for (long[] v : signs) {
        String text = new FaceReport(r.name(), 0, piece, v, null, before, before).reuseText();
        SimplificationTransformation st = SimplificationTransformation.of(piece, v, projMap, proj);
        if (!r.combiner().hasInverse() && !st.subPieces().isEmpty()) {
          // the inverse condition of Section 4.3 (Figure 7): without an inverse, r must point out
          // of the boundaries orthogonal to the projection
          reason = "along " + text + " it needs the inverse of " + r.combiner().operator().clauseName();
          continue;
        }
        Complexity c = Complexity.of(st.reuseDomain().union(st.addOnlyDomain()), params);
        for (Relation p : st.addPieces()) c = c.plus(Complexity.of(p, params));
        for (Relation p : st.subPieces()) c = c.plus(Complexity.of(p, params));
        if (!c.lowerThan(before)) {
          reason = "no complexity gain along " + text;
          continue;
        }
        options.add(st);
        optionCost.add(c);
        if (mode != Mode.GIVEN) break candidates;
      }
    }
    if (mode == Mode.GIVEN && !options.isEmpty()) {
      int d = taken.size();
      int k = d < choices.size() ? choices.get(d) : 0;
      taken.add(k);
      offered.add(options.size() + 1);
      if (k < options.size()) {
        chosen = options.get(k);
        after = optionCost.get(k);
      } else {
        reason = "left as a reduction by the search";
      }
    } else if (!options.isEmpty()) {
      chosen = options.get(0);
      after = optionCost.get(0);
    }
    if (chosen != null) steps.add(new ReuseStep(r.name(), chosen.lhsStep()));
    if (chosen == null) {
      if (depth == 0) {
        faces.set(report, new FaceReport(r.name(), depth, piece, null, reason, before, before));
        return null;
      }
      leaf(r, piece, shift, target);
      faces.set(report, new FaceReport(r.name(), depth, piece, null, reason, before, before));
      return before;
    }
    Relation lhs = chosen.reuseDomain().union(chosen.addOnlyDomain()).coalesce();
    List<String> adds = new ArrayList<>();
    List<String> subs = new ArrayList<>();
    Complexity total = Complexity.of(lhs, params);
    ArrayInfo x = scop.array(r.array());
    for (Relation p : chosen.addPieces()) {
      String t = temporary(x);
      adds.add(t);
      init(t, lhs, r);
      total = total.plus(face(r, p, shift, t, depth + 1));
    }
    long[] subShift = shift.clone();
    for (int k = 0; k < shift.length; k++) subShift[k] = dev.polyj.presburger.arith.Ints.add(shift[k], chosen.lhsStep()[k]);
    for (Relation p : chosen.subPieces()) {
      String t = temporary(x);
      subs.add(t);
      init(t, lhs, r);
      total = total.plus(face(r, p, subShift, t, depth + 1));
    }
    int s = ++slot;
    if (!chosen.reuseDomain().isEmpty()) combine(r, target, chosen.reuseDomain(), chosen.lhsStep(), adds, subs, s);
    if (!chosen.addOnlyDomain().isEmpty()) combine(r, target, chosen.addOnlyDomain(), null, adds, List.of(), s);
    faces.set(report, new FaceReport(r.name(), depth, piece, chosen.reuse(), null, before, total));
    return total;
  }

  /** The linear parts of the body's accesses and a unit row per iterator the body uses as a value. */
  private List<long[]> bodyConstraints(ReductionStatement r) {
    int n = r.statement().depth();
    int np = params.size();
    List<long[]> out = new ArrayList<>();
    for (Access a : r.bodyReads()) {
      if (a.relation().space().nOut() == 0) continue;
      long[][] rows = AffineMaps.rows(a.relation().alignParams(params));
      if (rows == null) {
        for (int i = 0; i < n; i++) out.add(unit(n, i));
        continue;
      }
      for (long[] row : rows) {
        long[] l = new long[n];
        for (int i = 0; i < n; i++) l[i] = row[1 + np + i];
        out.add(l);
      }
    }
    Set<String> values = new HashSet<>();
    valueUses(r.body(), values);
    for (int i = 0; i < n; i++) if (values.contains(r.statement().iterators().get(i))) out.add(unit(n, i));
    return out;
  }

  private static long[] unit(int n, int i) {
    long[] u = new long[n];
    u[i] = 1;
    return u;
  }

  /** Identifiers used as values (outside array subscripts). */
  private static void valueUses(Expr e, Set<String> out) {
    if (e instanceof Expr.Ident id) out.add(id.name());
    else if (e instanceof Expr.Index ix) valueUses(ix.base(), out);
    else if (e instanceof Expr.Call c) for (Expr a : c.args()) valueUses(a, out);
    else for (Expr c : e.children()) valueUses(c, out);
  }

  // ---------------------------------------------------------------------------------------------
  // Statements of the transformed program

  /** {@code target[proj(x) + shift] += body(x)} over {@code piece}, at the time of the original instance. */
  private void leaf(ReductionStatement r, Relation piece, long[] shift, String target) {
    String name = fresh(r.name() + "_acc");
    List<Expr> subs = new ArrayList<>();
    for (int k = 0; k < r.subscripts().size(); k++) subs.add(plus(r.subscripts().get(k), shift[k]));
    Expr lhs = elementAt(target, subs);
    Expr again = elementAt(target, subs);
    Expr body = r.combiner().accumulate(lhs, again, r.body());
    List<Access> acc = new ArrayList<>();
    Space renamed = null;
    for (Access a : r.bodyReads()) {
      Relation rel = a.relation().alignParams(params);
      renamed = rel.space().withDomainTuple(dev.polyj.presburger.space.Tuple.anonymous(name, rel.space().nIn()));
      acc.add(new Access(a.kind(), a.may(), a.array(), rel.withSpace(renamed), a.expr()));
    }
    long[][] rows = AffineMaps.shifted(r.projection(), shift);
    Relation store = AffineMaps.map(params, name, r.statement().depth(), target, rows);
    acc.add(new Access(Access.Kind.READ, false, target, store, r.combiner().accumulatesByCall() ? again : lhs));
    acc.add(new Access(Access.Kind.WRITE, false, target, store, lhs));
    Relation dom = AffineMaps.renamed(piece, name);
    Statement st = new Statement(name, r.statement().iterators(), dom, acc, body, r.statement().pos());
    placed.add(new Placed(st, r.name(), false, 0));
  }

  /**
   * {@code target[y] = target[y - step] (+) adds[y] - subs[y]} (no first term when step is null;
   * subtractions only for sums, the operator with an inverse).
   */
  private void combine(ReductionStatement r, String target, Relation domain, long[] step, List<String> adds,
      List<String> subs, int s) {
    String name = fresh(r.name() + "_red");
    List<Access> acc = new ArrayList<>();
    Expr value = null;
    if (step != null) {
      value = element(target, lhsIterators, step);
      acc.add(lhsAccess(Access.Kind.READ, name, target, step, value));
    }
    for (String a : adds) {
      Expr e = element(a, lhsIterators, (long[]) null);
      value = value == null ? e : r.combiner().combine(value, e);
      acc.add(lhsAccess(Access.Kind.READ, name, a, null, e));
    }
    for (String b : subs) {
      Expr e = element(b, lhsIterators, (long[]) null);
      value = value == null ? new Expr.Unary("-", e, SourcePos.UNKNOWN) : new Expr.Binary("-", value, e, SourcePos.UNKNOWN);
      acc.add(lhsAccess(Access.Kind.READ, name, b, null, e));
    }
    if (value == null) value = r.combiner().identity(scop.array(r.array()).elementType());
    Expr lhs = element(target, lhsIterators, (long[]) null);
    acc.add(lhsAccess(Access.Kind.WRITE, name, target, null, lhs));
    Expr body = new Expr.Assign("=", lhs, value, SourcePos.UNKNOWN);
    placed.add(new Placed(lhsStatement(name, domain, body, acc, r), AugmentedProgram.finName(r.name()), false, s));
  }

  /**
   * {@code t[y] = 0} over {@code domain}, before everything else (a leading scalar dimension; the
   * redirect statement's rows below it keep the instances apart).
   */
  private void init(String t, Relation domain, ReductionStatement r) {
    String name = fresh(t + "_init");
    Expr lhs = element(t, lhsIterators, (long[]) null);
    Expr body = new Expr.Assign("=", lhs, r.combiner().identity(scop.array(r.array()).elementType()), SourcePos.UNKNOWN);
    placed.add(new Placed(lhsStatement(name, domain, body, List.of(lhsAccess(Access.Kind.WRITE, name, t, null, lhs)), r),
        AugmentedProgram.finName(r.name()), true, 0));
  }

  private Statement lhsStatement(String name, Relation domain, Expr body, List<Access> accesses, ReductionStatement r) {
    return new Statement(name, lhsIterators, AffineMaps.renamed(domain, name), accesses, body, r.statement().pos());
  }

  /** The access {@code name[y] -> array[y - step]} made by the expression {@code expr} of the body. */
  private Access lhsAccess(Access.Kind kind, String name, String array, long[] step, Expr expr) {
    int n = lhsIterators.size();
    Relation rel = AffineMaps.map(params, name, n, array, AffineMaps.identityMinus(params.size(), n, step));
    return new Access(kind, false, array, rel, expr);
  }

  /** {@code array[it_0 - step_0]...} from iterator names, or {@code array[subs...]}. */
  private static Expr element(String array, List<String> iterators, long[] step, List<Expr> subs) {
    Expr e = new Expr.Ident(array, SourcePos.UNKNOWN);
    int n = iterators != null ? iterators.size() : subs.size();
    for (int k = 0; k < n; k++) {
      Expr ix = iterators != null ? plus(new Expr.Ident(iterators.get(k), SourcePos.UNKNOWN), step == null ? 0 : -step[k])
          : subs.get(k);
      e = new Expr.Index(e, ix, SourcePos.UNKNOWN);
    }
    return e;
  }

  private static Expr element(String array, List<String> iterators, long[] step) {
    return element(array, iterators, step, null);
  }

  private static Expr elementAt(String array, List<Expr> subs) {
    return element(array, null, null, subs);
  }

  private static Expr plus(Expr e, long c) {
    if (c == 0) return e;
    return new Expr.Binary(c > 0 ? "+" : "-", e, Expr.IntLit.of(Math.abs(c)), SourcePos.UNKNOWN);
  }

  /** {@code S[x] -> lhs[proj(x) + shift]}. */
  private Relation projection(ReductionStatement r, long[] shift) {
    return AffineMaps.map(params, r.name(), r.statement().depth(), "lhs", AffineMaps.shifted(r.projection(), shift));
  }

  private String temporary(ArrayInfo x) {
    String name = fresh(x.name() + "_sdr" + temporaries.size());
    temporaries.add(new ArrayInfo(name, x.elementType(), x.sizes()));
    return name;
  }

  private String fresh(String base) {
    String n = base;
    for (int k = 1; usedNames.contains(n); k++) n = base + "_" + k;
    usedNames.add(n);
    return n;
  }

  private void collectNames() {
    usedNames.addAll(params);
    for (ArrayInfo a : scop.arrays()) usedNames.add(a.name());
    for (Statement s : scop.statements()) {
      usedNames.add(s.name());
      usedNames.addAll(s.iterators());
      valueUses(s.body(), usedNames);
      collectAll(s.body(), usedNames);
    }
  }

  private static void collectAll(Expr e, Set<String> out) {
    if (e instanceof Expr.Ident id) out.add(id.name());
    for (Expr c : e.children()) collectAll(c, out);
  }

  // ---------------------------------------------------------------------------------------------
  // The transformed SCoP and its schedule

  private Scop build(Map<String, List<Placed>> replacement, AffineSchedule theta) {
    List<String> sp = theta.params();
    List<Placed> all = new ArrayList<>();
    for (Statement s : scop.statements()) {
      List<Placed> rep = replacement.get(s.name());
      if (rep == null) all.add(new Placed(s, s.name(), false, 0));
      else all.addAll(rep);
    }
    Map<String, Relation> domains = new LinkedHashMap<>();
    for (Placed p : all) domains.put(p.statement().name(), p.statement().domain().alignParams(sp));
    List<AffineSchedule.Level> levels = new ArrayList<>();
    Map<String, long[]> first = new LinkedHashMap<>();
    for (Placed p : all) first.put(p.statement().name(), constantRow(p, sp.size(), p.init() ? 0 : 1));
    levels.add(new AffineSchedule.Level(first, true, false));
    for (AffineSchedule.Level level : theta.levels()) {
      Map<String, long[]> rows = new LinkedHashMap<>();
      for (Placed p : all) {
        long[] row = p.rowsFrom() == null ? null : level.rows().get(p.rowsFrom());
        rows.put(p.statement().name(), row == null ? constantRow(p, sp.size(), 0) : row.clone());
      }
      levels.add(new AffineSchedule.Level(rows, level.scalar(), false));
    }
    Map<String, long[]> last = new LinkedHashMap<>();
    for (Placed p : all) last.put(p.statement().name(), constantRow(p, sp.size(), p.slot()));
    levels.add(new AffineSchedule.Level(last, true, false));
    AffineSchedule schedule = new AffineSchedule(sp, domains, ImmutableList.copyOf(levels), ImmutableList.of());
    List<ArrayInfo> arrays = new ArrayList<>(scop.arrays());
    arrays.addAll(temporaries);
    List<Statement> statements = new ArrayList<>();
    for (Placed p : all) statements.add(p.statement());
    Scop derived = new Scop(scop.functionName(), scop.pos(), scop.params(), scop.context(), arrays, statements,
        separated(schedule.toTree()), schedule.toMap());
    return derived;
  }

  /**
   * The tree with every band member to be separated by code generation. The statements of the
   * residual faces of one reduction share the rows of the original instance they evaluate, so one
   * loop nest scans their union: a face fixed at {@code i = 0} (all of {@code j}) and the diagonal
   * {@code j = i + 1} would otherwise run the inner loop over all of {@code j} for every {@code i}
   * (O(N^2) points for O(N) instances); separated, each region of the outer loop runs only the
   * faces active there, and the diagonal becomes a substitution.
   */
  private static ScheduleNode separated(ScheduleNode n) {
    if (n instanceof ScheduleNode.Domain d) return new ScheduleNode.Domain(d.domain(), separated(d.child()));
    if (n instanceof ScheduleNode.Sequence q) {
      List<ScheduleNode.Filter> filters = new ArrayList<>();
      for (ScheduleNode.Filter f : q.filters()) filters.add(new ScheduleNode.Filter(f.filter(), separated(f.child())));
      return new ScheduleNode.Sequence(ImmutableList.copyOf(filters));
    }
    if (n instanceof ScheduleNode.Band b) {
      return new ScheduleNode.Band(b.members(), b.permutable(), b.coincident(),
          ImmutableList.copyOf(java.util.Collections.nCopies(b.nMember(), ScheduleNode.LoopType.SEPARATE)),
          b.otherOptions(), separated(b.child()));
    }
    return n;
  }

  /**
   * A transformed program (as {@link SdrResult#program()} gives it) with a schedule tree computed
   * by the Pluto scheduler from its own dependences (under the derived order, which stays its
   * schedule map and breaks remaining ties), for code generation: the derived rows keep
   * dimensions of the original instances that the residual faces no longer vary along, which code
   * generation would scan needlessly. When Pluto finds no schedule the derived tree stays.
   */
  public static Scop rescheduled(Scop p) {
    try {
      var deps = dev.polyj.polyhedral.flow.Dependences.compute(p.reads(), p.mustWrites(), p.scheduleMap());
      List<Relation> domains = new ArrayList<>();
      for (Statement s : p.statements()) domains.add(s.domain());
      AffineSchedule a = dev.polyj.polyhedral.scheduling.PlutoScheduler.schedule(domains, deps.all(),
          new dev.polyj.polyhedral.scheduling.BisectionLexmin(1 << 12), p.scheduleMap());
      return new Scop(p.functionName(), p.pos(), p.params(), p.context(), p.arrays(), p.statements(), a.toTree(),
          p.scheduleMap());
    } catch (RuntimeException e) {
      return p;
    }
  }

  private static long[] constantRow(Placed p, int np, long c) {
    long[] row = new long[1 + np + p.statement().depth()];
    row[0] = c;
    return row;
  }
}

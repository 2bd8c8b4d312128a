package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkState;

import dev.polyj.codegen.ast.BuildOptions.LoopKind;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds a loop AST that scans the pieces of a {@link ScanProblem} in lexicographic order of the
 * scan space: the polyhedra-scanning scheme of Quilleré, Rajopadhye and Wilde (2000) as refined by
 * CLooG (Bastoul 2004) and isl's AST generator (Grosser, Verdoolaege, Cohen 2015), written here
 * on top of the project's exact integer sets.
 *
 * <p>Level by level (one scan dimension per level):
 *
 * <ol>
 *   <li>pieces are projected onto the dimensions up to the current one (exact integer projection,
 *       divisions made explicit);
 *   <li>guards shared by all pieces and not implied by what the enclosing code guarantees (the
 *       {@link BuildContext}) are hoisted into an {@code if}; guards implied by the non-emptiness
 *       of the inner loops are left out;
 *   <li>pieces are grouped: a piece entirely before another for every value of the outer loops
 *       gets its own loop, pieces whose iterations interleave share one loop (with {@code min} /
 *       {@code max} bounds) and keep their own bounds as guards further in;
 *   <li>a dimension fixed by an equality becomes a substitution (no loop); an equality with
 *       divisions on the current dimension gives a stride; the remaining constraints give lower
 *       and upper bounds, simplified under the context (when the dimension is bounded only through
 *       such divisions, their rational shadow bounds the loop).
 * </ol>
 *
 * Per-dimension options: {@code separate} cuts the projections into regions with a fixed set of
 * active pieces ({@link Separation}), {@code atomic} keeps each statement in one loop, {@code
 * unroll} emits one copy of the body per value of a dimension whose range has a constant size.
 *
 * At the innermost level each statement is called under the gist of its domain with respect to the
 * context, so the code is exact whatever the outer levels over-approximate.
 */
public final class AstBuilder {
  private final ScanProblem problem;
  private final BuildOptions options;
  private final Space space;
  private final int nParam;
  private final int nSched;
  private final int nDim;
  private final String iteratorPrefix;
  private final Map<String, Integer> iteratorDepth = new HashMap<>();
  private final Expr[] dimValue;
  /** Projections by basic set (equal sets from different separations share them). */
  private final Map<BasicRelation, List<List<BasicRelation>>> projections = new HashMap<>();
  /** Results of {@link #isBefore}, which the component and separation steps ask again and again. */
  private final Map<OrderQuery, Boolean> orders = new HashMap<>();
  /** Results of {@link #covers}, asked for both relaxations of a separation. */
  private final Map<CoverQuery, Boolean> coverage = new HashMap<>();
  private final Map<Piece, Map<Integer, BasicRelation>> chains = new IdentityHashMap<>();
  private final Separation separation;
  private boolean insideParallel;
  private int loopDepth;
  /** Set operations left before code generation gives up ({@link BuildOptions#budget}). */
  private long budgetLeft;

  private AstBuilder(ScanProblem problem, BuildOptions options) {
    this.problem = problem;
    this.options = options;
    this.space = problem.space();
    this.nParam = space.nParam();
    this.nSched = problem.nSchedule();
    this.nDim = problem.nDim();
    this.dimValue = new Expr[nDim];
    List<String> taken = new ArrayList<>(space.params());
    taken.addAll(options.reservedNames());
    String prefix = "c";
    while (clashes(prefix, taken)) prefix = prefix + "_";
    this.iteratorPrefix = prefix;
    this.separation = new Separation(this);
    this.budgetLeft = options.budget();
  }

  /**
   * Counts {@code n} set operations (projections, emptiness and entailment tests) against the
   * budget; past it, code generation stops with a {@link BudgetExceededException}.
   */
  void spend(long n) {
    budgetLeft -= n;
    if (budgetLeft < 0) {
      throw new BudgetExceededException("code generation gave up after " + options.budget()
          + " set operations; raise it with --budget N");
    }
  }

  /** Code generation ran out of its operation budget. */
  public static final class BudgetExceededException extends UnsupportedOperationException {
    private static final long serialVersionUID = 1L;

    BudgetExceededException(String message) {
      super(message);
    }
  }

  private static boolean clashes(String prefix, List<String> params) {
    for (String p : params) {
      if (p.startsWith(prefix) && p.length() > prefix.length() && p.substring(prefix.length()).chars()
          .allMatch(Character::isDigit)) {
        return true;
      }
    }
    return false;
  }

  /** The AST scanning the problem's pieces in schedule order. */
  public static Node build(ScanProblem problem, BuildOptions options) {
    AstBuilder b = new AstBuilder(problem, options);
    List<Piece> pieces = options.hasSeparationClasses() ? b.separation.splitByClasses(problem.pieces())
        : problem.pieces();
    List<Node> nodes = b.generate(pieces, new BuildContext(problem.context()), 0, true);
    return nodes.isEmpty() ? Node.empty() : joinLoops(mergeGuards(Node.seq(nodes)));
  }

  /**
   * Consecutive unit-step loops with the same body whose ranges meet (the second starts right
   * after the last value of the first) become one loop, e.g. the loops before, inside and after
   * an isolated range when the isolation changed nothing in their bodies. Joining is exact only
   * when the second loop starts no earlier than the first and ends no earlier either (otherwise
   * an empty loop would shorten the other); both are required as constant differences.
   */
  static Node joinLoops(Node n) {
    if (n instanceof Node.For f) return f.withBody(joinLoops(f.body()));
    if (n instanceof Node.If i) {
      return new Node.If(i.cond(), joinLoops(i.then()), i.otherwise() == null ? null : joinLoops(i.otherwise()));
    }
    if (n instanceof Node.Mark m) return new Node.Mark(m.name(), joinLoops(m.body()));
    if (!(n instanceof Node.Block b)) return n;
    List<Node> out = new ArrayList<>();
    for (Node child : b.children()) {
      Node c = joinLoops(child);
      Node last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last instanceof Node.For f && c instanceof Node.For g && meets(f, g)) {
        out.set(out.size() - 1, new Node.For(f.iterator(), f.init(), g.upper(), 1, f.body(), f.pragmas())
            .withCoincident(f.coincident()));
      } else {
        out.add(c);
      }
    }
    return Node.seq(out);
  }

  private static boolean meets(Node.For f, Node.For g) {
    if (f.step() != 1 || g.step() != 1 || f.sizeParam() != null || g.sizeParam() != null) return false;
    if (!f.iterator().equals(g.iterator()) || !f.pragmas().equals(g.pragmas()) || f.coincident() != g.coincident()
        || !f.body().equals(g.body())) {
      return false;
    }
    if (!Exprs.plus(f.upper(), 1).equals(g.init())) return false;
    return Exprs.sub(g.init(), f.init()) instanceof Expr.Int a && a.value() >= 0
        && Exprs.sub(g.upper(), f.upper()) instanceof Expr.Int b && b.value() >= 0;
  }

  /** Adjacent guards with the same condition become one (conditions only read iterators and parameters). */
  static Node mergeGuards(Node n) {
    if (n instanceof Node.For f) {
      return f.withBody(mergeGuards(f.body()));
    }
    if (n instanceof Node.If i) {
      return new Node.If(i.cond(), mergeGuards(i.then()), i.otherwise() == null ? null : mergeGuards(i.otherwise()));
    }
    if (n instanceof Node.Mark m) return new Node.Mark(m.name(), mergeGuards(m.body()));
    if (!(n instanceof Node.Block b)) return n;
    List<Node> out = new ArrayList<>();
    for (Node c : b.children()) {
      Node last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (c instanceof Node.If ci && ci.otherwise() == null && last instanceof Node.If li && li.otherwise() == null
          && li.cond().equals(ci.cond())) {
        out.set(out.size() - 1, new Node.If(li.cond(), Node.seq(List.of(li.then(), ci.then())), null));
      } else {
        out.add(c);
      }
    }
    List<Node> merged = new ArrayList<>();
    for (Node c : out) merged.add(mergeGuards(c));
    return Node.seq(merged);
  }

  public static Node build(ScanProblem problem) {
    return build(problem, BuildOptions.defaults());
  }

  // ---------------------------------------------------------------------------------------------
  // Accessors for the helper classes

  ScanProblem problem() {
    return problem;
  }

  BuildOptions options() {
    return options;
  }

  Space space() {
    return space;
  }

  int nParam() {
    return nParam;
  }

  int nDim() {
    return nDim;
  }

  int nSchedule() {
    return nSched;
  }

  /** Column of scan dimension {@code d} in constraint rows. */
  int col(int d) {
    return 1 + nParam + d;
  }

  /** The loop kind of dimension d: the global option, else the one all pieces agree on. */
  LoopKind kind(int d, List<Piece> pieces) {
    LoopKind k = options.kind(d);
    if (k != LoopKind.DEFAULT || pieces.isEmpty()) return k;
    LoopKind common = pieces.get(0).loopKinds().getOrDefault(d, LoopKind.DEFAULT);
    for (Piece p : pieces) if (p.loopKinds().getOrDefault(d, LoopKind.DEFAULT) != common) return LoopKind.DEFAULT;
    return common;
  }

  // ---------------------------------------------------------------------------------------------
  // Projections

  /** The projection of {@code b} onto the parameters and scan dimensions 0..d (d = -1: parameters only). */
  List<BasicRelation> proj(BasicRelation b, int d) {
    List<List<BasicRelation>> cache = projections.computeIfAbsent(b, k -> {
      List<List<BasicRelation>> slots = new ArrayList<>();
      for (int i = 0; i <= nDim; i++) slots.add(null);
      return slots;
    });
    int idx = d + 1;
    if (cache.get(idx) == null) cache.set(idx, computeProjection(b, d));
    return cache.get(idx);
  }

  /**
   * Constraint systems an exact projection may examine before a superset is taken instead: large
   * division denominators (2^18, 2^32) give as many splinters.
   */
  private static final long MAX_PROJECTION_STEPS = 2000;

  private List<BasicRelation> computeProjection(BasicRelation b, int d) {
    spend(1);
    if (d >= nDim - 1 || !Rows.mentions(b, col(d + 1), col(nDim))) return List.of(b);
    List<BasicRelation> out = new ArrayList<>();
    Set<BasicRelation> seen = new HashSet<>();
    int[] map = new int[space.nVar()];
    for (int v = 0; v < map.length; v++) map[v] = v;
    map[nParam + d + 1] = -1;
    for (BasicRelation q : proj(b, d + 1)) {
      if (!Rows.mentions(q, col(d + 1), col(d + 2))) {
        addNew(out, seen, q);
        continue;
      }
      BasicRelation shadow = RealShadow.project(q, col(d + 1));
      if (shadow != null) {
        if (!shadow.isEmpty()) addNew(out, seen, shadow);
        continue;
      }
      Relation exact;
      try {
        exact = q.mapVariables(space, map).computeDivs(MAX_PROJECTION_STEPS);
      } catch (ArithmeticException tooManyPieces) {
        exact = null;
      }
      if (exact == null) {
        // too many splinters: a superset bounds outer loops just as well (the innermost level is exact)
        BasicRelation wide = RealShadow.superset(q, col(d + 1));
        if (!wide.isEmpty()) addNew(out, seen, wide);
        continue;
      }
      for (BasicRelation x : exact.basics()) {
        if (!x.isEmpty()) addNew(out, seen, x);
      }
    }
    if (out.size() > COALESCED_PIECES_MIN && out.size() <= COALESCED_PIECES_MAX) {
      // the splinters of exact projections multiply level by level (tens of thousands of pieces in
      // isl's shift2.in); merged while they are few, the outer levels have fewer pieces to compare
      List<BasicRelation> merged =
          List.copyOf(Relation.ofBasics(b.space(), out).coalesceWithin(COALESCING_TESTS_PER_PIECE * out.size()).basics());
      if (merged.size() < out.size()) return merged;
    }
    return out;
  }

  /** Projections of more pieces than the minimum and at most the maximum are coalesced. */
  private static final int COALESCED_PIECES_MIN = 16;

  private static final int COALESCED_PIECES_MAX = 200;

  /** The pairs of pieces coalescing may try, per piece. */
  private static final long COALESCING_TESTS_PER_PIECE = 16;

  private static void addNew(List<BasicRelation> out, Set<BasicRelation> seen, BasicRelation b) {
    if (seen.add(b)) out.add(b);
  }

  private List<BasicRelation> liveProj(Piece p, int d, BuildContext ctx) {
    List<BasicRelation> out = new ArrayList<>();
    List<BasicRelation> all = proj(p.set(), d);
    spend((long) all.size() * Math.max(1, ctx.parts().size()));
    for (BasicRelation q : all) if (!ctx.isDisjoint(q)) out.add(q);
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // The level recursion

  /** Code scanning {@code pieces} from scan dimension {@code d} on, under context {@code ctx}. */
  List<Node> generate(List<Piece> pieces, BuildContext ctx, int d, boolean mayHoist) {
    spend(pieces.size());
    List<Piece> live = new ArrayList<>();
    for (Piece p : pieces) if (!liveProj(p, d - 1, ctx).isEmpty()) live.add(p);
    if (live.isEmpty()) return List.of();
    if (d == nDim) return leaf(live, ctx);
    if (mayHoist && live.size() > 1) {
      List<Node> merged = parameterDisjuncts(live, ctx, d);
      if (merged != null) return merged;
    }
    if (mayHoist) {
      List<Guard> common = hoistableGuards(live, ctx, d);
      if (!common.isEmpty()) {
        BuildContext inner = ctx;
        List<Expr> conds = new ArrayList<>();
        for (Guard g : common) {
          inner = inner.and(g.asSet());
          conds.add(g.cond());
        }
        List<Node> body = generate(live, inner, d, false);
        if (body.isEmpty()) return body;
        return List.of(new Node.If(Exprs.and(conds), Node.seq(body), null));
      }
    }
    List<List<Piece>> comps;
    if (kind(d, live) == LoopKind.SEPARATE && d < nSched && live.size() > 1) {
      comps = separatedComponents(live, ctx, d);
      if (comps.size() == 1) return level(comps.get(0), ctx, d);
    } else {
      comps = components(live, ctx, d);
    }
    if (comps.size() > 1) {
      List<Node> out = new ArrayList<>();
      if (d >= nSched) {
        // statements at the same schedule point: their order is free
        List<Node> calls = new ArrayList<>();
        for (List<Piece> comp : comps) {
          List<Node> nodes = generate(comp, ctx, d, true);
          if (!nodes.isEmpty()) calls.add(Node.seq(nodes));
        }
        for (Node n : groupedByCondition(calls)) {
          if (n instanceof Node.Block b) out.addAll(b.children());
          else out.add(n);
        }
        return out;
      }
      for (List<Piece> comp : comps) out.addAll(generate(comp, ctx, d, true));
      return out;
    }
    return level(live, ctx, d);
  }

  /**
   * Pieces of one statement that differ only in conditions on the parameters (a domain {@code 0 <=
   * i < N and (P > Q or P < Q)}): the common part is generated once, under the disjunction of the
   * pieces' parameter conditions ({@code if (P >= Q + 1 || Q >= P + 1)}), instead of a copy of the
   * loops per disjunct. Exact: the union of {@code P_k and C} is {@code (P_1 or ... or P_n) and C}.
   * Null when the pieces are not of that form.
   */
  private List<Node> parameterDisjuncts(List<Piece> live, BuildContext ctx, int d) {
    Piece first = live.get(0);
    if (live.size() > 16 || !Rows.allDivsKnown(first.set())) return null;
    String rest = null;
    List<List<long[]>[]> conds = new ArrayList<>();
    for (Piece p : live) {
      BasicRelation q = p.set();
      if (p.statement() != first.statement() || !sameAnnotations(p, first) || !Rows.allDivsKnown(q)) return null;
      List<long[]> peq = new ArrayList<>();
      List<long[]> pin = new ArrayList<>();
      List<String> others = new ArrayList<>();
      for (int k = 0; k < q.nLocal(); k++) others.add("d" + Arrays.toString(q.div(k).numerator()) + "/" + q.div(k).denominator());
      for (long[] r : q.equalities()) {
        if (Rows.usesColumns(r, 1 + nParam, r.length)) others.add("e" + Arrays.toString(r));
        else peq.add(r);
      }
      for (long[] r : q.inequalities()) {
        if (Rows.usesColumns(r, 1 + nParam, r.length)) others.add("i" + Arrays.toString(r));
        else pin.add(r);
      }
      java.util.Collections.sort(others);
      String key = String.join(";", others);
      if (rest == null) rest = key;
      else if (!rest.equals(key)) return null;
      @SuppressWarnings("unchecked")
      List<long[]>[] pc = new List[] {peq, pin};
      conds.add(pc);
    }
    List<Expr> alternatives = new ArrayList<>();
    List<BasicRelation> sets = new ArrayList<>();
    for (int k = 0; k < live.size(); k++) {
      BasicRelation q = live.get(k).set();
      BasicRelation cond = Rows.withRows(q, conds.get(k)[0], conds.get(k)[1]);
      if (ctx.isDisjoint(cond)) continue;
      List<Guard> guards = gist(cond, ctx);
      if (guards.isEmpty()) return null; // one disjunct holds wherever the code runs: nothing to merge
      List<Expr> and = new ArrayList<>();
      for (Guard g : guards) and.add(g.cond());
      alternatives.add(Exprs.and(and));
      sets.add(cond);
    }
    if (sets.size() < 2) return null;
    BasicRelation q = first.set();
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (long[] r : q.equalities()) if (Rows.usesColumns(r, 1 + nParam, r.length)) eqs.add(r);
    for (long[] r : q.inequalities()) if (Rows.usesColumns(r, 1 + nParam, r.length)) ineqs.add(r);
    Piece common = first.withSet(Rows.withRows(q, eqs, ineqs));
    BuildContext inner = ctx.andAny(sets);
    List<Node> body = generate(List.of(common), inner, d, true);
    if (body.isEmpty()) return body;
    return List.of(new Node.If(Exprs.or(alternatives), Node.seq(body), null));
  }

  /**
   * The loops of a separated level: of the two relaxations of the separation (keeping or dropping
   * stride constraints, see {@link Separation#separate}), the one whose loops need fewer
   * membership guards, then the one with fewer pieces. A piece needs a guard when it shares a
   * loop with a piece it does not cover at this level: regions on different residues merged into
   * one loop, or a region whose stride a piece does not have.
   */
  private List<List<Piece>> separatedComponents(List<Piece> live, BuildContext ctx, int d) {
    List<Piece> affine = separation.separate(live, ctx, d, true);
    List<Piece> strided = separation.separate(live, ctx, d, false);
    List<List<Piece>> a = components(affine, ctx, d);
    if (sameSets(affine, strided)) return joinAdjacent(a);
    List<List<Piece>> b = components(strided, ctx, d);
    int ga = guardedPieces(a, ctx, d);
    int gb = guardedPieces(b, ctx, d);
    if (ga != gb) return joinAdjacent(ga < gb ? a : b);
    return joinAdjacent(affine.size() <= strided.size() ? a : b);
  }

  /**
   * Consecutive loops that each run one piece of the same statement, where the two pieces form
   * one convex set, become one: the separation may cut a statement along a region boundary that
   * only another statement's relaxed projection draws (e.g. a parameter condition), which would
   * otherwise leave two guarded copies of the same code. Consecutive groups may be joined without
   * breaking the order: nothing runs between them.
   */
  private List<List<Piece>> joinAdjacent(List<List<Piece>> comps) {
    List<List<Piece>> out = new ArrayList<>();
    for (List<Piece> comp : comps) {
      List<Piece> last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && last.size() == 1 && comp.size() == 1 && sameAnnotations(last.get(0), comp.get(0))) {
        Relation union = Relation.ofBasics(space, List.of(last.get(0).set(), comp.get(0).set())).coalesce();
        if (union.basics().size() == 1 && !union.basics().get(0).hasUnknownLocals()) {
          out.set(out.size() - 1, List.of(last.get(0).withSet(union.basics().get(0))));
          continue;
        }
      }
      out.add(comp);
    }
    return out;
  }

  private static boolean sameAnnotations(Piece p, Piece q) {
    return p.statement() == q.statement() && p.coincident().equals(q.coincident()) && p.marks().equals(q.marks())
        && p.loopKinds().equals(q.loopKinds());
  }

  private static boolean sameSets(List<Piece> x, List<Piece> y) {
    if (x.size() != y.size()) return false;
    for (int i = 0; i < x.size(); i++) {
      if (x.get(i).statement() != y.get(i).statement() || !x.get(i).set().equals(y.get(i).set())) return false;
    }
    return true;
  }

  /** The number of pieces not active on all values at level d where another piece of their loop is. */
  private int guardedPieces(List<List<Piece>> comps, BuildContext ctx, int d) {
    int n = 0;
    for (List<Piece> comp : comps) {
      if (comp.size() < 2) continue;
      List<List<BasicRelation>> projs = new ArrayList<>();
      for (Piece p : comp) projs.add(liveProj(p, d, ctx));
      for (int i = 0; i < comp.size(); i++) {
        boolean covers = true;
        for (int j = 0; j < comp.size() && covers; j++) {
          if (j != i) covers = covers(projs.get(i), projs.get(j), ctx);
        }
        if (!covers) n++;
      }
    }
    return n;
  }

  private record CoverQuery(List<BasicRelation> outer, List<BasicRelation> inner, List<BasicRelation> ctx) {}

  /** True when, under the context, every value in {@code inner} is in {@code outer}. */
  private boolean covers(List<BasicRelation> outer, List<BasicRelation> inner, BuildContext ctx) {
    List<BasicRelation> rest = new ArrayList<>();
    Set<BasicRelation> mine = new HashSet<>(outer);
    for (BasicRelation r : inner) if (!mine.contains(r)) rest.add(r);
    if (rest.isEmpty()) return true;
    CoverQuery key = new CoverQuery(List.copyOf(outer), rest, List.copyOf(ctx.parts()));
    Boolean known = coverage.get(key);
    if (known == null) {
      known = true;
      for (BasicRelation r : Relation.ofBasics(space, rest).subtract(Relation.ofBasics(space, outer)).basics()) {
        if (!r.isEmpty() && !ctx.isDisjoint(r)) {
          known = false;
          break;
        }
      }
      coverage.put(key, known);
    }
    return known;
  }

  /** The statement calls, each under the gist of its domain (pieces of one statement are or-ed). */
  private List<Node> leaf(List<Piece> pieces, BuildContext ctx) {
    Map<Integer, List<Piece>> byStatement = new TreeMap<>();
    for (Piece p : pieces) byStatement.computeIfAbsent(p.statement(), k -> new ArrayList<>()).add(p);
    List<Node> out = new ArrayList<>();
    for (Map.Entry<Integer, List<Piece>> e : byStatement.entrySet()) {
      int s = e.getKey();
      List<Expr> alternatives = new ArrayList<>();
      boolean always = false;
      for (Piece p : e.getValue()) {
        List<Guard> g = gist(p.set(), ctx);
        if (g.isEmpty()) {
          always = true;
          break;
        }
        List<Expr> conds = new ArrayList<>();
        for (Guard x : g) conds.add(x.cond());
        alternatives.add(Exprs.and(conds));
      }
      List<Expr> args = new ArrayList<>();
      for (int k = 0; k < problem.arity(s); k++) args.add(dimValue[nSched + k]);
      Node call = new Node.User(problem.statementNames().get(s), args);
      Expr cond = always ? Exprs.TRUE : Exprs.or(alternatives);
      if (cond.equals(Exprs.FALSE)) continue;
      out.add(cond.equals(Exprs.TRUE) ? call : new Node.If(cond, call, null));
    }
    return groupedByCondition(out);
  }

  /**
   * Code for statements at the same schedule point (the calls of one leaf, or one statement's
   * loops each), in an order the schedule leaves free: code under the same condition is put next to each other (in the order of their first
   * occurrence) and share one guard, so a condition is tested once per point.
   */
  private static List<Node> groupedByCondition(List<Node> calls) {
    if (calls.size() < 3) return calls;
    Map<Expr, List<Node>> groups = new java.util.LinkedHashMap<>();
    for (Node n : calls) {
      boolean guarded = n instanceof Node.If i && i.otherwise() == null;
      Expr cond = guarded ? ((Node.If) n).cond() : Exprs.TRUE;
      groups.computeIfAbsent(cond, k -> new ArrayList<>()).add(guarded ? ((Node.If) n).then() : n);
    }
    if (groups.size() == calls.size()) return calls;
    List<Node> out = new ArrayList<>();
    for (Map.Entry<Expr, List<Node>> g : groups.entrySet()) {
      if (g.getKey().equals(Exprs.TRUE)) out.addAll(g.getValue());
      else out.add(new Node.If(g.getKey(), Node.seq(g.getValue()), null));
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Guards

  /** A constraint {@code row >= 0} (or {@code = 0}) over the columns of {@code owner}, and its C condition. */
  record Guard(BasicRelation owner, long[] row, boolean eq, Expr cond) {
    BasicRelation asSet() {
      return eq ? Rows.withRows(owner, List.of(row), List.of()) : Rows.withRows(owner, List.of(), List.of(row));
    }

    String key() {
      return cond.toString();
    }
  }

  /**
   * The rows of {@code q} not implied by the context and the other remaining rows: together with
   * the context they describe exactly {@code q} (a gist in isl's sense, one row at a time).
   */
  List<Guard> gist(BasicRelation q, BuildContext ctx) {
    List<long[]> eqs = new ArrayList<>(q.equalities());
    List<long[]> ineqs = new ArrayList<>(q.inequalities());
    spend(ineqs.size() + eqs.size());
    // the equalities stay while the inequalities are tested: solved once for all these tests
    BuildContext.Entailment givenEqs = ineqs.isEmpty() ? null : ctx.entailmentGiven(q, eqs);
    for (long[] r : List.copyOf(ineqs)) {
      List<long[]> others = new ArrayList<>(ineqs);
      others.remove(r);
      if (givenEqs.entails(others, r, false)) ineqs.remove(r);
    }
    for (long[] r : List.copyOf(eqs)) {
      List<long[]> others = new ArrayList<>(eqs);
      others.remove(r);
      // implied by the context alone: implied with any other rows (the cheaper test first)
      if (ctx.entailsAlone(q, r, true) || ctx.entailsGiven(q, others, ineqs, r, true)) eqs.remove(r);
    }
    List<Guard> out = new ArrayList<>();
    for (long[] r : eqs) out.add(new Guard(q, r, true, condition(q, r, true)));
    for (long[] r : ineqs) out.add(new Guard(q, r, false, condition(q, r, false)));
    return out;
  }

  /** Guards on the outer dimensions shared by all pieces, minus those the inner loops imply. */
  private List<Guard> hoistableGuards(List<Piece> pieces, BuildContext ctx, int d) {
    List<List<Guard>> per = new ArrayList<>();
    for (Piece p : pieces) {
      List<BasicRelation> q = liveProj(p, d - 1, ctx);
      if (q.size() != 1) return List.of();
      per.add(gist(q.get(0), ctx));
    }
    List<Guard> common = new ArrayList<>();
    for (Guard g : per.get(0)) {
      boolean everywhere = true;
      for (int i = 1; i < per.size() && everywhere; i++) {
        boolean found = false;
        for (Guard h : per.get(i)) if (h.key().equals(g.key())) found = true;
        everywhere = found;
      }
      if (everywhere) common.add(g);
    }
    if (!options.exploitNestedBounds()) return common;
    List<Guard> out = new ArrayList<>();
    for (Guard g : common) {
      boolean deferrable = true;
      for (Piece p : pieces) {
        if (!ctx.entails(chain(p, d), g.owner(), g.row(), g.eq())) {
          deferrable = false;
          break;
        }
      }
      if (!deferrable) out.add(g);
    }
    return out;
  }

  /** The constraints the loops of dimensions d.. will enforce for piece p (bounds, strides, equalities). */
  private BasicRelation chain(Piece p, int d) {
    return chains.computeIfAbsent(p, k -> new HashMap<>()).computeIfAbsent(d, k -> {
      BasicRelation acc = BasicRelation.universe(space);
      for (int level = d; level < nDim; level++) {
        List<BasicRelation> qs = proj(p.set(), level);
        if (qs.size() != 1) continue;
        BasicRelation q = qs.get(0);
        int c = col(level);
        boolean[] dep = Rows.localsDependingOn(q, c);
        int base = 1 + q.nVar();
        List<long[]> eqs = new ArrayList<>();
        List<long[]> ineqs = new ArrayList<>();
        for (long[] r : q.equalities()) {
          if (Math.abs(r[c]) == 1 || (r[c] != 0 && Rows.usesLocals(r, base, dep))) eqs.add(r);
        }
        for (long[] r : q.inequalities()) if (r[c] != 0 && !Rows.usesLocals(r, base, dep)) ineqs.add(r);
        acc = acc.intersect(Rows.withRows(q, eqs, ineqs));
      }
      return acc;
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Grouping and ordering

  private record OrderQuery(List<BasicRelation> p, List<BasicRelation> q, List<BasicRelation> ctx, int d) {}

  /** True when, for every value of the outer dimensions, all of p's values at d come before q's. */
  boolean isBefore(List<BasicRelation> p, List<BasicRelation> q, BuildContext ctx, int d) {
    OrderQuery key = new OrderQuery(List.copyOf(p), List.copyOf(q), List.copyOf(ctx.parts()), d);
    Boolean known = orders.get(key);
    if (known == null) {
      known = computeIsBefore(p, q, ctx, d);
      orders.put(key, known);
    }
    return known;
  }

  private boolean computeIsBefore(List<BasicRelation> p, List<BasicRelation> q, BuildContext ctx, int d) {
    Space plus = Space.set(space.params(), space.nOut() + 1);
    int nv = space.nVar();
    int[] same = new int[nv];
    for (int v = 0; v < nv; v++) same[v] = v;
    int[] moved = same.clone();
    moved[nParam + d] = nv;
    long[] notBefore = new long[2 + nv];
    notBefore[col(d)] = 1;
    notBefore[1 + nv] = -1;
    BasicRelation order = BasicRelation.builder(plus).addIneq(notBefore).build();
    List<BasicRelation> ctxPlus = new ArrayList<>();
    for (BasicRelation c : ctx.parts()) ctxPlus.add(c.mapVariables(plus, same));
    List<BasicRelation> qPlus = new ArrayList<>();
    for (BasicRelation b : q) qPlus.add(b.mapVariables(plus, moved));
    for (BasicRelation a : p) {
      BasicRelation ap = a.mapVariables(plus, same);
      for (BasicRelation b : qPlus) {
        // a point of a at or after a point of b (same outer values) under some context part
        for (BasicRelation c : ctxPlus) {
          if (!BasicRelation.isIntersectionEmpty(List.of(c, ap, order, b))) return false;
        }
      }
    }
    return true;
  }

  /**
   * Groups of pieces that get one loop each at level d, in execution order: pieces whose values
   * at d interleave are merged (isl's components), as are statements under the atomic option.
   */
  List<List<Piece>> components(List<Piece> pieces, BuildContext ctx, int d) {
    int n = pieces.size();
    if (n == 1) return List.of(pieces);
    if (d >= nSched) {
      Map<Integer, List<Piece>> byStatement = new TreeMap<>();
      for (Piece p : pieces) byStatement.computeIfAbsent(p.statement(), k -> new ArrayList<>()).add(p);
      return new ArrayList<>(byStatement.values());
    }
    List<List<BasicRelation>> projs = new ArrayList<>();
    for (Piece p : pieces) projs.add(liveProj(p, d, ctx));
    boolean[][] before = new boolean[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (i != j && !before[j][i]) before[i][j] = isBefore(projs.get(i), projs.get(j), ctx, d);
      }
    }
    int[] group = new int[n];
    for (int i = 0; i < n; i++) group[i] = i;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        boolean merge = !before[i][j] && !before[j][i];
        if (kind(d, pieces) == LoopKind.ATOMIC && pieces.get(i).statement() == pieces.get(j).statement()) {
          merge = true;
        }
        if (merge) relabel(group, group[j], group[i]);
      }
    }
    // merge groups that would have to come before each other (cycles of the order)
    while (true) {
      List<Integer> ids = groupIds(group);
      int g = ids.size();
      boolean[][] reach = new boolean[g][g];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (before[i][j] && group[i] != group[j]) reach[ids.indexOf(group[i])][ids.indexOf(group[j])] = true;
        }
      }
      for (int k = 0; k < g; k++) {
        for (int i = 0; i < g; i++) {
          for (int j = 0; j < g; j++) if (reach[i][k] && reach[k][j]) reach[i][j] = true;
        }
      }
      boolean merged = false;
      for (int i = 0; i < g && !merged; i++) {
        for (int j = i + 1; j < g && !merged; j++) {
          if (reach[i][j] && reach[j][i]) {
            relabel(group, ids.get(j), ids.get(i));
            merged = true;
          }
        }
      }
      if (merged) continue;
      // topological order, earliest first piece first among the ready groups
      List<List<Piece>> out = new ArrayList<>();
      boolean[] done = new boolean[g];
      for (int step = 0; step < g; step++) {
        int pick = -1;
        for (int i = 0; i < g && pick < 0; i++) {
          if (done[i]) continue;
          boolean ready = true;
          for (int j = 0; j < g; j++) if (!done[j] && j != i && reach[j][i]) ready = false;
          if (ready) pick = i;
        }
        checkState(pick >= 0, "no ready group");
        done[pick] = true;
        List<Piece> comp = new ArrayList<>();
        for (int i = 0; i < n; i++) if (group[i] == ids.get(pick)) comp.add(pieces.get(i));
        out.add(comp);
      }
      return out;
    }
  }

  private static void relabel(int[] group, int from, int to) {
    if (from == to) return;
    for (int i = 0; i < group.length; i++) if (group[i] == from) group[i] = to;
  }

  private static List<Integer> groupIds(int[] group) {
    List<Integer> ids = new ArrayList<>();
    for (int x : group) if (!ids.contains(x)) ids.add(x);
    return ids;
  }

  // ---------------------------------------------------------------------------------------------
  // One level: substitution, unrolled copies or a loop

  /** Bounds of one convex piece of the projection at level d. */
  final class LevelInfo {
    final BasicRelation q;
    final int c; // column of the dimension
    long[] eq; // a*x + g = 0 with a > 0 and no division on x
    final List<long[]> lowers = new ArrayList<>();
    final List<long[]> uppers = new ArrayList<>();
    long stride = 1;
    long[] offset; // x = offset (mod stride) as a row without x, when the congruence has a unit coefficient
    Expr offsetExpr; // the offset as an expression
    BasicRelation strideSet; // { x : exists e : a*x + g = m*e }, what a loop with this stride guarantees

    LevelInfo(BasicRelation q, int c) {
      this.q = q;
      this.c = c;
    }
  }

  LevelInfo analyze(BasicRelation q, int d, BuildContext ctx) {
    LevelInfo info = new LevelInfo(q, col(d));
    int c = col(d);
    int base = 1 + q.nVar();
    boolean[] dep = Rows.localsDependingOn(q, c);
    for (long[] r : q.equalities()) {
      if (r[c] == 0) continue;
      long[] row = r[c] < 0 ? Ints.negate(r) : r;
      if (!Rows.usesLocals(row, base, dep)) {
        if (info.eq == null) info.eq = row;
        continue;
      }
      long m = 0;
      for (int i = 0; i < dep.length; i++) if (dep[i]) m = Ints.gcd(m, row[base + i]);
      // a*x + g = sum of multiples of m: a*x + g = 0 (mod m)
      long a = row[c];
      long h = Ints.gcd(a, m);
      long mm = m / h;
      if (mm <= info.stride) continue;
      long[] g = row.clone();
      g[c] = 0;
      for (int i = 0; i < dep.length; i++) if (dep[i]) g[base + i] = 0;
      if (h > 1 && !multipleHolds(q, g, h, ctx)) continue;
      long inv = modInverse(Ints.mod(a / h, mm), mm);
      if (h == 1) {
        long[] off = new long[row.length];
        for (int k = 0; k < row.length; k++) off[k] = symmetricMod(Ints.mul(Ints.mod(-g[k], mm), inv), mm);
        off[0] = Ints.mod(off[0], mm);
        info.offset = off;
        info.offsetExpr = rowExpr(q, off);
      } else {
        info.offset = null;
        info.offsetExpr = Exprs.scale(Exprs.exactDiv(Exprs.scale(rowExpr(q, g), -1), h), inv);
      }
      info.stride = mm;
      info.strideSet = congruenceSet(q, row, c, dep, m);
    }
    if (info.eq != null) {
      info.lowers.add(info.eq);
      info.uppers.add(Ints.negate(info.eq));
      return info;
    }
    List<long[]> bounds = new ArrayList<>();
    for (long[] r : q.inequalities()) if (r[c] != 0 && !Rows.usesLocals(r, base, dep)) bounds.add(r);
    if (anyDependent(dep)) {
      // divisions of x bound it too, through their rational shadow (a superset is enough for a
      // loop, the divisions stay as guards further in): a point loop x with c1 = 32*floor((c1 + x)/32)
      // gets 0 <= x <= 31 from the shadow where its plain rows only bound c1 + x by the whole range
      List<long[]> shadow = shadowBounds(q, c, dep);
      for (long[] r : shadow) if (!containsRow(bounds, r)) bounds.add(r);
    }
    for (long[] r : List.copyOf(bounds)) {
      List<long[]> others = new ArrayList<>(bounds);
      others.remove(r);
      if (ctx.entails(Rows.withRows(q, List.of(), others), q, r, false)) bounds.remove(r);
    }
    for (long[] r : bounds) (r[c] > 0 ? info.lowers : info.uppers).add(r);
    return info;
  }

  private static boolean anyDependent(boolean[] dep) {
    for (boolean b : dep) if (b) return true;
    return false;
  }

  private static boolean containsRow(List<long[]> rows, long[] r) {
    for (long[] x : rows) if (Arrays.equals(x, r)) return true;
    return false;
  }

  /** Fourier-Motzkin elimination of the locals marked in dep from q's constraints: rows on x implied by q. */
  private static List<long[]> shadowBounds(BasicRelation q, int c, boolean[] dep) {
    List<long[]> rows = new ArrayList<>(q.inequalities());
    for (long[] e : q.equalities()) {
      rows.add(e);
      rows.add(Ints.negate(e));
    }
    int base = 1 + q.nVar();
    for (int i = dep.length - 1; i >= 0; i--) {
      if (!dep[i]) continue;
      int col = base + i;
      List<long[]> lower = new ArrayList<>();
      List<long[]> upper = new ArrayList<>();
      List<long[]> next = new ArrayList<>();
      for (long[] r : rows) {
        if (r[col] > 0) lower.add(r);
        else if (r[col] < 0) upper.add(r);
        else next.add(r);
      }
      for (long[] l : lower) {
        for (long[] u : upper) {
          long g = Ints.gcd(l[col], u[col]);
          long[] comb = Ints.combine(-u[col] / g, l, l[col] / g, u);
          comb[col] = 0;
          next.add(comb);
        }
      }
      if (next.size() > 400) return List.of();
      rows = next;
    }
    List<long[]> out = new ArrayList<>();
    for (long[] r : rows) {
      if (r[c] == 0 || Rows.usesLocals(r, base, dep)) continue;
      long gcd = Ints.gcd(r, 1, r.length);
      long[] t = r.clone();
      if (gcd > 1) {
        t[0] = Math.floorDiv(t[0], gcd);
        for (int k = 1; k < t.length; k++) t[k] /= gcd;
      }
      out.add(t);
    }
    return out;
  }

  private static long modInverse(long a, long m) {
    for (long x = 1; x < m; x++) if (Ints.mod(Ints.mul(a, x), m) == 1) return x;
    throw new IllegalStateException("no inverse of " + a + " mod " + m);
  }

  private static long symmetricMod(long a, long m) {
    long r = Ints.mod(a, m);
    return 2 * r > m ? r - m : r;
  }

  private List<Node> level(List<Piece> pieces, BuildContext ctx, int d) {
    List<LevelInfo> infos = new ArrayList<>();
    for (Piece p : pieces) for (BasicRelation q : liveProj(p, d, ctx)) infos.add(analyze(q, d, ctx));
    if (infos.isEmpty()) return List.of();
    // a dimension with one value: substitute it
    LevelInfo fixed = commonValue(infos, ctx);
    if (fixed != null && divisibilityHolds(fixed, ctx, d)) {
      BuildContext inner = ctx.and(Rows.withRows(fixed.q, List.of(fixed.eq), List.of()));
      return withValue(d, value(fixed), () -> marked(pieces, d, generate(pieces, inner, d + 1, true)));
    }
    if (kind(d, pieces) == LoopKind.UNROLL) {
      List<Node> unrolled = unroll(pieces, ctx, d, infos);
      if (unrolled != null) return marked(pieces, d, unrolled);
    }
    return marked(pieces, d, loop(pieces, ctx, d, infos));
  }

  /**
   * A piece whose equality on the level's dimension gives every piece's value, or null. Values
   * equal in form are compared first; a piece whose equality differs in form (x = 1 in a piece
   * where y = 1, beside pieces with x = y) agrees when its own constraints entail the candidate's
   * equality, so that a diagonal scanned next to a corner point is not a loop of guards.
   */
  private LevelInfo commonValue(List<LevelInfo> infos, BuildContext ctx) {
    for (LevelInfo i : infos) if (i.eq == null) return null;
    List<Expr> values = new ArrayList<>(infos.size());
    for (LevelInfo i : infos) values.add(value(i));
    List<Expr> tried = new ArrayList<>();
    for (int c = 0; c < infos.size(); c++) {
      LevelInfo cand = infos.get(c);
      Expr v = values.get(c);
      if (tried.contains(v)) continue;
      if (tried.size() == 4) return null;
      tried.add(v);
      int base = 1 + cand.q.nVar();
      boolean local = Rows.usesColumns(cand.eq, base, cand.eq.length);
      boolean same = true;
      for (int k = 0; k < infos.size() && same; k++) {
        LevelInfo i = infos.get(k);
        if (values.get(k).equals(v)) continue;
        same = !local && ctx.entails(i.q, i.q, Arrays.copyOf(Arrays.copyOf(cand.eq, base), i.q.nCol()), true);
      }
      if (same) return cand;
    }
    return null;
  }

  private interface NodesSupplier {
    List<Node> get();
  }

  private List<Node> withValue(int d, Expr v, NodesSupplier body) {
    Expr old = dimValue[d];
    dimValue[d] = v;
    try {
      return body.get();
    } finally {
      dimValue[d] = old;
    }
  }

  /** Wraps the nodes in the marks that all pieces place at dimension d. */
  private List<Node> marked(List<Piece> pieces, int d, List<Node> nodes) {
    if (nodes.isEmpty()) return nodes;
    List<String> names = null;
    for (Piece p : pieces) {
      List<String> mine = new ArrayList<>();
      for (Piece.MarkAt m : p.marks()) if (m.dim() == d) mine.add(m.name());
      if (names == null) names = mine;
      else if (!names.equals(mine)) return nodes;
    }
    if (names == null || names.isEmpty()) return nodes;
    Node body = Node.seq(nodes);
    for (int i = names.size() - 1; i >= 0; i--) body = new Node.Mark(names.get(i), body);
    return List.of(body);
  }

  /** The value of x from {@code a*x + g = 0}. */
  private Expr value(LevelInfo info) {
    long[] g = info.eq.clone();
    long a = g[info.c];
    g[info.c] = 0;
    return Exprs.exactDiv(Exprs.scale(rowExpr(info.q, g), -1), a);
  }

  /** True when the context guarantees that a*x + g = 0 has an integer solution x. */
  private boolean divisibilityHolds(LevelInfo info, BuildContext ctx, int d) {
    int c = col(d);
    long a = info.eq[c];
    if (a == 1) return true;
    long[] g = info.eq.clone();
    g[c] = 0;
    return multipleHolds(info.q, g, a, ctx);
  }

  private List<Node> loop(List<Piece> pieces, BuildContext ctx, int d, List<LevelInfo> infos) {
    int c = col(d);
    boolean unboundedAbove = false;
    for (LevelInfo i : infos) {
      if (i.lowers.isEmpty()) {
        throw new IllegalArgumentException("the scanned set is unbounded in dimension " + d + " (no lower bound): " + i.q);
      }
      unboundedAbove |= i.uppers.isEmpty();
    }
    long stride = infos.get(0).stride;
    Expr offsetKey = infos.get(0).offsetExpr;
    BasicRelation strideSet = infos.get(0).strideSet;
    for (LevelInfo i : infos) {
      if (stride > 1 && (i.stride != stride || !i.offsetExpr.equals(offsetKey))) stride = 1;
    }
    if (stride == 1 && infos.size() > 1) {
      // pieces on different lattices (e.g. multiples of 4 and of 2, or a multiple of 32 and the
      // value 0) may still share a coarser one
      LevelInfo base = strideBase(infos);
      long g = commonStride(infos);
      if (g > 1) {
        stride = g;
        strideSet = congruence(base.q, base.offset, c, g);
      }
    }
    if (stride == 1 && infos.size() > 1) borrowBounds(infos, ctx);
    List<LevelInfo> lows = prune(infos, true, ctx);
    // a loop without upper bound runs for ever, as isl prints it: for (...; 1; ...)
    List<LevelInfo> ups = unboundedAbove ? List.of() : prune(infos, false, ctx);
    List<BasicRelation> alternatives = new ArrayList<>();
    if (unboundedAbove && lows.size() <= 16) {
      for (LevelInfo l : lows) {
        BasicRelation alt = Rows.withRows(l.q, List.of(), l.lowers);
        if (stride > 1) alt = alt.intersect(stride == l.stride ? l.strideSet : strideSet);
        alternatives.add(alt);
      }
    } else if (!unboundedAbove && lows.size() * ups.size() <= 16) {
      for (LevelInfo l : lows) {
        for (LevelInfo u : ups) {
          BasicRelation alt = Rows.withRows(l.q, List.of(), l.lowers).intersect(Rows.withRows(u.q, List.of(), u.uppers));
          if (stride > 1) alt = alt.intersect(stride == l.stride ? l.strideSet : strideSet);
          alternatives.add(alt);
        }
      }
    } else {
      alternatives.add(stride > 1 ? strideSet : BasicRelation.universe(space));
    }
    BuildContext inner = ctx.andAny(alternatives);
    if (!unboundedAbove) {
      List<Node> once = degenerate(pieces, ctx, d, lows, ups, stride, strideSet);
      if (once != null) return once;
    }
    boolean coincident = true;
    for (Piece p : pieces) coincident &= p.coincident().contains(d);
    java.util.Set<String> names = new java.util.TreeSet<>();
    for (Piece p : pieces) names.add(problem.statementNames().get(p.statement()));
    boolean privatized = coincident && options.annotator().privatizes(d, names);
    boolean mayParallel = coincident && !insideParallel && options.parallelLoops();
    // iterators are named by loop depth: c0 for the outermost loop, c1 inside it, ...
    String iterator = iteratorPrefix + loopDepth;
    iteratorDepth.put(iterator, loopDepth);
    boolean savedParallel = insideParallel;
    insideParallel |= mayParallel;
    loopDepth++;
    List<Node> body;
    try {
      body = withValue(d, new Expr.Id(iterator), () -> generate(pieces, inner, d + 1, true));
    } finally {
      insideParallel = savedParallel;
      loopDepth--;
    }
    if (body.isEmpty()) return body;
    List<Expr> mins = new ArrayList<>();
    for (LevelInfo l : lows) {
      List<Expr> maxs = new ArrayList<>();
      for (long[] r : l.lowers) maxs.add(stride > 1 ? alignedLower(l, r, c, stride, ctx) : lowerExpr(l.q, r, c, ctx));
      mins.add(Exprs.max(maxs));
    }
    List<Expr> maxs = new ArrayList<>();
    for (LevelInfo u : ups) {
      List<Expr> ms = new ArrayList<>();
      for (long[] r : u.uppers) ms.add(upperExpr(u.q, r, c, ctx));
      maxs.add(Exprs.min(ms));
    }
    Expr init = Exprs.min(mins);
    Expr upper = unboundedAbove ? Node.For.NO_UPPER_BOUND : Exprs.max(maxs);
    Node bodyNode = Node.seq(body);
    List<String> pragmas = new ArrayList<>();
    // the outermost coincident loop runs in parallel, unless it is an innermost loop inside a
    // sequential one: that one is vectorized instead (no fork and join per outer iteration)
    boolean innermost = !containsLoop(bodyNode);
    boolean parallel = mayParallel && !(innermost && loopDepth > 0);
    if (parallel) {
      List<String> clauses = options.annotator().clauses(d, names);
      pragmas.add(clauses.isEmpty() ? "omp parallel for" : "omp parallel for " + String.join(" ", clauses));
    } else if (coincident && !privatized && innermost) {
      pragmas.add("omp simd");
    }
    return List.of(new Node.For(iterator, init, upper, stride, bodyNode, pragmas).withCoincident(coincident && !privatized));
  }

  /**
   * A loop that runs at most once for every value of the outer loops (two consecutive values on
   * its lattice never both lie between its bounds, under the context) becomes a substitution of
   * its first value: a tile loop {@code for (c = 32*ceild(n - 32, 32); c <= n - 1; c += 32)} is
   * the value {@code 32*ceild(n - 32, 32)}. The body is generated under what the substitution
   * enforces (the lower bound, the lattice, less than one step above the bound), not the upper
   * bound: the constraints of the pieces that the context does not imply, the upper bound among
   * them, become guards further in. Only for one lower bound row, with a unit coefficient on
   * strided loops. Null when the loop may run more than once.
   */
  private List<Node> degenerate(List<Piece> pieces, BuildContext ctx, int d, List<LevelInfo> lows,
      List<LevelInfo> ups, long stride, BasicRelation strideSet) {
    // a max would be repeated in every guard and subscript further in
    if (lows.size() != 1 || lows.get(0).lowers.size() != 1) return null;
    int c = col(d);
    LevelInfo l = lows.get(0);
    if (stride > 1 && l.lowers.get(0)[c] != 1) return null;
    for (LevelInfo u : ups) {
      // x at or above the lower bound and x + stride at or below the upper bound
      List<long[]> shifted = new ArrayList<>();
      for (long[] row : u.uppers) shifted.add(Rows.shift(row, Ints.mul(stride, row[c])));
      BasicRelation twice = Rows.withRows(l.q, List.of(), l.lowers).intersect(Rows.withRows(u.q, List.of(), shifted));
      if (stride > 1) twice = twice.intersect(strideSet);
      spend(1);
      if (!ctx.isDisjoint(twice)) return null;
    }
    // the value is the largest of the least values on the lattice at or above each bound: above
    // every bound row, and 0 <= a*x + g <= a*stride - 1 for one of them
    List<Expr> firsts = new ArrayList<>();
    List<BasicRelation> pins = new ArrayList<>();
    for (long[] r : l.lowers) {
      firsts.add(stride > 1 ? alignedLower(l, r, c, stride, ctx) : lowerExpr(l.q, r, c, ctx));
      long[] top = Rows.shift(Ints.negate(r), Ints.sub(Ints.mul(r[c], stride), 1));
      List<long[]> rows = new ArrayList<>(l.lowers);
      rows.add(top);
      BasicRelation pin = Rows.withRows(l.q, List.of(), rows);
      pins.add(stride > 1 ? pin.intersect(strideSet) : pin);
    }
    Expr v = Exprs.max(firsts);
    BuildContext pinned = ctx.andAny(pins);
    return withValue(d, v, () -> generate(pieces, pinned, d + 1, true));
  }

  /**
   * A piece whose dimension has one value {@code x = v} in a loop shared with other pieces takes
   * the bounds of those pieces that it implies instead of {@code v} itself: in a tile, the point
   * {@code x = n - c1} (the last partial tile of an {@code n}-sized range, {@code c1} a multiple
   * of 32) lies within the tile's {@code 0 <= x <= 31}, and {@code max(n - c1, 31)} would make the
   * loop run over the whole range in every other tile. The borrowed rows use no divisions.
   */
  private void borrowBounds(List<LevelInfo> infos, BuildContext ctx) {
    for (LevelInfo i : infos) {
      if (i.eq == null) continue;
      List<long[]> lows = new ArrayList<>();
      List<long[]> ups = new ArrayList<>();
      for (LevelInfo j : infos) {
        if (j.eq != null) continue;
        for (long[] r : j.lowers) borrow(i, r, lows, ctx);
        for (long[] r : j.uppers) borrow(i, r, ups, ctx);
      }
      if (!lows.isEmpty()) {
        i.lowers.clear();
        i.lowers.addAll(lows);
      }
      if (!ups.isEmpty()) {
        i.uppers.clear();
        i.uppers.addAll(ups);
      }
    }
  }

  private void borrow(LevelInfo i, long[] r, List<long[]> out, BuildContext ctx) {
    int nVar = 1 + space.nVar();
    if (Rows.usesColumns(r, nVar, r.length)) return;
    long[] row = Arrays.copyOf(r, i.q.nCol());
    if (containsRow(out, row)) return;
    spend(1);
    if (ctx.entails(i.q, i.q, row, false)) out.add(row);
  }

  static boolean containsLoop(Node n) {
    return Node.anyMatch(n, x -> x instanceof Node.For);
  }

  /**
   * The largest step g > 1 such that every piece's values at this level lie on one lattice
   * {@code x = off (mod g)}: g divides every piece's stride and every difference between the
   * offsets (coefficient by coefficient, so the lattice is the same for all outer values). 1 when
   * a piece has no stride or an offset that is not a plain row.
   */
  private static long commonStride(List<LevelInfo> infos) {
    LevelInfo base = strideBase(infos);
    if (base == null) return 1;
    long g = 0;
    List<Long> localCoefficients = new ArrayList<>();
    for (LevelInfo i : infos) {
      if (i.stride > 1 && i.offset != null) {
        g = Ints.gcd(g, i.stride);
      } else if (fixedValue(i) == null) {
        return 1;
      }
    }
    for (LevelInfo i : infos) {
      long[] off = i.stride > 1 ? i.offset : fixedValue(i);
      int n = Math.max(off.length, base.offset.length);
      for (int k = 0; k < n && g > 1; k++) {
        long a = k < off.length ? off[k] : 0;
        long b = k < base.offset.length ? base.offset[k] : 0;
        if (k > space0Cols(base)) {
          // offsets over different locals cannot be compared column by column, unless both
          // coefficients are multiples of the lattice (checked against the final lattice below)
          if (a != b) {
            localCoefficients.add(a);
            localCoefficients.add(b);
          }
          continue;
        }
        g = Ints.gcd(g, Ints.sub(a, b));
      }
    }
    for (long a : localCoefficients) if (g > 1 && a % g != 0) return 1;
    return g <= 1 ? 1 : g;
  }

  /** The first piece on a lattice with a known offset, or null. */
  private static LevelInfo strideBase(List<LevelInfo> infos) {
    for (LevelInfo i : infos) if (i.stride > 1 && i.offset != null) return i;
    return null;
  }

  /**
   * The value of a piece whose dimension is fixed by an equality {@code x + g = 0} (as a row
   * without x: {@code -g}), which lies on a lattice when it is congruent to the lattice's offset;
   * null for other pieces.
   */
  private static long[] fixedValue(LevelInfo i) {
    if (i.stride > 1 || i.eq == null || i.eq[i.c] != 1) return null;
    long[] v = Ints.negate(i.eq);
    v[i.c] = 0;
    return v;
  }

  private static int space0Cols(LevelInfo info) {
    return info.q.nVar();
  }

  /** { x : exists e : x - off = m*e } for an offset row over q's columns (x at column c). */
  private BasicRelation congruence(BasicRelation q, long[] off, int c, long m) {
    BasicRelation.Builder b = BasicRelation.builder(space);
    for (int i = 0; i < q.nLocal(); i++) {
      Div dv = q.div(i);
      b.addDiv(Arrays.copyOf(dv.numerator(), 1 + q.nVar() + i), dv.denominator());
    }
    int e = b.addExistential();
    long[] r = new long[e + 1];
    for (int k = 0; k < off.length && k < e; k++) r[k] = -off[k];
    r[c] = Ints.add(r[c], 1);
    r[e] = -m;
    b.addEq(r);
    return b.build();
  }

  /** { x : exists e : a*x + g = m*e }: the congruence of an equality whose x-dependent divisions are replaced by e. */
  private BasicRelation congruenceSet(BasicRelation q, long[] row, int c, boolean[] dep, long m) {
    BasicRelation.Builder b = BasicRelation.builder(space);
    for (int i = 0; i < q.nLocal(); i++) {
      Div dv = q.div(i);
      b.addDiv(Arrays.copyOf(dv.numerator(), 1 + q.nVar() + i), dv.denominator());
    }
    int e = b.addExistential();
    long[] r = Arrays.copyOf(row, e + 1);
    int base = 1 + q.nVar();
    for (int i = 0; i < dep.length; i++) if (dep[i]) r[base + i] = 0;
    r[e] = -m;
    b.addEq(r);
    return b.build();
  }

  /** True when the context guarantees that the row g (over q's columns) is a multiple of h. */
  private boolean multipleHolds(BasicRelation q, long[] g, long h, BuildContext ctx) {
    BasicRelation.Builder b = BasicRelation.builder(space);
    for (int i = 0; i < q.nLocal(); i++) {
      Div dv = q.div(i);
      b.addDiv(Arrays.copyOf(dv.numerator(), 1 + q.nVar() + i), dv.denominator());
    }
    int e = b.addDiv(g, h);
    long[] rem = Arrays.copyOf(g, e + 1);
    rem[e] = -h;
    rem[0] = Ints.sub(rem[0], 1); // g - h*floor(g/h) >= 1
    b.addIneq(rem);
    return ctx.isDisjoint(b.build());
  }

  /**
   * Drops alternatives that never decide the loop bound: for lower bounds (a minimum of maxima)
   * those at least as large as another, for upper bounds those at most as large as another.
   */
  private List<LevelInfo> prune(List<LevelInfo> all, boolean lower, BuildContext ctx) {
    List<LevelInfo> infos = all;
    // pieces split into many parts often share their bounds: the last of each kind is enough (the
    // one the pairwise tests below would keep)
    List<Object> keys = new ArrayList<>(infos.size());
    Map<Object, LevelInfo> last = new HashMap<>();
    for (LevelInfo i : infos) {
      Object key = boundsKey(i, lower);
      keys.add(key);
      last.put(key, i);
    }
    if (last.size() < infos.size()) {
      List<LevelInfo> distinct = new ArrayList<>();
      for (int k = 0; k < infos.size(); k++) if (last.get(keys.get(k)) == infos.get(k)) distinct.add(infos.get(k));
      infos = distinct;
    }
    if (infos.size() >= 2 && all.size() <= 16) return pruneWhereActive(infos, all, lower, ctx);
    List<LevelInfo> keep = new ArrayList<>(infos);
    for (LevelInfo i : infos) {
      List<long[]> mine = lower ? i.lowers : i.uppers;
      BasicRelation extra = null;
      for (LevelInfo j : keep) {
        if (j == i) continue;
        List<long[]> theirs = lower ? j.lowers : j.uppers;
        boolean implied = true;
        for (long[] r : theirs) {
          if (weakerThanOneOf(r, j.q, mine, i.q)) continue;
          if (extra == null) extra = Rows.withRows(i.q, List.of(), mine);
          if (!ctx.entails(extra, j.q, r, false)) {
            implied = false;
            break;
          }
        }
        if (implied) {
          keep.remove(i);
          break;
        }
      }
    }
    return keep;
  }

  /**
   * Drops the bounds of a piece that other pieces' bounds reach wherever the piece itself has
   * points: a corner piece {@code x = 1 : y = 0} beside {@code x >= 32 y} leaves {@code x >= 32 y}
   * alone, where {@code min(32 y, 1)} would start every later loop at 1. A bound is dropped only
   * when every piece of the level (also those whose bounds were dropped before) still has a kept
   * bound that reaches all its points; this also drops the bounds that others' bounds reach
   * everywhere, which larger levels test by the rows alone.
   */
  private List<LevelInfo> pruneWhereActive(List<LevelInfo> infos, List<LevelInfo> all, boolean lower,
      BuildContext ctx) {
    List<LevelInfo> keep = new ArrayList<>(infos);
    Map<LevelInfo, Map<LevelInfo, Boolean>> reaches = new IdentityHashMap<>();
    // the pieces with more equalities (corners, faces) are the first to give their bounds up
    List<LevelInfo> order = new ArrayList<>(infos);
    order.sort(java.util.Comparator.comparingInt(i -> -i.q.equalities().size()));
    for (LevelInfo i : order) {
      List<LevelInfo> rest = new ArrayList<>(keep);
      rest.remove(i);
      boolean covered = true;
      for (LevelInfo o : all) {
        boolean some = false;
        for (LevelInfo k : rest) {
          if (some) break;
          some = o == k || reaches.computeIfAbsent(o, x -> new IdentityHashMap<>())
              .computeIfAbsent(k, x -> allEntailed(o, k, lower, ctx));
        }
        if (!some) {
          covered = false;
          break;
        }
      }
      if (covered) keep = rest;
    }
    return keep;
  }

  /** Whether every bound row of k (on one side) holds at every point of o's projection. */
  private static boolean allEntailed(LevelInfo o, LevelInfo k, boolean lower, BuildContext ctx) {
    for (long[] r : lower ? k.lowers : k.uppers) if (!ctx.entails(o.q, k.q, r, false)) return false;
    return true;
  }

  /** The bound rows of one side with the divisions they may use (equal keys, equal bounds), or i itself. */
  private static Object boundsKey(LevelInfo i, boolean lower) {
    StringBuilder key = new StringBuilder();
    for (long[] r : lower ? i.lowers : i.uppers) key.append(Arrays.toString(r));
    key.append('|');
    for (int k = 0; k < i.q.nLocal(); k++) {
      Div d = i.q.div(k);
      if (d == null) return i; // an unknown existential: a key of its own
      key.append(Arrays.toString(d.numerator())).append('/').append(d.denominator()).append(';');
    }
    return key.toString();
  }

  /**
   * Whether the row r (of q, using none of q's divisions) is implied by a row of {@code rows} (of
   * p) that differs from it only in its constant term, which is smaller or equal.
   */
  private static boolean weakerThanOneOf(long[] r, BasicRelation q, List<long[]> rows, BasicRelation p) {
    int nVar = 1 + q.nVar();
    if (Rows.usesColumns(r, nVar, r.length)) return false;
    for (long[] m : rows) {
      if (m[0] > r[0] || Rows.usesColumns(m, nVar, m.length)) continue;
      if (Arrays.equals(m, 1, nVar, r, 1, nVar)) return true;
    }
    return false;
  }

  private Expr lowerExpr(BasicRelation q, long[] r, int c, BuildContext ctx) {
    long a = r[c];
    long[] g = r.clone();
    g[c] = 0;
    Expr neg = Exprs.scale(rowExpr(q, g), -1);
    if (a > 1 && !(neg instanceof Expr.Int) && multipleHolds(q, g, a, ctx)) return Exprs.exactDiv(neg, a);
    return Exprs.ceilDiv(neg, a);
  }

  private Expr upperExpr(BasicRelation q, long[] r, int c, BuildContext ctx) {
    long a = -r[c];
    long[] g = r.clone();
    g[c] = 0;
    Expr e = rowExpr(q, g);
    if (a > 1 && !(e instanceof Expr.Int) && multipleHolds(q, g, a, ctx)) return Exprs.exactDiv(e, a);
    return Exprs.floorDiv(e, a);
  }

  /** The least value at least the lower bound r that is congruent to the piece's offset modulo the stride. */
  private Expr alignedLower(LevelInfo l, long[] r, int c, long m, BuildContext ctx) {
    // a fixed value on the common lattice is its own aligned bound
    if (fixedValue(l) != null) return lowerExpr(l.q, r, c, ctx);
    long[] off = l.offset;
    if (r[c] == 1 && off != null) {
      long[] init = Ints.negate(r);
      init[c] = 0;
      long[] diff = new long[init.length];
      boolean aligned = true;
      for (int k = 0; k < init.length; k++) {
        diff[k] = Ints.sub(init[k], k < off.length ? off[k] : 0);
        if (k > 0 && diff[k] % m != 0) aligned = false;
      }
      if (aligned) return Exprs.plus(rowExpr(l.q, init), Ints.mod(-diff[0], m));
    }
    Expr o = l.offsetExpr;
    Expr lb = lowerExpr(l.q, r, c, ctx);
    return Exprs.add(o, Exprs.scale(Exprs.ceilDiv(Exprs.sub(lb, o), m), m));
  }

  /**
   * Full unrolling: one copy of the body per value of the dimension, from a lower bound whose
   * distance to every iteration is bounded by a constant. Null when there is no such bound.
   */
  private List<Node> unroll(List<Piece> pieces, BuildContext ctx, int d, List<LevelInfo> infos) {
    int c = col(d);
    List<LevelInfo> lows = prune(infos, true, ctx);
    if (lows.size() != 1) return null;
    LevelInfo l = lows.get(0);
    List<BasicRelation> alternatives = new ArrayList<>();
    for (LevelInfo u : prune(infos, false, ctx)) {
      alternatives.add(Rows.withRows(l.q, List.of(), l.lowers).intersect(Rows.withRows(u.q, List.of(), u.uppers)));
    }
    BuildContext range = ctx.andAny(alternatives);
    long[] best = null;
    long bestK = Long.MAX_VALUE;
    for (long[] r : l.lowers) {
      if (r[c] != 1) continue;
      long k = tripBound(range, l.q, r);
      if (k >= 0 && k < bestK) {
        bestK = k;
        best = r;
      }
    }
    List<Node> onLattice = unrollLattice(pieces, ctx, d, infos, range, l, best == null ? 1024 : bestK);
    if (onLattice != null) return onLattice;
    if (best == null) return null;
    // on a lattice of step m with fewer than m candidate values, each outer point has at most one
    // value: a strided loop of at most one iteration is shorter than a guarded copy per candidate
    if (l.stride > bestK + 1 && sameLattice(infos)) return null;
    List<Node> aligned = unrollAligned(pieces, ctx, d, infos, l, best, bestK);
    if (aligned != null) return aligned;
    Expr lb = lowerExpr(l.q, best, c, ctx);
    List<Node> out = new ArrayList<>();
    for (long k = 0; k <= bestK; k++) {
      BuildContext copy = ctx.and(Rows.withRows(l.q, List.of(Rows.shift(best, -k)), List.of()));
      if (copy.isEmpty()) continue;
      Expr v = Exprs.plus(lb, k);
      out.addAll(withValue(d, v, () -> generate(pieces, copy, d + 1, true)));
    }
    return out;
  }

  /**
   * Unrolling from the lower bound aligned to a lattice {@code x = off (mod m)} that every piece
   * lies on (the pieces may have finer congruences of their own, on other offsets): the copies are
   * {@code x = lb' + m*k} for {@code k = 0 .. K/m}, where {@code lb'} is the least value on the
   * lattice at least the lower bound lb and K bounds {@code x - lb}. A copy per value of
   * {@code x - lb} would need a residue guard each (m times as many copies). Null without such a
   * lattice.
   */
  private List<Node> unrollAligned(
      List<Piece> pieces, BuildContext ctx, int d, List<LevelInfo> infos, LevelInfo l, long[] lower, long bound) {
    int c = col(d);
    LevelInfo lattice = commonLattice(infos, ctx);
    if (lattice == null) return null;
    long m = lattice.stride;
    long[] off = lattice.offset;
    BasicRelation q = l.q;
    // e = floor((off - lb) / m), lb' = off - m*e; lower is x + g >= 0, so off - lb = off + g
    long[] num = new long[q.nCol()];
    for (int k = 0; k < num.length; k++) num[k] = Ints.add(k < off.length ? off[k] : 0, k == c ? 0 : lower[k]);
    Expr lb = lowerExpr(q, lower, c, ctx);
    Expr offExpr = rowExpr(q, Arrays.copyOf(off, q.nCol()));
    Expr start = Exprs.add(offExpr, Exprs.scale(Exprs.ceilDiv(Exprs.sub(lb, offExpr), m), m));
    List<Node> out = new ArrayList<>();
    for (long k = 0; k <= bound / m; k++) {
      BasicRelation.Builder b = BasicRelation.builder(space);
      for (int i = 0; i < q.nLocal(); i++) {
        Div dv = q.div(i);
        b.addDiv(Arrays.copyOf(dv.numerator(), 1 + q.nVar() + i), dv.denominator());
      }
      int e = b.addDiv(num, m);
      long[] eq = new long[e + 1];
      for (int i = 0; i < off.length && i < e; i++) eq[i] = -off[i];
      eq[c] = Ints.add(eq[c], 1);
      eq[e] = m;
      eq[0] = Ints.sub(eq[0], Ints.mul(m, k));
      b.addEq(eq);
      BuildContext copy = ctx.and(b.build());
      if (copy.isEmpty()) continue;
      Expr v = Exprs.plus(start, Ints.mul(m, k));
      out.addAll(withValue(d, v, () -> generate(pieces, copy, d + 1, true)));
    }
    return out;
  }

  /**
   * A lattice {@code x = off (mod m)}, m > 1, with an offset over the parameters and outer
   * dimensions only, that contains every piece of the level under the context (one of the pieces'
   * own congruences, those that more pieces share tried first), or null.
   */
  private LevelInfo commonLattice(List<LevelInfo> infos, BuildContext ctx) {
    List<LevelInfo> candidates = new ArrayList<>();
    for (LevelInfo i : infos) {
      if (i.stride <= 1 || i.offset == null || Rows.usesColumns(i.offset, 1 + i.q.nVar(), i.offset.length)) continue;
      if (candidates.stream().noneMatch(x -> x.stride == i.stride && x.offsetExpr.equals(i.offsetExpr))) candidates.add(i);
    }
    if (candidates.isEmpty() || candidates.size() > 16) return null;
    // the congruence most pieces share first
    Map<LevelInfo, Integer> share = new IdentityHashMap<>();
    for (LevelInfo cand : candidates) {
      int n = 0;
      for (LevelInfo i : infos) if (i.stride == cand.stride && cand.offsetExpr.equals(i.offsetExpr)) n++;
      share.put(cand, n);
    }
    candidates.sort(java.util.Comparator.comparingInt((LevelInfo i) -> -share.get(i)).thenComparingLong(i -> -i.stride));
    for (LevelInfo cand : candidates) {
      boolean all = true;
      for (LevelInfo i : infos) {
        if (!(all = onLattice(i, cand, ctx))) break;
      }
      if (all) return cand;
    }
    return null;
  }

  /** True when every point of i's projection under the context has x = cand.offset (mod cand.stride). */
  private boolean onLattice(LevelInfo i, LevelInfo cand, BuildContext ctx) {
    BasicRelation q = i.q;
    if (!Rows.allDivsKnown(q)) return false;
    long m = cand.stride;
    BasicRelation.Builder b = BasicRelation.builder(space);
    for (int k = 0; k < q.nLocal(); k++) {
      Div dv = q.div(k);
      b.addDiv(Arrays.copyOf(dv.numerator(), 1 + q.nVar() + k), dv.denominator());
    }
    long[] g = new long[1 + q.nVar() + q.nLocal()];
    for (int k = 0; k < cand.offset.length && k < 1 + q.nVar(); k++) g[k] = -cand.offset[k];
    g[i.c] = Ints.add(g[i.c], 1);
    int e = b.addDiv(g, m);
    long[] rem = Arrays.copyOf(g, e + 1);
    rem[e] = -m;
    rem[0] = Ints.sub(rem[0], 1); // x - off - m*floor((x - off)/m) >= 1
    b.addIneq(rem);
    return ctx.isDisjoint(b.build().intersect(q));
  }

  /**
   * Unrolling over a lattice {@code x = offset + m*y} shared by every piece, when y stays between two
   * constants K0 and K1 over the range (the offset may depend on parameters and outer dimensions):
   * one copy per y, {@code x} substituted by {@code offset + m*y}. Null when y is not bounded by
   * constants or when the copies would not be fewer than {@code limit + 1}.
   */
  private List<Node> unrollLattice(
      List<Piece> pieces, BuildContext ctx, int d, List<LevelInfo> infos, BuildContext range, LevelInfo l, long limit) {
    if (!sameLattice(infos) || l.offset == null || l.strideSet == null) return null;
    int c = col(d);
    long m = l.stride;
    long[] base = Ints.negate(l.offset); // x - offset
    base[c] = Ints.add(base[c], 1);
    // y >= k everywhere: no point of the range on the lattice with x - offset - m*k <= -1
    java.util.function.LongPredicate atLeast = k -> {
      long[] row = Ints.negate(base);
      row[0] = Ints.add(row[0], Ints.sub(Ints.mul(m, k), 1));
      return range.isDisjoint(Rows.withRows(l.q, List.of(), List.of(row)).intersect(l.strideSet));
    };
    java.util.function.LongPredicate atMost = k -> {
      long[] row = base.clone();
      row[0] = Ints.sub(row[0], Ints.add(Ints.mul(m, k), 1));
      return range.isDisjoint(Rows.withRows(l.q, List.of(), List.of(row)).intersect(l.strideSet));
    };
    long bound = Math.min(limit, 1024);
    Long lo = boundary(atLeast, true, bound);
    if (lo == null) return null;
    Long hi = boundary(atMost, false, bound);
    if (hi == null || hi - lo >= limit + 1 || hi - lo > bound) return null;
    List<Node> out = new ArrayList<>();
    for (long k = lo; k <= hi; k++) {
      long[] eq = base.clone();
      eq[0] = Ints.sub(eq[0], Ints.mul(m, k));
      BuildContext copy = ctx.and(Rows.withRows(l.q, List.of(eq), List.of()));
      if (copy.isEmpty()) continue;
      Expr v = Exprs.plus(l.offsetExpr, Ints.mul(m, k));
      out.addAll(withValue(d, v, () -> generate(pieces, copy, d + 1, true)));
    }
    return out;
  }

  /**
   * The largest k with {@code holds(k)} (greatest lower bound, holds true below it) or the least k
   * (least upper bound, holds true above it), searched within [-limit, limit]; null outside.
   */
  private static Long boundary(java.util.function.LongPredicate holds, boolean lower, long limit) {
    long inside = lower ? -limit : limit;
    if (!holds.test(inside)) return null;
    long outside = lower ? limit + 1 : -limit - 1;
    if (holds.test(outside)) return null;
    while (Math.abs(outside - inside) > 1) {
      long mid = Math.floorDiv(inside + outside, 2);
      if (holds.test(mid)) inside = mid;
      else outside = mid;
    }
    return inside;
  }

  /** True when every piece has the same stride (above 1) and the same offset at this level. */
  private static boolean sameLattice(List<LevelInfo> infos) {
    LevelInfo first = infos.get(0);
    if (first.stride <= 1 || first.offsetExpr == null) return false;
    for (LevelInfo i : infos) if (i.stride != first.stride || !first.offsetExpr.equals(i.offsetExpr)) return false;
    return true;
  }

  /** The largest value of row r (x minus its lower bound) over the range, or -1 beyond 1024. */
  private static long tripBound(BuildContext range, BasicRelation q, long[] r) {
    long hi = 1;
    while (!range.isDisjoint(Rows.withRows(q, List.of(), List.of(Rows.shift(r, -hi))))) {
      hi *= 2;
      if (hi > 1024) return -1;
    }
    long lo = 0; // r >= lo+... : invariant: r <= hi - 1 everywhere; find the least K with r <= K
    long upper = hi - 1;
    while (lo < upper) {
      long mid = (lo + upper) / 2;
      if (range.isDisjoint(Rows.withRows(q, List.of(), List.of(Rows.shift(r, -(mid + 1)))))) upper = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  // ---------------------------------------------------------------------------------------------
  // Rows to expressions

  /** The affine row (with divisions of q) as an expression in parameters and the current dimension values. */
  Expr rowExpr(BasicRelation q, long[] row) {
    Exprs.LinearBuilder b = Exprs.linear();
    for (int k = 0; k < nDim; k++) {
      long coef = col(k) < row.length ? row[col(k)] : 0;
      if (coef == 0) continue;
      checkState(dimValue[k] != null, "dimension %s used before it is scanned", k);
      b.add(coef, dimValue[k]);
    }
    for (int i = 0; i < nParam; i++) if (row[1 + i] != 0) b.add(row[1 + i], new Expr.Id(space.params().get(i)));
    int base = 1 + space.nVar();
    for (int j = 0; j < q.nLocal() && base + j < row.length; j++) {
      if (row[base + j] != 0) b.add(row[base + j], localExpr(q, j));
    }
    b.addConstant(row[0]);
    return b.build();
  }

  private Expr localExpr(BasicRelation q, int j) {
    Div d = q.div(j);
    checkState(d != null, "unknown local in %s", q);
    return Exprs.floorDiv(rowExpr(q, Arrays.copyOf(d.numerator(), q.nCol())), d.denominator());
  }

  /** The C condition of {@code row >= 0} (or {@code = 0}). */
  Expr condition(BasicRelation q, long[] row, boolean eq) {
    int base = 1 + space.nVar();
    if (eq) {
      int local = -1;
      int count = 0;
      for (int j = 0; j < q.nLocal(); j++) {
        if (row[base + j] != 0) {
          local = j;
          count++;
        }
      }
      if (count == 1 && q.div(local) != null) {
        // k * (num - den * floor(num / den)) = 0, i.e. num is a multiple of den
        Div dv = q.div(local);
        long den = dv.denominator();
        long cj = row[base + local];
        if (cj % den == 0) {
          // k * (num - den * floor(num / den)) + c = 0: the remainder of num is r = -c / k
          long k = -cj / den;
          long[] rest = row.clone();
          rest[base + local] = 0;
          Expr num = rowExpr(q, Arrays.copyOf(dv.numerator(), q.nCol()));
          Expr diff = Exprs.sub(rowExpr(q, rest), Exprs.scale(num, k));
          if (diff instanceof Expr.Int c && c.value() % k == 0) {
            long r = -c.value() / k;
            if (r >= 0 && r < den) return Exprs.divisible(Exprs.plus(num, -r), den);
          }
        }
      }
    }
    Expr e = rowExpr(q, row);
    Expr.Kind kind = eq ? Expr.Kind.EQ : Expr.Kind.GE;
    if (e instanceof Expr.Int) return Exprs.compare(kind, e, new Expr.Int(0));
    // put the innermost iterator (or the first term) on the left
    Expr.Term pivot = null;
    int depth = -1;
    List<Expr.Term> terms = e instanceof Expr.Linear l ? l.terms() : List.of(new Expr.Term(1, e));
    for (Expr.Term t : terms) {
      if (t.expr() instanceof Expr.Id id && iteratorDepth.getOrDefault(id.name(), -1) > depth) {
        depth = iteratorDepth.get(id.name());
        pivot = t;
      }
    }
    if (pivot == null) pivot = terms.get(0);
    Expr lhs = Exprs.scale(pivot.expr(), Math.abs(pivot.coef()));
    Expr rest = Exprs.linear().add(e).add(-pivot.coef(), pivot.expr()).build();
    if (pivot.coef() > 0) return Exprs.compare(kind, lhs, Exprs.scale(rest, -1));
    return Exprs.compare(eq ? Expr.Kind.EQ : Expr.Kind.LE, lhs, rest);
  }
}

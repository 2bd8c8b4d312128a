package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.SourcePos;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Analyzes one candidate region: checks the static-control conditions, collecting every violation
 * with its position, and, when there is none, builds the {@link Scop}.
 *
 * <p>The region is read in two steps. The walk keeps symbolic quasi-affine forms (iterators and
 * parameters by name): loop bounds, strides and if conditions become formulas, subscripts become
 * piecewise quasi-affine expressions. Once the parameters are known, domains, access relations
 * and schedules are built as relations over them. Statements are named S0, S1, ... in textual
 * order; the original schedule is the 2d+1 form (textual position, iterator, position, ...; the
 * negated iterator for a loop that counts down) and
 * the equivalent schedule tree of sequences and one-member bands.
 */
final class RegionAnalyzer {
  /** Functions without side effects that may appear in statement bodies. */
  static final Set<String> PURE_FUNCTIONS = Set.of("sqrt", "sqrtf", "sqrtl", "exp", "expf", "expl", "exp2",
      "log", "logf", "logl", "log2", "log10", "pow", "powf", "powl", "fabs", "fabsf", "fabsl", "abs", "labs",
      "sin", "sinf", "cos", "cosf", "tan", "tanf", "tanh", "tanhf", "sinh", "cosh", "asin", "acos", "atan",
      "atan2", "floor", "floorf", "ceil", "ceilf", "round", "fmin", "fminf", "fmax", "fmaxf", "fmod", "fmodf",
      "cbrt", "hypot", "erf", "min", "max", "floord", "ceild", "MIN", "MAX");

  private final String functionName;
  private final SourcePos regionPos;
  private final ScopExtractor.Scopes scopes;
  private final List<CStmt> region;
  /** User functions declared pure ({@code #pragma polyj pure} or the command line). */
  private final Set<String> userPure;

  private final List<Rejection> rejections = new ArrayList<>();
  private final Set<String> written = new HashSet<>();
  private final LinkedHashSet<String> params = new LinkedHashSet<>();
  private final List<String> iterators = new ArrayList<>();
  /** +1 for each enclosing loop that counts up, -1 for one that counts down. */
  private final List<Integer> directions = new ArrayList<>();
  private final List<Formula> constraints = new ArrayList<>();
  private final List<Integer> betaPath = new ArrayList<>();
  private final List<int[]> counters = new ArrayList<>();
  private final List<StmtInfo> stmts = new ArrayList<>();
  private final LinkedHashMap<String, Decl> arrays = new LinkedHashMap<>();
  private final LinkedHashMap<String, SourcePos> pointerBases = new LinkedHashMap<>();
  /** The rejections run-time alias checks can remove (pointers that may overlap other arrays). */
  private final List<Rejection> aliasAssumptions = new ArrayList<>();
  /** The identifiers the region mentions, and the names and declarations of its block-scope variables. */
  private final Set<String> identifiers = new HashSet<>();
  private final Set<String> localNames = new HashSet<>();
  private final Set<Decl> localDecls = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  private record AccessInfo(Access.Kind kind, boolean may, String array, List<PwAff> subscripts, Expr expr) {}

  private record StmtInfo(String name, List<String> iterators, List<Integer> directions, Formula domain,
      List<Integer> betas,
      List<AccessInfo> accesses, Expr body, SourcePos pos, List<DynamicGuard> guards, List<Part> parts,
      List<LocallyStaticBound> bounds) {
    StmtInfo(String name, List<String> iterators, List<Integer> directions, Formula domain, List<Integer> betas,
        List<AccessInfo> accesses, Expr body, SourcePos pos, List<DynamicGuard> guards) {
      this(name, iterators, directions, domain, betas, accesses, body, pos, guards, null, List.of());
    }
  }

  /**
   * An access of a statement inside a collapsed while loop, with that statement's iterators and
   * domain: the compound statement's access is its projection onto the iterators around the loop.
   */
  private record Part(List<String> iterators, Formula domain, AccessInfo access) {}

  /**
   * Whether outermost data-dependent while loops become compound statements ({@link WhileCollapse}):
   * the form of the region code is generated from.
   */
  private final boolean collapse;
  /** The while loops collapsed so far (collapse mode). */
  private final List<WhileCollapse.Loop> collapsedLoops = new ArrayList<>();
  /** The number of data-dependent loops around the current point. */
  private int dynamicLoopDepth;
  /** Whether the region has a data-dependent while loop. */
  private boolean hasDynamicLoop;
  /** Whether the region has a loop read with a locally static bound. */
  private boolean hasStaticBound;

  /** The data-dependent conditions around the current point, outermost first. */
  private final List<DynamicGuard> guards = new ArrayList<>();
  /**
   * The if conditions not affine in the iterators and parameters around the current point
   * (data-dependent or locally static), outermost first, with the outcome the point requires:
   * the governed statements evaluate them again ({@link #guarded}).
   */
  private final List<IfCondition> conditions = new ArrayList<>();

  private record IfCondition(Expr cond, boolean value) {}
  /** The locally static loop bounds around the current point, outermost first. */
  private final List<LocallyStaticBound> bounds = new ArrayList<>();
  /**
   * Whether loop conditions in variables of the region that the loop does not modify are read as
   * locally static bounds (the dataflow reading; code is generated from the collapse reading).
   */
  private boolean staticBounds = true;
  /** The variables {@link #affine} accepts as locally static, by name as written, while reading a bound. */
  private Set<String> staticNames = Set.of();
  /** The (renamed) locally static variables {@link #affine} met. */
  private final Set<String> staticUsed = new LinkedHashSet<>();
  /** The virtual arrays holding the outcomes of data-dependent conditions, with their ranks. */
  private final LinkedHashMap<String, Integer> virtualArrays = new LinkedHashMap<>();

  /** Thrown while converting an expression that is not quasi-affine. */
  static final class NotAffine extends Exception {
    final SourcePos pos;

    NotAffine(SourcePos pos, String msg) {
      super(msg, null, false, false);
      this.pos = pos;
    }
  }

  RegionAnalyzer(String functionName, SourcePos regionPos, ScopExtractor.Scopes scopes, List<CStmt> region) {
    this(functionName, regionPos, scopes, region, Set.of());
  }

  RegionAnalyzer(String functionName, SourcePos regionPos, ScopExtractor.Scopes scopes, List<CStmt> region,
      Set<String> userPure) {
    this(functionName, regionPos, scopes, region, userPure, false, Set.of());
  }

  /**
   * An analyzer in collapse mode or not; {@code outerLocals} are the renamed block-scope variables
   * of an enclosing region (the region is the body of one of its while loops).
   */
  private RegionAnalyzer(String functionName, SourcePos regionPos, ScopExtractor.Scopes scopes, List<CStmt> region,
      Set<String> userPure, boolean collapse, Set<String> outerLocals) {
    this.collapse = collapse;
    this.localNames.addAll(outerLocals);
    this.userPure = userPure;
    this.functionName = functionName;
    this.regionPos = regionPos;
    this.scopes = scopes;
    this.region = region;
  }

  RegionResult analyze() {
    for (CStmt s : region) collectWritten(s);
    scopes.push();
    counters.add(new int[1]);
    for (CStmt s : region) item(s);
    scopes.pop();
    checkAliasing();
    if (!rejections.isEmpty()) {
      List<Rejection> sorted = new ArrayList<>(rejections);
      sorted.sort((a, b) -> a.pos().line() != b.pos().line() ? Integer.compare(a.pos().line(), b.pos().line())
          : Integer.compare(a.pos().column(), b.pos().column()));
      RegionResult rejected = new RegionResult(functionName, regionPos, null, dedupe(sorted));
      if (rejections.size() == aliasAssumptions.size()) {
        // only pointers that may overlap: the SCoP holds where run-time checks find them disjoint
        return rejected.withSpeculation(new Speculation(build(), List.copyOf(new java.util.TreeSet<>(pointerBases.keySet())), List.of(),
            aliasAssumptions, List.copyOf(params)));
      }
      return rejected.withSpeculation(Speculation.none(List.copyOf(params)));
    }
    RegionResult accepted = new RegionResult(functionName, regionPos, build(), List.of());
    if (collapse && !collapsedLoops.isEmpty()) {
      return accepted.withWhileCollapse(new WhileCollapse(accepted.scop(), collapsedLoops));
    }
    if (!collapse && hasDynamicLoop) {
      // the form the code is generated from: each outermost while loop one compound statement
      RegionResult c = new RegionAnalyzer(functionName, regionPos, scopes, region, userPure, true, Set.of()).analyze();
      if (c.accepted() && c.whileCollapse() != null) return accepted.withWhileCollapse(c.whileCollapse());
      if (hasStaticBound) {
        // no code for the loops: the region read with them as data-dependent loops, as code never
        // comes from a reading whose statements leave out their bounds
        RegionAnalyzer plain = new RegionAnalyzer(functionName, regionPos, scopes, region, userPure, false, Set.of());
        plain.staticBounds = false;
        return plain.analyze();
      }
    }
    return accepted;
  }

  private static List<Rejection> dedupe(List<Rejection> rs) {
    return new ArrayList<>(new LinkedHashSet<>(rs));
  }

  private void reject(RejectionCause cause, SourcePos pos, String msg) {
    rejections.add(new Rejection(cause, pos, msg));
  }

  // ---------------------------------------------------------------------------------------------
  // Block-scope declarations of the region

  /**
   * Declares a variable declared inside the region. Its scope ends with the region, so the region's
   * new code declares it itself; a name that shadows a visible variable or repeats an earlier
   * declaration of the region gets a fresh name, so that each declaration has its own storage
   * (and its own type) in the SCoP.
   */
  private Decl declareLocal(Decl x) {
    if (x.name() == null) return x;
    String name = x.name();
    if (scopes.lookup(name) != null || localNames.contains(name)) {
      int k = 1;
      while (scopes.lookup(name + "_" + k) != null || localNames.contains(name + "_" + k)
          || identifiers.contains(name + "_" + k)) {
        k++;
      }
      name = name + "_" + k;
    }
    Decl local = name.equals(x.name()) ? x : new Decl(name, x.type(), x.init(), x.isTypedef(), x.pos());
    localNames.add(name);
    localDecls.add(local);
    written.add(name);
    scopes.declareAs(x.name(), local);
    if (!name.equals(x.name())) scopes.declareAs(name, local);
    return local;
  }

  /** {@code e} with the names of renamed block-scope variables replaced by their new names. */
  private Expr renamed(Expr e) {
    if (localNames.isEmpty()) return e;
    Map<String, Expr> replacement = new HashMap<>();
    renames(e, replacement);
    return replacement.isEmpty() ? e : Expr.substitute(e, replacement);
  }

  private void renames(Expr e, Map<String, Expr> out) {
    if (e instanceof Expr.Ident id && !iterators.contains(id.name())) {
      Decl d = scopes.lookup(id.name());
      if (d != null && d.name() != null && !d.name().equals(id.name())) {
        out.put(id.name(), new Expr.Ident(d.name(), id.pos()));
      }
    }
    if (e instanceof Expr.Call c) {
      for (Expr a : c.args()) renames(a, out);
      return;
    }
    for (Expr c : e.children()) renames(c, out);
  }

  // ---------------------------------------------------------------------------------------------
  // Pre-pass: variables written in the region cannot be parameters

  private void collectWritten(CStmt s) {
    if (s instanceof CStmt.ExprStmt e) collectWritten(e.expr());
    else if (s instanceof CStmt.Declaration d) {
      for (Decl x : d.decls()) {
        if (x.name() != null) written.add(x.name());
        if (x.init() != null) collectWritten(x.init());
      }
    } else if (s instanceof CStmt.For f) {
      if (f.cond() != null) collectWritten(f.cond());
      if (f.step() != null) collectWritten(f.step());
    } else if (s instanceof CStmt.If i) collectWritten(i.cond());
    else if (s instanceof CStmt.While w) collectWritten(w.cond());
    else if (s instanceof CStmt.DoWhile d) collectWritten(d.cond());
    for (CStmt c : ScopExtractor.children(s)) collectWritten(c);
  }

  private void collectWritten(Expr e) {
    if (e instanceof Expr.Ident id) identifiers.add(id.name());
    if (e instanceof Expr.Assign a && a.target() instanceof Expr.Ident id) written.add(id.name());
    if ((e instanceof Expr.Postfix || e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--")
        || u.op().equals("&"))) && e.children().get(0) instanceof Expr.Ident id) {
      written.add(id.name());
    }
    for (Expr c : e.children()) collectWritten(c);
  }

  // ---------------------------------------------------------------------------------------------
  // The walk

  private int[] counter() {
    return counters.get(counters.size() - 1);
  }

  private void item(CStmt s) {
    if (s instanceof CStmt.Block b) {
      scopes.push();
      for (CStmt x : b.items()) item(x);
      scopes.pop();
    } else if (s instanceof CStmt.If i) {
      Formula c = Formula.TRUE;
      LinkedHashSet<String> paramsBefore = new LinkedHashSet<>(params);
      try {
        c = condition(i.cond());
      } catch (NotAffine e) {
        params.retainAll(paramsBefore);
        if (!staticIf(i)) dynamicIf(i);
        return;
      }
      constraints.add(c);
      item(i.then());
      constraints.remove(constraints.size() - 1);
      if (i.otherwise() != null) {
        constraints.add(Formula.not(c));
        item(i.otherwise());
        constraints.remove(constraints.size() - 1);
      }
    } else if (s instanceof CStmt.For f) {
      loop(f);
    } else if (s instanceof CStmt.ExprStmt e) {
      statement(e.expr(), e.pos());
    } else if (s instanceof CStmt.Declaration d) {
      for (Decl x : d.decls()) {
        if (x.init() instanceof Expr.InitList) {
          reject(RejectionCause.OTHER, x.pos(), "initializer list in the region");
          declareLocal(x);
        } else if (x.init() != null) {
          // the initializer is evaluated in the scope of the enclosing declarations
          Expr init = renamed(x.init());
          Decl local = declareLocal(x);
          statement(new Expr.Assign("=", new Expr.Ident(local.name(), x.pos()), init, x.pos()), x.pos());
        } else {
          declareLocal(x);
        }
      }
    } else if (s instanceof CStmt.Pragma || s instanceof CStmt.Empty) {
      // nothing to model
    } else if (s instanceof CStmt.While w) {
      dynamicLoop(w.cond(), w.body(), w.pos(), false, null);
    } else if (s instanceof CStmt.DoWhile d) {
      dynamicLoop(d.cond(), d.body(), d.pos(), true, null);
    } else {
      String what;
      if (s instanceof CStmt.While) what = "while loop";
      else if (s instanceof CStmt.DoWhile) what = "do-while loop";
      else if (s instanceof CStmt.Switch) what = "switch statement";
      else if (s instanceof CStmt.Case) what = "case label";
      else if (s instanceof CStmt.Label) what = "label";
      else if (s instanceof CStmt.Goto) what = "goto statement";
      else if (s instanceof CStmt.Break) what = "break statement";
      else if (s instanceof CStmt.Continue) what = "continue statement";
      else what = "return statement";
      reject(RejectionCause.COMPLEX_CONTROL_FLOW, s.pos(), what);
      // keep looking for other causes inside
      if (s instanceof CStmt.While w) scanConditionOnly(w.cond());
      if (s instanceof CStmt.DoWhile d) scanConditionOnly(d.cond());
      for (CStmt c : ScopExtractor.children(s)) item(c);
    }
  }

  private void scanConditionOnly(Expr cond) {
    try {
      condition(cond);
    } catch (NotAffine e) {
      reject(RejectionCause.NON_AFFINE_EXPRESSION, e.pos, "non-affine condition: " + e.getMessage());
    }
  }

  private void loop(CStmt.For f) {
    boolean staticBound = false;
    Set<String> boundVars = Set.of();
    if (dynamicBound(f)) {
      boundVars = collapse || !staticBounds ? Set.of() : boundVariables(f);
      if (boundVars.isEmpty()) {
        dynamicFor(f);
        return;
      }
      staticBound = true;
      staticUsed.clear();
    }
    int rejectionsBefore = rejections.size();
    LinkedHashSet<String> paramsBefore = new LinkedHashSet<>(params);
    scopes.push();
    String it = null;
    Expr lbExpr = null;
    if (f.init() instanceof CStmt.Declaration d && d.decls().size() == 1 && d.decls().get(0).init() != null) {
      scopes.declare(d.decls().get(0));
      it = d.decls().get(0).name();
      lbExpr = d.decls().get(0).init();
    } else if (f.init() instanceof CStmt.ExprStmt e && e.expr() instanceof Expr.Assign a && a.op().equals("=")
        && a.target() instanceof Expr.Ident id) {
      it = id.name();
      lbExpr = a.value();
    }
    boolean ok = true;
    if (it == null) {
      reject(RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE, f.pos(), "the loop initialization does not assign an iterator");
      ok = false;
    } else {
      Decl d = lookup(it, f.pos());
      if (!d.type().isInteger()) {
        reject(RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE, f.pos(), "loop iterator '" + it + "' is not an integer");
        ok = false;
      } else if (d.type().isUnsigned()) {
        reject(RejectionCause.UNSIGNED_COMPARISON, f.pos(), "loop iterator '" + it + "' is unsigned");
      }
      if (iterators.contains(it)) {
        reject(RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE, f.pos(),
            "loop iterator '" + it + "' is the iterator of an enclosing loop");
        ok = false;
      }
    }
    Long step = it == null ? null : stepOf(f.step(), it);
    if (it != null && step == null) {
      reject(RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE, f.step() == null ? f.pos() : f.step().pos(),
          "the loop increment is not a constant increment of '" + it + "'");
      ok = false;
    }
    PwAff lb = null;
    if (lbExpr != null) {
      try {
        lb = affine(lbExpr);
      } catch (NotAffine e) {
        reject(RejectionCause.NON_AFFINE_LOOP_BOUND, e.pos, "non-affine loop bound: " + e.getMessage());
        ok = false;
      }
    }
    if (it != null) {
      iterators.add(it);
      directions.add(step != null && step < 0 ? -1 : 1);
    }
    List<Formula> condParts = null;
    staticNames = boundVars; // only the condition may read the bound's variables
    if (it != null && step != null) condParts = loopConditionParts(f, it, step);
    staticNames = Set.of();
    Formula cond = condParts == null ? null : Formula.and(condParts);
    LocallyStaticBound staticBoundOf = null;
    if (staticBound) {
      if (!ok || lb == null || cond == null || rejections.size() > rejectionsBefore || staticUsed.isEmpty()) {
        // not a bound of this form after all: read as a loop with a data-dependent condition
        rejections.subList(rejectionsBefore, rejections.size()).clear();
        params.retainAll(paramsBefore);
        if (it != null) {
          iterators.remove(iterators.size() - 1);
          directions.remove(directions.size() - 1);
        }
        scopes.pop();
        dynamicFor(f);
        return;
      }
      // the comparisons in the region's variables filter the statements; the others bound the domain
      List<Formula> affinePart = new ArrayList<>();
      List<Formula> staticPart = new ArrayList<>();
      for (Formula c : condParts) {
        Set<String> vs = new HashSet<>(Formula.variables(c));
        vs.retainAll(staticUsed);
        (vs.isEmpty() ? affinePart : staticPart).add(c);
      }
      cond = Formula.and(affinePart);
      staticBoundOf = new LocallyStaticBound(Formula.and(staticPart), List.copyOf(staticUsed));
      hasStaticBound = true;
      hasDynamicLoop = true;
    }
    Formula frame = Formula.TRUE;
    if (ok && lb != null && cond != null) {
      List<Formula> starts = new ArrayList<>();
      QAff i = QAff.var(it);
      long s = Math.abs(step);
      for (PwAff.Piece p : lb.pieces()) {
        QAff v = p.value();
        Formula bound = step > 0 ? Formula.ge(i, v) : Formula.ge(v, i);
        Formula stride = Formula.TRUE;
        if (s > 1) {
          QAff diff = i.sub(v);
          stride = Formula.atom(diff.sub(diff.floorDiv(s).scale(s)), true);
        }
        starts.add(Formula.and(p.cond(), bound, stride));
      }
      frame = Formula.and(Formula.or(starts), cond);
    }
    int position = counter()[0];
    int before = stmts.size();
    if (it != null) {
      constraints.add(frame);
      betaPath.add(position);
      counters.add(new int[1]);
    }
    if (staticBoundOf != null) bounds.add(staticBoundOf);
    item(f.body());
    if (staticBoundOf != null) bounds.remove(bounds.size() - 1);
    if (it != null) {
      counters.remove(counters.size() - 1);
      betaPath.remove(betaPath.size() - 1);
      constraints.remove(constraints.size() - 1);
      iterators.remove(iterators.size() - 1);
      directions.remove(directions.size() - 1);
    }
    if (stmts.size() > before) counter()[0]++;
    scopes.pop();
  }

  /** The constant step of a loop increment of {@code it}, or null. */
  private Long stepOf(Expr step, String it) {
    if (step == null) return null;
    if ((step instanceof Expr.Postfix p && isVar(p.operand(), it))) return p.op().equals("++") ? 1L : -1L;
    if (step instanceof Expr.Unary u && isVar(u.operand(), it) && (u.op().equals("++") || u.op().equals("--"))) {
      return u.op().equals("++") ? 1L : -1L;
    }
    if (step instanceof Expr.Assign a && isVar(a.target(), it)) {
      if (a.op().equals("+=") || a.op().equals("-=")) {
        Long c = constantValue(a.value());
        if (c == null || c == 0) return null;
        return a.op().equals("+=") ? c : -c;
      }
      if (a.op().equals("=") && a.value() instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("-"))) {
        Long c = null;
        if (isVar(b.left(), it)) c = constantValue(b.right());
        else if (b.op().equals("+") && isVar(b.right(), it)) c = constantValue(b.left());
        if (c == null || c == 0) return null;
        return b.op().equals("+") ? c : -c;
      }
    }
    return null;
  }

  private static boolean isVar(Expr e, String name) {
    return e instanceof Expr.Ident id && id.name().equals(name);
  }

  private Long constantValue(Expr e) {
    try {
      QAff q = affine(e).single();
      return q != null && q.isConstant() ? q.constantTerm() : null;
    } catch (NotAffine | RuntimeException x) {
      return null;
    }
  }

  /**
   * The loop condition as a formula, when it is a conjunction of comparisons that bound the
   * iterator in the direction of the step (so that the iterations form a prefix); else null with a
   * rejection.
   */
  private Formula loopCondition(CStmt.For f, String it, long step) {
    List<Formula> parts = loopConditionParts(f, it, step);
    return parts == null ? null : Formula.and(parts);
  }

  /** {@link #loopCondition} as its conjuncts, one per comparison. */
  private List<Formula> loopConditionParts(CStmt.For f, String it, long step) {
    if (f.cond() == null) {
      reject(RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE, f.pos(), "loop without condition");
      return null;
    }
    List<Expr> parts = new ArrayList<>();
    splitAnd(f.cond(), parts);
    List<Formula> out = new ArrayList<>();
    boolean ok = true;
    for (Expr c : parts) {
      if (!(c instanceof Expr.Binary b) || !Set.of("<", "<=", ">", ">=").contains(b.op())) {
        reject(RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE, c.pos(),
            "loop condition is not a comparison bounding '" + it + "'");
        ok = false;
        continue;
      }
      checkUnsigned(b);
      try {
        PwAff l = affine(b.left());
        PwAff r = affine(b.right());
        // sign of the iterator's coefficient in (left - right) for every piece pair
        int direction = 0;
        boolean consistent = true;
        for (PwAff.Piece x : l.pieces()) {
          for (PwAff.Piece y : r.pieces()) {
            if (Formula.variables(x.cond()).contains(it) || Formula.variables(y.cond()).contains(it)
                || x.value().occursInDiv(it) || y.value().occursInDiv(it)) {
              consistent = false;
            }
            long k = x.value().coefficient(it) - y.value().coefficient(it);
            int sgn = Long.signum(k);
            if (sgn == 0 || (direction != 0 && sgn != direction)) consistent = false;
            direction = sgn;
          }
        }
        boolean less = b.op().startsWith("<");
        boolean upper = consistent && (direction > 0) == less;
        if (!consistent || upper != (step > 0)) {
          reject(RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE, c.pos(),
              "loop condition does not bound '" + it + "' in the direction of its increment");
          ok = false;
          continue;
        }
        out.add(PwAff.compare(l, r, b.op()));
      } catch (NotAffine e) {
        reject(RejectionCause.NON_AFFINE_LOOP_BOUND, e.pos, "non-affine loop bound: " + e.getMessage());
        ok = false;
      }
    }
    return ok ? out : null;
  }

  private static void splitAnd(Expr e, List<Expr> out) {
    if (e instanceof Expr.Binary b && b.op().equals("&&")) {
      splitAnd(b.left(), out);
      splitAnd(b.right(), out);
    } else {
      out.add(e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Affine forms

  private Decl lookup(String name, SourcePos pos) {
    Decl d = scopes.lookup(name);
    if (d == null) throw new CSourceException(pos, "'" + name + "' undeclared");
    return d;
  }

  /** The piecewise quasi-affine form of {@code e} in the current iterators and the parameters. */
  PwAff affine(Expr e) throws NotAffine {
    if (e instanceof Expr.IntLit l) {
      if (l.value() == Long.MAX_VALUE) throw new NotAffine(e.pos(), "integer literal out of range");
      return PwAff.of(QAff.constant(l.value()));
    }
    if (e instanceof Expr.Ident id) {
      String name = id.name();
      if (iterators.contains(name)) return PwAff.of(QAff.var(name));
      Decl d = lookup(name, id.pos());
      if (!d.type().isInteger()) throw new NotAffine(e.pos(), "'" + name + "' is not an integer variable");
      if (staticNames.contains(name) && d.name() != null) {
        staticUsed.add(d.name());
        return PwAff.of(QAff.var(d.name()));
      }
      if (written.contains(name)) throw new NotAffine(e.pos(), "'" + name + "' is modified in the region");
      params.add(name);
      return PwAff.of(QAff.var(name));
    }
    if (e instanceof Expr.Unary u) {
      if (u.op().equals("-")) return affine(u.operand()).map(q -> q.scale(-1));
      if (u.op().equals("+")) return affine(u.operand());
      throw new NotAffine(e.pos(), "operator " + u.op());
    }
    if (e instanceof Expr.Cast c) {
      String t = c.type();
      if (t.contains("*") || t.contains("float") || t.contains("double")) throw new NotAffine(e.pos(), "cast to " + t);
      return affine(c.operand());
    }
    if (e instanceof Expr.Binary b) {
      switch (b.op()) {
        case "+":
          return PwAff.combine(affine(b.left()), affine(b.right()), QAff::add);
        case "-":
          return PwAff.combine(affine(b.left()), affine(b.right()), QAff::sub);
        case "*": {
          PwAff l = affine(b.left());
          PwAff r = affine(b.right());
          QAff lc = l.single();
          QAff rc = r.single();
          if (lc != null && lc.isConstant()) return r.map(q -> q.scale(lc.constantTerm()));
          if (rc != null && rc.isConstant()) return l.map(q -> q.scale(rc.constantTerm()));
          throw new NotAffine(e.pos(), "product of non-constant expressions '" + dev.polyj.polyhedral.scop.ExprPrinter.print(e) + "'");
        }
        case "/":
        case "%": {
          PwAff l = affine(b.left());
          QAff rc = affine(b.right()).single();
          if (rc == null || !rc.isConstant()) throw new NotAffine(e.pos(), "division by a non-constant");
          long c = rc.constantTerm();
          if (c == 0) throw new NotAffine(e.pos(), "division by zero");
          PwAff q = truncDiv(l, Math.abs(c));
          if (b.op().equals("/")) return c > 0 ? q : q.map(x -> x.scale(-1));
          long m = Math.abs(c);
          return PwAff.combine(l, q, (x, y) -> x.sub(y.scale(m)));
        }
        default:
          throw new NotAffine(e.pos(), "operator " + b.op() + " in an affine expression");
      }
    }
    if (e instanceof Expr.Cond c) {
      return PwAff.select(condition(c.cond()), affine(c.then()), affine(c.otherwise()));
    }
    if (e instanceof Expr.Call call && call.name() != null && call.args().size() == 2) {
      String fn = call.name();
      PwAff a = affine(call.args().get(0));
      PwAff b = affine(call.args().get(1));
      switch (fn) {
        case "min", "MIN":
          return PwAff.select(PwAff.compare(a, b, "<="), a, b);
        case "max", "MAX":
          return PwAff.select(PwAff.compare(a, b, ">="), a, b);
        case "floord", "ceild": {
          QAff d = b.single();
          if (d == null || !d.isConstant() || d.constantTerm() <= 0) {
            throw new NotAffine(e.pos(), fn + " by a non-constant or non-positive divisor");
          }
          long den = d.constantTerm();
          return fn.equals("floord") ? a.map(q -> q.floorDiv(den)) : a.map(q -> q.scale(-1).floorDiv(den).scale(-1));
        }
        default:
          break;
      }
    }
    if (e instanceof Expr.Call call) {
      throw new NotAffine(e.pos(), "call to " + (call.name() == null ? "a function pointer" : "'" + call.name() + "'"));
    }
    throw new NotAffine(e.pos(), "'" + dev.polyj.polyhedral.scop.ExprPrinter.print(e) + "'");
  }

  /** C division truncating towards zero by {@code c > 0}, as floor divisions on each sign. */
  private static PwAff truncDiv(PwAff a, long c) {
    List<PwAff.Piece> out = new ArrayList<>();
    for (PwAff.Piece p : a.pieces()) {
      QAff v = p.value();
      if (v.isConstant()) {
        out.add(new PwAff.Piece(p.cond(), QAff.constant(v.constantTerm() / c)));
        continue;
      }
      Formula nonNeg = Formula.and(p.cond(), Formula.atom(v, false));
      Formula neg = Formula.and(p.cond(), Formula.atom(v.scale(-1).add(-1), false));
      if (Satisfiability.isSatisfiable(nonNeg)) out.add(new PwAff.Piece(nonNeg, v.floorDiv(c)));
      if (Satisfiability.isSatisfiable(neg)) out.add(new PwAff.Piece(neg, v.scale(-1).floorDiv(c).scale(-1)));
    }
    return new PwAff(out);
  }

  /** An if or ternary condition as a formula. */
  Formula condition(Expr e) throws NotAffine {
    if (e instanceof Expr.Binary b) {
      switch (b.op()) {
        case "&&":
          return Formula.and(condition(b.left()), condition(b.right()));
        case "||":
          return Formula.or(condition(b.left()), condition(b.right()));
        case "<", "<=", ">", ">=", "==", "!=":
          checkUnsigned(b);
          return PwAff.compare(affine(b.left()), affine(b.right()), b.op());
        default:
          break;
      }
    }
    if (e instanceof Expr.Unary u && u.op().equals("!")) return Formula.not(condition(u.operand()));
    return Formula.not(PwAff.compare(affine(e), PwAff.of(QAff.constant(0)), "=="));
  }

  private void checkUnsigned(Expr.Binary comparison) {
    if (involvesUnsigned(comparison.left()) || involvesUnsigned(comparison.right())) {
      reject(RejectionCause.UNSIGNED_COMPARISON, comparison.pos(),
          "comparison of unsigned values '" + dev.polyj.polyhedral.scop.ExprPrinter.print(comparison) + "'");
    }
  }

  private boolean involvesUnsigned(Expr e) {
    if (e instanceof Expr.Ident id) {
      Decl d = scopes.lookup(id.name());
      return d != null && d.type().isUnsigned();
    }
    if (e instanceof Expr.Cast c && c.type().contains("unsigned")) return true;
    if (e instanceof Expr.IntLit l && l.text().toLowerCase().contains("u")) return !l.text().startsWith("0x") || l.text().toLowerCase().endsWith("u");
    if (e instanceof Expr.Call) return false;
    for (Expr c : e.children()) if (involvesUnsigned(c)) return true;
    return false;
  }

  // ---------------------------------------------------------------------------------------------
  // Statements and accesses

  private void statement(Expr e, SourcePos pos) {
    e = renamed(e);
    List<AccessInfo> accesses = new ArrayList<>();
    if (e instanceof Expr.Assign a) {
      assignment(a, accesses);
    } else if (isIncDec(e)) {
      Expr target = e.children().get(0);
      access(target, Access.Kind.READ, false, accesses);
      access(target, Access.Kind.WRITE, false, accesses);
    } else {
      visit(e, false, accesses);
    }
    if (!conditions.isEmpty()) e = guarded(e, accesses);
    addStatement(e, pos, accesses, List.copyOf(guards));
  }

  private void addStatement(Expr e, SourcePos pos, List<AccessInfo> accesses, List<DynamicGuard> filter) {
    String name = "S" + stmts.size();
    List<Integer> betas = new ArrayList<>(betaPath);
    betas.add(counter()[0]++);
    if (!bounds.isEmpty()) {
      // the statement reads the variables of the bounds around it (its filter accesses)
      accesses = new ArrayList<>(accesses);
      Set<String> read = new LinkedHashSet<>();
      for (LocallyStaticBound b : bounds) read.addAll(b.variables());
      for (AccessInfo a : accesses) if (a.kind() == Access.Kind.READ && a.subscripts().isEmpty()) read.remove(a.array());
      for (String v : read) {
        arrays.putIfAbsent(v, lookup(v, pos));
        accesses.add(new AccessInfo(Access.Kind.READ, false, v, List.of(), new Expr.Ident(v, pos)));
      }
    }
    stmts.add(new StmtInfo(name, List.copyOf(iterators), List.copyOf(directions), Formula.and(constraints), betas,
        accesses, e, pos, filter, null, List.copyOf(bounds)));
  }

  // ---------------------------------------------------------------------------------------------
  // Data-dependent control (see DynamicGuard)

  /**
   * An {@code if} whose condition is not affine in the iterators and parameters: a filter
   * statement evaluating the condition, then the branches under the condition's outcome. The
   * statements of the branches evaluate the condition again in the generated code, so the
   * variables it reads must not be modified in the branches (the condition is locally static).
   */
  private void dynamicIf(CStmt.If i) {
    Expr cond = renamed(i.cond());
    List<AccessInfo> reads = new ArrayList<>();
    visit(cond, false, reads);
    Set<String> condVars = new HashSet<>();
    for (AccessInfo r : reads) condVars.add(r.array());
    if (!DynamicControl.locallyStatic(i.then(), i.otherwise(), condVars)) {
      reject(RejectionCause.NON_AFFINE_EXPRESSION, i.cond().pos(),
          "data-dependent condition reads variables its branches modify before their last statement");
      return;
    }
    DynamicGuard g = new DynamicGuard(virtualArray(iterators.size()), iterators.size(), cond, true, false, false);
    filterStatement(g, reads, i.cond().pos());
    guards.add(g);
    conditions.add(new IfCondition(cond, true));
    item(i.then());
    conditions.remove(conditions.size() - 1);
    guards.remove(guards.size() - 1);
    if (i.otherwise() != null) {
      guards.add(g.negated());
      conditions.add(new IfCondition(cond, false));
      item(i.otherwise());
      conditions.remove(conditions.size() - 1);
      guards.remove(guards.size() - 1);
    }
  }

  /**
   * An {@code if} whose condition is locally static (section 4 of Verdoolaege, Nikolov, Stefanov,
   * IMPACT 2013): affine in the iterators, the parameters and integer scalars the region modifies
   * but the branches do not (before their last statement, as for {@link #dynamicIf}), reading no
   * other data ({@code n = ...; for (i...) if (i < n) S;}). The condition, over the iterators and
   * the scalars' values, is a filter of the governed statements (the else branch: its negation)
   * whose accesses are the reads of the scalars themselves, like a locally static loop bound
   * ({@link LocallyStaticBound}): no filter statement, no virtual array. Returns false, having
   * read nothing, when the condition is not of this form (then it is a data-dependent one).
   */
  private boolean staticIf(CStmt.If i) {
    if (collapse || !staticBounds) return false;
    Set<String> vars = new HashSet<>();
    if (!staticCandidates(i.cond(), Set.of(), vars, null) || vars.isEmpty()) return false;
    if (!DynamicControl.locallyStatic(i.then(), i.otherwise(), vars)) return false;
    int rejectionsBefore = rejections.size();
    LinkedHashSet<String> paramsBefore = new LinkedHashSet<>(params);
    staticNames = vars;
    staticUsed.clear();
    Formula c = null;
    try {
      c = condition(i.cond());
    } catch (NotAffine e) {
      c = null;
    } finally {
      staticNames = Set.of();
    }
    if (c == null || rejections.size() > rejectionsBefore || staticUsed.isEmpty()) {
      rejections.subList(rejectionsBefore, rejections.size()).clear();
      params.retainAll(paramsBefore);
      return false;
    }
    List<String> used = List.copyOf(staticUsed);
    Expr cond = renamed(i.cond());
    bounds.add(new LocallyStaticBound(c, used));
    conditions.add(new IfCondition(cond, true));
    item(i.then());
    conditions.remove(conditions.size() - 1);
    bounds.remove(bounds.size() - 1);
    if (i.otherwise() != null) {
      bounds.add(new LocallyStaticBound(Formula.not(c), used));
      conditions.add(new IfCondition(cond, false));
      item(i.otherwise());
      conditions.remove(conditions.size() - 1);
      bounds.remove(bounds.size() - 1);
    }
    return true;
  }

  /**
   * A {@code while} loop (or, with {@code doWhile}, a {@code do}-{@code while} loop): an implicit
   * iterator {@code t >= 0} counting its iterations (unbounded), a filter statement evaluating the
   * condition at each iteration and the body under the outcomes so far (section 7.1 of the
   * paper). In a while loop the condition is evaluated first and the body at {@code t} runs when
   * the outcomes of iterations {@code 0..t} are all 1; in a do-while loop the body comes first and
   * runs, like the condition after it, when those of {@code 0..t-1} are. In collapse mode an
   * outermost loop then becomes one compound statement ({@link #collapseLoop}).
   */
  private void dynamicLoop(Expr condition, CStmt body, SourcePos pos, boolean doWhile, Expr step) {
    hasDynamicLoop = true;
    List<DynamicGuard> around = List.copyOf(guards);
    List<String> aroundIterators = List.copyOf(iterators);
    List<Integer> aroundDirections = List.copyOf(directions);
    Formula aroundDomain = Formula.and(constraints);
    List<Integer> aroundBetas = new ArrayList<>(betaPath);
    String t = "__t" + virtualArrays.size();
    while (identifiers.contains(t) || scopes.lookup(t) != null) t = "_" + t;
    iterators.add(t);
    directions.add(1);
    constraints.add(Formula.ge(QAff.var(t), QAff.constant(0)));
    int position = counter()[0];
    int before = stmts.size();
    betaPath.add(position);
    counters.add(new int[1]);
    dynamicLoopDepth++;
    Expr cond = renamed(condition);
    List<AccessInfo> reads = new ArrayList<>();
    visit(cond, false, reads);
    DynamicGuard g = new DynamicGuard(virtualArray(iterators.size()), iterators.size(), cond, true, true, false);
    guards.add(g.strictly());
    if (doWhile) {
      item(body);
      filterStatement(g, reads, condition.pos());
    } else {
      filterStatement(g, reads, condition.pos());
      guards.set(guards.size() - 1, g);
      item(body);
      if (step != null) statement(renamed(step), step.pos());
    }
    guards.remove(guards.size() - 1);
    dynamicLoopDepth--;
    counters.remove(counters.size() - 1);
    betaPath.remove(betaPath.size() - 1);
    constraints.remove(constraints.size() - 1);
    iterators.remove(iterators.size() - 1);
    directions.remove(directions.size() - 1);
    if (stmts.size() > before) counter()[0]++;
    if (collapse && dynamicLoopDepth == 0) {
      aroundBetas.add(position);
      collapseLoop(before, cond, body, pos, doWhile, step == null ? null : renamed(step), around, aroundIterators,
          aroundDirections, aroundDomain, aroundBetas);
    }
  }

  /**
   * Replaces the statements of an outermost data-dependent loop (from {@code before} on) by one
   * compound statement over the iterators around the loop: its body calls the loop's name with
   * those iterators, its accesses are the loop's (without the virtual arrays of conditions), and
   * the loop body is analysed as a region of its own ({@link WhileCollapse}).
   */
  private void collapseLoop(int before, Expr cond, CStmt body, SourcePos pos, boolean doWhile, Expr step,
      List<DynamicGuard> around, List<String> aroundIterators, List<Integer> aroundDirections, Formula aroundDomain,
      List<Integer> betas) {
    List<StmtInfo> inner = new ArrayList<>(stmts.subList(before, stmts.size()));
    stmts.subList(before, stmts.size()).clear();
    // under data-dependent if conditions: the compound statement evaluates them again before the
    // loop (they are locally static, see dynamicIf) and reads what they read
    Expr guard = null;
    List<AccessInfo> guardReads = new ArrayList<>();
    for (DynamicGuard g : around) {
      if (g.loop()) {
        reject(RejectionCause.COMPLEX_CONTROL_FLOW, pos, "while loop under a data-dependent loop condition");
        return;
      }
      Expr c = g.value() ? g.cond() : new Expr.Unary("!", g.cond(), g.cond().pos());
      guard = guard == null ? c : new Expr.Binary("&&", guard, c, pos);
      visit(g.cond(), false, guardReads);
    }
    List<Part> parts = new ArrayList<>();
    for (StmtInfo s : inner) {
      for (AccessInfo a : s.accesses()) {
        if (!virtualArrays.containsKey(a.array())) parts.add(new Part(s.iterators(), s.domain(), a));
      }
    }
    RegionResult bodyRegion = new RegionAnalyzer(functionName, body.pos(), scopes, List.of(body), userPure, true,
        localNames).analyze();
    if (!bodyRegion.accepted()) {
      reject(RejectionCause.COMPLEX_CONTROL_FLOW, pos, "the while loop's body is not a region of its own: "
          + bodyRegion.rejections().get(0).message());
      return;
    }
    String name = "__pj_while" + collapsedLoops.size();
    while (identifiers.contains(name) || scopes.lookup(name) != null) name = "_" + name;
    List<Expr> args = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (String it : aroundIterators) {
      args.add(new Expr.Ident(it, pos));
      Decl d = scopes.lookup(it);
      types.add(d != null && d.type() instanceof CType.Basic b && b.integer() ? b.name() : "long");
    }
    Expr call = new Expr.Call(new Expr.Ident(name, pos), args, pos);
    stmts.add(new StmtInfo("S" + stmts.size(), aroundIterators, aroundDirections, aroundDomain, betas, guardReads,
        call, pos, around, parts, List.of()));
    collapsedLoops.add(new WhileCollapse.Loop(name, doWhile, ImmutableList.copyOf(aroundIterators),
        ImmutableList.copyOf(types), cond, step, bodyRegion, guard));
  }

  /**
   * Whether {@code f} is a loop over an iterator with a constant increment whose condition reads
   * data: an array element, or a variable the region modifies (a bound computed in the region,
   * as {@code n} and {@code m} in the paper's Listing 1, or an arbitrary condition, as in its
   * Listing 3).
   */
  private boolean dynamicBound(CStmt.For f) {
    String it = iteratorOf(f);
    if (it == null || f.cond() == null || iterators.contains(it) || stepOf(f.step(), it) == null) return false;
    List<String> its = new ArrayList<>(iterators);
    its.add(it);
    return DynamicControl.readsMemory(f.cond(), written, its);
  }

  /** The iterator a for loop's initialization assigns, or null. */
  private static String iteratorOf(CStmt.For f) {
    if (f.init() instanceof CStmt.Declaration d && d.decls().size() == 1 && d.decls().get(0).init() != null) {
      return d.decls().get(0).name();
    } else if (f.init() instanceof CStmt.ExprStmt e && e.expr() instanceof Expr.Assign a && a.op().equals("=")
        && a.target() instanceof Expr.Ident id) {
      return id.name();
    }
    return null;
  }

  /**
   * The variables a data-dependent loop condition may read as a locally static bound (section 4 of
   * Verdoolaege, Nikolov, Stefanov, IMPACT 2013): integer scalars the region modifies but the loop
   * (condition, increment, body) does not, when the condition reads no other data (no array
   * element, no other modified variable); else none. Whether the condition is then an affine
   * bound of the iterator in them is checked as for any loop condition.
   */
  private Set<String> boundVariables(CStmt.For f) {
    Set<String> inLoop = new HashSet<>();
    DynamicControl.modified(f.body(), inLoop);
    if (f.step() != null) DynamicControl.modified(new CStmt.ExprStmt(f.step(), f.step().pos()), inLoop);
    DynamicControl.modified(new CStmt.ExprStmt(f.cond(), f.cond().pos()), inLoop);
    Set<String> out = new HashSet<>();
    if (!staticCandidates(f.cond(), inLoop, out, iteratorOf(f))) return Set.of();
    return out;
  }

  /** Adds the modified variables {@code e} reads to {@code out}; false when one of them cannot be a bound. */
  private boolean staticCandidates(Expr e, Set<String> inLoop, Set<String> out, String it) {
    if (e instanceof Expr.Index || e instanceof Expr.Call c && !(c.name() != null && Set.of("min", "max", "MIN", "MAX",
        "floord", "ceild").contains(c.name()))) {
      return false;
    }
    if (e instanceof Expr.Ident id && written.contains(id.name()) && !iterators.contains(id.name())
        && !id.name().equals(it)) {
      Decl d = scopes.lookup(id.name());
      if (inLoop.contains(id.name()) || d == null || !d.type().isScalar() || !d.type().isInteger()) return false;
      out.add(id.name());
      return true;
    }
    if (e instanceof Expr.Call c) {
      for (Expr a : c.args()) if (!staticCandidates(a, inLoop, out, it)) return false;
      return true;
    }
    for (Expr c : e.children()) if (!staticCandidates(c, inLoop, out, it)) return false;
    return true;
  }

  /**
   * A {@code for} loop with a data-dependent condition: its initialization, then the loop as a
   * while loop whose body ends with the increment ({@code init; while (cond) { body; step; }}).
   * Its iterator is a variable of the region, so the body's subscripts in it are indirect in the
   * model; in the code, the body is a region of its own in which the iterator is a parameter.
   */
  private void dynamicFor(CStmt.For f) {
    scopes.push();
    if (f.init() != null) item(f.init());
    dynamicLoop(f.cond(), f.body(), f.pos(), false, f.step());
    scopes.pop();
  }

  private String virtualArray(int rank) {
    String name = "__pj_c" + virtualArrays.size();
    while (identifiers.contains(name) || scopes.lookup(name) != null) name = "_" + name;
    virtualArrays.put(name, rank);
    return name;
  }

  /**
   * The statement evaluating a data-dependent condition: it reads what the condition reads and
   * writes the outcome to the virtual array (in the model only: its code just evaluates the
   * condition, as the governed statements evaluate it again).
   */
  private void filterStatement(DynamicGuard g, List<AccessInfo> reads, SourcePos pos) {
    List<AccessInfo> accesses = new ArrayList<>(reads);
    List<PwAff> subs = new ArrayList<>();
    Expr target = new Expr.Ident(g.array(), pos);
    for (int k = 0; k < g.rank(); k++) {
      subs.add(PwAff.of(QAff.var(iterators.get(k))));
      target = new Expr.Index(target, new Expr.Ident(iterators.get(k), pos), pos);
    }
    accesses.add(new AccessInfo(Access.Kind.WRITE, false, g.array(), subs, target));
    addStatement(new Expr.Cast("void", g.cond(), pos), pos, accesses, List.copyOf(guards));
  }

  /**
   * The body of a statement under the current if conditions, {@code c ? body : 0} (or
   * {@code c ? 0 : body} in an else branch) from the innermost out; the condition's reads join the
   * statement's accesses. While conditions are left out (such regions are not transformed).
   */
  private Expr guarded(Expr body, List<AccessInfo> accesses) {
    Expr out = body;
    for (int k = conditions.size() - 1; k >= 0; k--) {
      IfCondition g = conditions.get(k);
      Expr zero = new Expr.IntLit(0, "0", g.cond().pos());
      out = g.value() ? new Expr.Cond(g.cond(), out, zero, body.pos()) : new Expr.Cond(g.cond(), zero, out, body.pos());
      List<AccessInfo> reads = new ArrayList<>();
      visit(g.cond(), false, reads);
      accesses.addAll(0, reads);
    }
    return out;
  }

  /** Accesses of an assignment; chained assignments {@code a = b = e} write every target. */
  private void assignment(Expr.Assign a, List<AccessInfo> accesses) {
    if (!a.op().equals("=")) access(a.target(), Access.Kind.READ, false, accesses);
    if (a.value() instanceof Expr.Assign inner) assignment(inner, accesses);
    else visit(a.value(), false, accesses);
    access(a.target(), Access.Kind.WRITE, false, accesses);
  }

  private static boolean isIncDec(Expr e) {
    return e instanceof Expr.Postfix || e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--"));
  }

  private void visit(Expr e, boolean may, List<AccessInfo> out) {
    if (e instanceof Expr.Assign a) {
      reject(RejectionCause.OTHER, a.pos(), "assignment inside an expression");
      for (Expr c : e.children()) visit(c, may, out);
    } else if (isIncDec(e)) {
      reject(RejectionCause.OTHER, e.pos(), "increment or decrement inside an expression");
    } else if (e instanceof Expr.Ident || e instanceof Expr.Index) {
      access(e, Access.Kind.READ, may, out);
    } else if (e instanceof Expr.Call c) {
      String fn = c.name();
      if (fn != null && PURE_FUNCTIONS.contains(fn) && scopes.lookup(fn) == null
          || fn != null && PURE_FUNCTIONS.contains(fn) && scopes.lookup(fn).type() instanceof CType.Function
          || fn != null && userPure.contains(fn)) {
        for (Expr a : c.args()) visit(a, may, out);
      } else {
        reject(RejectionCause.FUNCTION_CALL, c.pos(),
            "call to " + (fn == null ? "a function pointer" : "'" + fn + "'") + " may have side effects");
      }
    } else if (e instanceof Expr.Unary u) {
      if (u.op().equals("*")) {
        reject(RejectionCause.ALIASING, u.pos(), "pointer dereference '" + dev.polyj.polyhedral.scop.ExprPrinter.print(u) + "'");
      } else if (u.op().equals("&")) {
        reject(RejectionCause.OTHER, u.pos(), "address-of operator");
      } else {
        visit(u.operand(), may, out);
      }
    } else if (e instanceof Expr.Member m) {
      reject(RejectionCause.OTHER, m.pos(), "struct member access");
    } else if (e instanceof Expr.Comma c) {
      reject(RejectionCause.OTHER, c.pos(), "comma operator");
    } else if (e instanceof Expr.InitList l) {
      reject(RejectionCause.OTHER, l.pos(), "initializer list");
    } else if (e instanceof Expr.Cond c) {
      visit(c.cond(), may, out);
      visit(c.then(), true, out);
      visit(c.otherwise(), true, out);
    } else if (e instanceof Expr.Binary b && (b.op().equals("&&") || b.op().equals("||"))) {
      visit(b.left(), may, out);
      visit(b.right(), true, out);
    } else if (e instanceof Expr.SizeOf) {
      // no access
    } else {
      for (Expr c : e.children()) visit(c, may, out);
    }
  }

  private void access(Expr e, Access.Kind kind, boolean may, List<AccessInfo> out) {
    if (e instanceof Expr.Ident id) {
      String name = id.name();
      if (iterators.contains(name)) {
        if (kind == Access.Kind.WRITE) {
          reject(RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE, id.pos(),
              "loop iterator '" + name + "' is modified in the loop body");
        }
        return;
      }
      Decl d = lookup(name, id.pos());
      if (d.type() instanceof CType.Function) {
        reject(RejectionCause.OTHER, id.pos(), "function '" + name + "' used as a value");
        return;
      }
      if (!d.type().isScalar()) {
        reject(RejectionCause.OTHER, id.pos(), "array '" + name + "' used without subscripts");
        return;
      }
      arrays.putIfAbsent(name, d);
      out.add(new AccessInfo(kind, may, name, List.of(), e));
      return;
    }
    if (!(e instanceof Expr.Index)) {
      reject(RejectionCause.OTHER, e.pos(), "unsupported assignment target");
      return;
    }
    List<Expr> subs = new ArrayList<>();
    Expr base = e;
    while (base instanceof Expr.Index ix) {
      subs.add(0, ix.index());
      base = ix.base();
    }
    if (!(base instanceof Expr.Ident id)) {
      reject(RejectionCause.OTHER, base.pos(), "subscripted value is not an array name");
      return;
    }
    String name = id.name();
    Decl d = lookup(name, id.pos());
    if (iterators.contains(name) || d.type().isScalar() || d.type() instanceof CType.Function) {
      throw new CSourceException(e.pos(), "subscripted value '" + name + "' is neither array nor pointer");
    }
    List<CType> levels = levels(d.type());
    if (subs.size() != levels.size()) {
      reject(RejectionCause.OTHER, e.pos(), "'" + name + "' has " + levels.size() + " dimensions but is accessed with "
          + subs.size() + " subscripts");
      return;
    }
    for (int k = 1; k < levels.size(); k++) {
      if (levels.get(k) instanceof CType.Pointer) {
        reject(RejectionCause.ALIASING, e.pos(), "'" + name + "' is accessed through a pointer to pointers");
        return;
      }
    }
    if (levels.get(0) instanceof CType.Pointer p && !p.restrict()) pointerBases.putIfAbsent(name, e.pos());
    List<PwAff> forms = new ArrayList<>();
    boolean ok = true;
    boolean indirect = false;
    for (Expr s : subs) {
      LinkedHashSet<String> paramsBefore = new LinkedHashSet<>(params);
      try {
        forms.add(affine(s));
      } catch (NotAffine x) {
        if (!DynamicControl.readsMemory(s, written, iterators)) {
          reject(RejectionCause.NON_AFFINE_EXPRESSION, x.pos, "non-affine subscript of '" + name + "': " + x.getMessage());
          ok = false;
          continue;
        }
        // an indirect subscript (it reads data): any element of the dimension, a may access
        params.retainAll(paramsBefore);
        int before = rejections.size();
        visit(s, may, out);
        if (rejections.size() > before) ok = false;
        forms.add(null);
        indirect = true;
      }
    }
    if (!ok) return;
    arrays.putIfAbsent(name, d);
    out.add(new AccessInfo(kind, may || indirect, name, forms, e));
  }

  /** The array or pointer levels of a type, outermost first. */
  private static List<CType> levels(CType t) {
    List<CType> out = new ArrayList<>();
    while (true) {
      if (t instanceof CType.Array a) {
        out.add(a);
        t = a.element();
      } else if (t instanceof CType.Pointer p && !(p.target() instanceof CType.Function)) {
        out.add(p);
        t = p.target();
      } else {
        return out;
      }
    }
  }

  private void checkAliasing() {
    int nonScalar = 0;
    for (Decl d : arrays.values()) if (!d.type().isScalar()) nonScalar++;
    if (nonScalar < 2) return;
    for (var e : pointerBases.entrySet()) {
      Rejection r = new Rejection(RejectionCause.ALIASING, e.getValue(),
          "'" + e.getKey() + "' is a pointer that may alias other arrays of the region");
      rejections.add(r);
      aliasAssumptions.add(r);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Building the SCoP

  private Scop build() {
    List<String> ps = new ArrayList<>(params);
    int maxDepth = 0;
    for (StmtInfo s : stmts) maxDepth = Math.max(maxDepth, s.iterators().size());
    List<Statement> statements = new ArrayList<>();
    List<Relation> scheduleMaps = new ArrayList<>();
    for (StmtInfo s : stmts) {
      Tuple tuple = Tuple.of(s.name(), s.iterators());
      Map<String, Integer> cols = new HashMap<>();
      for (int k = 0; k < ps.size(); k++) cols.put(ps.get(k), 1 + k);
      for (int k = 0; k < s.iterators().size(); k++) cols.put(s.iterators().get(k), 1 + ps.size() + k);
      Relation domain = relation(Space.set(ps, tuple), cols, s.domain(), List.of(), List.of());
      List<Access> accesses = new ArrayList<>();
      if (s.parts() != null) {
        for (Part p : s.parts()) accesses.add(compoundAccess(ps, tuple, p));
      }
      for (AccessInfo a : s.accesses()) {
        Space space = Space.map(ps, tuple, Tuple.anonymous(a.array(), a.subscripts().size()));
        List<Integer> outCols = new ArrayList<>();
        List<PwAff> known = new ArrayList<>();
        Map<String, Integer> accessCols = new HashMap<>(cols);
        List<Formula> range = new ArrayList<>(List.of(s.domain()));
        for (int k = 0; k < a.subscripts().size(); k++) {
          int col = 1 + ps.size() + s.iterators().size() + k;
          if (a.subscripts().get(k) != null) {
            outCols.add(col);
            known.add(a.subscripts().get(k));
          } else {
            range.add(indirectRange(a.array(), k, col, accessCols, ps));
          }
        }
        Relation rel = relation(space, accessCols, Formula.and(range), known, outCols);
        accesses.add(new Access(a.kind(), a.may(), a.array(), rel, a.expr()));
      }
      Statement st = new Statement(s.name(), s.iterators(), domain, accesses, s.body(), s.pos());
      if (!s.bounds().isEmpty()) {
        st = st.withFilter(LocallyStaticBound.filter(domain, s.guards(), s.bounds(),
            (space, valueCols, f) -> {
              Map<String, Integer> all = new HashMap<>(cols);
              all.putAll(valueCols);
              return relation(space, all, f, List.of(), List.of());
            }));
      } else if (!s.guards().isEmpty()) {
        st = st.withFilter(DynamicGuard.filter(domain, s.guards()));
      }
      statements.add(st);
      scheduleMaps.add(flatSchedule(ps, tuple, s, maxDepth));
    }
    List<ArrayInfo> arrayInfos = new ArrayList<>();
    for (var e : arrays.entrySet()) arrayInfos.add(arrayInfo(e.getKey(), e.getValue()));
    for (var e : virtualArrays.entrySet()) {
      arrayInfos.add(new ArrayInfo(e.getKey(), "int", java.util.Collections.nCopies(e.getValue(), (Expr) null)));
    }
    Relation context = Relation.universe(Space.params(ps));
    List<Relation> domains = new ArrayList<>();
    for (Statement s : statements) domains.add(s.domain());
    UnionRelation domainUnion = domains.isEmpty() ? UnionRelation.empty(ps) : UnionRelation.of(domains);
    ScheduleNode tree = new ScheduleNode.Domain(domainUnion, scheduleTree(ps, stmts, 0));
    UnionRelation flat = scheduleMaps.isEmpty() ? UnionRelation.empty(ps) : UnionRelation.of(scheduleMaps);
    return new Scop(functionName, regionPos, ps, context, arrayInfos, statements, tree, flat);
  }

  /**
   * The access of a compound statement ({@code tuple}, over the iterators around a collapsed
   * loop) made of {@code p}: the access of the statement inside the loop, its inner iterators
   * projected out; a may access, since the loop may run no iteration.
   */
  private Access compoundAccess(List<String> ps, Tuple tuple, Part p) {
    AccessInfo a = p.access();
    List<String> its = p.iterators();
    Tuple inner = Tuple.of(tuple.name() + "_in", its);
    Map<String, Integer> cols = new HashMap<>();
    for (int k = 0; k < ps.size(); k++) cols.put(ps.get(k), 1 + k);
    for (int k = 0; k < its.size(); k++) cols.put(its.get(k), 1 + ps.size() + k);
    Space space = Space.map(ps, inner, Tuple.anonymous(a.array(), a.subscripts().size()));
    List<Integer> outCols = new ArrayList<>();
    List<PwAff> known = new ArrayList<>();
    List<Formula> range = new ArrayList<>(List.of(p.domain()));
    for (int k = 0; k < a.subscripts().size(); k++) {
      int col = 1 + ps.size() + its.size() + k;
      if (a.subscripts().get(k) != null) {
        outCols.add(col);
        known.add(a.subscripts().get(k));
      } else {
        range.add(indirectRange(a.array(), k, col, cols, ps));
      }
    }
    Relation rel = relation(space, cols, Formula.and(range), known, outCols);
    int d = tuple.arity();
    Relation projected = rel.projectOut(dev.polyj.presburger.set.DimKind.IN, d, its.size() - d);
    Space target = Space.map(ps, tuple, Tuple.anonymous(a.array(), a.subscripts().size()));
    return new Access(a.kind(), true, a.array(), projected.withSpace(target), a.expr());
  }

  /**
   * The elements an indirect subscript of {@code array} in dimension {@code k} may select, as a
   * constraint on column {@code col} (named in {@code cols}): from 0 to the declared size less one
   * when the size is affine in the parameters, else from 0 on.
   */
  private Formula indirectRange(String array, int k, int col, Map<String, Integer> cols, List<String> ps) {
    String y = "__sub" + k;
    cols.put(y, col);
    Formula lower = Formula.ge(QAff.var(y), QAff.constant(0));
    List<CType> levels = levels(arrays.get(array).type());
    if (levels.get(k) instanceof CType.Array a && a.size() != null) {
      try {
        QAff size = affineConstant(a.size());
        if (size != null && ps.containsAll(size.variables())) {
          return Formula.and(lower, Formula.ge(size.add(-1), QAff.var(y)));
        }
      } catch (NotAffine | CSourceException e) {
        // no upper bound
      }
    }
    return lower;
  }

  /**
   * The relation of the instances satisfying {@code domain}, each related to the values of the
   * {@code values} placed in columns {@code outCols} (none for a set).
   */
  private static Relation relation(Space space, Map<String, Integer> cols, Formula domain, List<PwAff> values,
      List<Integer> outCols) {
    List<List<PwAff.Piece>> combos = new ArrayList<>();
    combos.add(List.of());
    for (PwAff v : values) {
      List<List<PwAff.Piece>> next = new ArrayList<>();
      for (List<PwAff.Piece> c : combos) {
        for (PwAff.Piece p : v.pieces()) {
          List<PwAff.Piece> cp = new ArrayList<>(c);
          cp.add(p);
          next.add(cp);
        }
      }
      combos = next;
    }
    List<BasicRelation> basics = new ArrayList<>();
    for (List<PwAff.Piece> combo : combos) {
      List<Formula> parts = new ArrayList<>();
      parts.add(domain);
      for (PwAff.Piece p : combo) parts.add(p.cond());
      for (List<Formula.Atom> conj : Formula.dnf(Formula.and(parts))) {
        RowBuilder rb = new RowBuilder(space, cols);
        for (Formula.Atom a : conj) rb.add(a);
        for (int k = 0; k < combo.size(); k++) rb.addEquals(outCols.get(k), combo.get(k).value());
        BasicRelation b = rb.build();
        if (!b.isEmpty()) basics.add(b);
      }
    }
    return Relation.ofBasics(space, basics);
  }

  private static Relation flatSchedule(List<String> ps, Tuple tuple, StmtInfo s, int maxDepth) {
    int n = 2 * maxDepth + 1;
    Space space = Space.map(ps, tuple, Tuple.anonymous(null, n));
    BasicRelation.Builder b = BasicRelation.builder(space);
    int d = s.iterators().size();
    for (int k = 0; k < n; k++) {
      long[] row = new long[1 + space.nVar()];
      row[1 + ps.size() + d + k] = -1;
      if (k % 2 == 0) {
        row[0] = k / 2 < s.betas().size() ? s.betas().get(k / 2) : 0;
      } else if (k / 2 < d) {
        row[1 + ps.size() + k / 2] = s.directions().get(k / 2);
      }
      b.addEq(row);
    }
    return Relation.of(b.build());
  }

  /** The original order as a tree: sequences over textual positions, one-member bands per loop. */
  private static ScheduleNode scheduleTree(List<String> ps, List<StmtInfo> group, int level) {
    LinkedHashMap<Integer, List<StmtInfo>> parts = new LinkedHashMap<>();
    for (StmtInfo s : group) parts.computeIfAbsent(s.betas().get(level), k -> new ArrayList<>()).add(s);
    List<ScheduleNode.Filter> filters = new ArrayList<>();
    ScheduleNode only = null;
    for (List<StmtInfo> part : parts.values()) {
      ScheduleNode child;
      if (part.get(0).iterators().size() > level) {
        List<Relation> member = new ArrayList<>();
        for (StmtInfo s : part) member.add(bandMember(ps, s, level));
        child = ScheduleNode.Band.of(List.of(UnionRelation.of(member)), scheduleTree(ps, part, level + 1));
      } else {
        child = ScheduleNode.LEAF;
      }
      only = child;
      List<Relation> universe = new ArrayList<>();
      for (StmtInfo s : part) universe.add(Relation.universe(Space.set(ps, Tuple.of(s.name(), s.iterators()))));
      filters.add(new ScheduleNode.Filter(UnionRelation.of(universe), child));
    }
    if (filters.size() == 1) return only;
    if (filters.isEmpty()) return ScheduleNode.LEAF;
    return new ScheduleNode.Sequence(ImmutableList.copyOf(filters));
  }

  private static Relation bandMember(List<String> ps, StmtInfo s, int level) {
    Space space = Space.map(ps, Tuple.of(s.name(), s.iterators()), Tuple.anonymous(null, 1));
    long[] row = new long[1 + space.nVar()];
    row[1 + ps.size() + level] = s.directions().get(level);
    row[1 + ps.size() + s.iterators().size()] = -1;
    return Relation.of(BasicRelation.builder(space).addEq(row).build());
  }

  private ArrayInfo arrayInfo(String name, Decl d) {
    List<Expr> sizes = new ArrayList<>();
    List<CType> levels = levels(d.type());
    boolean arrayObject = !levels.isEmpty() && !scopes.isParameter(d);
    for (CType level : levels) {
      if (!(level instanceof CType.Array a) || a.size() == null) arrayObject = false;
      Expr size = level instanceof CType.Array a ? a.size() : null;
      if (size != null) {
        try {
          QAff q = affineConstant(size);
          if (q != null) size = q.toExpr();
        } catch (NotAffine | CSourceException e) {
          // keep the expression as written
        }
      }
      sizes.add(size);
    }
    CType base = d.type().scalarBase();
    String type = base instanceof CType.Basic b ? b.name() : base.toString();
    return new ArrayInfo(name, type, sizes, localDecls.contains(d), arrayObject);
  }

  /** A size expression in the parameters as one quasi-affine form, or null. */
  private QAff affineConstant(Expr e) throws NotAffine {
    List<String> saved = new ArrayList<>(iterators);
    iterators.clear();
    LinkedHashSet<String> savedParams = new LinkedHashSet<>(params);
    try {
      return affine(e).single();
    } finally {
      iterators.addAll(saved);
      params.clear();
      params.addAll(savedParams);
    }
  }
}

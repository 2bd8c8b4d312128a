package dev.polyj.reductions.sdr;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.reductions.Reduction;
import dev.polyj.reductions.ReductionDetection;
import dev.polyj.reductions.ReductionOperator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A SCoP read as the paper's polyhedral IR (Section 3.2 of Yang, Atkinson, Carbin, POPL 2021):
 * normal statements and reductions over faces of their domains. A statement is a reduction when
 * {@link ReductionDetection} finds it reduction-like and its store forgets a direction of the
 * domain (several instances accumulate into one element).
 *
 * <p>The IR requires the values a reduction body reads to be fixed while the reduction runs (the
 * paper's programs are in array single-assignment form): a body may read an array the region
 * writes only when no element of it is written twice (no output dependences) and no element is
 * written after the body reads it (no anti dependence from the reduction). A reduction whose
 * partial value is used before it completes (another statement touches the element between two
 * accumulations) is not one either. Reductions failing these conditions, or with an operator SDR
 * does not simplify, stay normal statements; {@link #skipped()} says why.
 */
public final class PolyhedralProgram {
  private final Scop scop;
  private final List<ReductionStatement> reductions = new ArrayList<>();
  private final Map<String, String> skipped = new LinkedHashMap<>();

  private PolyhedralProgram(Scop scop) {
    this.scop = scop;
  }

  /** The IR of {@code scop}. */
  public static PolyhedralProgram of(Scop scop) {
    PolyhedralProgram p = new PolyhedralProgram(scop);
    p.build();
    return p;
  }

  public Scop scop() {
    return scop;
  }

  public List<ReductionStatement> reductions() {
    return reductions;
  }

  /** Reduction-like statements left as normal statements, with the reason. */
  public Map<String, String> skipped() {
    return skipped;
  }

  /**
   * Says why an accumulation {@code X[...] op= e} whose store goes through data (a histogram,
   * {@code H[w[j]] += 1}) is not a reduction here: the paper's IR has affine subscripts only
   * (Section 3.2, Fig. 5) and its projections are polyhedral relations.
   */
  private void noteHistograms() {
    for (Statement s : scop.statements()) {
      if (!(s.body() instanceof Expr.Assign assign) || ReductionOperator.ofCompound(assign.op()).isEmpty()) continue;
      List<Access> writes = s.writes();
      if (writes.size() == 1 && !writes.get(0).isMust() && writes.get(0).expr() == assign.target()
          && subscripts(assign.target()).stream().anyMatch(PolyhedralProgram::readsData))
        skipped.put(s.name(), "the store " + writes.get(0).array()
            + " goes through data (a histogram): the IR's subscripts are affine");
    }
  }

  /** Whether {@code e} reads an array element (a subscript through data). */
  private static boolean readsData(Expr e) {
    if (e instanceof Expr.Index) return true;
    if (e instanceof Expr.Binary b) return readsData(b.left()) || readsData(b.right());
    if (e instanceof Expr.Unary u) return readsData(u.operand());
    if (e instanceof Expr.Cast c) return readsData(c.operand());
    if (e instanceof Expr.Cond c) return readsData(c.cond()) || readsData(c.then()) || readsData(c.otherwise());
    if (e instanceof Expr.Call c) return c.args().stream().anyMatch(PolyhedralProgram::readsData);
    return false;
  }

  public boolean isReduction(String statement) {
    for (ReductionStatement r : reductions) if (r.name().equals(statement)) return true;
    return false;
  }

  private void build() {
    noteHistograms();
    for (Reduction red : ReductionDetection.detect(scop)) {
      Statement s = scop.statement(red.statement());
      if (red.subtracts()) {
        skipped.put(s.name(), "a sum that subtracts: the accumulated value is not the operands as written");
        continue;
      }
      long[][] proj = AffineMaps.rows(red.store().relation().alignParams(scop.params()));
      if (proj == null) {
        skipped.put(s.name(), "the store " + red.array() + " is not affine");
        continue;
      }
      if (!forgetsADirection(proj, s, scop.params().size())) continue; // an element per instance: no accumulation
      Expr.Assign assign = (Expr.Assign) s.body();
      Combiner combiner = new Combiner(red.operator(), callName(assign.value(), red.operator()));
      String type = scop.array(red.array()).elementType();
      if (!combiner.hasIdentity(type)) {
        skipped.put(s.name(), "operator " + red.operator().clauseName() + " on elements of type " + type
            + ": no identity to start temporaries from");
        continue;
      }
      Expr body = bodyOf(assign, red, combiner);
      if (body == null) {
        skipped.put(s.name(), "the accumulated value is not a separate operand");
        continue;
      }
      List<Access> reads = new ArrayList<>();
      for (Access a : s.reads()) if (a != red.load()) reads.add(a);
      List<Expr> subscripts = subscripts(assign.target());
      if (subscripts.size() != proj.length) {
        skipped.put(s.name(), "the store's subscripts do not match its access");
        continue;
      }
      reductions.add(new ReductionStatement(s, red.array(), combiner, body, subscripts, proj, reads));
    }
    checkFixedInputs();
  }

  private static boolean forgetsADirection(long[][] proj, Statement s, int np) {
    List<long[]> lin = new ArrayList<>();
    for (long[] row : proj) {
      long[] l = new long[s.depth()];
      for (int i = 0; i < s.depth(); i++) l[i] = row[1 + np + i];
      lin.add(l);
    }
    return !ShareSpace.kernel(lin, s.depth()).isEmpty();
  }

  /** The accumulated value: the right-hand side of {@code op=}, or the chain without the load. */
  private static Expr bodyOf(Expr.Assign assign, Reduction red, Combiner combiner) {
    if (!assign.op().equals("=")) return assign.value();
    List<Expr> operands = new ArrayList<>();
    flatten(assign.value(), red.operator(), operands);
    List<Expr> rest = new ArrayList<>();
    for (Expr e : operands) if (e != red.load().expr()) rest.add(e);
    if (rest.size() != operands.size() - 1 || rest.isEmpty()) return null;
    Expr out = rest.get(0);
    for (int k = 1; k < rest.size(); k++) out = combiner.combine(out, rest.get(k));
    return out;
  }

  /** The operands of the chain of {@code op} at the top of {@code e}. */
  private static void flatten(Expr e, ReductionOperator op, List<Expr> out) {
    if (e instanceof Expr.Binary b && ReductionOperator.ofBinary(b.op()).orElse(null) == op) {
      flatten(b.left(), op, out);
      flatten(b.right(), op, out);
    } else if (e instanceof Expr.Call c && c.args().size() == 2 && ReductionOperator.ofCall(c.name()).orElse(null) == op) {
      for (Expr a : c.args()) flatten(a, op, out);
    } else {
      out.add(e);
    }
  }

  /** The name of the function computing {@code op} at the top of {@code e} ({@code fmax}...), or null. */
  private static String callName(Expr e, ReductionOperator op) {
    if (op != ReductionOperator.MAX && op != ReductionOperator.MIN) return null;
    if (e instanceof Expr.Call c && ReductionOperator.ofCall(c.name()).orElse(null) == op) return c.name();
    return op == ReductionOperator.MAX ? "max" : "min";
  }

  static List<Expr> subscripts(Expr target) {
    List<Expr> out = new ArrayList<>();
    Expr e = target;
    while (e instanceof Expr.Index ix) {
      out.add(0, ix.index());
      e = ix.base();
    }
    return out;
  }

  /**
   * Drops the reductions whose body reads values that change during the region, and those whose
   * partial results other statements see.
   */
  private void checkFixedInputs() {
    if (reductions.isEmpty()) return;
    Set<String> lhs = new HashSet<>();
    for (ReductionStatement r : reductions) lhs.add(r.array());
    Map<String, Dependences> byArray = new LinkedHashMap<>();
    List<ReductionStatement> keep = new ArrayList<>();
    for (ReductionStatement r : reductions) {
      String why = null;
      for (Access a : r.bodyReads()) {
        if (a.relation().space().nOut() == 0 && !written(a.array())) continue;
        Dependences d = byArray.computeIfAbsent(a.array(), this::dependencesOn);
        if (!d.output().isEmpty()) why = "it reads " + a.array() + ", whose elements the region writes twice";
        else if (!from(d.anti(), r.name()).isEmpty()) why = "it reads " + a.array() + " before the region writes it";
        if (why != null) break;
      }
      if (why == null) why = partialResultUse(r, byArray.computeIfAbsent(r.array(), this::dependencesOn));
      if (why == null) keep.add(r);
      else skipped.put(r.name(), why);
    }
    reductions.clear();
    reductions.addAll(keep);
  }

  private boolean written(String array) {
    for (Statement s : scop.statements()) for (Access a : s.writes()) if (a.array().equals(array)) return true;
    return false;
  }

  /** The dependences of the region through the elements of {@code array} only. */
  Dependences dependencesOn(String array) {
    return Dependences.compute(Scop.onArray(scop.reads(), array), Scop.onArray(scop.mustWrites(), array), scop.scheduleMap());
  }

  static UnionRelation from(UnionRelation deps, String stmt) {
    List<Relation> rs = new ArrayList<>();
    for (Relation r : deps.relations()) if (stmt.equals(r.space().domainTuple().name())) rs.add(r);
    return rs.isEmpty() ? UnionRelation.empty(deps.paramNames()) : UnionRelation.of(rs);
  }

  /**
   * Why another statement sees a partial value of the reduction (it touches an element after one
   * accumulation into it and before another), or null.
   */
  private String partialResultUse(ReductionStatement r, Dependences onLhs) {
    UnionRelation all = onLhs.all();
    List<String> params = all.paramNames();
    Relation proj = r.projectionMap(params, "lhs");
    for (Relation after : all.relations()) {
      String src = after.space().domainTuple().name();
      String dst = after.space().rangeTuple().name();
      if (!src.equals(r.name()) || dst.equals(r.name())) continue;
      for (Relation before : all.relations()) {
        if (!before.space().domainTuple().name().equals(dst) || !before.space().rangeTuple().name().equals(r.name())) {
          continue;
        }
        Relation a = after.alignParams(params).applyDomain(proj);
        Relation b = before.alignParams(params).reverse().applyDomain(proj);
        if (!a.intersect(b).isEmpty()) return dst + " uses partial values of " + r.array();
      }
    }
    return null;
  }
}

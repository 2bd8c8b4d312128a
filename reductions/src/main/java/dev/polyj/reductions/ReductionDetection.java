package dev.polyj.reductions;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Detection of reduction-like computations (Doerfert, Streit, Hack, Benaissa: "Polly's Polyhedral
 * Scheduling in the Presence of Reductions", IMPACT 2015, Section 3.1, the detection function of
 * its Figure 4), on the statements of a SCoP, each a single C assignment.
 *
 * <p>A statement {@code x = e} (or {@code x op= e}) is reduction-like when:
 * <ul>
 *   <li>it has exactly one store, {@code x}, a definite write;
 *   <li>{@code e} is a chain of one associative and commutative operator ({@code +}, {@code *}, or
 *       nested calls of {@code min}/{@code max} with two arguments) one of whose operands is a load
 *       {@code l} of the array of {@code x}, taken as it is (the loaded value flows into the store
 *       through that operator only; {@code x op= e} loads {@code x} itself);
 *   <li>{@code l} and the store reach at least one common element over the statement's domain;
 *   <li>no other load of the statement reaches an element that both {@code l} and the store reach.
 * </ul>
 * Subtraction, division and every other operator make the computation non-associative or
 * non-commutative: {@code s = s * 2 + a} and {@code s = a - s} are not reduction-like.
 */
public final class ReductionDetection {
  private ReductionDetection() {}

  /** The reduction-like computations of the SCoP's statements, in statement order. */
  public static List<Reduction> detect(Scop scop) {
    List<Reduction> out = new ArrayList<>();
    for (Statement s : scop.statements()) detect(s).ifPresent(out::add);
    return out;
  }

  /** The reduction-like computation of {@code s}, if it is one. */
  public static Optional<Reduction> detect(Statement s) {
    List<Access> writes = s.writes();
    if (writes.size() != 1 || !writes.get(0).isMust()) return Optional.empty();
    Access store = writes.get(0);
    if (!(s.body() instanceof Expr.Assign assign) || assign.target() != store.expr()) return Optional.empty();
    ReductionOperator op;
    Access load = null;
    if (assign.op().equals("=")) {
      Expr value = assign.value();
      Optional<ReductionOperator> top = operatorOf(value);
      if (top.isEmpty()) return Optional.empty();
      op = top.get();
      List<Expr> operands = new ArrayList<>();
      flatten(value, op, operands);
      Relation storeRange = range(s, store);
      for (Expr operand : operands) {
        Access a = readOf(s, operand);
        if (a == null || !a.array().equals(store.array())) continue;
        if (range(s, a).intersect(storeRange).isEmpty()) continue;
        if (load != null) return Optional.empty(); // two candidate loads: the value is used twice
        load = a;
      }
    } else {
      Optional<ReductionOperator> compound = ReductionOperator.ofCompound(assign.op());
      if (compound.isEmpty()) return Optional.empty();
      op = compound.get();
      for (Access a : s.reads()) if (a.expr() == assign.target()) load = a;
    }
    if (load == null) return Optional.empty();
    Relation common = range(s, load).intersect(range(s, store));
    if (common.isEmpty()) return Optional.empty();
    for (Access a : s.reads()) {
      if (a == load || !a.array().equals(store.array())) continue;
      if (!range(s, a).intersect(common).isEmpty()) return Optional.empty();
    }
    return Optional.of(new Reduction(s.name(), store.array(), op, load, store));
  }

  /** The operator at the top of {@code e}, when it is one a reduction may use. */
  private static Optional<ReductionOperator> operatorOf(Expr e) {
    if (e instanceof Expr.Binary b) return ReductionOperator.ofBinary(b.op());
    if (e instanceof Expr.Call c && c.args().size() == 2) return ReductionOperator.ofCall(c.name());
    return Optional.empty();
  }

  /** The operands of the maximal chain of {@code op} at the top of {@code e}. */
  private static void flatten(Expr e, ReductionOperator op, List<Expr> out) {
    if (operatorOf(e).filter(o -> o == op).isPresent()) {
      List<Expr> args = e instanceof Expr.Binary b ? List.of(b.left(), b.right()) : ((Expr.Call) e).args();
      for (Expr a : args) flatten(a, op, out);
    } else {
      out.add(e);
    }
  }

  /** The read access of {@code s} made by the expression {@code e} itself, or null. */
  private static Access readOf(Statement s, Expr e) {
    for (Access a : s.reads()) if (a.expr() == e) return a;
    return null;
  }

  /** The elements {@code a} reaches over the statement's domain. */
  static Relation range(Statement s, Access a) {
    return a.relation().intersectDomain(s.domain()).range();
  }
}

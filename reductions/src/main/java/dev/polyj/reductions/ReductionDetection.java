package dev.polyj.reductions;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.ExprPrinter;
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
 *       nested calls of {@code min}/{@code max} with two arguments, or conditionals that select the
 *       larger or smaller of the two values they compare, {@code a >= b ? a : b}) one of whose
 *       operands is a load
 *       {@code l} of the array of {@code x}, taken as it is (the loaded value flows into the store
 *       through that operator only; {@code x op= e} loads {@code x} itself);
 *   <li>{@code l} and the store reach at least one common element over the statement's domain;
 *   <li>no other load of the statement reaches the element the store writes in the same instance
 *       (other operands may read other elements of the array: {@code x[j] = max(x[j], x[j - 1])}).
 * </ul>
 * The paper asks more of the last condition (no other load reaching any element that both reach);
 * other instances' reads of reduced elements are kept in their place among the updates of those
 * elements by the privatization dependences ({@link ReductionDependences}), and a loop is only
 * run with private copies when the copies are accessed by the updates alone ({@link ReductionLoops}).
 * A sum may subtract values other than the load ({@code x -= e}, {@code x = x - e1 + e2}: the
 * sum of their negations, {@link Reduction#subtracts()}); the load itself must be added.
 * Division and every other operator make the computation non-associative or non-commutative:
 * {@code s = s * 2 + a} and {@code s = a - s} are not reduction-like.
 */
public final class ReductionDetection {
  private ReductionDetection() {}

  /** The reduction-like computations of the SCoP's statements, in statement order. */
  public static List<Reduction> detect(Scop scop) {
    List<Reduction> out = new ArrayList<>();
    for (Statement s : scop.statements()) detect(s).ifPresent(out::add);
    return out;
  }

  /**
   * Those of {@link #detect(Scop)} that give the same bits in any order ({@link Reduction#exactIn});
   * statements storing into arrays of other than integer types are not looked at.
   */
  public static List<Reduction> detectExact(Scop scop) {
    List<Reduction> out = new ArrayList<>();
    for (Statement s : scop.statements()) {
      if (s.writes().size() != 1 || !Reduction.integerType(Reduction.elementType(scop, s.writes().get(0).array()))) {
        continue;
      }
      detect(s).filter(r -> r.exactIn(scop)).ifPresent(out::add);
    }
    return out;
  }

  /** The reduction-like computation of {@code s}, if it is one. */
  public static Optional<Reduction> detect(Statement s) {
    List<Access> writes = s.writes();
    if (writes.size() != 1 || !writes.get(0).isMust()) return Optional.empty();
    Access store = writes.get(0);
    // (a rewritten statement, e.g. of an expanded scalar, has equal but not identical expressions)
    if (!(s.body() instanceof Expr.Assign assign) || !assign.target().equals(store.expr())) return Optional.empty();
    ReductionOperator op;
    Access load = null;
    boolean subtracts = false;
    List<Expr> selected = List.of(); // second reads of compared values in selections' branches
    if (assign.op().equals("=")) {
      Expr value = assign.value();
      Optional<ReductionOperator> top = operatorOf(value);
      if (top.isEmpty()) return Optional.empty();
      op = top.get();
      // the operands as written first; a sum through subtractions only when the load is not one of them
      Terms terms = terms(value, op, false);
      List<Access> loads = readsOfStored(s, terms.added(), store);
      if (loads.isEmpty() && op == ReductionOperator.SUM) {
        terms = terms(value, op, true);
        loads = readsOfStored(s, terms.added(), store);
      }
      // of several operands reading stored elements, the load is the one reading the stored element
      // at every instance; the others read other elements (checked below)
      if (loads.size() > 1) loads = loads.stream().filter(a -> inPlaceEverywhere(s, a, store)).toList();
      // two loads use the value twice; a subtracted one is not a sum of the other values
      if (loads.size() != 1 || !readsOfStored(s, terms.negated(), store).isEmpty()) return Optional.empty();
      load = loads.get(0);
      subtracts = !terms.negated().isEmpty();
      selected = terms.copies();
    } else {
      Optional<ReductionOperator> compound = ReductionOperator.ofCompound(assign.op());
      if (compound.isEmpty() && !assign.op().equals("-=")) return Optional.empty();
      op = compound.orElse(ReductionOperator.SUM);
      subtracts = assign.op().equals("-=");
      load = readOf(s, assign.target());
    }
    if (load == null) return Optional.empty();
    Relation common = range(s, load).intersect(range(s, store));
    if (common.isEmpty()) return Optional.empty();
    Relation stored = store.relation().intersectDomain(s.domain());
    List<Access> copies = new ArrayList<>();
    for (Access a : s.reads()) {
      if (a == load || !a.array().equals(store.array())) continue;
      if (within(a.expr(), selected)) {
        if (same(a.expr(), load.expr())) copies.add(a);
        continue;
      }
      // reading the updated element itself would use the partial value twice; other elements of
      // the array (trisolv's x[j] beside x[i]) are ordered with their updates by the
      // privatization dependences
      if (!a.relation().intersectDomain(s.domain()).intersect(stored).isEmpty()) return Optional.empty();
    }
    return Optional.of(new Reduction(s.name(), store.array(), op, load, store, subtracts, copies));
  }

  /** The operator at the top of {@code e}, when it is one a reduction may use (a subtraction is a sum). */
  private static Optional<ReductionOperator> operatorOf(Expr e) {
    if (e instanceof Expr.Binary b) return b.op().equals("-") ? Optional.of(ReductionOperator.SUM) : ReductionOperator.ofBinary(b.op());
    if (e instanceof Expr.Call c && c.args().size() == 2) return ReductionOperator.ofCall(c.name());
    if (e instanceof Expr.Cond c) return selection(c);
    return Optional.empty();
  }

  /**
   * The operator of a conditional that selects one of the two values it compares: {@code a >= b ?
   * a : b} (also {@code >}, and {@code b} first in the branches for {@code <=}, {@code <}) is the
   * maximum, the other pairings the minimum; empty for every other conditional. For integers the
   * selection is the maximum (minimum) exactly; for floating-point values it differs from one on
   * NaN and on zeros of different signs, which reordering may then expose.
   */
  static Optional<ReductionOperator> selection(Expr.Cond c) {
    if (!(c.cond() instanceof Expr.Binary cmp)) return Optional.empty();
    boolean greater = cmp.op().equals(">=") || cmp.op().equals(">");
    boolean less = cmp.op().equals("<=") || cmp.op().equals("<");
    if (!greater && !less) return Optional.empty();
    boolean firstSelected;
    if (same(c.then(), cmp.left()) && same(c.otherwise(), cmp.right())) {
      firstSelected = true;
    } else if (same(c.then(), cmp.right()) && same(c.otherwise(), cmp.left())) {
      firstSelected = false;
    } else {
      return Optional.empty();
    }
    return Optional.of(greater == firstSelected ? ReductionOperator.MAX : ReductionOperator.MIN);
  }

  /** Whether two expressions are the same text (wherever they were written). */
  private static boolean same(Expr a, Expr b) {
    return ExprPrinter.print(a).equals(ExprPrinter.print(b));
  }

  /** Whether {@code e} is one of {@code roots} or inside one of them (the same objects). */
  private static boolean within(Expr e, List<Expr> roots) {
    for (Expr r : roots) if (r == e || within(e, r.children())) return true;
    return false;
  }

  /**
   * The terms of a chain of one operator: those added, those subtracted (for a sum), and the
   * branches of its selections (copies of the compared terms).
   */
  private record Terms(List<Expr> added, List<Expr> negated, List<Expr> copies) {}

  /**
   * The operands of the maximal chain of {@code op} at the top of {@code e} (with {@code signed}, a
   * sum also goes through {@code -}, whose right operand changes sign; without, a difference is one
   * operand).
   */
  private static Terms terms(Expr e, ReductionOperator op, boolean signed) {
    Terms t = new Terms(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    flatten(e, op, signed, false, t);
    return t;
  }

  private static void flatten(Expr e, ReductionOperator op, boolean signed, boolean negative, Terms out) {
    boolean minus = e instanceof Expr.Binary m && m.op().equals("-");
    if ((signed || !minus) && operatorOf(e).filter(o -> o == op).isPresent()) {
      if (e instanceof Expr.Binary b) {
        flatten(b.left(), op, signed, negative, out);
        flatten(b.right(), op, signed, negative != minus, out);
      } else if (e instanceof Expr.Cond c) {
        Expr.Binary cmp = (Expr.Binary) c.cond();
        flatten(cmp.left(), op, signed, negative, out);
        flatten(cmp.right(), op, signed, negative, out);
        out.copies().add(c.then());
        out.copies().add(c.otherwise());
      } else {
        for (Expr a : ((Expr.Call) e).args()) flatten(a, op, signed, negative, out);
      }
    } else {
      (negative ? out.negated() : out.added()).add(e);
    }
  }

  /** Whether {@code a} reads the element {@code store} writes at every instance of {@code s}. */
  private static boolean inPlaceEverywhere(Statement s, Access a, Access store) {
    return a.relation().intersect(store.relation()).intersectDomain(s.domain()).domain().isEqual(s.domain());
  }

  /** The reads among {@code operands} that reach an element {@code store} writes. */
  private static List<Access> readsOfStored(Statement s, List<Expr> operands, Access store) {
    Relation storeRange = range(s, store);
    List<Access> out = new ArrayList<>();
    for (Expr operand : operands) {
      Access a = readOf(s, operand);
      if (a != null && a.array().equals(store.array()) && !range(s, a).intersect(storeRange).isEmpty()) out.add(a);
    }
    return out;
  }

  /** The read access of {@code s} made by the expression {@code e} itself, or null. */
  private static Access readOf(Statement s, Expr e) {
    for (Access a : s.reads()) if (a.expr() == e) return a;
    for (Access a : s.reads()) if (a.expr().equals(e)) return a;
    return null;
  }

  /** The elements {@code a} reaches over the statement's domain. */
  static Relation range(Statement s, Access a) {
    return a.relation().intersectDomain(s.domain()).range();
  }
}

package dev.polyj.presburger.notation;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.notation.Formula.Atom;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Turns a {@link Formula} read from isl notation into a union of basic relations: the formula is
 * brought to disjunctive normal form with negations pushed down to the atoms (the negation of
 * {@code e >= 0} is {@code e <= -1}, of {@code e = 0} the pair {@code e >= 1 or e <= -1}; integer
 * divisions are functions of the variables, so negating constraints on them is exact).
 *
 * <p>A negated existential quantifier cannot be pushed down. Its body is first made quantifier
 * free: each conjunction of the body becomes a basic relation over the free variables, whose
 * existential locals are rewritten as known integer divisions ({@link BasicRelation#computeDivs},
 * an exact projection), and the negation of that union of pieces is taken constraint by constraint.
 * This gives isl's meaning of {@code not}, which subtracts the condition from the universe.
 */
final class DnfBuilder {
  private static final int PRUNE_ABOVE = 24;
  private static final int MAX_CONJUNCTIONS = 20_000;

  private final VarTable vars;
  private final Space space;
  private final Map<Integer, Integer> baseCols = new HashMap<>();
  private final int nParam;
  private final int nDim;

  DnfBuilder(VarTable vars, Space space) {
    this.vars = vars;
    this.space = space;
    this.nParam = space.nParam();
    this.nDim = space.nDim();
    for (int id = 0; id < vars.size(); id++) {
      VarTable.Var v = vars.get(id);
      if (v.kind() == VarTable.Kind.PARAM) baseCols.put(id, 1 + v.index());
      else if (v.kind() == VarTable.Kind.DIM) baseCols.put(id, 1 + nParam + v.index());
    }
  }

  /** The relation in the builder's space where {@code f} holds. */
  Relation toRelation(Formula f) {
    List<BasicRelation> out = new ArrayList<>();
    for (List<Atom> conj : dnf(f, false)) {
      BasicRelation b = materialize(space, baseCols, conj);
      if (!b.isMarkedEmpty()) out.add(b);
    }
    return Relation.ofBasics(space, out).removeEmpty();
  }

  private static List<List<Atom>> trueDnf() {
    List<List<Atom>> t = new ArrayList<>();
    t.add(List.of());
    return t;
  }

  private List<List<Atom>> dnf(Formula f, boolean neg) {
    if (f instanceof Formula.Const c) return c.value() != neg ? trueDnf() : new ArrayList<>();
    if (f instanceof Atom a) {
      if (!neg) {
        List<List<Atom>> r = new ArrayList<>();
        r.add(List.of(a));
        return r;
      }
      return negateAtom(a);
    }
    if (f instanceof Formula.Not n) return dnf(n.f(), !neg);
    if (f instanceof Formula.And a) return neg ? unionAll(a.parts(), true) : productAll(a.parts(), false);
    if (f instanceof Formula.Or o) return neg ? productAll(o.parts(), true) : unionAll(o.parts(), false);
    Formula.Exists e = (Formula.Exists) f;
    return neg ? negateExists(e) : dnf(e.body(), false);
  }

  private List<List<Atom>> negateAtom(Atom a) {
    long[] r = a.row();
    List<List<Atom>> out = new ArrayList<>();
    addAtom(out, Formula.atom(minusOne(Ints.negate(r)), false));
    if (a.eq()) addAtom(out, Formula.atom(minusOne(r), false));
    return out;
  }

  private static void addAtom(List<List<Atom>> out, Formula f) {
    if (f instanceof Atom a) out.add(List.of(a));
    else if (f.equals(Formula.TRUE)) out.add(List.of());
  }

  private static long[] minusOne(long[] row) {
    long[] r = row.clone();
    r[0] = Ints.sub(r[0], 1);
    return r;
  }

  private List<List<Atom>> unionAll(List<Formula> parts, boolean neg) {
    List<List<Atom>> out = new ArrayList<>();
    for (Formula p : parts) {
      out.addAll(dnf(p, neg));
      checkSize(out.size());
    }
    return out;
  }

  private List<List<Atom>> productAll(List<Formula> parts, boolean neg) {
    List<List<Atom>> acc = trueDnf();
    for (Formula p : parts) {
      acc = product(acc, dnf(p, neg));
      if (acc.isEmpty()) return acc;
    }
    return acc;
  }

  private List<List<Atom>> product(List<List<Atom>> a, List<List<Atom>> b) {
    checkSize((long) a.size() * b.size());
    List<List<Atom>> out = new ArrayList<>(a.size() * b.size());
    for (List<Atom> x : a) {
      for (List<Atom> y : b) {
        List<Atom> z = new ArrayList<>(x.size() + y.size());
        z.addAll(x);
        z.addAll(y);
        out.add(z);
      }
    }
    if (out.size() > PRUNE_ABOVE && (a.size() > 1 && b.size() > 1)) {
      out.removeIf(conj -> materialize(space, baseCols, conj).isEmpty());
    }
    return out;
  }

  private static void checkSize(long n) {
    if (n > MAX_CONJUNCTIONS) {
      throw new IllegalStateException("the condition has more than " + MAX_CONJUNCTIONS + " disjuncts in normal form");
    }
  }

  /** Negation of an existentially quantified formula (see the class comment). */
  private List<List<Atom>> negateExists(Formula.Exists e) {
    List<List<Atom>> result = trueDnf();
    for (List<Atom> conj : dnf(e.body(), false)) {
      TreeSet<Integer> used = closure(conj, Map.of());
      boolean bound = false;
      List<Integer> free = new ArrayList<>();
      for (int id : used) {
        if (vars.get(id).kind() != VarTable.Kind.EXISTS) continue;
        if (id >= e.firstLocal()) bound = true;
        else free.add(id);
      }
      List<List<Atom>> negConj;
      if (!bound) {
        negConj = new ArrayList<>();
        for (Atom a : conj) negConj.addAll(negateAtom(a));
      } else {
        negConj = negateProjected(conj, free);
      }
      result = product(result, negConj);
      if (result.isEmpty()) return result;
    }
    return result;
  }

  /** The negation of the conjunction with its bound existentials projected out exactly. */
  private List<List<Atom>> negateProjected(List<Atom> conj, List<Integer> free) {
    Space temp = Space.set(space.params(), nDim + free.size());
    Map<Integer, Integer> cols = new HashMap<>(baseCols);
    int[] colToId = new int[1 + nParam + nDim + free.size()];
    for (Map.Entry<Integer, Integer> en : baseCols.entrySet()) colToId[en.getValue()] = en.getKey();
    for (int k = 0; k < free.size(); k++) {
      cols.put(free.get(k), 1 + nParam + nDim + k);
      colToId[1 + nParam + nDim + k] = free.get(k);
    }
    BasicRelation b = materialize(temp, cols, conj);
    List<List<Atom>> acc = trueDnf();
    if (b.isMarkedEmpty()) return acc;
    for (BasicRelation piece : b.computeDivs().basics()) {
      acc = product(acc, negateBasic(piece, colToId));
      if (acc.isEmpty()) return acc;
    }
    return acc;
  }

  /** The disjunction of the negated constraints of a piece whose locals are all known divisions. */
  private List<List<Atom>> negateBasic(BasicRelation piece, int[] colToId) {
    int[] localIds = new int[piece.nLocal()];
    for (int j = 0; j < piece.nLocal(); j++) {
      Div d = piece.div(j);
      if (d == null) throw new IllegalStateException("an existential variable could not be eliminated");
      localIds[j] = vars.div(toIdRow(d.numerator(), piece, colToId, localIds, j), d.denominator());
    }
    List<List<Atom>> out = new ArrayList<>();
    for (long[] r : piece.equalities()) {
      out.addAll(dnf(Formula.atom(toIdRow(r, piece, colToId, localIds, piece.nLocal()), true), true));
    }
    for (long[] r : piece.inequalities()) {
      if (DivRows.impliedByDefinition(piece, r)) continue;
      out.addAll(dnf(Formula.atom(toIdRow(r, piece, colToId, localIds, piece.nLocal()), false), true));
    }
    return out;
  }

  private static long[] toIdRow(long[] colRow, BasicRelation b, int[] colToId, int[] localIds, int nKnown) {
    int nv = b.nVar();
    int width = 1;
    for (int c = 1; c < colRow.length; c++) {
      if (colRow[c] == 0) continue;
      int id = c <= nv ? colToId[c] : localIds[c - 1 - nv];
      if (c > nv && c - 1 - nv >= nKnown) throw new IllegalStateException("division refers to a later local");
      width = Math.max(width, id + 2);
    }
    long[] out = new long[width];
    out[0] = colRow[0];
    for (int c = 1; c < colRow.length; c++) {
      if (colRow[c] == 0) continue;
      int id = c <= nv ? colToId[c] : localIds[c - 1 - nv];
      out[1 + id] = Ints.add(out[1 + id], colRow[c]);
    }
    return out;
  }

  /** Ids used by the atoms, directly or through division definitions, that are not in {@code fixed}. */
  private TreeSet<Integer> closure(List<Atom> conj, Map<Integer, Integer> fixed) {
    TreeSet<Integer> seen = new TreeSet<>();
    Deque<Integer> work = new ArrayDeque<>();
    for (Atom a : conj) pushIds(a.row(), fixed, work);
    while (!work.isEmpty()) {
      int id = work.pop();
      if (!seen.add(id)) continue;
      VarTable.Var v = vars.get(id);
      if (v.kind() == VarTable.Kind.DIV) pushIds(v.divNum(), fixed, work);
    }
    return seen;
  }

  private static void pushIds(long[] row, Map<Integer, Integer> fixed, Deque<Integer> work) {
    for (int i = 1; i < row.length; i++) {
      if (row[i] != 0 && !fixed.containsKey(i - 1)) work.push(i - 1);
    }
  }

  /** The conjunction as a basic relation in {@code target}; ids not in {@code fixed} become locals. */
  private BasicRelation materialize(Space target, Map<Integer, Integer> fixed, List<Atom> conj) {
    TreeSet<Integer> locals = closure(conj, fixed);
    int base = 1 + target.nVar();
    int width = base + locals.size();
    Map<Integer, Integer> col = new HashMap<>(fixed);
    int next = base;
    for (int id : locals) {
      VarTable.Kind k = vars.get(id).kind();
      if (k != VarTable.Kind.DIV && k != VarTable.Kind.EXISTS) {
        throw new IllegalStateException("variable " + id + " of kind " + k + " has no column");
      }
      col.put(id, next++);
    }
    Div[] divs = new Div[locals.size()];
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (int id : locals) {
      VarTable.Var v = vars.get(id);
      if (v.kind() != VarTable.Kind.DIV) continue;
      int c = col.get(id);
      long[] num = toColRow(v.divNum(), col, width);
      long d = v.divDen();
      divs[c - base] = new Div(num, d);
      long[] lo = num.clone();
      lo[c] = Ints.sub(lo[c], d);
      long[] hi = Ints.negate(num);
      hi[c] = Ints.add(hi[c], d);
      hi[0] = Ints.add(hi[0], d - 1);
      ineqs.add(lo);
      ineqs.add(hi);
    }
    for (Atom a : conj) (a.eq() ? eqs : ineqs).add(toColRow(a.row(), col, width));
    return BasicRelation.of(target, locals.size(), divs, eqs, ineqs);
  }

  private static long[] toColRow(long[] idRow, Map<Integer, Integer> col, int width) {
    long[] out = new long[width];
    out[0] = idRow[0];
    for (int i = 1; i < idRow.length; i++) {
      if (idRow[i] == 0) continue;
      int c = col.get(i - 1);
      out[c] = Ints.add(out[c], idRow[i]);
    }
    return out;
  }
}

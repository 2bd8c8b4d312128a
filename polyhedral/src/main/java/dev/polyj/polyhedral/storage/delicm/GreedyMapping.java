package dev.polyj.polyhedral.storage.delicm;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The greedy scalar mapping of DeLICM (Kruse and Grosser, CGO 2018, Section 2.2, Listing 6): for
 * every array write in a loop (a potential end of an unused zone), the scalars its statement reads
 * are tried in turn as candidates, first the value it stores; a candidate is mapped when its
 * knowledge, moved onto the elements the write overwrites, does not conflict with the array's
 * ({@link ConflictCheck}); the scalars the mapped one's writers read then become candidates.
 *
 * <p>The element a statement instance of the scalar is mapped to is the one the target write
 * writes in the same iteration of the loops the two statements share (the iterators of the write's
 * statement must all be such shared loops); the conflict check decides whether that is right, also
 * across iterations. A scalar is eligible when it is declared in the region (dead after it), every
 * access is a plain definite one, no read finds a value from before the region, and it has the
 * array's element type. After mapping, a copy {@code C[i] = C[i]} left by the write is removed.
 */
final class GreedyMapping {
  /** The mapped SCoP and the scalars mapped, each with the array it went to. */
  record Result(Scop scop, Map<String, String> mapped) {}

  private static final boolean DEBUG = Boolean.getBoolean("polyj.delicm.debug");

  private GreedyMapping() {}

  static Result run(Scop scop, ConflictCheck.Mode mode) {
    Scop original0 = scop;
    Map<String, String> mapped = new LinkedHashMap<>();
    Accesses acc = null; // of the current SCoP: each mapping replaces both
    List<Statement> order = new ArrayList<>(scop.statements());
    for (Statement original : order) {
      for (int k = 0; k < original.accesses().size(); k++) {
        Access w = original.accesses().get(k);
        if (!w.isWrite() || w.may() || original.depth() == 0) continue;
        ArrayInfo target = find(scop, w.array());
        if (target == null || target.isScalar()) continue;
        if (singleElement(original, w)) continue;
        Deque<String> queue = new ArrayDeque<>();
        Set<String> tried = new HashSet<>();
        queue.addAll(inputScalars(scop, original.name()));
        while (!queue.isEmpty()) {
          String s = queue.pop();
          if (!tried.add(s) || mapped.containsKey(s)) continue;
          if (!eligible(scop, s, target)) continue;
          if (acc == null || acc.scop != scop) acc = new Accesses(scop);
          // the target write as it was: a copy it made into a self-copy may have been removed since
          Scop next = tryMap(acc, original0, s, original, k, mode);
          if (next == null) continue;
          List<String> writers = writers(scop, s);
          scop = next;
          mapped.put(s, w.array());
          for (String wr : writers) queue.addAll(inputScalars(scop, wr));
        }
      }
    }
    return new Result(scop, mapped);
  }

  /** Whether {@code s} is a scalar declared in the region with the element type of {@code target}. */
  private static boolean eligible(Scop scop, String s, ArrayInfo target) {
    ArrayInfo scalar = find(scop, s);
    return scalar != null && scalar.isScalar() && scalar.isRegionLocal() && scalar.elementType().equals(target.elementType());
  }

  /** The SCoP with scalar {@code s} mapped onto the elements written by access {@code k} of {@code u}, or null. */
  static Scop tryMap(Accesses acc, Scop original, String s, Statement u, int k, ConflictCheck.Mode mode) {
    Scop scop = acc.scop;
    ArrayInfo scalar = find(scop, s);
    Access w = u.accesses().get(k);
    ArrayInfo target = scop.array(w.array());
    if (scalar == null || !scalar.isScalar() || !scalar.isRegionLocal()) return null;
    if (!scalar.elementType().equals(target.elementType())) return null;
    Knowledge sk = acc.scalars.get(s);
    if (sk == null || sk.hasUnknown()) return null;
    List<String> params = scop.params();
    Map<String, Relation> targets = new HashMap<>();
    Map<String, Expr> subscripts = new HashMap<>();
    Relation touched = null;
    for (Statement y : scop.statements()) {
      for (Access a : y.accesses()) {
        if (!a.array().equals(target.name())) continue;
        Relation r = a.relation().alignParams(params).range();
        touched = touched == null ? r : touched.union(r);
      }
    }
    for (Statement x : scop.statements()) {
      if (x.accesses().stream().noneMatch(a -> a.array().equals(s))) continue;
      int[] pairing = pairing(original, u, x);
      if (DEBUG) System.err.println("delicm: " + s + " pairing " + u.name() + " " + x.name() + " " + java.util.Arrays.toString(pairing));
      if (pairing == null) return null;
      for (int q = 0; q < u.depth(); q++) {
        if (pairing[q] < 0 && Accesses.mentions(w.expr(), u.iterators().get(q)) > 0) return null;
      }
      Relation m = correspondence(x, u, pairing, params);
      // the subscripts of the write as functions, not restricted to the write's own instances
      Relation t = m.apply(Relation.of(w.relation().alignParams(params).affineHull()));
      // every element the scalar goes to is one the region accesses anyway (it exists)
      if (!t.range().isSubset(touched)) return null;
      if (!t.domain().isEqual(x.domain().alignParams(params))) return null;
      targets.put(x.name(), t);
      Map<String, Expr> rename = new HashMap<>();
      for (int q = 0; q < u.depth(); q++) {
        if (pairing[q] >= 0) rename.put(u.iterators().get(q), new Expr.Ident(x.iterators().get(pairing[q]), w.expr().pos()));
      }
      subscripts.put(x.name(), Expr.substitute(w.expr(), rename));
    }
    List<Event> proposal = new ArrayList<>();
    for (Event e : acc.events(s)) {
      Relation t = targets.get(e.statement()).alignParams(params);
      proposal.add(new Event(e.tag(), e.statement(), e.write(), e.phase(), Accesses.tagged(t, e.tag(), target.name())));
    }
    String why = ConflictCheck.conflict(acc.time, acc.events(target.name()), acc.knowledge(target.name()), proposal,
        acc.values, sk, mode);
    if (DEBUG) System.err.println("delicm: " + s + " -> " + target.name() + " at " + u.name() + ": " + (why == null ? "mapped" : why));
    if (why != null) return null;
    Map<String, Statement> replaced = new HashMap<>();
    Set<String> removed = new HashSet<>();
    for (Statement x : scop.statements()) {
      if (!targets.containsKey(x.name())) continue;
      Statement y = retarget(x, s, target.name(), targets.get(x.name()), subscripts.get(x.name()));
      if (selfCopy(y)) removed.add(y.name());
      else replaced.put(x.name(), y);
    }
    return ScopEdit.edit(scop, replaced, removed);
  }

  /**
   * The statement with every access of {@code s} turned into one of {@code array} at {@code
   * target}, written {@code sub} (a fresh copy for each occurrence of {@code s}).
   */
  private static Statement retarget(Statement x, String s, String array, Relation target, Expr sub) {
    List<Access> accesses = new ArrayList<>();
    Relation t = target.intersectDomain(x.domain().alignParams(target.space().params()));
    Map<Expr, Expr> occurrence = new java.util.IdentityHashMap<>();
    for (Access a : x.accesses()) {
      if (!a.array().equals(s)) {
        accesses.add(a);
        continue;
      }
      Expr e = occurrence.computeIfAbsent(a.expr(), k -> ScopEdit.copy(sub, Map.of(), new java.util.IdentityHashMap<>()));
      accesses.add(new Access(a.kind(), a.may(), array, t.withSpace(Space.map(t.space().params(),
          a.relation().space().domainTuple(), t.space().rangeTuple())), e));
    }
    Expr body = ScopEdit.replace(x.body(), occurrence);
    return new Statement(x.name(), x.iterators(), x.domain(), accesses, body, x.pos());
  }

  /** A statement {@code E = E} that reads and writes one element: it has nothing left to do. */
  static boolean selfCopy(Statement st) {
    if (!(st.body() instanceof Expr.Assign a) || !a.op().equals("=")) return false;
    if (st.accesses().size() != 2) return false;
    Access r = st.accesses().get(0);
    Access w = st.accesses().get(1);
    if (!r.isRead() || !w.isWrite() || !r.array().equals(w.array()) || r.may() || w.may()) return false;
    if (!dev.polyj.polyhedral.scop.ExprPrinter.print(a.target()).equals(dev.polyj.polyhedral.scop.ExprPrinter.print(a.value()))) {
      return false;
    }
    return r.relation().isEqual(w.relation());
  }

  /**
   * For each iterator of {@code u}, the iterator of {@code x} that runs the same loop: the loops of
   * the original schedule the two statements share, from the outermost; -1 for a loop of {@code u}
   * that {@code x} does not share (the write's subscripts must not depend on it), null when a
   * schedule is not of the program's 2d+1 form.
   */
  static int[] pairing(Scop original, Statement u, Statement x) {
    Object[] du = dims(original, u);
    Object[] dx = dims(original, x);
    if (du == null || dx == null) return null;
    int[] pairs = new int[u.depth()];
    java.util.Arrays.fill(pairs, -1);
    for (int d = 0; d < Math.min(du.length, dx.length); d++) {
      if (du[d] instanceof Long a && dx[d] instanceof Long b && a.equals(b)) continue;
      if (du[d] instanceof Integer a && dx[d] instanceof Integer b) {
        pairs[a] = b;
        continue;
      }
      break;
    }
    return pairs;
  }

  /** Each dimension of the statement's original schedule: a constant (Long), an iterator position (Integer) or null. */
  private static Object[] dims(Scop scop, Statement st) {
    Relation sigma = null;
    for (Relation r : scop.scheduleMap().relations()) {
      if (r.space().domainTuple().name().equals(st.name())) sigma = r;
    }
    if (sigma == null || sigma.basics().size() != 1) return null;
    BasicRelation b = sigma.basics().get(0);
    Object[] out = new Object[b.nOut()];
    for (int o = 0; o < b.nOut(); o++) {
      for (long[] eq : b.equalities()) {
        long c = eq[b.outCol(o)];
        if (c == 0) continue;
        boolean other = false;
        for (int q = 0; q < b.nOut(); q++) if (q != o && eq[b.outCol(q)] != 0) other = true;
        for (int p = 0; p < b.nParam(); p++) if (eq[b.paramCol(p)] != 0) other = true;
        for (int l = 0; l < b.nLocal(); l++) if (eq[b.localCol(l)] != 0) other = true;
        int it = -1;
        int its = 0;
        for (int i = 0; i < b.nIn(); i++) {
          if (eq[b.inCol(i)] != 0) {
            its++;
            if (eq[b.inCol(i)] == -c || eq[b.inCol(i)] == c) it = i; // a loop run forwards or backwards
          }
        }
        if (other) continue;
        if (its == 0 && eq[0] % c == 0) out[o] = -eq[0] / c;
        else if (its == 1 && it >= 0 && eq[0] == 0) out[o] = it;
        if (out[o] != null) break;
      }
    }
    return out;
  }

  /** {@code x[...] -> u[...]} with each iterator of {@code u} equal to its paired iterator of {@code x}, on {@code x}'s domain. */
  private static Relation correspondence(Statement x, Statement u, int[] pairing, List<String> params) {
    Space space = Space.map(params, x.domain().space().tuple(), u.domain().space().tuple());
    BasicRelation.Builder b = BasicRelation.builder(space);
    int np = params.size();
    for (int q = 0; q < u.depth(); q++) {
      if (pairing[q] < 0) continue;
      long[] row = new long[1 + space.nVar()];
      row[1 + np + pairing[q]] = 1;
      row[1 + np + x.depth() + q] = -1;
      b.addEq(row);
    }
    return Relation.of(b.build()).intersectDomain(x.domain().alignParams(params));
  }

  /** Whether every instance writes the same element (a target the paper skips: no loop spreads it). */
  private static boolean singleElement(Statement st, Access w) {
    for (String it : st.iterators()) if (Accesses.mentions(w.expr(), it) > 0) return false;
    return true;
  }

  /** The scalars statement {@code name} reads, in access order. */
  static List<String> inputScalars(Scop scop, String name) {
    List<String> out = new ArrayList<>();
    Statement st = statement(scop, name);
    if (st == null) return out;
    for (Access a : st.accesses()) {
      ArrayInfo info = find(scop, a.array());
      if (a.isRead() && info != null && info.isScalar() && !out.contains(a.array())) out.add(a.array());
    }
    return out;
  }

  private static List<String> writers(Scop scop, String s) {
    List<String> out = new ArrayList<>();
    for (Statement st : scop.statements()) {
      if (st.accesses().stream().anyMatch(a -> a.isWrite() && a.array().equals(s))) out.add(st.name());
    }
    return out;
  }

  static Statement statement(Scop scop, String name) {
    for (Statement st : scop.statements()) if (st.name().equals(name)) return st;
    return null;
  }

  static ArrayInfo find(Scop scop, String name) {
    for (ArrayInfo a : scop.arrays()) if (a.name().equals(name)) return a;
    return null;
  }
}

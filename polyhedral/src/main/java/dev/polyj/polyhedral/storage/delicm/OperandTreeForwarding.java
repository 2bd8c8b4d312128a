package dev.polyj.polyhedral.storage.delicm;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Operand tree forwarding (DeLICM, Kruse and Grosser, CGO 2018, Section 3, Listings 9 and 10):
 * a scalar defined once, inside a loop, by {@code s = e} is replaced in each statement reading it by the operand
 * tree {@code e} itself, with the defining instance's iterators written in the reader's, when
 * {@code e} is speculatable (arithmetic, literals, iterators and parameters; no calls, no
 * division of integers) and each load in it ({@code A[i]}, or another scalar) still finds, at the
 * reader, the content it found at the definition (the known content of {@link Knowledge}: the same
 * reaching write, or the same value from before the region). The definition is then dead and
 * removed. All reads of a scalar are forwarded or none, so that its write disappears.
 */
final class OperandTreeForwarding {
  /** The SCoP after forwarding, and the scalars forwarded with the number of reader statements each. */
  record Result(Scop scop, Map<String, Integer> forwarded) {}

  private static final Set<String> ARITHMETIC = Set.of("+", "-", "*", "<", ">", "<=", ">=", "==", "!=");

  private OperandTreeForwarding() {}

  static Result run(Scop scop) {
    Map<String, Integer> forwarded = new LinkedHashMap<>();
    boolean progress = true;
    while (progress) {
      progress = false;
      Accesses acc = null; // the SCoP's, until a forwarding replaces it
      for (ArrayInfo a : scop.arrays()) {
        if (!a.isScalar() || !a.isRegionLocal() || forwarded.containsKey(a.name())) continue;
        if (acc == null) acc = new Accesses(scop);
        Result r = forward(acc, a.name());
        if (r == null) continue;
        scop = r.scop();
        forwarded.put(a.name(), r.forwarded().get(a.name()));
        progress = true;
        break;
      }
    }
    return new Result(scop, forwarded);
  }

  /** The SCoP with scalar {@code s} forwarded into all its readers, or null when it cannot be. */
  static Result forward(Accesses acc, String s) {
    Scop scop = acc.scop;
    Knowledge sk = acc.scalars.get(s);
    if (sk == null || sk.hasUnknown()) return null;
    Event def = null;
    for (Event e : acc.events(s)) {
      if (!e.write()) continue;
      if (def != null) return null;
      def = e;
    }
    if (def == null) return null;
    Statement d = scop.statement(def.statement());
    // a definition outside every loop carries no dependence from one iteration to the next
    if (d.depth() == 0) return null;
    if (d.writes().size() != 1 || !(d.body() instanceof Expr.Assign as) || !as.op().equals("=")
        || !(as.target() instanceof Expr.Ident id) || !id.name().equals(s)) {
      return null;
    }
    String type = scop.array(s).elementType().replace("const", "").trim();
    boolean floating = type.matches("double|float|long double");
    if (!speculatable(as.value(), floating)) return null;
    List<String> params = scop.params();
    Map<String, Statement> replaced = new HashMap<>();
    int readers = 0;
    for (Statement x : scop.statements()) {
      if (x.name().equals(d.name())) continue;
      List<Event> reads = new ArrayList<>();
      for (Event e : acc.events(s)) if (e.statement().equals(x.name())) reads.add(e);
      if (reads.isEmpty()) continue;
      // the defining instance of each reader instance: one, an affine function of the reader's iterators
      Relation m = null;
      for (Event r : reads) {
        Relation span = span(sk, r.tag(), def.tag());
        if (span == null) return null;
        Relation onX = ConflictCheck.renamed(span, x.name());
        onX = onX.withSpace(Space.map(params, x.domain().space().tuple(), d.domain().space().tuple()));
        if (m == null) m = onX;
        else if (!m.isEqual(onX)) return null;
      }
      if (!m.domain().isEqual(x.domain().alignParams(params))) return null;
      List<Expr> its = ScopEdit.affine(m.coalesce(), x.iterators());
      if (its == null) return null;
      Map<String, Expr> rename = new HashMap<>();
      for (int q = 0; q < d.depth(); q++) rename.put(d.iterators().get(q), its.get(q));
      // every load of the tree finds at x what it found at d
      List<Access> loads = new ArrayList<>();
      for (int k = 0; k < d.accesses().size(); k++) {
        Access r = d.accesses().get(k);
        if (!r.isRead()) continue;
        Relation at = m.apply(r.relation().alignParams(params));
        if (!sameContent(acc, Accesses.tag(d, k), r.array(), x, at, m)) return null;
        loads.add(new Access(Access.Kind.READ, r.may(), r.array(), at, r.expr()));
      }
      // each occurrence of s gets its own copy of the tree, and the loads of that copy as accesses
      Map<Expr, Expr> trees = new java.util.IdentityHashMap<>();
      List<Access> accesses = new ArrayList<>();
      for (Access a : x.accesses()) {
        if (!a.array().equals(s)) {
          accesses.add(a);
          continue;
        }
        if (a.isWrite()) return null;
        Map<Expr, Expr> copies = new java.util.IdentityHashMap<>();
        // the value as s held it: converted to s's type (a float temporary rounds a double)
        Expr copy = ScopEdit.copy(as.value(), rename, copies);
        trees.put(a.expr(), new Expr.Cast(type, copy, copy.pos()));
        for (Access l : loads) {
          accesses.add(new Access(Access.Kind.READ, l.may() || a.may(), l.array(), l.relation(), copies.get(l.expr())));
        }
      }
      Expr body = ScopEdit.replace(x.body(), trees);
      replaced.put(x.name(), new Statement(x.name(), x.iterators(), x.domain(), accesses, body, x.pos()));
      readers++;
    }
    Scop out = ScopEdit.edit(scop, replaced, Set.of(d.name()));
    Map<String, Integer> n = new HashMap<>();
    n.put(s, readers);
    return new Result(out, n);
  }

  /** The instances of the definition {@code def} whose value the read {@code use} finds, or null if some read finds another. */
  private static Relation span(Knowledge k, String use, String def) {
    Relation out = null;
    for (Lifetime l : k.lifetimes()) {
      if (!l.use().equals(use)) continue;
      if (l.unknown() || !l.def().equals(def)) return null;
      out = out == null ? l.span() : out.union(l.span());
    }
    return out;
  }

  /**
   * Whether the read {@code at} ({@code x}'s instances to elements of {@code location}) finds, at
   * {@code x}'s instances, what the read {@code tag} of the definition found: the same write's
   * value, or the same element's content from before the region.
   */
  private static boolean sameContent(Accesses acc, String tag, String location, Statement x, Relation at, Relation m) {
    String probe = "FWD__" + x.name();
    // the location's writes and the two reads compared: the other reads change nothing they find
    List<Event> events = new ArrayList<>();
    for (Event e : acc.events(location)) if (e.write() || e.tag().equals(tag)) events.add(e);
    events.add(new Event(probe, x.name(), false, 0, Accesses.tagged(at, probe, location)));
    Knowledge k = Knowledge.compute(acc.time, events, acc.values, null);
    String d = m.space().rangeTuple().name();
    UnionRelation expected = UnionRelation.of(m).apply(ConflictCheck.renamed(k.seen(tag), d));
    if (!ConflictCheck.renamed(k.seen(probe), x.name()).isEqual(expected)) return false;
    UnionRelation expectedUnknown = UnionRelation.of(m).intersectRange(renameSet(k.unknown(tag), d)).domain();
    return renameSet(k.unknown(probe), x.name()).isEqual(expectedUnknown);
  }

  private static UnionRelation renameSet(UnionRelation u, String name) {
    UnionRelation out = UnionRelation.empty(u.paramNames());
    for (Relation r : u.relations()) {
      out = out.union(UnionRelation.of(r.withSpace(Space.set(r.space().params(), Tuple.anonymous(name, r.space().nDim())))));
    }
    return out;
  }

  /** Whether evaluating {@code e} anywhere is harmless and cheap: no side effects, calls or integer division. */
  static boolean speculatable(Expr e, boolean floating) {
    if (e instanceof Expr.IntLit || e instanceof Expr.FloatLit || e instanceof Expr.Ident) return true;
    if (e instanceof Expr.Index ix) return speculatable(ix.base(), floating) && speculatable(ix.index(), true);
    if (e instanceof Expr.Unary u) return (u.op().equals("-") || u.op().equals("+")) && speculatable(u.operand(), floating);
    if (e instanceof Expr.Binary b) {
      boolean ok = ARITHMETIC.contains(b.op()) || (b.op().equals("/") && floating);
      return ok && speculatable(b.left(), floating) && speculatable(b.right(), floating);
    }
    if (e instanceof Expr.Cast c) return speculatable(c.operand(), floating);
    return false;
  }

}

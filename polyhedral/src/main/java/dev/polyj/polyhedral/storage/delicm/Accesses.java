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

/**
 * The accesses of a SCoP as DeLICM's events (one tag per access, reads at phase 0 and writes after
 * them in evaluation order), the values the writes store, and the knowledge of each scalar.
 *
 * <p>A write stores a value of its own ({@code V_tag[x]}, one per instance), except a copy: the
 * write of {@code x = s} stores what the read of the scalar {@code s} finds, and the write of
 * {@code x = (y op= e)} stores what the write of {@code y} stores (the known content of Section
 * 2.1: after {@code C[i] = c}, the element holds the value of {@code c}).
 */
final class Accesses {
  final Scop scop;
  final Timeline time;
  final Map<String, List<Event>> byLocation = new LinkedHashMap<>();
  final Map<String, UnionRelation> values = new HashMap<>();
  final Map<String, Knowledge> scalars = new LinkedHashMap<>();
  private final Map<String, String> tagOfStatementAccess = new HashMap<>();

  Accesses(Scop scop) {
    this.scop = scop;
    this.time = new Timeline(scop);
    List<String> params = scop.params();
    Map<String, String> copyOf = new LinkedHashMap<>(); // write tag -> read tag of the copied scalar
    Map<String, String> sameAs = new LinkedHashMap<>(); // write tag -> write tag storing the same value
    for (Statement st : scop.statements()) {
      int writes = 0;
      Map<Expr, String> writeTags = new java.util.IdentityHashMap<>();
      Map<Expr, String> readTags = new java.util.IdentityHashMap<>();
      for (int k = 0; k < st.accesses().size(); k++) {
        Access a = st.accesses().get(k);
        String tag = tag(st, k);
        int phase = a.isRead() ? 0 : ++writes;
        Relation rel = tagged(a.relation().alignParams(params), tag, a.array());
        byLocation.computeIfAbsent(a.array(), x -> new ArrayList<>()).add(new Event(tag, st.name(), a.isWrite(), phase, rel));
        if (a.isWrite()) {
          writeTags.put(a.expr(), tag);
          Relation dom = st.domain().alignParams(params);
          Relation v = dom.identity().withSpace(Space.map(params, Tuple.anonymous(tag, st.depth()),
              Tuple.anonymous("V_" + tag, st.depth())));
          values.put(tag, UnionRelation.of(v));
        } else {
          readTags.put(a.expr(), tag);
        }
      }
      collectCopies(st.body(), writeTags, readTags, copyOf, sameAs);
    }
    for (ArrayInfo a : scop.arrays()) {
      if (!a.isScalar() || !plainScalar(a.name())) continue;
      scalars.put(a.name(), Knowledge.compute(time, byLocation.getOrDefault(a.name(), List.of()), values, null));
    }
    // copies of copies: a few rounds reach the chains of a kernel
    for (int round = 0; round < 4; round++) {
      boolean changed = false;
      for (Map.Entry<String, String> c : copyOf.entrySet()) {
        String read = c.getValue();
        Knowledge k = scalars.get(locationOf(read));
        if (k == null) continue;
        String written = locationOf(c.getKey());
        if (!scop.array(written).elementType().equals(scop.array(locationOf(read)).elementType())) continue;
        if (!k.unknown(read).isEmpty()) continue; // the copied value came from before the region: no name
        UnionRelation v = ConflictCheck.renamed(k.seen(read), c.getKey());
        if (!v.isEqual(values.get(c.getKey()))) {
          values.put(c.getKey(), v);
          changed = true;
        }
      }
      for (Map.Entry<String, String> c : sameAs.entrySet()) {
        UnionRelation v = ConflictCheck.renamed(values.get(c.getValue()), c.getKey());
        if (!v.isEqual(values.get(c.getKey()))) {
          values.put(c.getKey(), v);
          changed = true;
        }
      }
      if (!changed) break;
    }
  }

  static String tag(Statement st, int k) {
    return st.name() + "__" + k;
  }

  /** The access relation with its instances renamed {@code tag} and the location named {@code location}. */
  static Relation tagged(Relation r, String tag, String location) {
    Space s = r.space();
    return r.withSpace(Space.map(s.params(), Tuple.anonymous(tag, s.nIn()), Tuple.anonymous(location, s.nOut())));
  }

  /** The location accessed by the access {@code tag}. */
  String locationOf(String tag) {
    for (Map.Entry<String, List<Event>> e : byLocation.entrySet()) {
      for (Event ev : e.getValue()) if (ev.tag().equals(tag)) return e.getKey();
    }
    return null;
  }

  private final Map<String, Knowledge> locations = new HashMap<>();

  /** The knowledge of the accesses to {@code location}, its written elements live after the region (computed once). */
  Knowledge knowledge(String location) {
    return locations.computeIfAbsent(location, l -> Knowledge.compute(time, events(l), values,
        ConflictCheck.written(events(l), time.params())));
  }

  List<Event> events(String location) {
    return byLocation.getOrDefault(location, List.of());
  }

  /** Whether every access of scalar {@code s} is a read or a definite write of the plain name. */
  boolean plainScalar(String s) {
    for (Statement st : scop.statements()) {
      java.util.Set<Expr> exprs = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      for (Access a : st.accesses()) {
        if (!a.array().equals(s)) continue;
        // a read under a condition is a possible read: its value must be there all the same
        if ((a.may() && a.isWrite()) || !(a.expr() instanceof Expr.Ident)) return false;
        exprs.add(a.expr());
      }
      if (mentions(st.body(), s) != exprs.size()) return false;
      if (!exprs.isEmpty() && !allListed(st.body(), s, exprs)) return false;
    }
    return true;
  }

  private static boolean allListed(Expr e, String s, java.util.Set<Expr> exprs) {
    if (e instanceof Expr.Ident id && id.name().equals(s) && !exprs.contains(e)) return false;
    for (Expr c : e.children()) if (!allListed(c, s, exprs)) return false;
    return true;
  }

  static int mentions(Expr e, String s) {
    int n = e instanceof Expr.Ident id && id.name().equals(s) ? 1 : 0;
    if (e instanceof Expr.Call c) {
      for (Expr a : c.args()) n += mentions(a, s);
      return n;
    }
    for (Expr c : e.children()) n += mentions(c, s);
    return n;
  }

  private static void collectCopies(Expr e, Map<Expr, String> writeTags, Map<Expr, String> readTags,
      Map<String, String> copyOf, Map<String, String> sameAs) {
    if (e instanceof Expr.Assign a && a.op().equals("=")) {
      String w = writeTags.get(a.target());
      if (w != null) {
        Expr v = a.value();
        if (v instanceof Expr.Ident && readTags.containsKey(v)) copyOf.put(w, readTags.get(v));
        if (v instanceof Expr.Assign inner && writeTags.containsKey(inner.target())) {
          sameAs.put(w, writeTags.get(inner.target()));
        }
      }
    }
    for (Expr c : e.children()) collectCopies(c, writeTags, readTags, copyOf, sameAs);
  }
}

package dev.polyj.polyhedral.storage.delicm;

import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test oracle: runs a SCoP's statements in the order of its flat schedule map for given
 * parameter values, on double-valued memory (every element starts with a value derived from its
 * name and subscripts), and returns the final contents of the arrays that outlive the region
 * (region-local scalars excluded). The instances are found by enumerating a box of iterator
 * values; the time of an instance is the schedule map's affine value.
 */
final class ScopInterpreter {
  private ScopInterpreter() {}

  static Map<String, Double> run(Scop scop, Map<String, Long> params, int box) {
    List<String> pnames = scop.params();
    record Inst(List<Long> time, Statement st, long[] it) {}
    List<Inst> instances = new ArrayList<>();
    for (Statement st : scop.statements()) {
      Relation sigma = null;
      for (Relation r : scop.scheduleMap().relations()) if (r.space().domainTuple().name().equals(st.name())) sigma = r;
      List<Expr> time = ScopEdit.affine(sigma.alignParams(pnames), st.iterators());
      if (time == null) throw new IllegalStateException("schedule not affine for " + st.name());
      Relation dom = st.domain().alignParams(pnames);
      long[] it = new long[st.depth()];
      enumerate(dom, pnames, params, it, 0, box, pt -> {
        Map<String, Long> env = new HashMap<>(params);
        for (int q = 0; q < st.depth(); q++) env.put(st.iterators().get(q), pt[q]);
        List<Long> t = new ArrayList<>();
        for (Expr e : time) t.add((long) eval(e, env, null, scop));
        instances.add(new Inst(t, st, pt.clone()));
      });
    }
    instances.sort((a, b) -> {
      for (int k = 0; k < a.time.size(); k++) {
        int c = Long.compare(a.time.get(k), b.time.get(k));
        if (c != 0) return c;
      }
      return 0;
    });
    Map<String, Double> memory = new TreeMap<>();
    for (Inst in : instances) {
      Map<String, Long> env = new HashMap<>(params);
      for (int q = 0; q < in.st.depth(); q++) env.put(in.st.iterators().get(q), in.it[q]);
      eval(in.st.body(), env, memory, scop);
    }
    Map<String, Double> out = new TreeMap<>();
    for (Map.Entry<String, Double> e : memory.entrySet()) {
      String name = e.getKey().contains("[") ? e.getKey().substring(0, e.getKey().indexOf('[')) : e.getKey();
      ArrayInfo a = GreedyMapping.find(scop, name);
      if (a != null && a.isScalar() && a.isRegionLocal()) continue;
      if (a == null && isLocalIn(name)) continue;
      out.put(e.getKey(), e.getValue());
    }
    return out;
  }

  private static final java.util.Set<String> LOCALS = new java.util.HashSet<>();

  /** Names that are region-local scalars in some SCoP run so far (a mapped SCoP no longer lists them). */
  private static boolean isLocalIn(String name) {
    return LOCALS.contains(name);
  }

  static void registerLocals(Scop scop) {
    for (ArrayInfo a : scop.arrays()) if (a.isScalar() && a.isRegionLocal()) LOCALS.add(a.name());
  }

  private interface PointSink {
    void accept(long[] pt);
  }

  private static void enumerate(Relation dom, List<String> pnames, Map<String, Long> params, long[] it, int k, int box,
      PointSink sink) {
    if (k == it.length) {
      long[] point = new long[pnames.size() + it.length];
      for (int p = 0; p < pnames.size(); p++) point[p] = params.get(pnames.get(p));
      System.arraycopy(it, 0, point, pnames.size(), it.length);
      if (dom.contains(point)) sink.accept(it);
      return;
    }
    for (long v = -2; v <= box; v++) {
      it[k] = v;
      enumerate(dom, pnames, params, it, k + 1, box, sink);
    }
  }

  /** The value element {@code key} holds before the region (cells absent from a result hold it after too). */
  static double initial(String key) {
    return (key.hashCode() & 0xff) / 16.0 + 1;
  }

  private static String key(Expr e, Map<String, Long> env, Map<String, Double> memory, Scop scop) {
    if (e instanceof Expr.Ident id) return id.name();
    if (e instanceof Expr.Index ix) {
      return key(ix.base(), env, memory, scop) + "[" + (long) eval(ix.index(), env, memory, scop) + "]";
    }
    throw new IllegalArgumentException("not an lvalue: " + e);
  }

  static double eval(Expr e, Map<String, Long> env, Map<String, Double> memory, Scop scop) {
    if (e instanceof Expr.IntLit l) return l.value();
    if (e instanceof Expr.FloatLit f) return Double.parseDouble(f.text().replaceAll("[fFlL]$", ""));
    if (e instanceof Expr.Ident id && env.containsKey(id.name())) return env.get(id.name());
    if (e instanceof Expr.Ident || e instanceof Expr.Index) {
      String k = key(e, env, memory, scop);
      Double v = memory.get(k);
      return v != null ? v : initial(k);
    }
    if (e instanceof Expr.Unary u && u.op().equals("-")) return -eval(u.operand(), env, memory, scop);
    if (e instanceof Expr.Cast c) {
      double v = eval(c.operand(), env, memory, scop);
      return switch (c.type()) {
        case "float" -> (float) v;
        case "int", "long", "short", "char" -> (long) v;
        default -> v;
      };
    }
    if (e instanceof Expr.Binary b) {
      double l = eval(b.left(), env, memory, scop);
      double r = eval(b.right(), env, memory, scop);
      return switch (b.op()) {
        case "+" -> l + r;
        case "-" -> l - r;
        case "*" -> l * r;
        case "/" -> l / r;
        default -> throw new IllegalArgumentException(b.op());
      };
    }
    if (e instanceof Expr.Assign a) {
      double v = eval(a.value(), env, memory, scop);
      String k = key(a.target(), env, memory, scop);
      if (!a.op().equals("=")) {
        double old = memory.containsKey(k) ? memory.get(k) : initial(k);
        v = switch (a.op()) {
          case "+=" -> old + v;
          case "-=" -> old - v;
          case "*=" -> old * v;
          default -> throw new IllegalArgumentException(a.op());
        };
      }
      memory.put(k, v);
      return v;
    }
    throw new IllegalArgumentException("cannot interpret " + e);
  }
}

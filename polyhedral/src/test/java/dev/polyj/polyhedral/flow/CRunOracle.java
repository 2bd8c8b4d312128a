package dev.polyj.polyhedral.flow;

import dev.polyj.polyhedral.flow.ParametricFlowTest.Event;
import dev.polyj.polyhedral.frontend.CParser;
import dev.polyj.polyhedral.frontend.CStmt;
import dev.polyj.polyhedral.frontend.Decl;
import dev.polyj.polyhedral.frontend.FunctionDef;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.SourcePos;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Test oracle: runs the C function of a region (integer data only: for loops, ifs, blocks,
 * declarations, assignments) on given parameter values and random initial memory, and records
 * the executed instances of the SCoP's statements as {@link Event}s in execution order: each
 * statement instance reads what the conditions around it read (the governed statements of the
 * model read them too), then what its expression reads, then writes its target. Elements are named
 * {@code A[1,2]} (scalars {@code s[]}); the time of an instance is its image by the SCoP's
 * schedule map. The program runs as C does, independently of the model of the front end.
 */
final class CRunOracle {
  private final Scop scop;
  private final FunctionDef function;
  private final Set<String> arrays = new HashSet<>();
  private final Map<String, Long> env = new HashMap<>();
  private final Map<String, Long> memory = new HashMap<>();
  private final List<Expr> enclosing = new ArrayList<>();
  private final List<Event> run = new ArrayList<>();
  private final Random random;
  private final int values;

  private CRunOracle(Scop scop, FunctionDef function, Map<String, Long> params, Random random, int values) {
    this.scop = scop;
    this.function = function;
    this.random = random;
    this.values = values;
    for (ArrayInfo a : scop.arrays()) arrays.add(a.name());
    env.putAll(params);
  }

  /**
   * The events of one run of the function holding {@code scop}; initial values are drawn in
   * {@code 0 .. values - 1}.
   */
  static List<Event> run(String source, Scop scop, Map<String, Long> params, Random random, int values) {
    FunctionDef f = null;
    for (FunctionDef x : CParser.parse(source, "t.c").functions()) if (x.name().equals(scop.functionName())) f = x;
    CRunOracle o = new CRunOracle(scop, f, params, random, values);
    o.exec(f.body());
    return o.run;
  }

  /** The instances of each statement in its domain within {@code -1 .. box} per dimension. */
  static Map<String, List<long[]>> domains(Scop scop, Map<String, Long> params, int box) {
    Map<String, List<long[]>> out = new HashMap<>();
    for (Statement st : scop.statements()) {
      Relation d = st.domain();
      List<long[]> pts = new ArrayList<>();
      enumerate(d, params, new long[st.depth()], 0, box, pts);
      out.put(st.name(), pts);
    }
    return out;
  }

  private static void enumerate(Relation d, Map<String, Long> params, long[] it, int k, int box, List<long[]> out) {
    if (k == it.length) {
      if (d.contains(point(d, params, it))) out.add(it.clone());
      return;
    }
    for (long v = -1; v <= box; v++) {
      it[k] = v;
      enumerate(d, params, it, k + 1, box, out);
    }
  }

  private static long[] point(Relation r, Map<String, Long> params, long[]... parts) {
    List<String> ps = r.space().params();
    int n = ps.size();
    for (long[] p : parts) n += p.length;
    long[] out = new long[n];
    for (int k = 0; k < ps.size(); k++) out[k] = params.get(ps.get(k));
    int at = ps.size();
    for (long[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  /**
   * The first mismatch of the plain analysis with a run, or null: every executed read's last
   * writer is a may source of it, a must source of it is its last writer, a read without a writer
   * is in {@code mayNoSource} and one with a writer is not in {@code mustNoSource}.
   */
  static String checkPlain(FlowResult plain, List<Event> run, Map<String, Long> params,
      Map<String, List<long[]>> domains) {
    Map<String, Event> lastWriter = new HashMap<>();
    for (Event e : run) {
      if (e.write()) {
        lastWriter.put(e.element(), e);
        continue;
      }
      Event w = lastWriter.get(e.element());
      String array = e.element().substring(0, e.element().indexOf('['));
      long[] element = elementOf(e.element());
      String where = "read " + e.stmt() + java.util.Arrays.toString(e.iters()) + " of " + e.element();
      for (Relation r : plain.fullMustDependence().relations()) {
        if (!r.space().range().unwrap().rangeTuple().name().equals(array)
            || !r.space().range().unwrap().domainTuple().name().equals(e.stmt())) {
          continue;
        }
        for (long[] src : domains.getOrDefault(r.space().domainTuple().name(), List.of())) {
          if (!r.contains(point(r, params, src, e.iters(), element))) continue;
          String s = r.space().domainTuple().name() + java.util.Arrays.toString(src);
          if (w == null || !s.equals(key(w))) return where + ": must source " + s + ", last writer " + (w == null ? "none" : key(w));
        }
      }
      if (w != null) {
        boolean found = false;
        for (Relation r : plain.fullMayDependence().relations()) {
          if (r.space().domainTuple().name().equals(w.stmt())
              && r.space().range().unwrap().domainTuple().name().equals(e.stmt())
              && r.space().range().unwrap().rangeTuple().name().equals(array)) {
            found |= r.contains(point(r, params, w.iters(), e.iters(), element));
          }
        }
        if (!found) return where + ": last writer " + key(w) + " is no may source";
      }
      boolean mayNone = false;
      boolean mustNone = false;
      for (Relation r : plain.mayNoSource().relations()) {
        if (r.space().domainTuple().name().equals(e.stmt()) && r.space().rangeTuple().name().equals(array)) {
          mayNone |= r.contains(point(r, params, e.iters(), element));
        }
      }
      for (Relation r : plain.mustNoSource().relations()) {
        if (r.space().domainTuple().name().equals(e.stmt()) && r.space().rangeTuple().name().equals(array)) {
          mustNone |= r.contains(point(r, params, e.iters(), element));
        }
      }
      if (w == null && !mayNone) return where + ": no writer, but not in mayNoSource";
      if (w != null && mustNone) return where + ": last writer " + key(w) + ", but in mustNoSource";
    }
    return null;
  }

  private static String key(Event e) {
    return e.stmt() + java.util.Arrays.toString(e.iters());
  }

  private static long[] elementOf(String element) {
    String inside = element.substring(element.indexOf('[') + 1, element.length() - 1);
    if (inside.isEmpty()) return new long[0];
    String[] parts = inside.split(",");
    long[] out = new long[parts.length];
    for (int k = 0; k < parts.length; k++) out[k] = Long.parseLong(parts[k].trim());
    return out;
  }

  // ---------------------------------------------------------------------------------------------

  private void exec(CStmt s) {
    if (run.size() > 200_000) throw new IllegalStateException("runaway program");
    if (s instanceof CStmt.Block b) {
      for (CStmt x : b.items()) exec(x);
    } else if (s instanceof CStmt.Declaration d) {
      for (Decl x : d.decls()) {
        if (x.init() == null) continue;
        Statement st = statementAt(x.pos());
        List<String> reads = new ArrayList<>();
        long v = eval(x.init(), reads);
        record(st, reads, List.of(x.name() + "[]"));
        assign(x.name(), v);
      }
    } else if (s instanceof CStmt.For f) {
      if (f.init() instanceof CStmt.Declaration d) {
        for (Decl x : d.decls()) env.put(x.name(), eval(x.init(), new ArrayList<>()));
      } else if (f.init() instanceof CStmt.ExprStmt e) {
        eval(e.expr(), new ArrayList<>());
      }
      enclosing.add(f.cond());
      while (eval(f.cond(), new ArrayList<>()) != 0) {
        exec(f.body());
        eval(f.step(), new ArrayList<>());
      }
      enclosing.remove(enclosing.size() - 1);
    } else if (s instanceof CStmt.If i) {
      enclosing.add(i.cond());
      if (eval(i.cond(), new ArrayList<>()) != 0) exec(i.then());
      else if (i.otherwise() != null) exec(i.otherwise());
      enclosing.remove(enclosing.size() - 1);
    } else if (s instanceof CStmt.ExprStmt e) {
      Statement st = statementAt(e.pos());
      List<String> reads = new ArrayList<>();
      if (e.expr() instanceof Expr.Assign a) {
        String target = element(a.target(), reads);
        if (!a.op().equals("=")) reads.add(target);
        long v = eval(a.value(), reads);
        if (!a.op().equals("=")) v = binary(a.op().substring(0, a.op().length() - 1), load(target), v);
        record(st, reads, List.of(target));
        memory.put(target, v);
        if (a.target() instanceof Expr.Ident id) env.remove(id.name());
      } else {
        eval(e.expr(), reads);
        record(st, reads, List.of());
      }
    } else if (!(s instanceof CStmt.Empty) && !(s instanceof CStmt.Pragma)) {
      throw new IllegalArgumentException("cannot run " + s);
    }
  }

  private void assign(String name, long v) {
    memory.put(name + "[]", v);
  }

  private Statement statementAt(SourcePos pos) {
    for (Statement st : scop.statements()) if (st.pos().equals(pos)) return st;
    return null;
  }

  /** Adds the events of an instance of {@code st}: reads of the conditions around it, its reads, its writes. */
  private void record(Statement st, List<String> reads, List<String> writes) {
    if (st == null) return;
    long[] it = new long[st.depth()];
    for (int k = 0; k < it.length; k++) it[k] = env.get(st.iterators().get(k));
    Relation sched = null;
    for (Relation r : scop.scheduleMap().relations()) if (r.space().domainTuple().name().equals(st.name())) sched = r;
    Relation at = sched;
    for (int k = 0; k < at.space().nParam(); k++) at = at.fix(DimKind.PARAM, k, env.get(at.space().params().get(k)));
    for (int k = 0; k < it.length; k++) at = at.fix(DimKind.IN, k, it[k]);
    long[] p = at.samplePoint().orElseThrow();
    long[] time = java.util.Arrays.copyOfRange(p, p.length - at.space().nOut(), p.length);
    List<String> all = new ArrayList<>();
    for (Expr c : enclosing) eval(c, all);
    all.addAll(reads);
    for (String r : all) run.add(new Event(st.name(), it, time, r, false));
    for (String w : writes) run.add(new Event(st.name(), it, time, w, true));
  }

  private String element(Expr e, List<String> reads) {
    if (e instanceof Expr.Ident id) return id.name() + "[]";
    List<Long> subs = new ArrayList<>();
    while (e instanceof Expr.Index ix) {
      subs.add(0, eval(ix.index(), reads));
      e = ix.base();
    }
    StringBuilder sb = new StringBuilder(((Expr.Ident) e).name()).append('[');
    for (int k = 0; k < subs.size(); k++) sb.append(k == 0 ? "" : ",").append(subs.get(k));
    return sb.append(']').toString();
  }

  private long load(String element) {
    return memory.computeIfAbsent(element, k -> (long) random.nextInt(values));
  }

  private long eval(Expr e, List<String> reads) {
    if (e instanceof Expr.IntLit l) return l.value();
    if (e instanceof Expr.Ident id) {
      String name = id.name();
      if (env.containsKey(name)) return env.get(name);
      if (arrays.contains(name)) reads.add(name + "[]");
      return load(name + "[]");
    }
    if (e instanceof Expr.Index) {
      String el = element(e, reads);
      if (arrays.contains(el.substring(0, el.indexOf('[')))) reads.add(el);
      return load(el);
    }
    if (e instanceof Expr.Cast c) return eval(c.operand(), reads);
    if (e instanceof Expr.Assign a) {
      // a loop initialization or increment of an iterator
      String name = ((Expr.Ident) a.target()).name();
      long v = eval(a.value(), reads);
      if (!a.op().equals("=")) v = binary(a.op().substring(0, a.op().length() - 1), env.get(name), v);
      env.put(name, v);
      return v;
    }
    if (e instanceof Expr.Postfix p) {
      String name = ((Expr.Ident) p.operand()).name();
      long old = env.get(name);
      env.put(name, p.op().equals("++") ? old + 1 : old - 1);
      return old;
    }
    if (e instanceof Expr.Unary u) {
      if (u.op().equals("++") || u.op().equals("--")) {
        String name = ((Expr.Ident) u.operand()).name();
        long v = env.get(name) + (u.op().equals("++") ? 1 : -1);
        env.put(name, v);
        return v;
      }
      long v = eval(u.operand(), reads);
      return switch (u.op()) {
        case "-" -> -v;
        case "+" -> v;
        case "!" -> v == 0 ? 1 : 0;
        default -> throw new IllegalArgumentException(u.op());
      };
    }
    if (e instanceof Expr.Binary b) {
      if (b.op().equals("&&")) return eval(b.left(), reads) != 0 && eval(b.right(), reads) != 0 ? 1 : 0;
      if (b.op().equals("||")) return eval(b.left(), reads) != 0 || eval(b.right(), reads) != 0 ? 1 : 0;
      return binary(b.op(), eval(b.left(), reads), eval(b.right(), reads));
    }
    if (e instanceof Expr.Cond c) return eval(c.cond(), reads) != 0 ? eval(c.then(), reads) : eval(c.otherwise(), reads);
    throw new IllegalArgumentException("cannot evaluate " + dev.polyj.polyhedral.scop.ExprPrinter.print(e));
  }

  private static long binary(String op, long a, long b) {
    return switch (op) {
      case "+" -> a + b;
      case "-" -> a - b;
      case "*" -> a * b;
      case "/" -> a / b;
      case "%" -> a % b;
      case "<" -> a < b ? 1 : 0;
      case "<=" -> a <= b ? 1 : 0;
      case ">" -> a > b ? 1 : 0;
      case ">=" -> a >= b ? 1 : 0;
      case "==" -> a == b ? 1 : 0;
      case "!=" -> a != b ? 1 : 0;
      default -> throw new IllegalArgumentException(op);
    };
  }
}

package dev.polyj.polyhedral.multifor;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.frontend.CSourceException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A multifor nest as polyhedral statements (Fassi et al., IMPACT 2013, section 3): each pair
 * (statement, nest running it) is a statement {@code S<s>_<k>} whose instances are the iteration
 * counters {@code [t_1, ..., t_L]} of nest {@code k}'s loops around it, and whose schedule places
 * instance {@code t} at the referential point {@code offset_l + grain_l * t_l} of every level,
 * interleaved with the positions of the items in the bodies:
 * {@code [p_1, c_1, ..., p_L, c_L, j]} ({@code j}: the nest's position in the statement's prefix),
 * padded with zeros to a common length. The union of the schedule's images is the paper's
 * referential domain (translated by the offsets, dilated by the grains); a polyhedral code
 * generator scanning it with separated loops produces the paper's disjoint domains {@code D_i},
 * each compressed by the step of the nests it holds.
 *
 * <p>Counters rather than indices keep every schedule affine whatever the steps; index {@code l}
 * of the nest is {@code init_l + step_l * t_l} (outer indices substituted). A C division in a
 * bound is read as {@code floor}, which is C's value when the numerator is non-negative: the
 * context then assumes it (numerators reading loop indices are refused).
 */
public final class MultiforModel {
  /** One polyhedral statement: a statement of the multifor run by one nest. */
  public record Instance(String name, int nest, String text, ImmutableList<MultiforLoop.Loop> loops) {}

  private final List<Instance> instances = new ArrayList<>();
  private final List<String> schedules = new ArrayList<>();
  private final Set<String> params = new LinkedHashSet<>();
  private final Set<String> assumptions = new LinkedHashSet<>();
  private final Set<String> indexNames = new LinkedHashSet<>();
  private int ordinal;
  private int width;

  public ImmutableList<Instance> instances() {
    return ImmutableList.copyOf(instances);
  }

  /** The schedule as an isl union map over all statements. */
  public String scheduleMap() {
    return "[" + String.join(", ", params) + "] -> { " + String.join("; ", schedules) + " }";
  }

  /** The parameter context: what the model assumes of the parameters. */
  public String context() {
    return "[" + String.join(", ", params) + "] -> { : " + (assumptions.isEmpty() ? "" : String.join(" and ", assumptions)) + " }";
  }

  /** The schedule's number of dimensions. */
  public int scheduleDims() {
    return width;
  }

  public static MultiforModel of(MultiforLoop root) {
    MultiforModel m = new MultiforModel();
    m.collectIndices(root);
    m.collectParams(root);
    m.width = 2 * depth(root) + 1;
    for (int k = 0; k < root.nests(); k++) {
      m.ordinal = 0;
      m.level(root, k, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new HashMap<>());
    }
    m.instances.sort((a, b) -> a.name().compareTo(b.name()));
    return m;
  }

  private static int depth(MultiforLoop m) {
    int d = 0;
    for (MultiforLoop.Item it : m.items()) if (it instanceof MultiforLoop.Nested n) d = Math.max(d, depth(n.loop()));
    return d + 1;
  }

  private void collectIndices(MultiforLoop m) {
    for (MultiforLoop.Loop l : m.loops()) indexNames.add(l.index());
    for (MultiforLoop.Item it : m.items()) if (it instanceof MultiforLoop.Nested n) collectIndices(n.loop());
  }

  private void collectParams(MultiforLoop m) {
    for (MultiforLoop.Loop l : m.loops()) {
      Set<String> vars = new LinkedHashSet<>();
      l.init().variables(vars);
      l.bound().variables(vars);
      l.offset().variables(vars);
      for (String v : vars) if (!indexNames.contains(v)) params.add(v);
    }
    for (MultiforLoop.Item it : m.items()) if (it instanceof MultiforLoop.Nested n) collectParams(n.loop());
  }

  /**
   * Nest {@code k} from level {@code m} down; {@code loops} are its enclosing loops, {@code sched}
   * the schedule prefix, {@code cons} the domain constraints so far and {@code subst} the outer
   * indices as expressions of the counters.
   */
  private void level(MultiforLoop m, int k, List<MultiforLoop.Loop> loops, List<String> sched, List<String> cons, Map<String, String> subst) {
    MultiforLoop.Loop l = m.loops().get(k);
    int depth = loops.size();
    String t = "t" + depth;
    List<MultiforLoop.Loop> myLoops = new ArrayList<>(loops);
    myLoops.add(l);
    List<String> myCons = new ArrayList<>(cons);
    String index = "(" + isl(l.init(), subst) + " + " + l.step() + "*" + t + ")";
    myCons.add(t + " >= 0");
    myCons.add(index + " " + l.cmp() + " " + isl(l.bound(), subst));
    Map<String, String> mySubst = new HashMap<>(subst);
    mySubst.put(l.index(), index);
    for (int item = 0; item < m.items().size(); item++) {
      MultiforLoop.Item it = m.items().get(item);
      List<String> mySched = new ArrayList<>(sched);
      mySched.add(offset(l, subst) + " + " + grain(l) + "*" + t);
      mySched.add(Integer.toString(item));
      if (it instanceof MultiforLoop.Statement s) {
        int j = 0;
        for (Map.Entry<Integer, String> e : s.texts().entrySet()) {
          if (e.getKey() == k) {
            String name = "S" + ordinal + "_" + k;
            List<String> full = new ArrayList<>(mySched);
            full.add(Integer.toString(j));
            while (full.size() < width) full.add("0");
            List<String> ts = new ArrayList<>();
            for (int i = 0; i <= depth; i++) ts.add("t" + i);
            schedules.add(name + "[" + String.join(", ", ts) + "] -> [" + String.join(", ", full) + "] : " + String.join(" and ", myCons));
            instances.add(new Instance(name, k, e.getValue(), ImmutableList.copyOf(myLoops)));
          }
          j++;
        }
        ordinal++;
      } else {
        level(((MultiforLoop.Nested) it).loop(), k, myLoops, mySched, myCons, mySubst);
      }
    }
  }

  /**
   * A constant grain: a grain given by a parameter multiplies the loop counter in the schedule,
   * which no affine model expresses (the run-time translation handles it).
   */
  private static long grain(MultiforLoop.Loop l) {
    if (l.mapped()) {
      throw new CSourceException(l.grain().pos(), "nest of '" + l.index() + "' is mapped by rank: the mapping is not affine"
          + " (only 'polyj multifor' without --polyhedral translates it)");
    }
    Long g = l.constantGrain();
    if (g == null) {
      throw new CSourceException(l.grain().pos(), "the grain '" + l.grain().text() + "' of '" + l.index()
          + "' is not a constant: it multiplies the loop counter, so the multifor has no affine model"
          + " (only 'polyj multifor' without --polyhedral translates it)");
    }
    return g;
  }

  /**
   * The offset: a constant, or an affine expression of parameters, which the context assumes to
   * be non-negative (an offset reading a loop index has no model here).
   */
  private String offset(MultiforLoop.Loop l, Map<String, String> subst) {
    Long o = l.constantOffset();
    if (o != null) return Long.toString(o);
    Set<String> vars = new LinkedHashSet<>();
    l.offset().variables(vars);
    for (String v : vars) {
      if (indexNames.contains(v)) {
        throw new CSourceException(l.offset().pos(), "the offset '" + l.offset().text() + "' of '" + l.index()
            + "' reads the loop index '" + v + "': no affine model (only 'polyj multifor' without --polyhedral translates it)");
      }
    }
    String e = isl(l.offset(), subst);
    assumptions.add(e + " >= 0");
    return "(" + e + ")";
  }

  /** A header expression in isl notation; loop indices replaced by their counter expressions. */
  private String isl(HeaderExpr e, Map<String, String> subst) {
    if (e instanceof HeaderExpr.Num n) return Long.toString(n.value());
    if (e instanceof HeaderExpr.Var x) {
      String s = subst.get(x.name());
      if (s == null && indexNames.contains(x.name())) throw new CSourceException(x.pos(), "'" + x.name() + "' is not an enclosing index of this nest");
      return s != null ? s : x.name();
    }
    if (e instanceof HeaderExpr.Neg n) return "-(" + isl(n.operand(), subst) + ")";
    HeaderExpr.Bin b = (HeaderExpr.Bin) e;
    if (b.op() == '/' || b.op() == '%') {
      if (!(b.right() instanceof HeaderExpr.Num d) || d.value() <= 0) {
        throw new CSourceException(b.pos(), "only divisions by positive constants have a polyhedral model");
      }
      Set<String> vars = new LinkedHashSet<>();
      b.left().variables(vars);
      for (String v : vars) {
        if (indexNames.contains(v)) throw new CSourceException(b.pos(), "a division of a loop index has no polyhedral model here");
      }
      String num = isl(b.left(), subst);
      assumptions.add(num + " >= 0");
      return b.op() == '/' ? "floor((" + num + ")/" + d.value() + ")" : "((" + num + ") mod " + d.value() + ")";
    }
    if (b.op() == '*') {
      if (b.left() instanceof HeaderExpr.Num n) return n.value() + "*(" + isl(b.right(), subst) + ")";
      if (b.right() instanceof HeaderExpr.Num n) return n.value() + "*(" + isl(b.left(), subst) + ")";
      return "(" + isl(b.left(), subst) + ")*(" + isl(b.right(), subst) + ")";
    }
    return "(" + isl(b.left(), subst) + " " + b.op() + " " + isl(b.right(), subst) + ")";
  }
}

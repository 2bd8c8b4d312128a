package dev.polyj.codegen.ast;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parallel loop and the loops perfectly nested in it that can run as one flat loop over the
 * ranks of their iterations (Fassi et al., IMPACT 2013, section 5): the chain of loops, their
 * iteration set in isl notation and the C values of its parameters.
 *
 * <p>The chain starts at a loop and takes each loop that is the only statement of the previous
 * one's body while it is coincident (its iterations independent for fixed outer values: with the
 * outer loop parallel, any two points of the chain are then independent), has no pragma, steps by
 * one and has bounds whose non-affine parts ({@code min} of upper bounds, {@code max} of lower
 * bounds, floor and ceiling divisions by constants) isl notation can say. Sub-expressions without
 * a chain iterator (e.g. {@code floord(n - 1, 32)}, or an enclosing sequential loop's iterator)
 * become parameters of the set, computed in C; the counting and ranking then work on plain
 * polynomials. A chain is only kept when it is not rectangular (a bound of a loop reads an outer
 * iterator of the chain): a rectangular chain is balanced by its outer loop already. When the loops
 * inside the parallel one are not coincident, the chain is kept for weighing only ({@link
 * #outerOnly}): the chunks are then made of whole iterations of the parallel loop, cut where the
 * ranks of the chain say, which is legal whatever the inner loops carry.
 *
 * <p>In the loop AST, a collapsed chain is a {@link Node.Mark} named by {@link #markName} around
 * its outer loop; the printer recomputes the nest from the loop ({@link #of}) and prints the flat
 * loop when the outer loop is still OpenMP-parallel, the loops themselves otherwise.
 */
public final class CollapsedNest {
  private static final String MARK = "polyj-collapse";
  private static final Set<String> ISL_WORDS = Set.of("and", "or", "not", "min", "max", "floor", "ceil", "mod",
      "exists", "true", "false", "infinity", "nan", "rat", "implies", "xor");

  private final List<Node.For> loops;
  private final String set;
  private final List<String> paramValues;
  private final boolean outerOnly;

  private CollapsedNest(List<Node.For> loops, String set, List<String> paramValues, boolean outerOnly) {
    this.loops = List.copyOf(loops);
    this.set = set;
    this.paramValues = List.copyOf(paramValues);
    this.outerOnly = outerOnly;
  }

  /**
   * Whether only the outer loop is cut: the inner loops of the chain are not all coincident, so
   * each chunk runs whole iterations of the outer loop, its boundaries placed by the ranks of the
   * chain (the outer iterations weighted by their inner iterations) instead of by iteration counts.
   */
  public boolean outerOnly() {
    return outerOnly;
  }

  /** The loops of the chain, outermost first. */
  public List<Node.For> loops() {
    return loops;
  }

  /** The iteration set of the chain in isl notation, one dimension per loop. */
  public String set() {
    return set;
  }

  /** The C values of the set's parameters, in its order. */
  public List<String> paramValues() {
    return paramValues;
  }

  /** The name of the file-scope rank functions of this nest (a digest of its set: equal sets share them). */
  public String functionPrefix() {
    try {
      byte[] h = MessageDigest.getInstance("SHA-256").digest(set.getBytes(StandardCharsets.UTF_8));
      return "polyj_rank_" + HexFormat.of().formatHex(h, 0, 8) + "_";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The mark around a collapsed chain of {@code depth} loops. */
  public static String markName(int depth) {
    return MARK + " " + depth;
  }

  /** The depth a collapse mark asks for, or -1 when {@code name} is not a collapse mark. */
  public static int depthOf(String name) {
    if (!name.startsWith(MARK + " ")) return -1;
    try {
      return Integer.parseInt(name.substring(MARK.length() + 1).trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * The chain of at most {@code maxDepth} loops from {@code outer} (at least two), or null when
   * there is none, it is rectangular, or a bound cannot be said in isl notation.
   */
  public static CollapsedNest of(Node.For outer, int maxDepth) {
    if (!simple(outer)) return null;
    CollapsedNest c = of(outer, maxDepth, false);
    return c != null ? c : of(outer, maxDepth, true);
  }

  /** The chain from {@code outer} whose inner loops are all coincident, or (with {@code outerOnly}) any loops. */
  private static CollapsedNest of(Node.For outer, int maxDepth, boolean outerOnly) {
    List<Node.For> chain = new ArrayList<>(List.of(outer));
    while (chain.size() < maxDepth) {
      Node body = chain.get(chain.size() - 1).body();
      if (body instanceof Node.Block b && b.children().size() == 1) body = b.children().get(0);
      if (!(body instanceof Node.For g) || !(outerOnly || g.coincident()) || !g.pragmas().isEmpty() || !simple(g)) break;
      chain.add(g);
    }
    while (chain.size() >= 2) {
      CollapsedNest c = build(chain, outerOnly);
      if (c != null) return c;
      chain.remove(chain.size() - 1);
    }
    return null;
  }

  private static boolean simple(Node.For f) {
    return f.step() == 1 && f.sizeParam() == null && !f.upper().equals(Node.For.NO_UPPER_BOUND);
  }

  /** The nest of exactly {@code chain}, or null. */
  private static CollapsedNest build(List<Node.For> chain, boolean outerOnly) {
    List<String> iterators = new ArrayList<>();
    for (Node.For f : chain) iterators.add(f.iterator());
    if (iterators.stream().distinct().count() != iterators.size()) return null;
    boolean rectangular = true;
    for (int j = 1; j < chain.size(); j++) {
      for (int i = 0; i < j; i++) {
        String it = iterators.get(i);
        if (mentions(chain.get(j).init(), it) || mentions(chain.get(j).upper(), it)) rectangular = false;
      }
    }
    if (rectangular) return null;
    Map<String, String> params = new LinkedHashMap<>(); // isl name -> C value
    List<String> constraints = new ArrayList<>();
    try {
      for (Node.For f : chain) {
        for (Expr lower : split(f.init(), Expr.Kind.MAX, iterators)) {
          constraints.add(f.iterator() + " >= " + isl(lower, iterators, params));
        }
        for (Expr upper : split(f.upper(), Expr.Kind.MIN, iterators)) {
          constraints.add(f.iterator() + " <= " + isl(upper, iterators, params));
        }
      }
    } catch (IllegalArgumentException e) {
      return null;
    }
    String set = "[" + String.join(", ", params.keySet()) + "] -> { [" + String.join(", ", iterators) + "] : "
        + String.join(" and ", constraints) + " }";
    return new CollapsedNest(chain, set, new ArrayList<>(params.values()), outerOnly);
  }

  /** The arguments of {@code e} when it is a {@code kind} over chain iterators (a conjunction of bounds), else {@code e}. */
  private static List<Expr> split(Expr e, Expr.Kind kind, List<String> iterators) {
    if (e instanceof Expr.Op op && op.kind() == kind && iterators.stream().anyMatch(it -> mentions(e, it))) {
      List<Expr> out = new ArrayList<>();
      for (Expr a : op.args()) out.addAll(split(a, kind, iterators));
      return out;
    }
    return List.of(e);
  }

  /** {@code e} in isl notation, its parts without chain iterators made parameters. */
  private static String isl(Expr e, List<String> iterators, Map<String, String> params) {
    if (e instanceof Expr.Int i) return Long.toString(i.value());
    boolean free = iterators.stream().noneMatch(it -> mentions(e, it));
    if (e instanceof Expr.Id id) {
      if (!free) return id.name();
      String name = ISL_WORDS.contains(id.name()) || !id.name().matches("[A-Za-z_][A-Za-z0-9_]*") ? parameter(e, params)
          : id.name();
      params.putIfAbsent(name, id.name());
      return name;
    }
    if (free && e instanceof Expr.Op) return parameter(e, params);
    if (e instanceof Expr.Linear l) {
      StringBuilder sb = new StringBuilder("(");
      for (Expr.Term t : l.terms()) {
        if (sb.length() > 1) sb.append(" + ");
        sb.append(t.coef()).append(" * ").append(isl(t.expr(), iterators, params));
      }
      return sb.append(" + ").append(l.constant()).append(")").toString();
    }
    Expr.Op op = (Expr.Op) e;
    switch (op.kind()) {
      case FLOORD, DIV:
        return "floor((" + isl(op.args().get(0), iterators, params) + ") / " + divisor(op) + ")";
      case CEILD:
        return "ceil((" + isl(op.args().get(0), iterators, params) + ") / " + divisor(op) + ")";
      default:
        throw new IllegalArgumentException("not affine: " + e);
    }
  }

  private static long divisor(Expr.Op op) {
    if (!(op.args().get(1) instanceof Expr.Int d) || d.value() <= 0) throw new IllegalArgumentException("divisor " + op);
    return d.value();
  }

  /** A parameter standing for the C value of {@code e} (one per distinct value). */
  private static String parameter(Expr e, Map<String, String> params) {
    String c = ExprFormat.format(e);
    for (Map.Entry<String, String> p : params.entrySet()) if (p.getValue().equals(c)) return p.getKey();
    String name = "polyj_e" + params.size();
    params.put(name, c);
    return name;
  }

  /** Whether {@code e} reads the identifier {@code name}. */
  static boolean mentions(Expr e, String name) {
    if (e instanceof Expr.Id id) return id.name().equals(name);
    if (e instanceof Expr.Linear l) return l.terms().stream().anyMatch(t -> mentions(t.expr(), name));
    if (e instanceof Expr.Op op) return op.args().stream().anyMatch(a -> mentions(a, name));
    return false;
  }
}

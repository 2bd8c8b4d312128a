package dev.polyj.codegen.transform;

import com.google.common.collect.ImmutableList;
import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Register blocking of an accumulation loop around a vectorized loop, the micro-kernel of
 * BLIS-style matrix products (Low et al., "Analytical modeling is enough for high-performance
 * BLIS", TOMS 2016). In the nest
 *
 * <pre>
 * for (k ...)  #pragma omp simd  for (j = jl; j &lt;= ju; j++)  { C[i][j] += A[i][k] * B[k][j]; C[i + 1][j] += ... }
 * </pre>
 *
 * (the shape {@code UnrollAndJam} leaves in a matrix product) the loop {@code j} is cut into
 * strips of 8 to 32 iterations ({@link #width}), the strip loop is moved outside {@code k}, and the
 * elements the statements update are held in small local arrays (vector registers) for the whole
 * {@code k} loop: loaded before it, stored after it. The C compiler does neither itself, since it
 * cannot prove that {@code C} does not overlap {@code A} or {@code B}; the polyhedral model
 * assumes that distinct arrays do not overlap. A remainder loop runs the last iterations of
 * {@code j} in the original order.
 *
 * <p>Exactness, from the statements' array references (their subscripts at each instance, affine
 * in the loop iterators): every reference to an array the statements write has subscripts that do
 * not use {@code k}, all but the last do not use {@code j}, and the last is {@code j} plus the same
 * expression (not using {@code j} or {@code k}) in all references to that array; two references
 * with different leading subscripts differ by a nonzero constant in one of them. Then the instances
 * at different {@code j} touch disjoint elements of the written arrays, so they are independent and
 * any order that keeps, for each {@code j}, the order of {@code k} and of the statements gives the
 * same values (the same operations in the same order, so floating-point results are bit-identical).
 * The promoted elements are touched inside the strip only by the instances of their own {@code j},
 * so keeping them in locals is exact; the loads and stores are guarded by the non-emptiness of the
 * {@code k} loop, so they touch only elements the loop itself writes. The bounds of {@code j} must
 * not use {@code k}, the statements must not write scalars, and at most {@link #MAX_ELEMENTS}
 * elements per iteration are promoted (register pressure).
 */
public final class RegisterBlocking {
  /** Iterations of the vectorized loop per strip at least: two AVX2 vectors of doubles. */
  static final int MIN_WIDTH = 8;

  /**
   * Promoted values per strip aimed at: eight AVX2 vectors of doubles, enough independent
   * accumulation chains to hide the latency of the fused multiply-adds, half the vector registers.
   */
  static final int VALUES = 32;

  /** At most this many elements per iteration are held in locals. */
  static final int MAX_ELEMENTS = VALUES / MIN_WIDTH;

  /** Prefix of the local arrays holding promoted elements. */
  public static final String PREFIX = "polyj_rb";

  private static final String STRIP = "polyj_jb";
  private final Scop scop;
  private final Function<Node.User, List<String>> base;
  private final LiteralLines literals = new LiteralLines("polyj_rb_lines_");
  private int nextRegister;
  private int nextStrip;

  private RegisterBlocking(Scop scop, Function<Node.User, List<String>> base) {
    this.scop = scop;
    this.base = base;
  }

  /** An AST with its register blocks and the statement printer that prints it. */
  public record Result(Node ast, Function<Node.User, List<String>> printer) {}

  /** {@code ast} with its eligible accumulation loops register-blocked; {@code base} prints the statements. */
  public static Result apply(Node ast, Scop scop, Function<Node.User, List<String>> base) {
    RegisterBlocking r = new RegisterBlocking(scop, base);
    Node out = r.walk(ast);
    return new Result(out, r.literals.printer(base));
  }

  private Node walk(Node n) {
    return Node.rewriteLoops(n, this::block);
  }

  /** A reference to a written array: leading subscripts, the last one less {@code j}, its printed text. */
  private record Ref(String array, List<Expr> lead, Expr offset, String text, boolean written) {}

  /** The condition for giving up on a loop. */
  private static final class NotEligible extends RuntimeException {
    NotEligible() {
      super(null, null, false, false);
    }
  }

  /** The blocked nest for {@code f} as the accumulation loop, or null when the class comment's conditions fail. */
  private Node block(Node.For f) {
    if (!f.pragmas().isEmpty() || f.step() != 1 || f.sizeParam() != null) return null;
    if (!(f.body() instanceof Node.For g)) return null;
    if (g.step() != 1 || g.sizeParam() != null || !g.pragmas().equals(List.of("omp simd"))) return null;
    String k = f.iterator();
    String j = g.iterator();
    if (Exprs.uses(g.init(), k) || Exprs.uses(g.upper(), k)) return null;
    List<Node.User> users = statements(g.body());
    if (users == null || users.isEmpty()) return null;
    Set<String> written = new LinkedHashSet<>();
    for (Node.User u : users) {
      Statement st = statement(u.name());
      if (st == null) return null;
      for (Access a : st.writes()) {
        if (a.relation().space().nOut() == 0) return null; // a scalar
        written.add(a.array());
      }
    }
    if (written.isEmpty()) return null;
    List<Ref> refs = new ArrayList<>();
    try {
      for (Node.User u : users) {
        Map<String, Expr> values = ScopCodegen.instanceValues(scop, u);
        collect(statement(u.name()).body(), false, written, values, j, k, refs);
      }
    } catch (NotEligible e) {
      return null;
    }
    // one offset per array; distinct leading subscripts provably distinct
    Map<String, Expr> offsets = new LinkedHashMap<>();
    Map<List<Object>, Ref> elements = new LinkedHashMap<>();
    Set<List<Object>> stored = new LinkedHashSet<>();
    for (Ref r : refs) {
      Expr o = offsets.putIfAbsent(r.array(), r.offset());
      if (o != null && !o.equals(r.offset())) return null;
      List<Object> key = List.of(r.array(), r.lead());
      Ref first = elements.putIfAbsent(key, r);
      if (first != null && !first.text().equals(r.text())) return null;
      if (r.written()) stored.add(key);
    }
    List<List<Object>> keys = new ArrayList<>(elements.keySet());
    for (int a = 0; a < keys.size(); a++) {
      for (int b = a + 1; b < keys.size(); b++) {
        if (keys.get(a).get(0).equals(keys.get(b).get(0))
            && !differ(elements.get(keys.get(a)).lead(), elements.get(keys.get(b)).lead())) {
          return null;
        }
      }
    }
    if (stored.isEmpty() || stored.size() > MAX_ELEMENTS) return null;
    int width = width(stored.size());
    for (List<Object> key : stored) {
      ArrayInfo info = array((String) key.get(0));
      if (info == null || narrowerThan(info, width)) return null;
    }
    String strip = STRIP + nextStrip++;
    String lane = j + " - " + strip;
    List<List<String>> lines = new ArrayList<>();
    for (Node.User u : users) lines.add(new ArrayList<>(base.apply(u)));
    List<String> declarations = new ArrayList<>();
    List<String> loads = new ArrayList<>();
    List<String> stores = new ArrayList<>();
    for (List<Object> key : stored) {
      Ref r = elements.get(key);
      ArrayInfo info = array(r.array());
      String local = PREFIX + nextRegister++;
      String reg = local + "[" + lane + "]";
      declarations.add(info.elementType().replace("const", "").trim() + " " + local + "[" + width + "];");
      loads.add(reg + " = " + r.text() + ";");
      stores.add(r.text() + " = " + reg + ";");
      Pattern ref = Pattern.compile("(?<![A-Za-z0-9_.>])" + Pattern.quote(r.text()) + "(?![A-Za-z0-9_\\[])");
      boolean found = false;
      for (List<String> l : lines) {
        for (int i = 0; i < l.size(); i++) {
          Matcher m = ref.matcher(l.get(i));
          if (m.find()) {
            found = true;
            l.set(i, m.replaceAll(Matcher.quoteReplacement(reg)));
          }
        }
      }
      if (!found) return null;
    }
    List<Node> body = new ArrayList<>();
    for (List<String> l : lines) body.add(text(l));
    Expr first = Exprs.id(strip);
    Expr last = Exprs.plus(first, width - 1);
    ImmutableList<String> simd = g.pragmas();
    Node.For load = new Node.For(j, first, last, 1, text(loads), simd).withCoincident(true);
    Node.For store = new Node.For(j, first, last, 1, text(stores), simd).withCoincident(true);
    Node.For lanes = new Node.For(j, first, last, 1, Node.seq(body), simd, null, g.coincident());
    Node.For strips = new Node.For(strip, g.init(), Exprs.plus(g.upper(), -(width - 1)), width,
        new Node.Block(List.of(text(declarations), load, f.withBody(lanes), store)), ImmutableList.of())
        .withCoincident(g.coincident());
    Expr nonEmpty = new Expr.Op(Expr.Kind.LE, ImmutableList.of(f.init(), f.upper()));
    // the first iteration the strips leave: jl + width * floor((ju - jl + 1) / width), at least jl
    Expr done = Exprs.add(g.init(),
        Exprs.scale(Exprs.floorDiv(Exprs.plus(Exprs.sub(g.upper(), g.init()), 1), width), width));
    Node.For rest = new Node.For(j, Exprs.max(List.of(g.init(), done)), g.upper(), 1, g.body(), simd, null,
        g.coincident());
    return new Node.Block(List.of(new Node.If(nonEmpty, strips, null), f.withBody(rest)));
  }

  /** The strip width for {@code elements} promoted elements: the largest power of two, at least {@link #MIN_WIDTH}, with {@code elements * width <= VALUES}. */
  static int width(int elements) {
    int w = MIN_WIDTH;
    while (elements * w * 2 <= VALUES) w *= 2;
    return w;
  }

  /** True when the two subscript lists differ by a nonzero constant in some position. */
  private static boolean differ(List<Expr> a, List<Expr> b) {
    for (int i = 0; i < a.size(); i++) {
      if (Exprs.sub(a.get(i), b.get(i)) instanceof Expr.Int c && c.value() != 0) return true;
    }
    return false;
  }

  /**
   * Adds the references to {@code written} arrays in {@code e} to {@code out}; {@code target} when
   * {@code e} is assigned. Throws {@link NotEligible} on a reference the class comment excludes.
   */
  private static void collect(dev.polyj.polyhedral.scop.Expr e, boolean target, Set<String> written,
      Map<String, Expr> values, String j, String k, List<Ref> out) {
    if (e instanceof dev.polyj.polyhedral.scop.Expr.Index top) {
      List<dev.polyj.polyhedral.scop.Expr> subs = new ArrayList<>();
      dev.polyj.polyhedral.scop.Expr b = top;
      while (b instanceof dev.polyj.polyhedral.scop.Expr.Index ix) {
        subs.add(0, ix.index());
        b = ix.base();
      }
      for (dev.polyj.polyhedral.scop.Expr s : subs) collect(s, false, written, values, j, k, out);
      if (!(b instanceof dev.polyj.polyhedral.scop.Expr.Ident id)) {
        collect(b, false, written, values, j, k, out);
        return;
      }
      if (!written.contains(id.name())) {
        // a read whose leading subscripts move with j gathers across the strip (a matrix walked by
        // columns, as in a transposed matrix-vector product): strips held across k make it slower
        // (mvt 3.1x -> 1.7x over gcc)
        for (int i = 0; i < subs.size() - 1; i++) {
          Expr v = ScopCodegen.affineValue(subs.get(i), values);
          if (v != null && Exprs.uses(v, j)) throw new NotEligible();
        }
        return;
      }
      List<Expr> lead = new ArrayList<>();
      Expr offset = null;
      for (int i = 0; i < subs.size(); i++) {
        Expr v = ScopCodegen.affineValue(subs.get(i), values);
        if (v == null || Exprs.uses(v, k)) throw new NotEligible();
        if (i < subs.size() - 1) {
          if (Exprs.uses(v, j)) throw new NotEligible();
          lead.add(v);
        } else {
          offset = Exprs.sub(v, Exprs.id(j));
          if (Exprs.uses(offset, j)) throw new NotEligible();
        }
      }
      out.add(new Ref(id.name(), List.copyOf(lead), offset, ScopCodegen.instanceText(top, values), target));
      return;
    }
    if (e instanceof dev.polyj.polyhedral.scop.Expr.Ident id) {
      if (written.contains(id.name())) throw new NotEligible(); // the array itself
      return;
    }
    if (e instanceof dev.polyj.polyhedral.scop.Expr.Assign a) {
      collect(a.target(), true, written, values, j, k, out);
      collect(a.value(), false, written, values, j, k, out);
      return;
    }
    boolean step = (e instanceof dev.polyj.polyhedral.scop.Expr.Unary u && (u.op().equals("++") || u.op().equals("--")))
        || e instanceof dev.polyj.polyhedral.scop.Expr.Postfix;
    for (dev.polyj.polyhedral.scop.Expr c : e.children()) collect(c, step, written, values, j, k, out);
  }

  private Node.User text(List<String> text) {
    return literals.of(text);
  }

  /** The statements of a loop-free body made only of statement calls, or null. */
  private static List<Node.User> statements(Node body) {
    List<Node.User> out = new ArrayList<>();
    List<Node> nodes = body instanceof Node.Block b ? b.children() : List.of(body);
    for (Node c : nodes) {
      if (!(c instanceof Node.User u)) return null;
      out.add(u);
    }
    return out;
  }

  private Statement statement(String name) {
    for (Statement s : scop.statements()) if (s.name().equals(name)) return s;
    return null;
  }

  /**
   * Whether the last dimension of {@code a} is declared with a constant extent below {@code width}:
   * a strip of that many consecutive elements would leave the row, so the strips never run in a
   * program whose accesses stay in bounds (and the C compiler warns about the out-of-bounds
   * iterations it sees in them).
   */
  private static boolean narrowerThan(ArrayInfo a, int width) {
    if (a.sizes().isEmpty()) return false;
    return a.sizes().get(a.sizes().size() - 1) instanceof dev.polyj.polyhedral.scop.Expr.IntLit n && n.value() < width;
  }

  private ArrayInfo array(String name) {
    for (ArrayInfo a : scop.arrays()) if (a.name().equals(name)) return a;
    return null;
  }
}

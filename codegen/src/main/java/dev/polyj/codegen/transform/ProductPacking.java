package dev.polyj.codegen.transform;

import com.google.common.collect.ImmutableList;
import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.ExprFormat;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Packed panels and a register micro-kernel for the point loops of a matrix-product tile, after
 * the Goto/BLIS structure (Goto and van de Geijn, "Anatomy of high-performance matrix
 * multiplication", TOMS 2008; Low et al., TOMS 2016). The criterion is the shape of the nest, never
 * a kernel's name: three point loops with constant extents (a tile)
 *
 * <pre>
 * for (i ...) for (k ...) #pragma omp simd for (j ...)  X[i + a][j + b] op= e;
 * </pre>
 *
 * whose bounds do not use the enclosing point loops' iterators, with one statement writing one
 * element {@code X[i + a][j + b]} of a {@code double} array (every other reference to {@code X} is
 * that same element). In {@code e}, every maximal operand that depends on {@code k} and on one of
 * {@code i} or {@code j} only, and does not read {@code X}, is reused along the third loop: an
 * operand of {@code (i, k)} (the row panel, {@code alpha * A[i][k]}) is the same for every {@code
 * j}, an operand of {@code (k, j)} (the column panel, {@code B[k][j]}, or a transposed {@code
 * A[j][k]}) the same for every {@code i}. Such operands are computed once per tile into contiguous
 * buffers laid out in the order the micro-kernel reads them ({@code [i / 4][k][4]} and {@code
 * [j / 8][k][8]}), and the kernel keeps a 4 x 8 block of {@code X} in vector registers for the
 * whole {@code k} loop, reading both buffers at unit stride. What remains of {@code e} must combine
 * the operands, the element and loop-invariant scalars with {@code + - * /} only.
 *
 * <p>Exactness: distinct {@code (i, j)} write distinct elements of {@code X}, and each instance
 * reads only its own element of {@code X}, so the instances at different {@code (i, j)} are
 * independent and any order that keeps, for each element, the order of {@code k} gives the same
 * values. Packed operands read no array the tile writes, so computing them before the tile gives
 * the values the statement would compute, by the same operations (the subexpression is printed
 * as it is); the kernel evaluates the rest of the statement on them in the original order. All
 * array references are to {@code double} arrays (no narrower intermediate type), so the
 * floating-point results are bit-identical. Rows after the last full group of 4 and columns after
 * the last full strip of 8 run in the original loops, reading the original arrays.
 *
 * <p>Inside a parallel loop over row tiles, the column panel of a tile is the same for every row
 * tile of one column and accumulation tile; the tile loops are reordered so that a thread's
 * consecutive tiles share it, and it is packed once per thread and start ({@link #packInside}).
 */
public final class ProductPacking {
  /** Rows of the micro-kernel (one broadcast value each). */
  static final int ROWS = 4;

  /** Doubles per vector register (AVX2). */
  static final int LANES = 4;

  /** Columns of the micro-kernel: two vectors, so 8 accumulators in all. */
  static final int COLUMNS = 2 * LANES;

  /** Prefix of the names this pass declares. */
  public static final String PREFIX = "polyj_pk";

  private static final String VECTOR = "polyj_v4d";

  private enum Role { I, K, J }

  private final Scop scop;
  private final LiteralLines literals = new LiteralLines("polyj_pk_lines_");
  private int next;

  private ProductPacking(Scop scop) {
    this.scop = scop;
  }

  /** An AST with its packed product tiles, the printer that prints it, and whether any tile was packed. */
  public record Result(Node ast, Function<Node.User, List<String>> printer, boolean packed) {}

  /** {@code ast} with every eligible product tile packed; {@code base} prints the statements. */
  public static Result apply(Node ast, Scop scop, Function<Node.User, List<String>> base) {
    ProductPacking p = new ProductPacking(scop);
    Node out = p.walk(ast);
    return new Result(out, p.literals.printer(base), p.next > 0);
  }

  private Node walk(Node n) {
    return Node.rewriteLoops(n, f -> isParallel(f) ? packInside(f) : pack(f));
  }

  private static boolean isParallel(Node.For f) {
    return f.pragmas().size() == 1 && f.pragmas().get(0).startsWith("omp parallel for");
  }

  /**
   * The enclosing parallel loop whose starts reuse column panels ({@link #packInside}): the flag
   * its threads keep, its iterator and the arrays its body writes; null outside such a loop.
   */
  private record Reuse(String flag, String parallelIterator, Set<String> written) {}

  private Reuse reuse;

  /** Whether a tile packed under {@link #reuse} reused its column panel. */
  private boolean reused;

  /** How many parallel loops were reordered (numbers their flags). */
  private int reuses;

  /**
   * A parallel loop {@code P} over tiles whose body is a perfect nest of tile loops {@code L1 ..
   * Lm} around product tiles: each thread runs a block of {@code P}'s iterations, and in the order
   * {@code P, L1 .. Lm} consecutive tiles of a thread differ in their column panel (repacked for
   * every tile: a fifth of gemm's time at LARGE). The nest is reordered to {@code L1 .. Lm, P}, so
   * that the tiles of one start of {@code P} share their column panel, and each thread packs it
   * once per start (a flag, firstprivate to the threads, reset before each start). Legal because
   * the iterations of a parallel loop are independent and {@code L1 .. Lm} keep their order for
   * each iteration of {@code P}; their bounds must not use {@code P}'s iterator. Only when some
   * tile inside reuses its column panel is the nest reordered; otherwise its tiles are packed as
   * elsewhere. A parallel loop inside {@code P} packs its tiles without reuse (its threads would
   * share {@code P}'s flag).
   */
  private Node packInside(Node.For par) {
    if (reuse != null) {
      Reuse outer = reuse;
      reuse = null;
      try {
        return par.withBody(walk(par.body()));
      } finally {
        reuse = outer;
      }
    }
    List<Node.For> chain = new ArrayList<>();
    Node body = par.body();
    while (body instanceof Node.For l && l.pragmas().isEmpty() && !tileShape(l) && l.sizeParam() == null
        && !Exprs.uses(l.init(), par.iterator()) && !Exprs.uses(l.upper(), par.iterator())) {
      chain.add(l);
      body = l.body();
    }
    if (chain.isEmpty() || !onlyIfAndPrivate(par.pragmas().get(0))) return null;
    Set<String> written = writtenArrays(body);
    if (written == null) return null;
    Reuse r = new Reuse(PREFIX + "done" + reuses, par.iterator(), written);
    reuse = r;
    reused = false;
    Node inner;
    try {
      inner = walk(body);
    } finally {
      reuse = null;
    }
    // no tile reuses a panel: the loops as they were, their tiles packed
    if (!reused) return par.withBody(around(chain, inner));
    reuses++;
    // P innermost (the moved loops' iterators are shared, read inside), the flag a copy per thread
    Node.For moved = par.withPragmas(List.of(par.pragmas().get(0) + " firstprivate(" + r.flag() + ")")).withBody(inner);
    Node reset = new Node.Block(List.of(literals.of(List.of(r.flag() + " = 0;")), moved));
    return new Node.Block(List.of(literals.of(List.of("{", "  int " + r.flag() + " = 0;")), around(chain, reset),
        literals.of(List.of("}"))));
  }

  /** {@code body} inside the loops of {@code chain}, outermost first. */
  private static Node around(List<Node.For> chain, Node body) {
    Node out = body;
    for (int c = chain.size() - 1; c >= 0; c--) out = chain.get(c).withBody(out);
    return out;
  }

  /** Whether {@code f} has the shape of a tile's point loops (see {@link #pack}). */
  private static boolean tileShape(Node.For f) {
    return f.body() instanceof Node.For pk && pk.pragmas().isEmpty() && pk.body() instanceof Node.For pj
        && pj.pragmas().equals(List.of("omp simd"));
  }

  /**
   * A pragma {@code omp parallel for} with at most {@code if(...)} and {@code private(...)} clauses
   * (the loop iterators' private clause is printed later, from the loops inside).
   */
  private static boolean onlyIfAndPrivate(String pragma) {
    return pragma.replaceAll("if\\([^()]*\\)", "").replaceAll("private\\([^()]*\\)", "").trim().equals("omp parallel for");
  }

  /** The arrays the statements of {@code n} write, or null when it holds a statement not of the SCoP. */
  private Set<String> writtenArrays(Node n) {
    Set<String> out = new java.util.HashSet<>();
    for (String name : Node.statementNames(n)) {
      Statement st = scop.statement(name);
      if (st == null) return null;
      for (Access a : st.writes()) out.add(a.array());
    }
    return out;
  }

  /** The identifiers of {@code e}: the arrays it reads, its scalars and the iterators of its subscripts. */
  private static Set<String> namesOf(dev.polyj.polyhedral.scop.Expr e, Set<String> out) {
    if (e instanceof dev.polyj.polyhedral.scop.Expr.Ident id) out.add(id.name());
    for (dev.polyj.polyhedral.scop.Expr c : e.children()) namesOf(c, out);
    return out;
  }

  /** The condition for giving up on a nest. */
  private static final class NotEligible extends RuntimeException {
    NotEligible() {
      super(null, null, false, false);
    }
  }

  /** An operand computed into a buffer: its expression, the loop it does not use, its buffer name. */
  private record Operand(dev.polyj.polyhedral.scop.Expr expr, Role reusedAlong, String buffer) {}

  /** The packed nest replacing {@code pi}, or null when the class comment's conditions fail. */
  private Node pack(Node.For pi) {
    if (!pi.pragmas().isEmpty() || pi.step() != 1 || pi.sizeParam() != null) return null;
    if (!(pi.body() instanceof Node.For pk) || !pk.pragmas().isEmpty() || pk.step() != 1 || pk.sizeParam() != null) {
      return null;
    }
    if (!(pk.body() instanceof Node.For pj) || !pj.pragmas().equals(List.of("omp simd")) || pj.step() != 1
        || pj.sizeParam() != null) {
      return null;
    }
    if (!(pj.body() instanceof Node.User u)) return null;
    String i = pi.iterator();
    String k = pk.iterator();
    String j = pj.iterator();
    if (Exprs.uses(pk.init(), i) || Exprs.uses(pk.upper(), i)) return null;
    for (String v : List.of(i, k)) if (Exprs.uses(pj.init(), v) || Exprs.uses(pj.upper(), v)) return null;
    long ni = extent(pi);
    long nk = extent(pk);
    long nj = extent(pj);
    if (ni < 1 || nk < 1 || nj < 1) return null;
    Statement st = scop.statement(u.name());
    if (st == null || st.writes().size() != 1) return null;
    Access w = st.writes().get(0);
    ArrayInfo x = array(w.array());
    if (x == null || x.rank() != 2 || !isDouble(x)) return null;
    if (!(st.body() instanceof dev.polyj.polyhedral.scop.Expr.Assign assign)) return null;
    if (!List.of("=", "+=", "-=", "*=").contains(assign.op())) return null;
    Map<String, Expr> values = ScopCodegen.instanceValues(scop, u);
    // which statement iterators are the point loops; no other may move with them
    Map<String, Role> roles = new HashMap<>();
    for (Map.Entry<String, Expr> e : values.entrySet()) {
      Expr v = e.getValue();
      if (v.equals(Exprs.id(i))) {
        roles.put(e.getKey(), Role.I);
      } else if (v.equals(Exprs.id(k))) {
        roles.put(e.getKey(), Role.K);
      } else if (v.equals(Exprs.id(j))) {
        roles.put(e.getKey(), Role.J);
      } else if (Exprs.uses(v, i) || Exprs.uses(v, k) || Exprs.uses(v, j)) {
        return null;
      }
    }
    if (roles.size() != 3) return null;
    Walk walk = new Walk(values, roles, x.name(), i, j);
    dev.polyj.polyhedral.scop.Expr kernelValue;
    try {
      walk.target(assign.target());
      kernelValue = walk.split(assign.value());
    } catch (NotEligible e) {
      return null;
    }
    if (walk.operands.isEmpty()) return null;
    int id = next++;
    return nest(pi, pk, pj, u, id, ni, nk, nj, assign, kernelValue, walk);
  }

  /** Classifies a statement's expression: the written element, packed operands and what remains. */
  private final class Walk {
    final Map<String, Expr> values;
    final Map<String, Role> roles;
    final String written;
    final String i;
    final String j;
    final List<Operand> operands = new ArrayList<>();
    String elementText;

    Walk(Map<String, Expr> values, Map<String, Role> roles, String written, String i, String j) {
      this.values = values;
      this.roles = roles;
      this.written = written;
      this.i = i;
      this.j = j;
    }

    /** Checks the assigned element: {@code X[i + a][j + b]}. */
    void target(dev.polyj.polyhedral.scop.Expr t) {
      if (!(t instanceof dev.polyj.polyhedral.scop.Expr.Index outer)
          || !(outer.base() instanceof dev.polyj.polyhedral.scop.Expr.Index inner)
          || !(inner.base() instanceof dev.polyj.polyhedral.scop.Expr.Ident id) || !id.name().equals(written)) {
        throw new NotEligible();
      }
      Expr row = ScopCodegen.affineValue(inner.index(), values);
      Expr col = ScopCodegen.affineValue(outer.index(), values);
      if (row == null || col == null) throw new NotEligible();
      if (!(Exprs.sub(row, Exprs.id(i)) instanceof Expr.Int) || !(Exprs.sub(col, Exprs.id(j)) instanceof Expr.Int)) {
        throw new NotEligible();
      }
      elementText = ScopCodegen.instanceText(t, values);
    }

    /** {@code e} with packed operands replaced by identifiers naming them, the element by {@code ELEMENT}. */
    dev.polyj.polyhedral.scop.Expr split(dev.polyj.polyhedral.scop.Expr e) {
      Set<Role> used = uses(e);
      if (used != null && !readsWritten(e) && used.contains(Role.K) && !used.equals(EnumSet.allOf(Role.class))
          && hasArray(e)) {
        Role along = used.contains(Role.J) ? Role.I : Role.J;
        String name = PREFIX + next + "_" + operands.size();
        operands.add(new Operand(e, along, name));
        return new dev.polyj.polyhedral.scop.Expr.Ident(name, e.pos());
      }
      if (e instanceof dev.polyj.polyhedral.scop.Expr.Index) {
        if (!ScopCodegen.instanceText(e, values).equals(elementText)) throw new NotEligible();
        return new dev.polyj.polyhedral.scop.Expr.Ident(ELEMENT, e.pos());
      }
      if (e instanceof dev.polyj.polyhedral.scop.Expr.Binary b && List.of("+", "-", "*", "/").contains(b.op())) {
        return new dev.polyj.polyhedral.scop.Expr.Binary(b.op(), split(b.left()), split(b.right()), b.pos());
      }
      if (e instanceof dev.polyj.polyhedral.scop.Expr.Unary un && List.of("-", "+").contains(un.op())) {
        return new dev.polyj.polyhedral.scop.Expr.Unary(un.op(), split(un.operand()), un.pos());
      }
      // loop-invariant scalars and constants stay as they are
      if (used != null && used.isEmpty() && !hasArray(e) && (e instanceof dev.polyj.polyhedral.scop.Expr.Ident
          || e instanceof dev.polyj.polyhedral.scop.Expr.IntLit || e instanceof dev.polyj.polyhedral.scop.Expr.FloatLit)) {
        return e;
      }
      throw new NotEligible();
    }

    /** The point loops {@code e} depends on, or null when it is not a pure expression over double arrays. */
    Set<Role> uses(dev.polyj.polyhedral.scop.Expr e) {
      Set<Role> out = EnumSet.noneOf(Role.class);
      return collect(e, out) ? out : null;
    }

    private boolean collect(dev.polyj.polyhedral.scop.Expr e, Set<Role> out) {
      if (e instanceof dev.polyj.polyhedral.scop.Expr.Index) {
        List<dev.polyj.polyhedral.scop.Expr> subs = new ArrayList<>();
        dev.polyj.polyhedral.scop.Expr b = e;
        while (b instanceof dev.polyj.polyhedral.scop.Expr.Index ix) {
          subs.add(ix.index());
          b = ix.base();
        }
        if (!(b instanceof dev.polyj.polyhedral.scop.Expr.Ident id)) return false;
        ArrayInfo a = array(id.name());
        if (a == null || !isDouble(a) || a.rank() != subs.size()) return false;
        for (dev.polyj.polyhedral.scop.Expr s : subs) {
          Expr v = ScopCodegen.affineValue(s, values);
          if (v == null) return false;
          for (Map.Entry<String, Role> r : roles.entrySet()) {
            if (Exprs.uses(v, pointName(r.getValue()))) out.add(r.getValue());
          }
        }
        return true;
      }
      if (e instanceof dev.polyj.polyhedral.scop.Expr.Ident id) {
        Role r = roles.get(id.name());
        if (r != null) return false; // an iterator used as a value
        ArrayInfo a = array(id.name());
        return a == null || a.rank() == 0;
      }
      if (e instanceof dev.polyj.polyhedral.scop.Expr.IntLit || e instanceof dev.polyj.polyhedral.scop.Expr.FloatLit) {
        return true;
      }
      if (e instanceof dev.polyj.polyhedral.scop.Expr.Binary b && List.of("+", "-", "*", "/").contains(b.op())) {
        return collect(b.left(), out) && collect(b.right(), out);
      }
      if (e instanceof dev.polyj.polyhedral.scop.Expr.Unary un && List.of("-", "+").contains(un.op())) {
        return collect(un.operand(), out);
      }
      return false;
    }

    private final Map<Role, String> names = new HashMap<>();

    private String pointName(Role r) {
      if (names.isEmpty()) {
        for (Map.Entry<String, Role> e : roles.entrySet()) {
          names.put(e.getValue(), ((Expr.Id) values.get(e.getKey())).name());
        }
      }
      return names.get(r);
    }

    private boolean readsWritten(dev.polyj.polyhedral.scop.Expr e) {
      if (e instanceof dev.polyj.polyhedral.scop.Expr.Ident id && id.name().equals(written)) return true;
      for (dev.polyj.polyhedral.scop.Expr c : e.children()) if (readsWritten(c)) return true;
      return false;
    }

    private boolean hasArray(dev.polyj.polyhedral.scop.Expr e) {
      if (e instanceof dev.polyj.polyhedral.scop.Expr.Index) return true;
      for (dev.polyj.polyhedral.scop.Expr c : e.children()) if (hasArray(c)) return true;
      return false;
    }
  }

  /** Placeholder name of the written element in a split expression. */
  private static final String ELEMENT = "polyj_pk_element";

  /** The packed tile: buffers, copies, the micro-kernel, then the edge rows and columns in the original loops. */
  private Node nest(Node.For pi, Node.For pk, Node.For pj, Node.User u, int id, long ni, long nk, long nj,
      dev.polyj.polyhedral.scop.Expr.Assign assign, dev.polyj.polyhedral.scop.Expr kernelValue, Walk walk) {
    String i = pi.iterator();
    String k = pk.iterator();
    String j = pj.iterator();
    String p = PREFIX + id + "_";
    String il = p + "il";
    String kl = p + "kl";
    String jl = p + "jl";
    String in = p + "in";
    String jn = p + "jn";
    String ku = p + "ku";
    String lane = p + "l";
    long groups = ni / ROWS;
    long strips = nj / COLUMNS;
    List<String> lines = new ArrayList<>();
    lines.add("{");
    // a block-scope vector type (GNU C); the empty asm keeps a loaded vector in a register instead of
    // letting the compiler fold the load into every multiply-add that uses it
    lines.add("  typedef double " + VECTOR + " __attribute__((vector_size(" + (8 * LANES) + "), aligned(8), may_alias));");
    for (Operand o : walk.operands) {
      long size = o.reusedAlong() == Role.J ? Math.max(1, groups) * ROWS * nk : Math.max(1, strips) * COLUMNS * nk;
      lines.add("  static double " + o.buffer() + "[" + size + "];");
      lines.add("  #pragma omp threadprivate(" + o.buffer() + ")");
    }
    lines.add("  const int " + il + " = " + ExprFormat.format(pi.init()) + ", " + kl + " = " + ExprFormat.format(pk.init())
        + ", " + ku + " = " + ExprFormat.format(pk.upper()) + ", " + jl + " = " + ExprFormat.format(pj.init()) + ";");
    lines.add("  const int " + in + " = " + il + " + " + ROWS + " * ((" + ExprFormat.format(pi.upper()) + ") - " + il
        + " + 1 >= 0 ? ((" + ExprFormat.format(pi.upper()) + ") - " + il + " + 1) / " + ROWS + " : 0);");
    lines.add("  const int " + jn + " = " + jl + " + " + COLUMNS + " * ((" + ExprFormat.format(pj.upper()) + ") - " + jl
        + " + 1 >= 0 ? ((" + ExprFormat.format(pj.upper()) + ") - " + jl + " + 1) / " + COLUMNS + " : 0);");
    lines.add("  int " + lane + ";");
    lines.add("  if (" + kl + " <= " + ku + " && " + il + " < " + in + " && " + jl + " < " + jn + ") {");
    String flag = reusesColumnPanels(pk, pj, walk) ? reuse.flag() : null;
    if (flag != null) reused = true;
    // the copies: each operand once per tile, in the order the kernel reads it (a column panel
    // once per start of the enclosing parallel loop, see packInside)
    for (Operand o : walk.operands) {
      boolean once = flag != null && o.reusedAlong() == Role.I;
      if (once) lines.add("    if (!" + flag + ") {");
      Map<String, Expr> at = new HashMap<>(walk.values);
      if (o.reusedAlong() == Role.J) {
        substitute(at, walk.values, i, Exprs.add(Exprs.id(i), Exprs.id(lane)));
        lines.add("    for (" + i + " = " + il + "; " + i + " < " + in + "; " + i + " += " + ROWS + ")");
        lines.add("      for (" + k + " = " + kl + "; " + k + " <= " + ku + "; " + k + " += 1)");
        lines.add("        for (" + lane + " = 0; " + lane + " < " + ROWS + "; " + lane + " += 1)");
        lines.add("          " + o.buffer() + "[(" + i + " - " + il + ") * " + nk + " + (" + k + " - " + kl + ") * " + ROWS
            + " + " + lane + "] = " + ScopCodegen.instanceText(o.expr(), at) + ";");
      } else {
        substitute(at, walk.values, j, Exprs.add(Exprs.id(j), Exprs.id(lane)));
        // row by row of the source, the column panel's usual layout (B[k][j] reads whole rows)
        lines.add("    for (" + k + " = " + kl + "; " + k + " <= " + ku + "; " + k + " += 1)");
        lines.add("      for (" + j + " = " + jl + "; " + j + " < " + jn + "; " + j + " += " + COLUMNS + ")");
        lines.add("        for (" + lane + " = 0; " + lane + " < " + COLUMNS + "; " + lane + " += 1)");
        lines.add("          " + o.buffer() + "[(" + j + " - " + jl + ") * " + nk + " + (" + k + " - " + kl + ") * "
            + COLUMNS + " + " + lane + "] = " + ScopCodegen.instanceText(o.expr(), at) + ";");
      }
      if (once) lines.add("    }");
    }
    if (flag != null) lines.add("    " + flag + " = 1;");
    // the micro-kernel: a column strip of the column panels stays in the first-level cache for all row groups
    lines.add("    for (" + j + " = " + jl + "; " + j + " < " + jn + "; " + j + " += " + COLUMNS + ")");
    lines.add("      for (" + i + " = " + il + "; " + i + " < " + in + "; " + i + " += " + ROWS + ") {");
    List<String> loads = new ArrayList<>();
    List<String> stores = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      for (int m = 0; m < COLUMNS / LANES; m++) {
        Map<String, Expr> at = new HashMap<>(walk.values);
        substitute(at, walk.values, i, Exprs.plus(Exprs.id(i), r));
        substitute(at, walk.values, j, Exprs.plus(Exprs.id(j), (long) LANES * m));
        String element = ScopCodegen.instanceText(assign.target(), at);
        String acc = p + "c" + r + "_" + m;
        loads.add("        " + VECTOR + " " + acc + " = *(" + VECTOR + " *) &" + element + ";");
        stores.add("        *(" + VECTOR + " *) &" + element + " = " + acc + ";");
      }
    }
    lines.addAll(loads);
    lines.add("        for (" + k + " = " + kl + "; " + k + " <= " + ku + "; " + k + " += 1) {");
    for (Operand o : walk.operands) {
      if (o.reusedAlong() == Role.J) {
        for (int r = 0; r < ROWS; r++) {
          lines.add("          const double " + o.buffer() + "_r" + r + " = " + o.buffer() + "[(" + i + " - " + il + ") * "
              + nk + " + (" + k + " - " + kl + ") * " + ROWS + " + " + r + "];");
        }
      } else {
        for (int m = 0; m < COLUMNS / LANES; m++) {
          String v = o.buffer() + "_v" + m;
          lines.add("          " + VECTOR + " " + v + " = *(" + VECTOR + " *) &" + o.buffer() + "[(" + j + " - " + jl
              + ") * " + nk + " + (" + k + " - " + kl + ") * " + COLUMNS + " + " + (LANES * m) + "];");
          lines.add("#if defined(__x86_64__) && defined(__GNUC__) && defined(__AVX__)");
          lines.add("          __asm__(\"\" : \"+x\"(" + v + "));");
          lines.add("#endif");
        }
      }
    }
    for (int r = 0; r < ROWS; r++) {
      for (int m = 0; m < COLUMNS / LANES; m++) {
        Map<String, String> names = new HashMap<>();
        names.put(ELEMENT, p + "c" + r + "_" + m);
        for (Operand o : walk.operands) names.put(o.buffer(), o.buffer() + (o.reusedAlong() == Role.J ? "_r" + r : "_v" + m));
        dev.polyj.polyhedral.scop.Expr stmt = new dev.polyj.polyhedral.scop.Expr.Assign(assign.op(),
            new dev.polyj.polyhedral.scop.Expr.Ident(ELEMENT, assign.pos()), kernelValue, assign.pos());
        lines.add("          " + ScopCodegen.instanceText(rename(stmt, names), Map.of()) + ";");
      }
    }
    lines.add("        }");
    lines.addAll(stores);
    lines.add("      }");
    lines.add("  }");
    lines.add("}");
    Node.User kernel = literals.of(lines);
    // the columns after the last full strip, all rows; then the rows after the last full group
    Expr jDone = Exprs.max(List.of(pj.init(), Exprs.add(pj.init(),
        Exprs.scale(Exprs.floorDiv(Exprs.plus(Exprs.sub(pj.upper(), pj.init()), 1), COLUMNS), COLUMNS))));
    Expr iDone = Exprs.max(List.of(pi.init(), Exprs.add(pi.init(),
        Exprs.scale(Exprs.floorDiv(Exprs.plus(Exprs.sub(pi.upper(), pi.init()), 1), ROWS), ROWS))));
    Node.For rightJ = new Node.For(j, jDone, pj.upper(), 1, u, pj.pragmas(), null, pj.coincident());
    Node.For right = new Node.For(i, pi.init(), pi.upper(), 1, pk.withBody(rightJ), pi.pragmas(), null, pi.coincident());
    Node.For bottomJ = new Node.For(j, pj.init(), Exprs.plus(jDone, -1), 1, u, pj.pragmas(), null, pj.coincident());
    Node.For bottom = new Node.For(i, iDone, pi.upper(), 1, pk.withBody(bottomJ), pi.pragmas(), null, pi.coincident());
    return new Node.Block(List.of(kernel, right, bottom));
  }

  /**
   * Whether the column panels of this tile are the same for every iteration of the enclosing
   * parallel loop of {@link #packInside}: the tile's {@code k} and {@code j} ranges and the
   * statement's other iterators do not use that loop's iterator, and nothing inside the loop writes
   * an array the panels read.
   */
  private boolean reusesColumnPanels(Node.For pk, Node.For pj, Walk walk) {
    if (reuse == null) return false;
    String p = reuse.parallelIterator();
    for (Node.For f : List.of(pk, pj)) if (Exprs.uses(f.init(), p) || Exprs.uses(f.upper(), p)) return false;
    boolean any = false;
    for (Operand o : walk.operands) {
      if (o.reusedAlong() != Role.I) continue;
      any = true;
      // names: the arrays read and the statement iterators of the subscripts
      for (String a : namesOf(o.expr(), new java.util.HashSet<>())) {
        if (reuse.written().contains(a)) return false;
        Expr v = walk.values.get(a);
        if (v != null && Exprs.uses(v, p)) return false;
      }
    }
    return any;
  }

  /** Sets the value of every statement iterator whose value is the loop {@code loop} to {@code value}. */
  private static void substitute(Map<String, Expr> at, Map<String, Expr> values, String loop, Expr value) {
    for (Map.Entry<String, Expr> e : values.entrySet()) {
      if (e.getValue().equals(Exprs.id(loop))) at.put(e.getKey(), value);
    }
  }

  private static dev.polyj.polyhedral.scop.Expr rename(dev.polyj.polyhedral.scop.Expr e, Map<String, String> names) {
    if (e instanceof dev.polyj.polyhedral.scop.Expr.Ident id && names.containsKey(id.name())) {
      return new dev.polyj.polyhedral.scop.Expr.Ident(names.get(id.name()), id.pos());
    }
    return e.mapChildren(c -> rename(c, names));
  }

  /**
   * The largest number of iterations of a loop whose upper bound is its lower bound plus a constant
   * (or a minimum with such a term), or -1.
   */
  static long extent(Node.For f) {
    List<Expr> candidates = f.upper() instanceof Expr.Op op && op.kind() == Expr.Kind.MIN
        ? op.args() : ImmutableList.of(f.upper());
    long best = -1;
    for (Expr c : candidates) {
      if (Exprs.sub(c, f.init()) instanceof Expr.Int d && d.value() >= 0) {
        best = best < 0 ? d.value() + 1 : Math.min(best, d.value() + 1);
      }
    }
    return best;
  }

  private static boolean isDouble(ArrayInfo a) {
    return a.elementType().replace("const", "").trim().equals("double");
  }

  private ArrayInfo array(String name) {
    for (ArrayInfo a : scop.arrays()) if (a.name().equals(name)) return a;
    return null;
  }
}

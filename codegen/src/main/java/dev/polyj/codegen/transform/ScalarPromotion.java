package dev.polyj.codegen.transform;

import com.google.common.collect.ImmutableList;
import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.UnrollAndJam;
import dev.polyj.codegen.ast.Node;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scalar replacement of an array element that an innermost loop updates in every iteration (the
 * accumulator of a dot product, {@code tmp[i] = tmp[i] + A[i][j] * x[j]}): the element is loaded
 * into a local variable before the loop, the loop's statements use the variable, and it is stored
 * back after the loop. The C compiler cannot do this itself when it cannot prove that the arrays
 * do not overlap, so it keeps the element in memory and every iteration waits for the previous
 * store (a store-to-load chain several times longer than the addition). The polyhedral model
 * already assumes that distinct arrays do not overlap, so the replacement keeps the program's
 * meaning and its exact floating-point results (same operations, same order).
 *
 * <p>An element is replaced when the loop is innermost, carries no pragma, holds only statement
 * calls, and every reference to the array in its printed statements is the same element whose
 * subscripts do not mention the loop's iterator (so no other element of that array is touched in
 * the loop). The load and store are guarded by the loop's non-emptiness, so they touch only an
 * element the loop itself touches.
 *
 * <p>A loop of one statement that also reads other elements of the array (a triangular solve
 * {@code x[i] -= L[i][j] * x[j]}, Cholesky's {@code A[i][j] -= A[i][k] * A[j][k]}) has its
 * assigned element promoted when that element is the only reference whose subscripts do not move
 * with the loop and the statement's dependence-free reads are proven apart from its write: every
 * read of the array at an instance touches either exactly the element that instance writes or,
 * for no instance of the statement's domain, that element ({@link #readsApartFromWrite}). The loop
 * runs over instances that all write the promoted element, so none of the other reads sees it.
 * A loop whose references move with it along their last subscript only ({@link #streams}) may get
 * a vectorization clause; one that walks a column (nussinov's {@code table[i][j] = max(table[i][j],
 * table[i][k] + table[k + 1][j])}, LU's {@code A[i][j] -= A[i][k] * A[k][j]} with {@code k}
 * innermost) gets none, and its register accumulator saves the store and load of each iteration
 * (nussinov at LARGE: 2.1-2.2 s with the element in memory, 1.75-1.9 s in a register).
 */
public final class ScalarPromotion {
  /** Prefix of the local variables holding promoted elements. */
  public static final String PREFIX = "polyj_acc";

  private final Scop scop;
  private final Function<Node.User, List<String>> base;
  /** The reduction clause of a promoted loop (statements, array -> local), or null to leave it sequential. */
  private final java.util.function.BiFunction<Set<String>, java.util.Map<String, String>, String> simd;
  private final LiteralLines literals = new LiteralLines("polyj_lines_");
  /** How many iterations of a loop around a scalar accumulation loop share it (1: none, see {@link #jam}). */
  private final int jam;
  private int next;

  private ScalarPromotion(Scop scop, Function<Node.User, List<String>> base,
      java.util.function.BiFunction<Set<String>, java.util.Map<String, String>, String> simd, int jam) {
    this.scop = scop;
    this.base = base;
    this.simd = simd;
    this.jam = jam;
  }

  /** An AST with its promotions and the statement printer that prints it. */
  public record Result(Node ast, Function<Node.User, List<String>> printer) {}

  /** {@code ast} with the updated elements of its innermost loops promoted; {@code base} prints the statements. */
  public static Result apply(Node ast, Scop scop, Function<Node.User, List<String>> base) {
    return apply(ast, scop, base, (statements, locals) -> null);
  }

  /**
   * {@link #apply(Node, Scop, Function)}, where {@code simd} may give a promoted loop a reduction
   * clause over its local accumulators ({@code omp simd reduction(+: polyj_acc0)}) when its
   * reductions may be reassociated: it receives the loop's statements and the promoted arrays with
   * their local variables, and returns the clause or null.
   */
  public static Result apply(Node ast, Scop scop, Function<Node.User, List<String>> base,
      java.util.function.BiFunction<Set<String>, java.util.Map<String, String>, String> simd) {
    return apply(ast, scop, base, simd, 1);
  }

  /**
   * {@link #apply(Node, Scop, Function, java.util.function.BiFunction)}, where a loop with
   * independent iterations around a scalar accumulation loop is unrolled {@code jam} times and its
   * copies jammed into the accumulation loop, each with its own accumulator ({@link #jam}).
   */
  public static Result apply(Node ast, Scop scop, Function<Node.User, List<String>> base,
      java.util.function.BiFunction<Set<String>, java.util.Map<String, String>, String> simd, int jam) {
    ScalarPromotion p = new ScalarPromotion(scop, base, simd, jam);
    Node out = p.walk(ast);
    return new Result(out, p.literals.printer(base));
  }

  private Node walk(Node n) {
    // innermost loops, and the loops right around them when they are jammed
    return Node.rewriteLoops(n, f -> Node.anyMatch(f.body(), x -> x instanceof Node.For) ? (jam > 1 ? jam(f) : null)
        : promote(f));
  }

  /** Innermost bodies with more statements than this are not jammed (register pressure). */
  static final int MAX_JAMMED_STATEMENTS = 2;

  /**
   * Unroll-and-jam of a loop around a scalar accumulation loop (register tiling of a dot product,
   * Callahan, Carr and Kennedy, PLDI 1990): {@code g} has independent iterations ({@link
   * Node.For#coincident()}, no OpenMP construct) and holds one innermost loop {@code f}, possibly
   * under a guard that does not use {@code g}'s iterator, whose accumulators are promoted without a
   * vectorization clause (a sum kept in its order, a chain of dependent additions). The result runs
   * {@code jam} iterations of {@code g} at a time with their accumulators side by side in one loop
   * {@code f}, so that their chains overlap and an element {@code f} reads independently of {@code
   * g} (syrk's {@code A[i][k]} in {@code C[i][j] += alpha * A[i][k] * A[j][k]}) is loaded once for
   * all of them; the last iterations run one by one as before.
   *
   * <p>Exact: every copy keeps its own statements in their order and its accumulator's sum in the
   * order of {@code f}. Instances of different iterations of a coincident loop are independent for
   * fixed enclosing loops, so no copy reads or writes an element another copy holds in its local
   * (such an access would be a dependence between two iterations of {@code g}), and any interleaving
   * of the copies computes the same values.
   */
  private Node jam(Node.For g) {
    if (!g.coincident() || !g.pragmas().isEmpty() || g.step() != 1 || g.sizeParam() != null
        || g.upper().equals(Node.For.NO_UPPER_BOUND)) {
      return null;
    }
    String it = g.iterator();
    Node inner = g.body();
    Expr guard = null;
    if (inner instanceof Node.If i) {
      if (i.otherwise() != null || Exprs.uses(i.cond(), it)) return null;
      guard = i.cond();
      inner = i.then();
    }
    if (!(inner instanceof Node.For f) || Node.anyMatch(f.body(), x -> x instanceof Node.For)) return null;
    if (!f.pragmas().isEmpty() || f.sizeParam() != null || Exprs.uses(f.init(), it) || Exprs.uses(f.upper(), it)) {
      return null;
    }
    List<Node.User> users = new ArrayList<>();
    for (Node c : f.body() instanceof Node.Block b ? b.children() : List.of(f.body())) {
      if (!(c instanceof Node.User u) || statement(u.name()) == null) return null;
      users.add(u);
    }
    if (users.isEmpty() || users.size() > MAX_JAMMED_STATEMENTS) return null;
    int saved = next;
    Parts single = parts(f);
    next = saved;
    if (single == null || single.clause() != null) return null;
    // every accumulator moves with g, one per copy
    Pattern itRef = Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(it) + "(?![A-Za-z0-9_])");
    for (String element : single.elements()) if (!itRef.matcher(element).find()) return null;
    List<Parts> copies = new ArrayList<>();
    for (int r = 0; r < jam; r++) {
      Expr value = Exprs.plus(Exprs.id(it), r);
      List<Node> copy = new ArrayList<>();
      for (Node.User u : users) {
        List<Expr> args = new ArrayList<>();
        for (Expr a : u.args()) args.add(UnrollAndJam.substitute(a, it, value));
        copy.add(new Node.User(u.name(), args));
      }
      Parts p = parts(f.withBody(copy.size() == 1 ? copy.get(0) : new Node.Block(copy)));
      if (p == null || p.clause() != null || p.elements().size() != single.elements().size()) {
        next = saved;
        return null;
      }
      copies.add(p);
    }
    Node jammed = assemble(f, copies);
    Node.For unrolled = new Node.For(it, g.init(), Exprs.plus(g.upper(), -(jam - 1)), jam,
        guard == null ? jammed : new Node.If(guard, jammed, null), ImmutableList.of()).withCoincident(true);
    // the first iteration the unrolled loop leaves: lb + jam * floor((ub - lb + 1) / jam), at least lb
    Expr done = Exprs.add(g.init(), Exprs.scale(Exprs.floorDiv(Exprs.plus(Exprs.sub(g.upper(), g.init()), 1), jam), jam));
    Node one = assemble(f, List.of(parts(f)));
    Node.For rest = new Node.For(it, Exprs.max(List.of(g.init(), done)), g.upper(), 1,
        guard == null ? one : new Node.If(guard, one, null), ImmutableList.of()).withCoincident(true);
    return new Node.Block(List.of(unrolled, rest));
  }

  /**
   * A promotion of one loop: the loads before it, the stores after it, its statements' lines with
   * the locals, the elements promoted, and its vectorization clause (or null).
   */
  private record Parts(List<String> loads, List<String> stores, List<List<String>> lines, List<String> elements,
      String clause) {}

  /** The promoted loop, or null when no element qualifies. */
  private Node promote(Node.For f) {
    if (!f.pragmas().isEmpty()) return null;
    Parts p = parts(f);
    return p == null ? null : assemble(f, List.of(p));
  }

  /** The loop {@code f} running the lines of {@code parts} in turn, between their loads and stores, when non-empty. */
  private Node assemble(Node.For f, List<Parts> parts) {
    List<Node> newBody = new ArrayList<>();
    List<String> loads = new ArrayList<>();
    List<String> stores = new ArrayList<>();
    for (Parts p : parts) {
      for (List<String> l : p.lines()) newBody.add(text(l));
      loads.addAll(p.loads());
      stores.addAll(p.stores());
    }
    Node loop = f.withBody(newBody.size() == 1 ? newBody.get(0) : new Node.Block(newBody));
    String clause = parts.size() == 1 ? parts.get(0).clause() : null;
    if (clause != null) {
      loop = new Node.For(f.iterator(), f.init(), f.upper(), f.step(), ((Node.For) loop).body(),
          ImmutableList.of("omp simd " + clause), f.sizeParam(), f.coincident());
    }
    Node block = new Node.Block(List.of(text(loads), loop, text(stores)));
    Expr nonEmpty = new Expr.Op(Expr.Kind.LE, ImmutableList.of(f.init(), f.upper()));
    return new Node.If(nonEmpty, block, null);
  }

  /** The promotion of {@code f}'s elements, or null when none qualifies. */
  private Parts parts(Node.For f) {
    List<Node.User> users = new ArrayList<>();
    List<Node> body = f.body() instanceof Node.Block b ? b.children() : List.of(f.body());
    for (Node c : body) {
      if (!(c instanceof Node.User u)) return null;
      users.add(u);
    }
    List<List<String>> lines = new ArrayList<>();
    Set<String> written = new LinkedHashSet<>();
    for (Node.User u : users) {
      lines.add(new ArrayList<>(base.apply(u)));
      Statement st = statement(u.name());
      if (st == null) return null;
      for (Access a : st.accesses()) {
        if (a.kind() == Access.Kind.WRITE && a.relation().space().nOut() > 0) written.add(a.array());
      }
    }
    List<String> loads = new ArrayList<>();
    List<String> stores = new ArrayList<>();
    List<String> elements = new ArrayList<>();
    java.util.Map<String, String> locals = new java.util.LinkedHashMap<>();
    boolean strided = false;
    for (String array : written) {
      ArrayInfo info = null;
      for (ArrayInfo a : scop.arrays()) if (a.name().equals(array)) info = a;
      String element = invariantElement(array, lines, f.iterator());
      if (element == null && users.size() == 1) {
        Statement st = statement(users.get(0).name());
        element = provenElement(array, lines.get(0), f.iterator(), st);
        if (element == null && info != null) {
          element = provenElement(array, lines.get(0), f.iterator(), st, true);
          strided |= element != null;
        }
      }
      if (element == null || info == null) continue;
      if (!determinedByInstance(array, users) || mentionsAssigned(element, lines)) continue;
      String local = PREFIX + next++;
      locals.put(array, local);
      loads.add(info.elementType().replace("const", "").trim() + " " + local + " = " + element + ";");
      stores.add(element + " = " + local + ";");
      elements.add(element);
      Pattern ref = Pattern.compile("(?<![A-Za-z0-9_.>])" + Pattern.quote(element));
      for (List<String> l : lines) l.replaceAll(s -> ref.matcher(s).replaceAll(Matcher.quoteReplacement(local)));
    }
    if (loads.isEmpty()) return null;
    Set<String> names = new java.util.TreeSet<>();
    for (Node.User u : users) names.add(u.name());
    // a loop walking a column stays a scalar loop: gathered vectors cost more than they save
    String clause = strided ? null : simd.apply(names, locals);
    return new Parts(loads, stores, lines, elements, clause);
  }

  /**
   * Whether every access of the loop's statements to {@code array} touches one element per
   * statement instance. A subscript computed from data ({@code q[l]} with {@code l} read from
   * memory) is modelled as an access to any element of a range; its text may look invariant while
   * the element changes from one iteration to the next.
   */
  private boolean determinedByInstance(String array, List<Node.User> users) {
    for (Node.User u : users) {
      Statement st = statement(u.name());
      for (Access a : st.accesses()) {
        if (!a.array().equals(array) || a.relation().space().nOut() == 0) continue;
        // an access that is a function everywhere is one on the domain: the domain (tiled, with
        // divisions of its own) is only needed for the accesses that are not
        if (a.relation().isSingleValued()) continue;
        if (!a.relation().intersectDomain(st.domain()).isSingleValued()) return false;
      }
    }
    return true;
  }

  /** Whether {@code element}'s subscripts mention a variable that {@code lines} assign. */
  public static boolean mentionsAssigned(String element, List<List<String>> lines) {
    Matcher id = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*").matcher(element);
    int open = element.indexOf('[');
    while (id.find()) {
      if (id.start() < open) continue;
      Pattern assign = Pattern.compile("(?<![A-Za-z0-9_.>\\]])" + Pattern.quote(id.group())
          + "\\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|(?:\\+\\+|--)\\s*" + Pattern.quote(id.group())
          + "(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])" + Pattern.quote(id.group()) + "\\s*(?:\\+\\+|--)");
      for (List<String> l : lines) for (String s : l) if (assign.matcher(s).find()) return true;
    }
    return false;
  }

  private Node.User text(List<String> text) {
    return literals.of(text);
  }

  /**
   * The text of the one element of {@code array} that {@code lines} reference, when every
   * reference to the array is that element and its subscripts do not mention {@code iterator};
   * else null.
   */
  public static String invariantElement(String array, List<List<String>> lines, String iterator) {
    Pattern name = Pattern.compile("(?<![A-Za-z0-9_.>])" + Pattern.quote(array) + "(?![A-Za-z0-9_])");
    Pattern it = Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(iterator) + "(?![A-Za-z0-9_])");
    String element = null;
    for (List<String> l : lines) {
      for (String s : l) {
        Matcher m = name.matcher(s);
        while (m.find()) {
          int end = subscriptsEnd(s, m.end());
          if (end == m.end()) return null; // the array itself, not an element
          String e = s.substring(m.start(), end);
          if (element == null) element = e;
          else if (!element.equals(e)) return null;
        }
      }
    }
    if (element == null || it.matcher(element).find()) return null;
    return element;
  }

  /**
   * The element that {@code lines} (one statement's text) assign when it is the only reference to
   * {@code array} whose subscripts do not mention {@code iterator} and the statement's other reads
   * of the array are proven apart from its write; else null.
   */
  public static String provenElement(String array, List<String> lines, String iterator, Statement st) {
    return provenElement(array, lines, iterator, st, false);
  }

  /**
   * {@link #provenElement(String, List, String, Statement)}, also for a loop that does not stream
   * when {@code anyStride}. The caller then gives the loop no vectorization clause; in a register
   * the accumulator saves a store and a load per iteration (the mapped form of a reduction that
   * walks a column, LU's {@code A[i][j] -= A[i][k] * A[k][j]} with {@code k} innermost).
   */
  public static String provenElement(String array, List<String> lines, String iterator, Statement st,
      boolean anyStride) {
    if (st == null) return null;
    Pattern name = Pattern.compile("(?<![A-Za-z0-9_.>])" + Pattern.quote(array) + "(?![A-Za-z0-9_])");
    Pattern it = Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(iterator) + "(?![A-Za-z0-9_])");
    String element = null;
    for (String s : lines) {
      Matcher m = name.matcher(s);
      while (m.find()) {
        int end = subscriptsEnd(s, m.end());
        if (end == m.end()) return null;
        String e = s.substring(m.start(), end);
        if (it.matcher(e).find()) continue;
        if (element == null) element = e;
        else if (!element.equals(e)) return null;
      }
    }
    if (element == null || !assigned(element, lines) || !(anyStride || streams(lines, iterator))) return null;
    return readsApartFromWrite(st, array) ? element : null;
  }

  /**
   * Whether every array reference of {@code lines} moves with {@code iterator} along its last
   * subscript only. A loop that walks a matrix along a column is dominated by its cache misses;
   * with its accumulator in a register the C compiler vectorizes the loop by assembling vectors
   * one strided element at a time, which costs more than the stores it saves.
   */
  public static boolean streams(List<String> lines, String iterator) {
    Pattern ref = Pattern.compile("(?<![A-Za-z0-9_.>])[A-Za-z_][A-Za-z0-9_]*(?=\\[)");
    Pattern it = Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(iterator) + "(?![A-Za-z0-9_])");
    for (String s : lines) {
      Matcher m = ref.matcher(s);
      while (m.find()) {
        int pos = m.end();
        int end = subscriptsEnd(s, pos);
        int last = s.lastIndexOf('[', end - 1);
        if (end > pos && last > pos && it.matcher(s.substring(pos, last)).find()) return false;
      }
    }
    return true;
  }

  /** Whether a line of {@code lines} assigns {@code element} ({@code e = ...}, {@code e -= ...}). */
  private static boolean assigned(String element, List<String> lines) {
    Pattern assign = Pattern.compile("^\\s*" + Pattern.quote(element) + "\\s*([-+*/]?=)(?!=)");
    for (String s : lines) if (assign.matcher(s).find()) return true;
    return false;
  }

  /**
   * Whether {@code st} writes {@code array} with one must access {@code W} and each of its reads
   * {@code R} of the array, on the statement's domain, either equals {@code W} or never touches the
   * element {@code W} touches at the same instance ({@code R ∩ W} empty as relations from instances
   * to elements).
   */
  public static boolean readsApartFromWrite(Statement st, String array) {
    Access write = null;
    for (Access a : st.accesses()) {
      if (!a.array().equals(array) || !a.isWrite()) continue;
      if (write != null || !a.isMust()) return false;
      write = a;
    }
    if (write == null) return false;
    Relation w = write.relation().intersectDomain(st.domain());
    for (Access a : st.accesses()) {
      if (!a.array().equals(array) || a == write) continue;
      Relation r = a.relation().intersectDomain(st.domain());
      if (!r.intersect(w).isEmpty() && !r.isEqual(w)) return false;
    }
    return true;
  }

  /** The end of the bracketed subscripts starting at {@code from} ({@code from} when there are none). */
  private static int subscriptsEnd(String s, int from) {
    int pos = from;
    while (pos < s.length() && s.charAt(pos) == '[') {
      int depth = 0;
      int k = pos;
      for (; k < s.length(); k++) {
        char c = s.charAt(k);
        if (c == '[') depth++;
        else if (c == ']' && --depth == 0) break;
      }
      if (k == s.length()) return from;
      pos = k + 1;
    }
    return pos;
  }

  private Statement statement(String name) {
    for (Statement s : scop.statements()) if (s.name().equals(name)) return s;
    return null;
  }
}

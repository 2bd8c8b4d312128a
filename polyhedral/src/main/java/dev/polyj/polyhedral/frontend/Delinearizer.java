package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Delinearization of linearized subscripts (SPolly, Doerfert et al., IMPACT 2013, Section 4.2): a
 * one-dimensional array accessed as {@code A[j*N + i]}, with {@code N} a value the region reads and
 * never writes, is read as the two-dimensional array {@code polyj_view_A[j][i]} with rows of {@code
 * N} elements, which has the same addresses; {@code A[(k*M + j)*N + i]} likewise as a
 * three-dimensional one. The region is then analyzed again with the views; the multi-dimensional
 * accesses describe the same memory as the original ones, and their dependences are exact when
 * every subscript after the first stays within its row ({@code 0 <= i < N}), which the optimized
 * code checks at run time (the {@code runtime-checks} pass, from the access relations).
 *
 * <p>Each subscript of the array is expanded into a polynomial over the region's variables (written
 * in the region: iterators) and values (read only). Its monomials that are not affine (a variable
 * times a value, or a product of values) give the row sizes: their products of values must form a
 * chain {@code N | N*M | ...}; each subscript is then split along the chain, the affine monomials
 * going to the innermost subscript. An array used in any other way is left as it is.
 */
final class Delinearizer {
  private static final String PREFIX = "polyj_view_";

  private final ScopExtractor.Scopes scopes;
  private final List<CStmt> region;
  private final Set<String> written = new HashSet<>();
  private final Set<String> names = new HashSet<>();
  /** Arrays used without a subscript (passed on, assigned): left as they are. */
  private final Set<String> bare = new HashSet<>();

  /** A polynomial: monomials (sorted names, repeated for powers) to coefficients. */
  private static final class Poly {
    final TreeMap<List<String>, Long> terms = new TreeMap<>((a, b) -> {
      if (a.size() != b.size()) return Integer.compare(a.size(), b.size());
      for (int k = 0; k < a.size(); k++) {
        int c = a.get(k).compareTo(b.get(k));
        if (c != 0) return c;
      }
      return 0;
    });

    static Poly constant(long c) {
      Poly p = new Poly();
      if (c != 0) p.terms.put(List.of(), c);
      return p;
    }

    static Poly var(String name) {
      Poly p = new Poly();
      p.terms.put(List.of(name), 1L);
      return p;
    }

    Poly plus(Poly o, long sign) {
      Poly p = new Poly();
      p.terms.putAll(terms);
      for (var e : o.terms.entrySet()) {
        long v = Math.addExact(p.terms.getOrDefault(e.getKey(), 0L), Math.multiplyExact(sign, e.getValue()));
        if (v == 0) p.terms.remove(e.getKey());
        else p.terms.put(e.getKey(), v);
      }
      return p;
    }

    Poly times(Poly o) {
      Poly p = new Poly();
      for (var a : terms.entrySet()) {
        for (var b : o.terms.entrySet()) {
          List<String> m = new ArrayList<>(a.getKey());
          m.addAll(b.getKey());
          java.util.Collections.sort(m);
          p = p.plus(single(m, Math.multiplyExact(a.getValue(), b.getValue())), 1);
        }
      }
      return p;
    }

    private static Poly single(List<String> m, long c) {
      Poly p = new Poly();
      p.terms.put(List.copyOf(m), c);
      return p;
    }
  }

  /** Thrown for a subscript or an array this delinearization does not handle. */
  private static final class NotLinearized extends Exception {
    NotLinearized() {
      super(null, null, false, false);
    }
  }

  private Delinearizer(ScopExtractor.Scopes scopes, List<CStmt> region) {
    this.scopes = scopes;
    this.region = region;
    for (CStmt s : region) collect(s);
  }

  /**
   * The region's result once its linearized arrays are read as multi-dimensional views, when that
   * makes it a SCoP (under run-time checks); otherwise {@code rejected} as it is.
   */
  static RegionResult retry(RegionResult rejected, String functionName, SourcePos pos, ScopExtractor.Scopes scopes,
      List<CStmt> region, Set<String> pure) {
    boolean nonAffine = false;
    for (Rejection r : rejected.rejections()) nonAffine |= r.cause() == RejectionCause.NON_AFFINE_EXPRESSION;
    if (!nonAffine) return rejected;
    try {
      Delinearizer d = new Delinearizer(scopes, region);
      return d.run(rejected, functionName, pos, pure);
    } catch (NotLinearized | ArithmeticException | CSourceException e) {
      return rejected;
    }
  }

  private RegionResult run(RegionResult rejected, String functionName, SourcePos pos, Set<String> pure)
      throws NotLinearized {
    // the subscripts of each one-dimensional array of the region
    Map<String, List<Expr.Index>> uses = new LinkedHashMap<>();
    for (CStmt s : region) uses(s, uses);
    uses.keySet().removeAll(bare);
    Map<String, Speculation.View> views = new LinkedHashMap<>();
    Map<String, List<Poly>> splitters = new LinkedHashMap<>();
    Map<String, List<List<String>>> chains = new LinkedHashMap<>();
    for (var e : uses.entrySet()) {
      List<List<String>> chain;
      try {
        chain = chain(e.getValue());
      } catch (NotLinearized | ArithmeticException x) {
        continue; // this array stays as it is
      }
      if (chain == null) continue;
      Decl d = scopes.lookup(e.getKey());
      CType elem = d.type() instanceof CType.Pointer p ? p.target() : ((CType.Array) d.type()).element();
      if (!(elem instanceof CType.Basic b)) continue;
      String name = fresh(PREFIX + e.getKey());
      List<String> sizes = new ArrayList<>();
      for (int k = chain.size() - 1; k >= 0; k--) sizes.add(String.join(" * ", rowFactor(chain, k)));
      views.put(e.getKey(), new Speculation.View(name, e.getKey(), b.name(), ImmutableList.copyOf(sizes)));
      chains.put(e.getKey(), chain);
    }
    if (views.isEmpty()) return rejected;
    // the region with the views
    ScopExtractor.Scopes viewScopes = scopes.snapshot();
    for (var e : views.entrySet()) {
      Decl base = scopes.lookup(e.getKey());
      CType t = base.type() instanceof CType.Pointer p ? p.target() : ((CType.Array) base.type()).element();
      List<List<String>> chain = chains.get(e.getKey());
      for (int k = 0; k < chain.size(); k++) t = new CType.Array(t, product(rowFactor(chain, k), base.pos()));
      String name = e.getValue().name();
      viewScopes.declareAs(name, new Decl(name, new CType.Pointer(t, false), null, false, base.pos()));
    }
    List<CStmt> rewritten = new ArrayList<>();
    for (CStmt s : region) rewritten.add(rewrite(s, views, chains));
    RegionResult again = new RegionAnalyzer(functionName, pos, viewScopes, rewritten, pure).analyze();
    List<Rejection> assumed = new ArrayList<>();
    for (Rejection r : rejected.rejections()) if (r.cause() == RejectionCause.NON_AFFINE_EXPRESSION) assumed.add(r);
    List<String> params = rejected.speculation() == null ? List.of() : rejected.speculation().parameters();
    Speculation s;
    if (again.accepted()) {
      s = new Speculation(again.scop(), List.of(), List.copyOf(views.values()), assumed, params);
    } else if (again.speculation() != null && again.speculation().recovered()) {
      assumed.addAll(again.speculation().assumed());
      s = new Speculation(again.speculation().scop(), again.speculation().unaliased(), List.copyOf(views.values()),
          assumed, params);
    } else {
      return rejected;
    }
    return rejected.withSpeculation(s);
  }

  /**
   * The chain of products of values (each a sorted list of names, innermost first) along which the
   * subscripts of an array split, or null when they are affine or do not split.
   */
  private List<List<String>> chain(List<Expr.Index> accesses) throws NotLinearized {
    Set<List<String>> keys = new LinkedHashSet<>();
    for (Expr.Index ix : accesses) {
      Poly p = poly(ix.index());
      for (List<String> m : p.terms.keySet()) {
        List<String> values = values(m);
        if (values.size() >= 2 || values.size() == 1 && values.size() < m.size()) keys.add(values);
      }
    }
    if (keys.isEmpty()) return null;
    List<List<String>> chain = new ArrayList<>(keys);
    chain.sort((a, b) -> Integer.compare(a.size(), b.size()));
    for (int k = 1; k < chain.size(); k++) {
      if (chain.get(k).size() == chain.get(k - 1).size() || !contains(chain.get(k), chain.get(k - 1))) return null;
    }
    return chain;
  }

  /** The names of chain step {@code k} that multiply the rows of step {@code k - 1}. */
  private static List<String> rowFactor(List<List<String>> chain, int k) {
    List<String> f = new ArrayList<>(chain.get(k));
    if (k > 0) for (String n : chain.get(k - 1)) f.remove(n);
    return f;
  }

  private static boolean contains(List<String> big, List<String> small) {
    List<String> rest = new ArrayList<>(big);
    for (String n : small) if (!rest.remove(n)) return false;
    return true;
  }

  /** The values (names not written in the region) of a monomial; fails for a monomial with two variables. */
  private List<String> values(List<String> monomial) throws NotLinearized {
    List<String> out = new ArrayList<>();
    int vars = 0;
    for (String n : monomial) {
      if (written.contains(n)) vars++;
      else out.add(n);
    }
    if (vars > 1) throw new NotLinearized();
    return out;
  }

  /** The subscripts of the view: the subscript split along the chain, outermost first. */
  private List<Expr> split(Expr index, List<List<String>> chain) throws NotLinearized {
    Poly p = poly(index);
    List<Poly> parts = new ArrayList<>();
    for (int k = 0; k <= chain.size(); k++) parts.add(new Poly());
    for (var t : p.terms.entrySet()) {
      List<String> values = values(t.getKey());
      int level = 0;
      for (int k = 0; k < chain.size(); k++) if (chain.get(k).equals(values)) level = k + 1;
      List<String> rest = new ArrayList<>(t.getKey());
      if (level > 0) {
        for (String n : chain.get(level - 1)) rest.remove(n);
      } else if (values.size() >= 2 || values.size() == 1 && rest.size() > 1) {
        throw new NotLinearized();
      }
      parts.set(level, parts.get(level).plus(Poly.single(rest, t.getValue()), 1));
    }
    List<Expr> out = new ArrayList<>();
    for (int k = chain.size(); k >= 0; k--) out.add(expr(parts.get(k), index.pos()));
    return out;
  }

  // ---------------------------------------------------------------------------------------------

  private Poly poly(Expr e) throws NotLinearized {
    if (e instanceof Expr.IntLit l) return Poly.constant(l.value());
    if (e instanceof Expr.Ident id) {
      // a variable of the region (a subscript in C is an integer); a value must be an integer
      Decl d = scopes.lookup(id.name());
      if (!written.contains(id.name()) && (d == null || !d.type().isInteger())) throw new NotLinearized();
      return Poly.var(id.name());
    }
    if (e instanceof Expr.Unary u && u.op().equals("-")) return Poly.constant(0).plus(poly(u.operand()), -1);
    if (e instanceof Expr.Unary u && u.op().equals("+")) return poly(u.operand());
    if (e instanceof Expr.Cast c && !c.type().contains("*") && !c.type().contains("float")
        && !c.type().contains("double")) {
      return poly(c.operand());
    }
    if (e instanceof Expr.Binary b) {
      switch (b.op()) {
        case "+":
          return poly(b.left()).plus(poly(b.right()), 1);
        case "-":
          return poly(b.left()).plus(poly(b.right()), -1);
        case "*":
          return poly(b.left()).times(poly(b.right()));
        default:
          break;
      }
    }
    throw new NotLinearized();
  }

  private static Expr expr(Poly p, SourcePos pos) {
    Expr out = null;
    for (var t : p.terms.entrySet()) {
      long c = t.getValue();
      Expr term = t.getKey().isEmpty() ? lit(Math.abs(c), pos) : product(t.getKey(), pos);
      if (!t.getKey().isEmpty() && Math.abs(c) != 1) term = new Expr.Binary("*", lit(Math.abs(c), pos), term, pos);
      if (out == null) out = c < 0 ? new Expr.Unary("-", term, pos) : term;
      else out = new Expr.Binary(c < 0 ? "-" : "+", out, term, pos);
    }
    return out == null ? lit(0, pos) : out;
  }

  private static Expr lit(long v, SourcePos pos) {
    return new Expr.IntLit(v, Long.toString(v), pos);
  }

  private static Expr product(List<String> names, SourcePos pos) {
    Expr out = null;
    for (String n : names) {
      Expr id = new Expr.Ident(n, pos);
      out = out == null ? id : new Expr.Binary("*", out, id, pos);
    }
    return out;
  }

  private String fresh(String base) {
    String name = base;
    for (int k = 1; names.contains(name) || scopes.lookup(name) != null; k++) name = base + "_" + k;
    names.add(name);
    return name;
  }

  // ---------------------------------------------------------------------------------------------
  // The region's statements

  private void collect(CStmt s) {
    if (s instanceof CStmt.ExprStmt e) collect(e.expr());
    else if (s instanceof CStmt.Declaration d) {
      for (Decl x : d.decls()) {
        if (x.name() != null) written.add(x.name());
        if (x.init() != null) collect(x.init());
      }
    } else if (s instanceof CStmt.For f) {
      if (f.cond() != null) collect(f.cond());
      if (f.step() != null) collect(f.step());
    } else if (s instanceof CStmt.If i) collect(i.cond());
    else if (s instanceof CStmt.While w) collect(w.cond());
    else if (s instanceof CStmt.DoWhile d) collect(d.cond());
    for (CStmt c : ScopExtractor.children(s)) collect(c);
  }

  private void collect(Expr e) {
    if (e instanceof Expr.Ident id) names.add(id.name());
    if (e instanceof Expr.Assign a && a.target() instanceof Expr.Ident id) written.add(id.name());
    if ((e instanceof Expr.Postfix || e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--")
        || u.op().equals("&"))) && e.children().get(0) instanceof Expr.Ident id) {
      written.add(id.name());
    }
    for (Expr c : e.children()) collect(c);
  }

  /** The accesses of one-dimensional arrays, by array; an array used otherwise than subscripted is left out. */
  private void uses(CStmt s, Map<String, List<Expr.Index>> out) throws NotLinearized {
    List<Expr> exprs = new ArrayList<>();
    if (s instanceof CStmt.ExprStmt e) exprs.add(e.expr());
    else if (s instanceof CStmt.Declaration d) {
      for (Decl x : d.decls()) if (x.init() != null) exprs.add(x.init());
    } else if (s instanceof CStmt.For f) {
      if (f.cond() != null) exprs.add(f.cond());
      if (f.step() != null) exprs.add(f.step());
    } else if (s instanceof CStmt.If i) exprs.add(i.cond());
    for (Expr e : exprs) uses(e, out, false);
    for (CStmt c : ScopExtractor.children(s)) uses(c, out);
  }

  private void uses(Expr e, Map<String, List<Expr.Index>> out, boolean subscripted) {
    if (e instanceof Expr.Index ix && ix.base() instanceof Expr.Ident id && oneDimensional(id.name())) {
      out.computeIfAbsent(id.name(), k -> new ArrayList<>()).add(ix);
      uses(ix.index(), out, false);
      return;
    }
    if (e instanceof Expr.Ident id && oneDimensional(id.name())) bare.add(id.name());
    for (Expr c : e.children()) uses(c, out, false);
  }

  private boolean oneDimensional(String name) {
    if (written.contains(name)) return false;
    Decl d = scopes.lookup(name);
    if (d == null) return false;
    CType t = d.type();
    return t instanceof CType.Pointer p && p.target() instanceof CType.Basic
        || t instanceof CType.Array a && a.element() instanceof CType.Basic;
  }

  private CStmt rewrite(CStmt s, Map<String, Speculation.View> views, Map<String, List<List<String>>> chains)
      throws NotLinearized {
    if (s instanceof CStmt.ExprStmt e) return new CStmt.ExprStmt(rewrite(e.expr(), views, chains), e.pos());
    if (s instanceof CStmt.Block b) {
      List<CStmt> items = new ArrayList<>();
      for (CStmt x : b.items()) items.add(rewrite(x, views, chains));
      return new CStmt.Block(ImmutableList.copyOf(items), b.pos());
    }
    if (s instanceof CStmt.If i) {
      return new CStmt.If(rewrite(i.cond(), views, chains), rewrite(i.then(), views, chains),
          i.otherwise() == null ? null : rewrite(i.otherwise(), views, chains), i.pos());
    }
    if (s instanceof CStmt.For f) {
      return new CStmt.For(f.init() == null ? null : rewrite(f.init(), views, chains),
          f.cond() == null ? null : rewrite(f.cond(), views, chains),
          f.step() == null ? null : rewrite(f.step(), views, chains), rewrite(f.body(), views, chains), f.pos());
    }
    if (s instanceof CStmt.Declaration d) {
      List<Decl> decls = new ArrayList<>();
      for (Decl x : d.decls()) {
        decls.add(x.init() == null ? x : new Decl(x.name(), x.type(), rewrite(x.init(), views, chains), x.isTypedef(),
            x.pos()));
      }
      return new CStmt.Declaration(ImmutableList.copyOf(decls), d.pos());
    }
    if (s instanceof CStmt.Pragma || s instanceof CStmt.Empty) return s;
    throw new NotLinearized();
  }

  private Expr rewrite(Expr e, Map<String, Speculation.View> views, Map<String, List<List<String>>> chains)
      throws NotLinearized {
    List<NotLinearized> failed = new ArrayList<>();
    Expr out = Expr.transform(e, x -> {
      if (x instanceof Expr.Index ix && ix.base() instanceof Expr.Ident id && views.containsKey(id.name())) {
        try {
          Expr v = new Expr.Ident(views.get(id.name()).name(), id.pos());
          for (Expr sub : split(ix.index(), chains.get(id.name()))) v = new Expr.Index(v, sub, ix.pos());
          return v;
        } catch (NotLinearized | ArithmeticException ex) {
          failed.add(new NotLinearized());
        }
      }
      return x;
    });
    if (!failed.isEmpty()) throw failed.get(0);
    return out;
  }
}

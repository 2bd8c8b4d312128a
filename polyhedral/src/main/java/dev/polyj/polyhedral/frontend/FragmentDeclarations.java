package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The implicit declarations of a bare SCoP fragment: a {@code #pragma scop} region at file level
 * whose identifiers are not declared. Each undeclared identifier gets a declaration from its uses,
 * the way polyhedral extractors read such fragments:
 *
 * <ul>
 *   <li>an identifier assigned by a for header ({@code for (i = ...; ...)}) is a loop iterator
 *       ({@code int});
 *   <li>a subscripted identifier is an array of {@code double} whose rank is the number of its
 *       subscripts and whose extents are unknown;
 *   <li>another identifier written in the region is a scalar variable ({@code double});
 *   <li>an identifier read in a loop bound, a condition or a subscript is an integer parameter
 *       ({@code int});
 *   <li>an identifier read only in statement bodies is a scalar variable ({@code double}).
 * </ul>
 *
 * Names called as functions and names declared inside the region get no declaration.
 */
final class FragmentDeclarations {
  private static final CType INT = new CType.Basic("int", false, false, true);
  private static final CType DOUBLE = new CType.Basic("double", false, true, false);

  private final Map<String, SourcePos> firstUse = new LinkedHashMap<>();
  private final Set<String> iterators = new HashSet<>();
  private final Map<String, Integer> ranks = new LinkedHashMap<>();
  private final Set<String> written = new HashSet<>();
  private final Set<String> control = new HashSet<>();
  private final Set<String> called = new HashSet<>();
  private final Set<String> declaredInside = new HashSet<>();

  private FragmentDeclarations() {}

  /** The declarations of the identifiers of {@code region} for which {@code declared} is false, in order of first use. */
  static List<Decl> infer(List<CStmt> region, Predicate<String> declared) {
    return infer(region, declared, false);
  }

  /**
   * As {@link #infer(List, Predicate)}; with {@code typeOf}, arrays and scalar variables get the
   * type the program declares elsewhere, spelled {@code __typeof__(a[0][0])} (a GNU C type that
   * the generated declarations can use), instead of {@code double}.
   */
  static List<Decl> infer(List<CStmt> region, Predicate<String> declared, boolean typeOf) {
    FragmentDeclarations f = new FragmentDeclarations();
    for (CStmt s : region) f.stmt(s);
    List<Decl> out = new ArrayList<>();
    for (var e : f.firstUse.entrySet()) {
      String name = e.getKey();
      if (declared.test(name) || f.declaredInside.contains(name)) continue;
      CType type;
      if (f.ranks.containsKey(name)) {
        type = typeOf ? typeOf(name + "[0]".repeat(f.ranks.get(name))) : DOUBLE;
        for (int k = 0; k < f.ranks.get(name); k++) type = new CType.Array(type, null);
      } else if (f.iterators.contains(name)) {
        type = INT;
      } else if (f.written.contains(name)) {
        type = typeOf ? typeOf(name) : DOUBLE;
      } else if (f.control.contains(name)) {
        type = INT;
      } else if (f.called.contains(name)) {
        continue;
      } else {
        type = typeOf ? typeOf(name) : DOUBLE;
      }
      out.add(new Decl(name, type, null, false, e.getValue()));
    }
    return out;
  }

  /** The type of expression {@code e} in the program, taken as floating (the conservative choice). */
  private static CType typeOf(String e) {
    return new CType.Basic("__typeof__(" + e + ")", false, true, false);
  }

  private void stmt(CStmt s) {
    if (s instanceof CStmt.ExprStmt e) {
      expr(e.expr(), false);
    } else if (s instanceof CStmt.Declaration d) {
      for (Decl x : d.decls()) {
        if (x.name() != null) declaredInside.add(x.name());
        if (x.init() != null) expr(x.init(), false);
      }
    } else if (s instanceof CStmt.For f) {
      if (f.init() instanceof CStmt.ExprStmt e) {
        forInit(e.expr());
      } else if (f.init() != null) {
        stmt(f.init());
      }
      if (f.cond() != null) expr(f.cond(), true);
      if (f.step() != null) expr(f.step(), true);
      stmt(f.body());
      return;
    } else if (s instanceof CStmt.If i) {
      expr(i.cond(), true);
    } else if (s instanceof CStmt.While w) {
      expr(w.cond(), true);
    } else if (s instanceof CStmt.DoWhile d) {
      expr(d.cond(), true);
    } else if (s instanceof CStmt.Switch w) {
      expr(w.value(), true);
    } else if (s instanceof CStmt.Return r && r.value() != null) {
      expr(r.value(), false);
    }
    for (CStmt c : ScopExtractor.children(s)) stmt(c);
  }

  private void forInit(Expr e) {
    if (e instanceof Expr.Comma c) {
      forInit(c.left());
      forInit(c.right());
    } else if (e instanceof Expr.Assign a && a.op().equals("=") && a.target() instanceof Expr.Ident id) {
      use(id);
      iterators.add(id.name());
      expr(a.value(), true);
    } else {
      expr(e, true);
    }
  }

  private void use(Expr.Ident id) {
    firstUse.putIfAbsent(id.name(), id.pos());
  }

  private void expr(Expr e, boolean inControl) {
    if (e instanceof Expr.Ident id) {
      use(id);
      if (inControl) control.add(id.name());
    } else if (e instanceof Expr.Index) {
      List<Expr> subs = new ArrayList<>();
      Expr base = e;
      while (base instanceof Expr.Index ix) {
        subs.add(ix.index());
        base = ix.base();
      }
      if (base instanceof Expr.Ident id) {
        use(id);
        ranks.putIfAbsent(id.name(), subs.size());
      } else {
        expr(base, inControl);
      }
      for (Expr s : subs) expr(s, true);
    } else if (e instanceof Expr.Assign a) {
      if (a.target() instanceof Expr.Ident id) {
        use(id);
        written.add(id.name());
        if (inControl) control.add(id.name());
      } else {
        expr(a.target(), inControl);
      }
      expr(a.value(), inControl);
    } else if ((e instanceof Expr.Postfix || e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--")))
        && e.children().get(0) instanceof Expr.Ident id) {
      use(id);
      written.add(id.name());
    } else if (e instanceof Expr.Call c) {
      if (c.callee() instanceof Expr.Ident id) {
        use(id);
        called.add(id.name());
      } else {
        expr(c.callee(), inControl);
      }
      for (Expr a : c.args()) expr(a, inControl);
    } else {
      for (Expr c : e.children()) expr(c, inControl);
    }
  }
}

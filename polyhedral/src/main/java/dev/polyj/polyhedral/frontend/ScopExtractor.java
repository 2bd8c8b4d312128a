package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the candidate regions of a translation unit and analyzes each one ({@link RegionAnalyzer}).
 * Candidate regions are the statements between {@code #pragma scop} and {@code #pragma endscop}
 * in one block; a file without these pragmas has each outermost for loop of each function as a
 * candidate (automatic detection). A region written at file level (a bare SCoP fragment) has its
 * undeclared identifiers declared from their uses ({@link FragmentDeclarations}).
 */
public final class ScopExtractor {
  private final TranslationUnit unit;
  private final Map<String, Decl> globals = new HashMap<>();
  private final List<RegionResult> results = new ArrayList<>();
  private final boolean usePragmas;
  private final Set<String> pure;
  private final boolean typeOfUndeclared;

  private ScopExtractor(TranslationUnit unit, Set<String> pure, boolean typeOfUndeclared) {
    this.unit = unit;
    this.pure = Set.copyOf(pure);
    this.typeOfUndeclared = typeOfUndeclared;
    for (Decl d : unit.globals()) if (d.name() != null && !d.isTypedef()) globals.put(d.name(), d);
    boolean any = false;
    for (FunctionDef f : unit.functions()) any |= hasScopPragma(f.body());
    this.usePragmas = any;
  }

  /** The candidate regions of {@code unit} in source order, each accepted or rejected. */
  public static List<RegionResult> extract(TranslationUnit unit) {
    return extract(unit, Set.of());
  }

  /** As {@link #extract(TranslationUnit)}, with the user functions {@code pure} known to have no side effects. */
  public static List<RegionResult> extract(TranslationUnit unit, Set<String> pure) {
    return extract(unit, pure, false);
  }

  /**
   * As {@link #extract(TranslationUnit, Set)}; with {@code typeOfUndeclared}, the undeclared variables
   * of bare fragments have the element types the program gives them ({@code __typeof__}) rather
   * than {@code double}.
   */
  static List<RegionResult> extract(TranslationUnit unit, Set<String> pure, boolean typeOfUndeclared) {
    ScopExtractor x = new ScopExtractor(unit, pure, typeOfUndeclared);
    for (FunctionDef f : unit.functions()) x.function(f);
    return x.results;
  }

  private static boolean hasScopPragma(CStmt s) {
    if (s instanceof CStmt.Pragma p) return isPragma(p, "scop");
    if (s instanceof CStmt.Block b) {
      for (CStmt x : b.items()) if (hasScopPragma(x)) return true;
      return false;
    }
    for (CStmt c : children(s)) if (hasScopPragma(c)) return true;
    return false;
  }

  static boolean isPragma(CStmt s, String word) {
    return s instanceof CStmt.Pragma p && p.text().trim().equals(word);
  }

  static List<CStmt> children(CStmt s) {
    List<CStmt> out = new ArrayList<>();
    if (s instanceof CStmt.Block b) out.addAll(b.items());
    else if (s instanceof CStmt.If i) {
      out.add(i.then());
      if (i.otherwise() != null) out.add(i.otherwise());
    } else if (s instanceof CStmt.For f) {
      if (f.init() != null) out.add(f.init());
      out.add(f.body());
    } else if (s instanceof CStmt.While w) out.add(w.body());
    else if (s instanceof CStmt.DoWhile d) out.add(d.body());
    else if (s instanceof CStmt.Switch w) out.add(w.body());
    else if (s instanceof CStmt.Case c) out.add(c.body());
    else if (s instanceof CStmt.Label l) out.add(l.body());
    return out;
  }

  /** Visible declarations: a stack of scopes over the globals. */
  static final class Scopes {
    private final Map<String, Decl> globals;
    private final Deque<Map<String, Decl>> stack = new ArrayDeque<>();
    /** The function's parameters: declared as arrays, they are pointers (C adjusts their type). */
    private final Set<Decl> parameters = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    Scopes(Map<String, Decl> globals) {
      this.globals = globals;
    }

    void declareParameter(Decl d) {
      declare(d);
      parameters.add(d);
    }

    /** Whether {@code d} is a parameter of the function (an array parameter is a pointer). */
    boolean isParameter(Decl d) {
      return parameters.contains(d);
    }

    void push() {
      stack.push(new HashMap<>());
    }

    void pop() {
      stack.pop();
    }

    void declare(Decl d) {
      if (d.name() != null) stack.peek().put(d.name(), d);
    }

    /** Declares {@code d} under {@code name}, which may differ from its own (a renamed local). */
    void declareAs(String name, Decl d) {
      stack.peek().put(name, d);
    }

    Decl lookup(String name) {
      for (Map<String, Decl> m : stack) {
        Decl d = m.get(name);
        if (d != null) return d;
      }
      return globals.get(name);
    }

    /** A copy holding the current visible declarations as one outer scope. */
    Scopes snapshot() {
      Scopes s = new Scopes(globals);
      s.parameters.addAll(parameters);
      Map<String, Decl> flat = new HashMap<>();
      List<Map<String, Decl>> frames = new ArrayList<>(stack);
      for (int i = frames.size() - 1; i >= 0; i--) flat.putAll(frames.get(i));
      s.stack.push(flat);
      return s;
    }
  }

  private void function(FunctionDef f) {
    Scopes scopes = new Scopes(globals);
    scopes.push();
    for (Decl p : f.params()) scopes.declareParameter(p);
    if (f.isFileScope()) {
      for (Decl d : FragmentDeclarations.infer(f.body().items(), n -> scopes.lookup(n) != null, typeOfUndeclared)) scopes.declare(d);
    }
    block(f, f.body(), scopes);
    scopes.pop();
  }

  private void block(FunctionDef f, CStmt.Block b, Scopes scopes) {
    scopes.push();
    List<CStmt> items = b.items();
    for (int k = 0; k < items.size(); k++) {
      CStmt item = items.get(k);
      if (item instanceof CStmt.Declaration d) {
        for (Decl x : d.decls()) scopes.declare(x);
      }
      if (usePragmas && isPragma(item, "scop")) {
        int end = -1;
        for (int j = k + 1; j < items.size(); j++) {
          if (isPragma(items.get(j), "endscop")) {
            end = j;
            break;
          }
        }
        if (end < 0) throw new CSourceException(item.pos(), "#pragma scop without #pragma endscop in the same block");
        results.add(analyze(f, item.pos(), scopes, items.subList(k + 1, end)));
        k = end;
      } else if (!usePragmas && item instanceof CStmt.For) {
        results.add(analyze(f, item.pos(), scopes, List.of(item)));
      } else {
        nested(f, item, scopes);
      }
    }
    scopes.pop();
  }

  /** The result for one region; a rejected one with what delinearization recovers ({@link Delinearizer}). */
  private RegionResult analyze(FunctionDef f, SourcePos pos, Scopes scopes, List<CStmt> region) {
    RegionResult r = new RegionAnalyzer(f.name(), pos, scopes.snapshot(), region, pure).analyze();
    return r.accepted() ? r : Delinearizer.retry(r, f.name(), pos, scopes.snapshot(), region, pure);
  }

  private void nested(FunctionDef f, CStmt s, Scopes scopes) {
    if (s instanceof CStmt.Block b) {
      block(f, b, scopes);
      return;
    }
    scopes.push();
    if (s instanceof CStmt.For fo && fo.init() instanceof CStmt.Declaration d) {
      for (Decl x : d.decls()) scopes.declare(x);
    }
    for (CStmt c : children(s)) if (!(c instanceof CStmt.Declaration)) nested(f, c, scopes);
    scopes.pop();
  }

  /** Used by tests: the translation unit this extractor reads. */
  TranslationUnit unit() {
    return unit;
  }

  static SourcePos posOf(Expr e) {
    return e.pos();
  }
}

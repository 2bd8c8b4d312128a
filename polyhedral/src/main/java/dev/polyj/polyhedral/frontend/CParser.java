package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Recursive-descent parser for the C subset of PolyBench/C and Pluto-style programs (after
 * preprocessing): declarations with pointer, array and function declarators, function
 * definitions, all statements, and the full expression grammar with C's precedences.
 *
 * <p>Constructs of the main file are parsed strictly: any syntax error is reported with its
 * position. Top-level constructs of included files (system headers after {@code gcc -E}) are
 * parsed leniently: declarations the parser understands are kept (typedefs, global arrays) and
 * the others are skipped; function bodies of included files are skipped.
 */
public final class CParser {
  private static final Set<String> STORAGE = Set.of("typedef", "extern", "static", "auto", "register",
      "inline", "__inline", "__inline__", "_Noreturn", "__extension__", "_Thread_local", "__thread");
  private static final Set<String> QUALIFIERS = Set.of("const", "volatile", "restrict", "__restrict",
      "__restrict__", "__const", "__volatile__", "__volatile", "_Atomic", "_Nonnull", "_Nullable");
  private static final Set<String> ATTRIBUTES = Set.of("__attribute__", "__attribute", "__declspec",
      "__asm__", "__asm", "asm", "_Alignas", "__alignas");
  private static final Set<String> TYPE_WORDS = Set.of("void", "char", "short", "int", "long", "float",
      "double", "signed", "unsigned", "_Bool", "_Complex", "__complex__", "__int128", "__float128",
      "_Float128", "_Float64", "_Float32", "_Float16", "_Float32x", "_Float64x", "__signed__", "__signed");
  private static final Set<String> TAGS = Set.of("struct", "union", "enum");
  private static final Set<String> ASSIGN_OPS = Set.of("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=",
      "&=", "^=", "|=");

  private final List<Token> toks;
  private final String fileName;
  private int p;
  private final Map<String, CType> typedefs = new HashMap<>();
  private final List<Decl> globals = new ArrayList<>();

  private CParser(List<Token> toks, String fileName) {
    this.toks = toks;
    this.fileName = fileName;
    typedefs.put("__builtin_va_list", new CType.Basic("__builtin_va_list", false, false, false));
  }

  /** Parses a whole file; {@code fileName} is used in positions and to tell the main file. */
  public static TranslationUnit parse(String source, String fileName) {
    return new CParser(CLexer.tokenize(source, fileName), fileName).unit();
  }

  // ---------------------------------------------------------------------------------------------
  // Tokens

  private Token peek() {
    return toks.get(p);
  }

  private Token peek(int k) {
    return toks.get(Math.min(p + k, toks.size() - 1));
  }

  private boolean at(String s) {
    return peek().is(s);
  }

  private Token next() {
    Token t = toks.get(p);
    if (t.kind() != Token.Kind.EOF) p++;
    return t;
  }

  private boolean accept(String s) {
    if (at(s)) {
      p++;
      return true;
    }
    return false;
  }

  private Token expect(String s) {
    if (!at(s)) throw error(peek(), "expected '" + s + "' before " + peek());
    return next();
  }

  private CSourceException error(Token t, String msg) {
    return new CSourceException(t.pos(), msg);
  }

  private String ident() {
    Token t = peek();
    if (t.kind() != Token.Kind.IDENT) throw error(t, "expected identifier before " + t);
    p++;
    return t.text();
  }

  // ---------------------------------------------------------------------------------------------
  // Top level

  private TranslationUnit unit() {
    List<FunctionDef> functions = new ArrayList<>();
    while (peek().kind() != Token.Kind.EOF) {
      Token start = peek();
      if (start.kind() == Token.Kind.PRAGMA && start.inMainFile() && start.text().equals("scop")) {
        functions.add(fileScopeRegion());
        continue;
      }
      if (start.kind() == Token.Kind.PRAGMA || start.is(";")) {
        p++;
        continue;
      }
      if (start.inMainFile()) {
        if (!isTypeStart(start) && !implicitIntFunction()) functions.add(fileScopeStatements());
        else externalDeclaration(functions, true);
      } else {
        int save = p;
        int nGlobals = globals.size();
        try {
          externalDeclaration(functions, false);
        } catch (CSourceException e) {
          p = save;
          while (globals.size() > nGlobals) globals.remove(globals.size() - 1);
          skipConstruct();
        }
      }
    }
    return new TranslationUnit(fileName, ImmutableList.copyOf(globals), ImmutableList.copyOf(functions));
  }

  /**
   * A {@code #pragma scop} region at file level (statements outside any function, as in bare SCoP
   * fragments): its pragmas and the statements between them become the body of a function
   * without a name.
   */
  private FunctionDef fileScopeRegion() {
    Token start = next();
    List<CStmt> items = new ArrayList<>();
    items.add(new CStmt.Pragma(start.text(), start.pos()));
    while (true) {
      Token t = peek();
      if (t.kind() == Token.Kind.EOF) throw error(start, "#pragma scop without #pragma endscop");
      if (t.kind() == Token.Kind.PRAGMA && t.text().equals("endscop")) {
        p++;
        items.add(new CStmt.Pragma(t.text(), t.pos()));
        break;
      }
      items.add(isDeclarationStart() ? declaration() : statement());
    }
    return FunctionDef.fileScope(new CStmt.Block(items, start.pos()));
  }

  /**
   * Statements written at file level outside any {@code #pragma scop} region (the code around the
   * region of a fragment): parsed up to the next declaration, pragma or function, and held as a
   * function without a name that has no pragmas.
   */
  private FunctionDef fileScopeStatements() {
    SourcePos pos = peek().pos();
    List<CStmt> items = new ArrayList<>();
    while (true) {
      Token t = peek();
      if (t.kind() == Token.Kind.EOF || t.kind() == Token.Kind.PRAGMA || !t.inMainFile() || isTypeStart(t)
          || implicitIntFunction()) {
        break;
      }
      try {
        items.add(statement());
      } catch (CSourceException e) {
        throw new CSourceException(e.pos(), e.detail() + " (text outside functions that is not a declaration is read "
            + "as C statements)");
      }
    }
    return FunctionDef.fileScope(new CStmt.Block(items, pos));
  }

  /** Whether a function definition without a result type ({@code main() { ... }}, implicit int) starts here. */
  private boolean implicitIntFunction() {
    if (peek().kind() != Token.Kind.IDENT || !peek(1).is("(")
        || Set.of("for", "if", "while", "switch", "return", "sizeof", "do").contains(peek().text())) {
      return false;
    }
    int depth = 0;
    for (int k = p + 1; k < toks.size(); k++) {
      Token t = toks.get(k);
      if (t.kind() == Token.Kind.EOF) return false;
      if (t.is("(")) depth++;
      else if (t.is(")") && --depth == 0) return k + 1 < toks.size() && toks.get(k + 1).is("{");
    }
    return false;
  }

  /** Skips one top-level construct: up to a ';' at nesting depth 0 or the end of a function body. */
  private void skipConstruct() {
    int depth = 0;
    Token prev = null;
    while (peek().kind() != Token.Kind.EOF) {
      Token t = next();
      if (t.is("(") || t.is("[")) depth++;
      else if (t.is(")") || t.is("]")) depth--;
      else if (t.is("{")) {
        if (depth == 0 && prev != null && prev.is(")")) {
          skipBalancedBraces();
          return;
        }
        depth++;
      } else if (t.is("}")) depth--;
      else if (t.is(";") && depth <= 0) return;
      prev = t;
    }
  }

  /** After an opening '{': skips to the matching '}'. */
  private void skipBalancedBraces() {
    int depth = 1;
    while (depth > 0) {
      Token t = next();
      if (t.kind() == Token.Kind.EOF) throw error(t, "expected '}' at end of input");
      if (t.is("{")) depth++;
      else if (t.is("}")) depth--;
    }
  }

  private void skipBalancedParens() {
    expect("(");
    int depth = 1;
    while (depth > 0) {
      Token t = next();
      if (t.kind() == Token.Kind.EOF) throw error(t, "expected ')' at end of input");
      if (t.is("(")) depth++;
      else if (t.is(")")) depth--;
    }
  }

  private void externalDeclaration(List<FunctionDef> functions, boolean strict) {
    Token start = peek();
    Spec spec = declSpecifiers();
    if (!spec.any && implicitIntFunction()) spec = new Spec(new CType.Basic("int", false, false, true), false, true);
    if (!spec.any) throw error(start, "expected declaration before " + start);
    if (accept(";")) return;
    while (true) {
      Declarator d = declarator(false);
      CType type = d.build.apply(spec.base);
      skipAttributes();
      if (type instanceof CType.Function f && at("{") && !spec.typedef) {
        if (!strict) {
          p++;
          skipBalancedBraces();
          globals.add(new Decl(d.name, type, null, false, d.pos));
          return;
        }
        Decl self = new Decl(d.name, type, null, false, d.pos);
        globals.add(self);
        CStmt.Block body = block();
        functions.add(new FunctionDef(d.name, f.result(), f.params(), body, d.pos));
        return;
      }
      Expr init = null;
      if (accept("=")) init = initializer();
      if (spec.typedef) typedefs.put(d.name, type);
      globals.add(new Decl(d.name, type, init, spec.typedef, d.pos));
      if (accept(",")) continue;
      expect(";");
      return;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Declarations

  private record Spec(CType base, boolean typedef, boolean any) {}

  private record Declarator(String name, SourcePos pos, UnaryOperator<CType> build) {}

  private boolean isTypeStart(Token t) {
    if (t.kind() != Token.Kind.IDENT) return false;
    String s = t.text();
    return STORAGE.contains(s) || QUALIFIERS.contains(s) || TYPE_WORDS.contains(s) || TAGS.contains(s)
        || ATTRIBUTES.contains(s) || typedefs.containsKey(s) || s.equals("__typeof__") || s.equals("typeof")
        || s.equals("__typeof");
  }

  private void skipAttributes() {
    while (peek().kind() == Token.Kind.IDENT && ATTRIBUTES.contains(peek().text())) {
      p++;
      if (at("(")) skipBalancedParens();
    }
  }

  private Spec declSpecifiers() {
    boolean typedef = false;
    boolean any = false;
    List<String> words = new ArrayList<>();
    CType named = null;
    while (true) {
      Token t = peek();
      if (t.kind() != Token.Kind.IDENT) break;
      String s = t.text();
      if (STORAGE.contains(s)) {
        if (s.equals("typedef")) typedef = true;
        p++;
      } else if (QUALIFIERS.contains(s)) {
        p++;
        if (s.equals("_Atomic") && at("(")) skipBalancedParens();
      } else if (ATTRIBUTES.contains(s)) {
        p++;
        if (at("(")) skipBalancedParens();
      } else if (s.equals("__typeof__") || s.equals("typeof") || s.equals("__typeof")) {
        p++;
        skipBalancedParens();
        named = new CType.Basic("__typeof__", false, false, false);
      } else if (TYPE_WORDS.contains(s)) {
        words.add(s);
        p++;
      } else if (TAGS.contains(s)) {
        p++;
        skipAttributes();
        String tag = peek().kind() == Token.Kind.IDENT ? next().text() : "<anonymous>";
        if (at("{")) {
          p++;
          if (s.equals("enum")) enumBody();
          else skipBalancedBraces();
        }
        named = new CType.Basic(s + " " + tag, false, false, s.equals("enum"));
      } else if (typedefs.containsKey(s) && words.isEmpty() && named == null) {
        p++;
        CType under = typedefs.get(s);
        named = under instanceof CType.Basic b ? new CType.Basic(s, b.unsigned(), b.floating(), b.integer()) : under;
      } else {
        break;
      }
      any = true;
    }
    CType base;
    if (named != null) {
      base = named;
    } else {
      boolean floating = words.contains("float") || words.contains("double") || words.stream().anyMatch(w -> w.startsWith("_Float") || w.equals("__float128"));
      boolean unsigned = words.contains("unsigned");
      boolean isVoid = words.contains("void");
      String name = words.isEmpty() ? "int" : String.join(" ", words);
      base = new CType.Basic(name, unsigned, floating, !floating && !isVoid);
    }
    return new Spec(base, typedef, any);
  }

  /** Enumerators become global int constants. */
  private void enumBody() {
    while (!accept("}")) {
      Token t = peek();
      String name = ident();
      Expr value = null;
      if (accept("=")) value = conditional();
      globals.add(new Decl(name, new CType.Basic("int", false, false, true), value, false, t.pos()));
      if (!accept(",")) {
        expect("}");
        return;
      }
    }
  }

  private Declarator declarator(boolean allowAbstract) {
    List<Boolean> pointers = new ArrayList<>();
    while (accept("*")) {
      boolean restrict = false;
      while (peek().kind() == Token.Kind.IDENT
          && (QUALIFIERS.contains(peek().text()) || ATTRIBUTES.contains(peek().text()))) {
        String q = next().text();
        if (q.startsWith("restrict") || q.startsWith("__restrict")) restrict = true;
        if (ATTRIBUTES.contains(q) && at("(")) skipBalancedParens();
      }
      pointers.add(restrict);
    }
    skipAttributes();
    String name = null;
    SourcePos pos = peek().pos();
    UnaryOperator<CType> inner = t -> t;
    if (peek().kind() == Token.Kind.IDENT && !isTypeStart(peek())) {
      name = next().text();
    } else if (at("(") && (peek(1).is("*") || peek(1).is("(") || peek(1).is("^")
        || (peek(1).kind() == Token.Kind.IDENT && !isTypeStart(peek(1))))) {
      p++;
      Declarator in = declarator(allowAbstract);
      expect(")");
      name = in.name;
      pos = in.pos;
      inner = in.build;
    } else if (!allowAbstract) {
      throw error(peek(), "expected identifier or '(' before " + peek());
    }
    List<UnaryOperator<CType>> suffixes = new ArrayList<>();
    while (true) {
      if (accept("[")) {
        while (peek().kind() == Token.Kind.IDENT && (QUALIFIERS.contains(peek().text()) || peek().text().equals("static"))) p++;
        Expr size = at("]") ? null : (at("*") && peek(1).is("]") ? skipStar() : assignment());
        expect("]");
        suffixes.add(t -> new CType.Array(t, size));
      } else if (at("(")) {
        p++;
        ImmutableList<Decl> params = parameterList();
        suffixes.add(t -> new CType.Function(t, params));
      } else {
        break;
      }
    }
    skipAttributes();
    UnaryOperator<CType> finalInner = inner;
    return new Declarator(name, pos, t -> {
      for (boolean r : pointers) t = new CType.Pointer(t, r);
      for (int i = suffixes.size() - 1; i >= 0; i--) t = suffixes.get(i).apply(t);
      return finalInner.apply(t);
    });
  }

  private Expr skipStar() {
    p++;
    return null;
  }

  /** After '(': parameters up to and including ')'. */
  private ImmutableList<Decl> parameterList() {
    List<Decl> params = new ArrayList<>();
    if (accept(")")) return ImmutableList.of();
    if (at("void") && peek(1).is(")")) {
      p += 2;
      return ImmutableList.of();
    }
    while (true) {
      if (accept("...")) {
        expect(")");
        break;
      }
      Token start = peek();
      Spec spec = declSpecifiers();
      if (!spec.any) {
        // K&R identifier lists are not supported
        throw error(start, "expected declaration specifiers before " + start);
      }
      Declarator d = declarator(true);
      params.add(new Decl(d.name, d.build.apply(spec.base), null, false, d.name == null ? start.pos() : d.pos));
      if (accept(")")) break;
      expect(",");
    }
    return ImmutableList.copyOf(params);
  }

  private Expr initializer() {
    if (at("{")) {
      SourcePos pos = next().pos();
      List<Expr> items = new ArrayList<>();
      while (!accept("}")) {
        // designators
        while (at(".") || at("[")) {
          if (accept(".")) {
            ident();
          } else {
            p++;
            conditional();
            expect("]");
          }
          if (!at(".") && !at("[")) expect("=");
        }
        items.add(initializer());
        if (!accept(",")) {
          expect("}");
          break;
        }
      }
      return new Expr.InitList(items, pos);
    }
    return assignment();
  }

  /** A declaration statement inside a function (after checking {@link #isDeclarationStart}). */
  private CStmt.Declaration declaration() {
    Token start = peek();
    Spec spec = declSpecifiers();
    List<Decl> decls = new ArrayList<>();
    if (accept(";")) return new CStmt.Declaration(decls, start.pos());
    while (true) {
      Declarator d = declarator(false);
      CType type = d.build.apply(spec.base);
      Expr init = null;
      if (accept("=")) init = initializer();
      if (spec.typedef) typedefs.put(d.name, type);
      decls.add(new Decl(d.name, type, init, spec.typedef, d.pos));
      if (accept(",")) continue;
      expect(";");
      return new CStmt.Declaration(decls, start.pos());
    }
  }

  private boolean isDeclarationStart() {
    Token t = peek();
    if (!isTypeStart(t)) return false;
    if (typedefs.containsKey(t.text())) {
      Token n = peek(1);
      return n.kind() == Token.Kind.IDENT || n.is("*") || n.is("(");
    }
    return !t.text().equals("__extension__") || isTypeStart(peek(1));
  }

  // ---------------------------------------------------------------------------------------------
  // Statements

  private CStmt.Block block() {
    SourcePos pos = expect("{").pos();
    List<CStmt> items = new ArrayList<>();
    while (!at("}")) {
      if (peek().kind() == Token.Kind.EOF) throw error(peek(), "expected '}' at end of input");
      items.add(isDeclarationStart() ? declaration() : statement());
    }
    p++;
    return new CStmt.Block(items, pos);
  }

  private CStmt statement() {
    Token t = peek();
    SourcePos pos = t.pos();
    if (t.kind() == Token.Kind.PRAGMA) {
      p++;
      return new CStmt.Pragma(t.text(), pos);
    }
    if (t.is("{")) return block();
    if (t.is(";")) {
      p++;
      return new CStmt.Empty(pos);
    }
    if (t.kind() == Token.Kind.IDENT) {
      switch (t.text()) {
        case "if" -> {
          p++;
          expect("(");
          Expr c = expression();
          expect(")");
          CStmt then = statement();
          CStmt otherwise = accept("else") ? statement() : null;
          return new CStmt.If(c, then, otherwise, pos);
        }
        case "for" -> {
          p++;
          expect("(");
          CStmt init = null;
          if (isDeclarationStart()) {
            init = declaration();
          } else if (!accept(";")) {
            SourcePos ip = peek().pos();
            init = new CStmt.ExprStmt(expression(), ip);
            expect(";");
          }
          Expr cond = at(";") ? null : expression();
          expect(";");
          Expr step = at(")") ? null : expression();
          expect(")");
          return new CStmt.For(init, cond, step, statement(), pos);
        }
        case "while" -> {
          p++;
          expect("(");
          Expr c = expression();
          expect(")");
          return new CStmt.While(c, statement(), pos);
        }
        case "do" -> {
          p++;
          CStmt body = statement();
          expect("while");
          expect("(");
          Expr c = expression();
          expect(")");
          expect(";");
          return new CStmt.DoWhile(body, c, pos);
        }
        case "switch" -> {
          p++;
          expect("(");
          Expr v = expression();
          expect(")");
          return new CStmt.Switch(v, statement(), pos);
        }
        case "case" -> {
          p++;
          Expr v = conditional();
          expect(":");
          return new CStmt.Case(v, statement(), pos);
        }
        case "default" -> {
          if (peek(1).is(":")) {
            p += 2;
            return new CStmt.Case(null, statement(), pos);
          }
        }
        case "break" -> {
          p++;
          expect(";");
          return new CStmt.Break(pos);
        }
        case "continue" -> {
          p++;
          expect(";");
          return new CStmt.Continue(pos);
        }
        case "return" -> {
          p++;
          Expr v = at(";") ? null : expression();
          expect(";");
          return new CStmt.Return(v, pos);
        }
        case "goto" -> {
          p++;
          String label = ident();
          expect(";");
          return new CStmt.Goto(label, pos);
        }
        default -> {
          if (peek(1).is(":") && !typedefs.containsKey(t.text())) {
            p += 2;
            if (at("}")) return new CStmt.Label(t.text(), new CStmt.Empty(pos), pos);
            return new CStmt.Label(t.text(), statement(), pos);
          }
        }
      }
    }
    Expr e = expression();
    expect(";");
    return new CStmt.ExprStmt(e, pos);
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions

  private Expr expression() {
    Expr e = assignment();
    while (at(",")) {
      SourcePos pos = next().pos();
      e = new Expr.Comma(e, assignment(), e.pos());
    }
    return e;
  }

  private Expr assignment() {
    Expr left = conditional();
    Token t = peek();
    if (t.kind() == Token.Kind.PUNCT && ASSIGN_OPS.contains(t.text())) {
      p++;
      return new Expr.Assign(t.text(), left, assignment(), left.pos());
    }
    return left;
  }

  private Expr conditional() {
    Expr c = binary(4);
    if (at("?")) {
      SourcePos pos = next().pos();
      Expr then = expression();
      expect(":");
      return new Expr.Cond(c, then, conditional(), c.pos());
    }
    return c;
  }

  private static int binaryPrec(Token t) {
    if (t.kind() != Token.Kind.PUNCT) return -1;
    return switch (t.text()) {
      case "||" -> 4;
      case "&&" -> 5;
      case "|" -> 6;
      case "^" -> 7;
      case "&" -> 8;
      case "==", "!=" -> 9;
      case "<", ">", "<=", ">=" -> 10;
      case "<<", ">>" -> 11;
      case "+", "-" -> 12;
      case "*", "/", "%" -> 13;
      default -> -1;
    };
  }

  private Expr binary(int minPrec) {
    Expr left = castExpr();
    while (true) {
      Token t = peek();
      int prec = binaryPrec(t);
      if (prec < minPrec) return left;
      p++;
      Expr right = binary(prec + 1);
      left = new Expr.Binary(t.text(), left, right, left.pos());
    }
  }

  private Expr castExpr() {
    if (at("(") && isTypeStart(peek(1)) && !peek(1).text().equals("__extension__")) {
      SourcePos pos = next().pos();
      String type = typeName();
      expect(")");
      if (at("{")) return new Expr.Cast(type, initializer(), pos);
      return new Expr.Cast(type, castExpr(), pos);
    }
    return unary();
  }

  /** A type name (as in casts and sizeof), returned as its C spelling. */
  private String typeName() {
    int start = p;
    Spec spec = declSpecifiers();
    if (!spec.any) throw error(peek(), "expected type name before " + peek());
    declarator(true);
    StringBuilder sb = new StringBuilder();
    for (int i = start; i < p; i++) {
      if (i > start) sb.append(' ');
      sb.append(toks.get(i).text());
    }
    return sb.toString().replace("( ", "(").replace(" )", ")").replace(" [", "[").replace("[ ", "[")
        .replace(" ]", "]").replace("* )", "*)");
  }

  private Expr unary() {
    Token t = peek();
    if (t.kind() == Token.Kind.PUNCT) {
      switch (t.text()) {
        case "++", "--" -> {
          p++;
          return new Expr.Unary(t.text(), unary(), t.pos());
        }
        case "&", "*", "+", "-", "~", "!" -> {
          p++;
          return new Expr.Unary(t.text(), castExpr(), t.pos());
        }
        default -> {}
      }
    }
    if (t.is("sizeof") || t.is("_Alignof") || t.is("__alignof__")) {
      p++;
      if (at("(") && isTypeStart(peek(1))) {
        p++;
        String type = typeName();
        expect(")");
        return new Expr.SizeOf(type, null, t.pos());
      }
      return new Expr.SizeOf(null, unary(), t.pos());
    }
    if (t.is("__extension__")) {
      p++;
      return castExpr();
    }
    return postfix(primary());
  }

  private Expr postfix(Expr e) {
    while (true) {
      Token t = peek();
      if (t.is("[")) {
        p++;
        Expr index = expression();
        expect("]");
        e = new Expr.Index(e, index, e.pos());
      } else if (t.is("(")) {
        p++;
        List<Expr> args = new ArrayList<>();
        if (!accept(")")) {
          while (true) {
            args.add(assignment());
            if (accept(")")) break;
            expect(",");
          }
        }
        e = new Expr.Call(e, args, e.pos());
      } else if (t.is(".") || t.is("->")) {
        p++;
        e = new Expr.Member(e, ident(), t.is("->"), e.pos());
      } else if (t.is("++") || t.is("--")) {
        p++;
        e = new Expr.Postfix(t.text(), e, e.pos());
      } else {
        return e;
      }
    }
  }

  private Expr primary() {
    Token t = peek();
    switch (t.kind()) {
      case IDENT -> {
        if (isTypeStart(t) && !typedefs.containsKey(t.text())) throw error(t, "expected expression before " + t);
        p++;
        return new Expr.Ident(t.text(), t.pos());
      }
      case INT -> {
        p++;
        return new Expr.IntLit(CLexer.intValue(t.text()), t.text(), t.pos());
      }
      case FLOAT -> {
        p++;
        return new Expr.FloatLit(t.text(), t.pos());
      }
      case CHAR -> {
        p++;
        return new Expr.CharLit(t.text(), t.pos());
      }
      case STRING -> {
        p++;
        StringBuilder sb = new StringBuilder(t.text());
        while (peek().kind() == Token.Kind.STRING) sb.append(' ').append(next().text());
        return new Expr.StringLit(sb.toString(), t.pos());
      }
      case PUNCT -> {
        if (t.is("(")) {
          if (peek(1).is("{")) throw error(t, "statement expressions are not supported");
          p++;
          Expr e = expression();
          expect(")");
          return e;
        }
      }
      default -> {}
    }
    throw error(t, "expected expression before " + t);
  }
}

package dev.polyj.presburger.notation;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.notation.Token.Kind;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Recursive-descent reader of one isl object (a set, map, union set or union map), following the
 * grammar and meaning of isl's reader (isl_input.c):
 *
 * <pre>
 * object     := [ tuple "->" ] "{" [ body { ";" body } [ ";" ] ] "}"      (the tuple lists parameters)
 * body       := ( tuple [ "->" tuple ] | ) [ ( ":" | "|" ) formula ]
 * tuple      := [ name ] "[" ( tuple "->" tuple | [ element { ("," | "][") element } ] ) "]"
 * element    := "*" | new-name [ "=" piecewise ] | piecewise           (an expression: a new unnamed dim equal to it)
 * piecewise  := ":" [ aff ] | pw-part { ";" pw-part }                 pw-part := ext-aff [ ":" ( cond | aff | ) ]
 * ext-aff    := aff | formula "?" ext-aff ":" ext-aff
 * formula    := disjuncts [ "implies" disjuncts ]
 * disjuncts  := conjuncts { "or" conjuncts }       conjuncts := [ "not" ] conjunct { "and" [ "not" ] conjunct }
 * conjunct   := "(" formula ")" | "exists" [ "(" ] vars ":" formula [ ")" ] | "true" | "false" | constraint
 * constraint := aff-list cmp aff-list { cmp aff-list }    (every left element against every right element)
 * aff        := [ "-" ] term { ("+" | "-") term }
 * term       := [ value [ "*" ] ] factor | value [ "//" value ]
 * factor     := name | value [ "*" factor ] | "(" aff ")" | "[" aff "]" | floor/ceil "(" aff ")"
 *             | floord/ceild "(" aff "," value ")" | min/max "(" aff-list ")"
 *               followed by "mod" value, "%" value, "*" value, "/" value or "//" value
 * </pre>
 *
 * Identifiers must be declared (parameters, tuple dimensions, existential variables); isl reports
 * any other identifier as unknown, and so does this reader. Parenthesised expressions and
 * conditions are told apart the way isl does it: an affine expression is read first and pushed back
 * as a token when a closing parenthesis follows it.
 */
final class IslReader {
  /** One body of the object: its relation and the token it starts at. */
  record Member(Relation relation, Token start) {}

  /** The whole object. */
  record Result(List<Member> members, List<String> params, int end) {}

  /** Structure of a tuple as read: a name and dimension names, or a nested pair. */
  private record Shape(String name, List<String> dims, Shape dom, Shape ran) {
    Tuple toTuple() {
      return dom == null ? Tuple.of(name, dims) : Tuple.wrap(name, dom.toTuple(), ran.toTuple());
    }
  }

  private final IslLexer lexer;
  private final Deque<Token> pushed = new ArrayDeque<>();
  private Token last;
  private VarTable vars = new VarTable();
  private final List<String> params = new ArrayList<>();
  private List<Formula> constraints = new ArrayList<>();
  private int dimCount;

  IslReader(String text, int offset) {
    this.lexer = new IslLexer(text, offset);
  }

  /** The first token at or after {@code offset} in {@code text} (EOF when only blanks follow). */
  static Token tokenAfter(String text, int offset) {
    return new IslLexer(text, offset).next();
  }

  Result read() {
    try {
      return readObject();
    } catch (CoefficientOverflowException e) {
      Token at = last != null ? last : lexer.next();
      throw error(at, "integer overflow in coefficients");
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Token stream

  private Token rawNext() {
    return pushed.isEmpty() ? lexer.next() : pushed.pop();
  }

  /** The next token; {@code a ^ b} with constants a and b is folded into one value, as isl does. */
  private Token next() {
    Token t = rawNext();
    if (t.kind() == Kind.VALUE) {
      Token caret = rawNext();
      if (caret.kind() == Kind.CARET) {
        Token exp = rawNext();
        if (exp.kind() != Kind.VALUE || exp.value() < 0) {
          throw error(exp, "expected a non-negative constant exponent but found " + exp.describe());
        }
        long v = 1;
        for (long k = 0; k < exp.value(); k++) {
          v = Ints.mul(v, t.value());
          if (v == 0 || v == 1) break;
        }
        t = new Token(Kind.VALUE, t.text() + "^" + exp.text(), v, t.offset(), exp.end(), t.line(), t.column(), null);
      } else {
        pushed.push(caret);
      }
    }
    last = t;
    return t;
  }

  private void push(Token t) {
    pushed.push(t);
  }

  private Token peek() {
    Token t = next();
    push(t);
    return t;
  }

  private boolean nextIs(Kind k) {
    return peek().kind() == k;
  }

  private boolean eatIf(Kind k) {
    Token t = next();
    if (t.kind() == k) return true;
    push(t);
    return false;
  }

  private Token expect(Kind k, String what) {
    Token t = next();
    if (t.kind() != k) throw error(t, "expected " + what + " but found " + t.describe());
    return t;
  }

  private static ParseException error(Token t, String message) {
    return new ParseException(t.line(), t.column(), t.offset(), message);
  }

  private static Token affToken(Token at, PwAff pa) {
    return at.withPayload(Kind.AFF, pa);
  }

  // ---------------------------------------------------------------------------------------------
  // Objects, bodies and tuples

  private Result readObject() {
    Token t = next();
    Formula paramConstraint = Formula.TRUE;
    if (t.kind() == Kind.LBRACKET) {
      push(t);
      readTuple(true);
      paramConstraint = Formula.and(constraints);
      t = next();
      if (t.kind() != Kind.ARROW) throw error(t, "expected '->' after the parameters but found " + t.describe());
      t = next();
    }
    if (t.kind() != Kind.LBRACE) throw error(t, "expected '{' but found " + t.describe());
    VarTable paramVars = vars;
    List<Member> members = new ArrayList<>();
    if (nextIs(Kind.RBRACE)) {
      t = next();
    } else {
      while (true) {
        members.add(readBody(paramVars, paramConstraint));
        t = next();
        if (t.kind() != Kind.SEMI) break;
        if (nextIs(Kind.RBRACE)) {
          t = next();
          break;
        }
      }
    }
    if (t.kind() != Kind.RBRACE) throw error(t, "expected ';' or '}' but found " + t.describe());
    return new Result(members, List.copyOf(params), t.end());
  }

  private Member readBody(VarTable paramVars, Formula paramConstraint) {
    vars = paramVars.copy();
    constraints = new ArrayList<>();
    dimCount = 0;
    int mark = vars.mark();
    Token start = peek();
    if (start.kind() == Kind.RAT) {
      Token r = next();
      if (nextIs(Kind.COLON)) throw error(r, "rational sets are not supported");
      push(r);
    }
    Space space;
    Formula cond;
    if (nextIs(Kind.COLON)) {
      space = Space.params(params);
      cond = readOptionalFormula();
    } else {
      if (!nextIsTuple()) {
        Token bad = peek();
        throw error(bad, "expected a tuple such as S[i] or [i, j] but found " + bad.describe());
      }
      Shape dom = readTuple(false);
      if (eatIf(Kind.ARROW)) {
        if (!nextIsTuple()) {
          Token bad = peek();
          throw error(bad, "expected a tuple after '->' but found " + bad.describe());
        }
        Shape ran = readTuple(false);
        space = Space.map(params, dom.toTuple(), ran.toTuple());
      } else {
        space = Space.set(params, dom.toTuple());
      }
      cond = readOptionalFormula();
    }
    vars.dropNames(mark);
    Formula all = Formula.and(List.of(paramConstraint, Formula.and(constraints), cond));
    try {
      return new Member(new DnfBuilder(vars, space).toRelation(all), start);
    } catch (IllegalStateException e) {
      throw error(start, e.getMessage());
    }
  }

  private boolean nextIsTuple() {
    Token t = next();
    if (t.kind() == Kind.LBRACKET) {
      push(t);
      return true;
    }
    if (t.kind() != Kind.IDENT && !t.isKeyword()) {
      push(t);
      return false;
    }
    boolean r = nextIs(Kind.LBRACKET);
    push(t);
    return r;
  }

  private Shape readTuple(boolean isParam) {
    Token start = peek();
    String name = null;
    Token t = next();
    if (t.kind() == Kind.IDENT || t.isKeyword()) name = t.text();
    else push(t);
    expect(Kind.LBRACKET, "'['");
    Shape s;
    if (nextIsTuple()) {
      Shape dom = readTuple(isParam);
      expect(Kind.ARROW, "'->'");
      Shape ran = readTuple(isParam);
      s = new Shape(name, null, dom, ran);
    } else {
      s = new Shape(name, readTupleList(isParam), null, null);
    }
    expect(Kind.RBRACKET, "']'");
    if (isParam && (name != null || s.dom() != null)) {
      throw error(start, "parameter tuples cannot be named or nested");
    }
    return s;
  }

  private List<String> readTupleList(boolean isParam) {
    List<String> names = new ArrayList<>();
    if (nextIs(Kind.RBRACKET)) return names;
    while (true) {
      names.add(readElement(isParam));
      Token t = next();
      if (t.kind() == Kind.RBRACKET && nextIs(Kind.LBRACKET)) {
        next();
        continue;
      }
      if (t.kind() != Kind.COMMA) {
        push(t);
        break;
      }
    }
    return names;
  }

  private int newVar(boolean isParam, String scopeName) {
    if (isParam) {
      params.add(stripPrimes(scopeName));
      return vars.add(VarTable.Kind.PARAM, params.size() - 1, scopeName);
    }
    return vars.add(VarTable.Kind.DIM, dimCount++, scopeName);
  }

  private static String stripPrimes(String name) {
    int p = name.indexOf('\'');
    return p < 0 ? name : name.substring(0, p);
  }

  /** One tuple element; returns the dimension's name ("" when unnamed). */
  private String readElement(boolean isParam) {
    Token t = next();
    if (t.kind() == Kind.STAR) {
      if (isParam) throw error(t, "parameters must be named");
      newVar(false, "");
      return "";
    }
    if (t.kind() == Kind.IDENT && vars.lookup(t.text()) < 0) {
      int id = newVar(isParam, t.text());
      if (eatIf(Kind.EQ)) constraints.add(equalTo(readPiecewiseAffine(id), id));
      return stripPrimes(t.text());
    }
    push(t);
    if (isParam) throw error(t, "parameters must be named");
    int id = newVar(false, "");
    constraints.add(equalTo(readPiecewiseAffine(id), id));
    return "";
  }

  private static Formula equalTo(PwAff pa, int id) {
    return PwAff.compare(pa, Kind.EQ, PwAff.of(Aff.var(id)));
  }

  // ---------------------------------------------------------------------------------------------
  // Piecewise and extended affine expressions (tuple entries, definitions)

  private boolean nextIsEndTupleElement() {
    Kind k = peek().kind();
    return k == Kind.COMMA || k == Kind.RBRACKET;
  }

  private boolean nextIsConditionStart() {
    Kind k = peek().kind();
    return k == Kind.EXISTS || k == Kind.NOT || k == Kind.TRUE || k == Kind.FALSE || k == Kind.MAP;
  }

  private boolean nextIsComparator() {
    return peek().isComparator();
  }

  /** A tuple entry's value; {@code dim} is the dimension being defined (for ranges {@code a:b}). */
  private PwAff readPiecewiseAffine(int dim) {
    if (eatIf(Kind.COLON)) {
      if (nextIsEndTupleElement()) return PwAff.of(Aff.var(dim));
      return range(dim, null, readAffine());
    }
    PwAff res = PwAff.empty();
    do {
      boolean paren = eatIf(Kind.LPAREN);
      Token first = peek();
      PwAff pa = paren ? readPiecewiseAffine(dim) : readExtendedAffine();
      if (paren && eatIf(Kind.RPAREN)) {
        paren = false;
        push(affToken(first, pa));
        pa = readExtendedAffine();
      }
      if (eatIf(Kind.COLON)) pa = afterColon(pa, dim);
      res = res.unionAdd(pa);
      if (paren) expect(Kind.RPAREN, "')'");
    } while (eatIf(Kind.SEMI));
    return res;
  }

  private PwAff afterColon(PwAff pa, int dim) {
    if (nextIs(Kind.LPAREN)) resolveParen();
    if (nextIsEndTupleElement()) return range(dim, pa, null);
    if (!nextIsConditionStart()) {
      Token first = peek();
      PwAff pa2 = readAffine();
      if (!nextIsComparator()) return range(dim, pa, pa2);
      push(affToken(first, pa2));
    }
    return pa.restrict(readFormula());
  }

  /** The dimension itself where {@code lo <= dim <= hi} (either bound may be absent). */
  private static PwAff range(int dim, PwAff lo, PwAff hi) {
    PwAff v = PwAff.of(Aff.var(dim));
    Formula g = Formula.TRUE;
    if (lo != null) g = Formula.and(g, PwAff.compare(v, Kind.GE, lo));
    if (hi != null) g = Formula.and(g, PwAff.compare(v, Kind.LE, hi));
    return PwAff.of(g, Aff.var(dim));
  }

  private PwAff readExtendedAffine() {
    Token first = peek();
    PwAff pa = readAffine();
    if (!nextIsComparator()) return pa;
    push(affToken(first, pa));
    Formula cond = readFormula();
    expect(Kind.QUESTION, "'?'");
    PwAff a = readExtendedAffine();
    expect(Kind.COLON, "':'");
    PwAff b = readExtendedAffine();
    return PwAff.select(cond, a, b);
  }

  // ---------------------------------------------------------------------------------------------
  // Affine expressions

  private PwAff readAffine() {
    PwAff res = PwAff.of(Aff.constant(0));
    int sign = 1;
    while (true) {
      Token t = next();
      if (t.kind() == Kind.MINUS) {
        sign = -sign;
        continue;
      }
      switch (t.kind()) {
        case LPAREN, LBRACKET, FLOOR, CEIL, FLOORD, CEILD, MIN, MAX, IDENT, AFF -> {
          push(t);
          PwAff term = readFactor();
          res = sign < 0 ? res.sub(term) : res.add(term);
        }
        case VALUE -> {
          long v = sign < 0 ? Ints.neg(t.value()) : t.value();
          if (eatIf(Kind.STAR) || nextIs(Kind.IDENT)) {
            res = res.add(readFactor().scale(v));
          } else {
            if (eatIf(Kind.INT_DIV)) v = Ints.floorDiv(v, nonZero(readConstant()));
            res = res.add(PwAff.of(Aff.constant(v)));
          }
        }
        case NAN, INFTY -> throw error(t, "NaN and infinity are not supported in affine expressions");
        default -> throw error(t, "expected an affine expression but found " + t.describe());
      }
      sign = 1;
      t = next();
      if (t.kind() == Kind.MINUS) {
        sign = -1;
      } else if (t.kind() == Kind.VALUE && t.value() < 0) {
        push(t);
      } else if (t.kind() != Kind.PLUS) {
        push(t);
        break;
      }
    }
    return res;
  }

  private PwAff readFactor() {
    Token t = next();
    PwAff res;
    switch (t.kind()) {
      case AFF -> res = (PwAff) t.payload();
      case IDENT -> {
        int id = vars.lookup(t.text());
        if (id < 0) throw error(t, "unknown identifier '" + t.text() + "'");
        res = PwAff.of(Aff.var(id));
      }
      case VALUE -> res = eatIf(Kind.STAR) ? readFactor().scale(t.value()) : PwAff.of(Aff.constant(t.value()));
      case LPAREN -> {
        res = readAffine();
        expect(Kind.RPAREN, "')'");
      }
      case LBRACKET, FLOOR, CEIL, FLOORD, CEILD -> {
        push(t);
        res = readDiv();
      }
      case MIN, MAX -> {
        push(t);
        res = readMinMax();
      }
      default -> throw error(t, "expected an affine expression but found " + t.describe());
    }
    if (eatIf(Kind.PERCENT) || eatIf(Kind.MOD)) return res.mod(nonZero(readConstant()), vars);
    if (eatIf(Kind.STAR)) res = res.scale(readConstantFactor().value());
    if (eatIf(Kind.SLASH)) res = res.scaleDown(nonZero(readConstantFactor()));
    if (eatIf(Kind.INT_DIV)) res = res.scaleDown(nonZero(readConstantFactor())).floor(vars);
    return res;
  }

  private Token readConstant() {
    Token t = next();
    if (t.kind() != Kind.VALUE) throw error(t, "expected a constant but found " + t.describe());
    return t;
  }

  private long nonZero(Token t) {
    if (t.value() == 0) throw error(t, "division by zero");
    return t.value();
  }

  /** {@code value { "*" value }}: a product of constants. */
  private Token readConstantFactor() {
    Token t = readConstant();
    if (!eatIf(Kind.STAR)) return t;
    Token rest = readConstantFactor();
    long v = Ints.mul(t.value(), rest.value());
    return new Token(Kind.VALUE, t.text() + "*" + rest.text(), v, t.offset(), rest.end(), t.line(), t.column(), null);
  }

  private PwAff readDiv() {
    Token t = next();
    boolean bracket = t.kind() == Kind.LBRACKET;
    boolean extra = t.kind() == Kind.FLOORD || t.kind() == Kind.CEILD;
    boolean ceil = t.kind() == Kind.CEIL || t.kind() == Kind.CEILD;
    if (!bracket) expect(Kind.LPAREN, "'('");
    PwAff pa = readAffine();
    if (extra) {
      expect(Kind.COMMA, "','");
      Token d = next();
      if (d.kind() != Kind.VALUE) throw error(d, "expected a constant denominator but found " + d.describe());
      pa = pa.scaleDown(nonZero(d));
    }
    pa = ceil ? pa.ceil(vars) : pa.floor(vars);
    expect(bracket ? Kind.RBRACKET : Kind.RPAREN, bracket ? "']'" : "')'");
    return pa;
  }

  private PwAff readMinMax() {
    boolean min = next().kind() == Kind.MIN;
    expect(Kind.LPAREN, "'('");
    List<PwAff> list = readAffineList();
    expect(Kind.RPAREN, "')'");
    PwAff res = list.get(0);
    for (int i = 1; i < list.size(); i++) res = res.minMax(list.get(i), min);
    return res;
  }

  private List<PwAff> readAffineList() {
    List<PwAff> list = new ArrayList<>();
    list.add(readAffine());
    while (eatIf(Kind.COMMA)) list.add(readAffine());
    return list;
  }

  // ---------------------------------------------------------------------------------------------
  // Conditions

  private Formula readOptionalFormula() {
    Token t = next();
    if (t.kind() == Kind.COLON || (t.kind() == Kind.OR && t.text().equals("|"))) return readFormula();
    push(t);
    return Formula.TRUE;
  }

  private Formula readFormula() {
    Formula f = readDisjuncts();
    if (eatIf(Kind.IMPLIES)) return Formula.or(Formula.not(f), readDisjuncts());
    return f;
  }

  private Formula readDisjuncts() {
    if (nextIs(Kind.RBRACE)) return Formula.TRUE;
    Formula f = readConjuncts();
    while (eatIf(Kind.OR)) f = Formula.or(f, readConjuncts());
    return f;
  }

  private Formula readConjuncts() {
    boolean neg = eatIf(Kind.NOT);
    Formula f = readConjunct();
    if (neg) f = Formula.not(f);
    while (eatIf(Kind.AND)) {
      neg = eatIf(Kind.NOT);
      Formula g = readConjunct();
      f = Formula.and(f, neg ? Formula.not(g) : g);
    }
    return f;
  }

  private Formula readConjunct() {
    if (nextIs(Kind.LPAREN)) resolveParen();
    Token t = next();
    switch (t.kind()) {
      case MAP:
        return (Formula) t.payload();
      case EXISTS:
        return readExists();
      case TRUE:
        return Formula.TRUE;
      case FALSE:
        return Formula.FALSE;
      default:
        push(t);
        return readConstraint();
    }
  }

  /**
   * Reads a parenthesised expression or condition and pushes it back as one token: an affine
   * expression directly closed by ')' is an expression, anything else a condition.
   */
  private void resolveParen() {
    Token open = next();
    if (nextIs(Kind.LPAREN)) resolveParen();
    if (nextIsConditionStart()) {
      Formula f = readFormula();
      expect(Kind.RPAREN, "')'");
      push(open.withPayload(Kind.MAP, f));
      return;
    }
    Token first = peek();
    PwAff pa = readAffine();
    boolean closed = eatIf(Kind.RPAREN);
    push(affToken(closed ? open : first, pa));
    if (closed) return;
    Formula f = readFormula();
    expect(Kind.RPAREN, "')'");
    push(open.withPayload(Kind.MAP, f));
  }

  private Formula readConstraint() {
    List<PwAff> left = readAffineList();
    Token op = next();
    if (!op.isComparator()) throw error(op, "expected a comparison operator but found " + op.describe());
    Formula f = Formula.TRUE;
    while (true) {
      List<PwAff> right = readAffineList();
      if (op.isLexComparator() && left.size() != right.size()) {
        throw error(op, "lists of different lengths (" + left.size() + " and " + right.size() + ") compared with "
            + op.describe());
      }
      f = Formula.and(f, compareLists(op.kind(), left, right));
      left = right;
      if (!nextIsComparator()) break;
      op = next();
    }
    return f;
  }

  private static Formula compareLists(Kind op, List<PwAff> left, List<PwAff> right) {
    switch (op) {
      case LEX_LT:
        return lexLess(left, right, false);
      case LEX_LE:
        return lexLess(left, right, true);
      case LEX_GT:
        return lexLess(right, left, false);
      case LEX_GE:
        return lexLess(right, left, true);
      default:
        List<Formula> all = new ArrayList<>();
        for (PwAff a : left) for (PwAff b : right) all.add(PwAff.compare(a, op, b));
        return Formula.and(all);
    }
  }

  /** {@code a} lexicographically smaller than (or equal to) {@code b}. */
  private static Formula lexLess(List<PwAff> a, List<PwAff> b, boolean orEqual) {
    List<Formula> alts = new ArrayList<>();
    List<Formula> prefix = new ArrayList<>();
    for (int k = 0; k < a.size(); k++) {
      List<Formula> conj = new ArrayList<>(prefix);
      conj.add(PwAff.compare(a.get(k), Kind.LT, b.get(k)));
      alts.add(Formula.and(conj));
      prefix.add(PwAff.compare(a.get(k), Kind.EQ, b.get(k)));
    }
    if (orEqual) alts.add(Formula.and(prefix));
    return Formula.or(alts);
  }

  private Formula readExists() {
    int mark = vars.mark();
    int firstLocal = vars.size();
    boolean paren = eatIf(Kind.LPAREN);
    List<Formula> parts = new ArrayList<>();
    while (true) {
      Token t = next();
      if (t.kind() != Kind.IDENT) {
        push(t);
        break;
      }
      if (vars.lookup(t.text()) >= 0) {
        throw error(t, "'" + t.text() + "' is already defined; an existential variable needs a new name");
      }
      int id = vars.add(VarTable.Kind.EXISTS, -1, t.text());
      t = next();
      if (t.kind() == Kind.EQ) {
        parts.add(equalTo(readExtendedAffine(), id));
        t = next();
      }
      if (t.kind() != Kind.COMMA) {
        push(t);
        break;
      }
    }
    expect(Kind.COLON, "':'");
    parts.add(readFormula());
    vars.dropNames(mark);
    if (paren) expect(Kind.RPAREN, "')'");
    return new Formula.Exists(firstLocal, Formula.and(parts));
  }
}

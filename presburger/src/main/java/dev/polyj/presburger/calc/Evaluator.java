package dev.polyj.presburger.calc;

import dev.polyj.presburger.count.Bounds;
import dev.polyj.presburger.count.Summation;
import dev.polyj.presburger.qpoly.PointEvaluation;
import dev.polyj.presburger.qpoly.UnionPwQPolynomial;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.TransitiveClosure;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Evaluates calculator expressions. Operators and functions have iscc's meaning and typing: each is
 * defined on the operand types listed in iscc's documentation (an empty union counts as a set and
 * as a map; a pair {@code (map, exact)} counts as its map), and using one on other types is an
 * input error. Engine operations that are not available yet are reported as such.
 */
final class Evaluator {
  private final Map<String, Value> variables;
  private final FlowAnalysis flowAnalysis; // null: dataflow not available
  private final CodeGeneration codeGeneration; // null: codegen not available
  private final Scheduling scheduling; // null: scheduling not available
  private final LiteralReader literals;

  Evaluator(Map<String, Value> variables, FlowAnalysis flowAnalysis, CodeGeneration codeGeneration,
      Scheduling scheduling, LiteralReader literals) {
    this.literals = literals;
    this.variables = variables;
    this.flowAnalysis = flowAnalysis;
    this.codeGeneration = codeGeneration;
    this.scheduling = scheduling;
  }

  Value eval(Expr e) {
    if (e instanceof Expr.Constant c) return c.value();
    if (e instanceof Expr.Var v) {
      Value x = variables.get(v.name());
      if (x == null) throw CalcException.input(v.pos(), "unknown identifier '" + v.name() + "'");
      return x;
    }
    if (e instanceof Expr.Binary b) return binary(b.op(), eval(b.left()), eval(b.right()), b.pos());
    if (e instanceof Expr.Unary u) return unary(u.function(), eval(u.arg()), u.pos());
    if (e instanceof Expr.Power p) return power(eval(p.base()), p.exponent(), p.pos());
    if (e instanceof Expr.Apply a) return apply(eval(a.function()), eval(a.arg()), a.pos());
    if (e instanceof Expr.Index i) return index(eval(i.list()), i.index(), i.pos());
    if (e instanceof Expr.ListOf l) {
      List<Value> items = new ArrayList<>();
      for (Expr x : l.items()) items.add(eval(x));
      return ListValue.of(items);
    }
    if (e instanceof Expr.TypeOf t) return new StringValue(eval(t.arg()).typeName());
    if (e instanceof Expr.Read r) return read(r);
    if (e instanceof Expr.Flow f) return flow(f);
    if (e instanceof Expr.Schedule s) return schedule(s);
    throw new IllegalStateException("unknown expression " + e);
  }

  /** iscc's {@code read "file"}: the one isl object (set, map, quasi-polynomial, fold) the file holds. */
  private Value read(Expr.Read r) {
    String text;
    try {
      text = java.nio.file.Files.readString(java.nio.file.Path.of(r.path()));
    } catch (java.io.IOException | RuntimeException e) {
      throw CalcException.input(r.pos(), "read: cannot read \"" + r.path() + "\": " + CalcException.reason(e), e);
    }
    int start = 0;
    while (start < text.length() && Character.isWhitespace(text.charAt(start))) start++;
    LiteralReader.Literal lit;
    try {
      lit = literals.read(text, start);
    } catch (CalcException e) {
      throw CalcException.input(r.pos(), "read: \"" + r.path() + "\": " + CalcException.reason(e), e);
    } catch (RuntimeException e) {
      throw CalcException.input(r.pos(), "read: \"" + r.path() + "\" does not hold an isl object", e);
    }
    if (!text.substring(lit.end()).isBlank()) {
      throw CalcException.input(r.pos(), "read: \"" + r.path() + "\" holds more than one isl object");
    }
    return lit.value();
  }

  /**
   * iscc's {@code schedule D respecting V minimizing P}: a schedule tree for the instances of the
   * set D under which every dependence of V goes forward (P: pairs to keep close).
   */
  private Value schedule(Expr.Schedule s) {
    Value d = eval(s.domain());
    UnionRelation domain = sets(d);
    if (domain == null) throw CalcException.input(s.domain().pos(), "'schedule' expects a set, found " + d.typeName());
    UnionRelation validity = mapUnion(s.respecting(), "respecting", domain);
    UnionRelation proximity = mapUnion(s.minimizing(), "minimizing", domain);
    if (scheduling == null) throw CalcException.unsupported(s.pos(), "schedule");
    return engine("schedule", s.pos(), () -> scheduling.schedule(domain, validity, proximity));
  }

  /** The union of the maps the expressions evaluate to (empty, over the parameters of {@code like}, for none). */
  private UnionRelation mapUnion(List<Expr> exprs, String op, UnionRelation like) {
    UnionRelation out = UnionRelation.empty(like.paramNames());
    for (Expr x : exprs) {
      UnionRelation m = mapOperand(x, op);
      UnionRelation sofar = out;
      out = engine(op, x.pos(), () -> sofar.union(m));
    }
    return out;
  }

  /**
   * iscc's {@code codegen}: C code for a schedule map, a set (its points in lexicographic order) or
   * a schedule tree; {@code using} gives AST build options for a schedule map.
   */
  String codegen(Stmt.Codegen c) {
    Value v = eval(c.schedule());
    UnionRelation options = null;
    if (c.options() != null) {
      Value o = eval(c.options());
      options = maps(o);
      if (options == null) throw CalcException.input(c.options().pos(), "'using' expects a map, found " + o.typeName());
    }
    UnionRelation map = maps(v);
    UnionRelation set = sets(v);
    ScheduleValue tree = v instanceof ScheduleValue t ? t : null;
    if (map == null && set == null && tree == null) {
      throw CalcException.input(c.schedule().pos(), "'codegen' expects a schedule, a map or a set, found " + v.typeName());
    }
    if (options != null && map == null) {
      throw CalcException.input(c.options().pos(), "'codegen ... using' expects a schedule map, found " + v.typeName());
    }
    if (codeGeneration == null) throw CalcException.unsupported(c.pos(), "codegen");
    UnionRelation opts = options;
    if (tree != null) return generated(c.pos(), () -> codeGeneration.fromSchedule(tree));
    if (map != null && (set == null || map.size() > 0)) {
      return generated(c.pos(), () -> codeGeneration.fromScheduleMap(map, opts));
    }
    return generated(c.pos(), () -> codeGeneration.fromDomain(set));
  }

  /** Code from the generator; input it cannot scan (e.g. a loop without lower bound) is the user's error. */
  private static String generated(int pos, Supplier<String> code) {
    return engine("codegen", pos, () -> {
      try {
        return code.get();
      } catch (IllegalArgumentException e) {
        throw CalcException.input(pos, "codegen: " + e.getMessage(), e);
      }
    });
  }

  /**
   * iscc's dataflow forms: {@code last W before R under S} gives the pair (must dependences, sink
   * accesses without source); {@code any V before ...} and {@code last W any V before ...} give the
   * may dependences.
   */
  private Value flow(Expr.Flow f) {
    String op = f.mustSource() != null ? "last" : "any";
    UnionRelation must = f.mustSource() == null ? null : mapOperand(f.mustSource(), op);
    UnionRelation may = f.maySource() == null ? null : mapOperand(f.maySource(), op);
    UnionRelation sink = mapOperand(f.sink(), "before");
    UnionRelation schedule = mapOperand(f.schedule(), "under");
    if (flowAnalysis == null) throw CalcException.unsupported(f.pos(), op);
    UnionRelation none = UnionRelation.empty(List.of());
    FlowAnalysis.Result r = engine(op, f.pos(), () -> flowAnalysis.compute(
        sink, must == null ? none : must, may == null ? none : may, schedule));
    if (may == null) {
      return ListValue.of(List.of(new UnionValue(r.mustDependence(), true), new UnionValue(r.mustNoSource(), true)));
    }
    return new UnionValue(r.mayDependence(), true);
  }

  private UnionRelation mapOperand(Expr x, String op) {
    Value v = eval(x);
    UnionRelation m = maps(v);
    if (m == null) throw CalcException.input(x.pos(), "'" + op + "' expects a map, found " + v.typeName());
    return m;
  }

  // -----------------------------------------------------------------------------------------------
  // Operand types

  /** The value a flagged pair {@code (x, boolean)} stands for, else the value itself. */
  private static Value strip(Value v) {
    while (v instanceof ListValue l && l.isFlaggedPair()) v = l.items().get(0);
    return v;
  }

  /** The union when {@code v} is a union of sets (or an empty union not typed as maps), else null. */
  private static UnionRelation sets(Value v) {
    if (!(strip(v) instanceof UnionValue u) || !u.isSets()) return null;
    return u.union().size() == 0 && u.emptyIsMap() ? null : u.union();
  }

  /** The union when {@code v} is a union of maps (or empty), else null. */
  private static UnionRelation maps(Value v) {
    return strip(v) instanceof UnionValue u && u.isMaps() ? u.union() : null;
  }

  /** The functions when {@code v} is a union of piecewise quasi-polynomials, else null. */
  private static UnionPwQPolynomial qpoly(Value v) {
    return v instanceof QPolyValue q ? q.value() : null;
  }

  /** The folds when {@code v} is a union of piecewise quasi-polynomial folds, else null. */
  private static dev.polyj.presburger.count.Bounds.UnionResult fold(Value v) {
    return v instanceof FoldValue f ? f.value() : null;
  }

  private static BigInteger integer(Value v) {
    return v instanceof IntValue i ? i.value() : null;
  }

  private static Boolean bool(Value v) {
    return v instanceof BoolValue b ? b.value() : null;
  }

  /** True for a non-empty union of parameter domains only. */
  private static boolean isParamDomain(UnionRelation u) {
    if (u.size() == 0) return false;
    for (Relation r : u.relations()) if (!r.space().isParams()) return false;
    return true;
  }

  private static CalcException undefined(String op, Value a, Value b, int pos) {
    return CalcException.input(pos, "'" + op + "' is not defined on " + a.typeName() + " and " + b.typeName());
  }

  private static CalcException undefined(String op, Value a, int pos) {
    return CalcException.input(pos, "'" + op + "' is not defined on " + a.typeName());
  }

  /** Runs an engine operation, translating its failures into calculator errors at {@code pos}. */
  private static <T> T engine(String op, int pos, Supplier<T> f) {
    try {
      return f.get();
    } catch (CalcException e) {
      throw e;
    } catch (UnsupportedOperationException e) {
      throw CalcException.unsupported(pos, op, e);
    } catch (dev.polyj.presburger.pip.UnboundedOptimumException | PointEvaluation.TooManyPointsException
        | ArithmeticException e) { // including CoefficientOverflowException and infinite sums
      throw CalcException.input(pos, op + ": " + e.getMessage(), e);
    } catch (RuntimeException | StackOverflowError e) {
      throw CalcException.internal(pos, op, e);
    }
  }

  /** A union of sets computed by the engine. */
  private static Value set(String op, int pos, Supplier<UnionRelation> f) {
    return new UnionValue(engine(op, pos, f), false);
  }

  /** A union of maps computed by the engine (typed as maps even when empty). */
  private static Value map(String op, int pos, Supplier<UnionRelation> f) {
    return new UnionValue(engine(op, pos, f), true);
  }

  private static Value test(String op, int pos, Supplier<Boolean> f) {
    return BoolValue.of(engine(op, pos, f));
  }

  // -----------------------------------------------------------------------------------------------
  // Binary operators

  private Value binary(BinaryOp op, Value a, Value b, int pos) {
    String s = op.symbol;
    UnionRelation setA = sets(a);
    UnionRelation setB = sets(b);
    UnionRelation mapA = maps(a);
    UnionRelation mapB = maps(b);
    BigInteger intA = integer(a);
    BigInteger intB = integer(b);
    Boolean boolA = bool(a);
    Boolean boolB = bool(b);
    UnionPwQPolynomial qA = qpoly(a);
    UnionPwQPolynomial qB = qpoly(b);
    Bounds.UnionResult fA = fold(a);
    Bounds.UnionResult fB = fold(b);
    switch (op) {
      case PLUS:
        if (boolA != null && boolB != null) return BoolValue.of(boolA || boolB);
        if (intA != null && intB != null) return new IntValue(intA.add(intB));
        if (qA != null && qB != null) return qpolyResult(s, pos, () -> qA.add(qB));
        if (fA != null && qB != null) return foldResult(s, pos, () -> FunctionOps.add(fA, qB));
        if (qA != null && fB != null) return foldResult(s, pos, () -> FunctionOps.add(fB, qA));
        if (setA != null && setB != null) return set(s, pos, () -> setA.union(setB));
        if (mapA != null && mapB != null) return map(s, pos, () -> mapA.union(mapB));
        if (a instanceof StringValue || b instanceof StringValue) {
          return new StringValue(engine(s, pos, () -> a.print() + b.print()));
        }
        break;
      case MINUS:
        if (intA != null && intB != null) return new IntValue(intA.subtract(intB));
        if (qA != null && qB != null) return qpolyResult(s, pos, () -> qA.subtract(qB));
        if (setA != null && setB != null) return set(s, pos, () -> setA.subtract(setB));
        if (mapA != null && mapB != null) return map(s, pos, () -> mapA.subtract(mapB));
        if (mapA != null && setB != null) return map(s, pos, () -> mapA.subtractDomain(setB));
        break;
      case TIMES:
        if (boolA != null && boolB != null) return BoolValue.of(boolA && boolB);
        if (intA != null && intB != null) return new IntValue(intA.multiply(intB));
        if (qA != null && qB != null) return qpolyResult(s, pos, () -> qA.multiply(qB));
        if (qA != null && setB != null) return qpolyResult(s, pos, () -> restrict(qA, setB));
        if (intA != null && qB != null) return qpolyResult(s, pos, () -> FunctionOps.scale(qB, intA));
        if (qA != null && intB != null) return qpolyResult(s, pos, () -> FunctionOps.scale(qA, intB));
        if (intA != null && fB != null) return foldResult(s, pos, () -> FunctionOps.scale(fB, intA));
        if (fA != null && intB != null) return foldResult(s, pos, () -> FunctionOps.scale(fA, intB));
        if (fA != null && setB != null) return foldResult(s, pos, () -> FunctionOps.intersectDomain(fA, setB));
        if (setA != null && setB != null) {
          if (isParamDomain(setB) && !isParamDomain(setA)) return set(s, pos, () -> intersectParams(setA, setB));
          if (isParamDomain(setA) && !isParamDomain(setB)) return set(s, pos, () -> intersectParams(setB, setA));
          return set(s, pos, () -> setA.intersect(setB));
        }
        if (mapA != null && mapB != null) return map(s, pos, () -> mapA.intersect(mapB));
        if (mapA != null && setB != null) {
          if (isParamDomain(setB)) return map(s, pos, () -> intersectParams(mapA, setB));
          return map(s, pos, () -> mapA.intersectDomain(setB));
        }
        break;
      case JOIN:
      case BEFORE:
        if (mapA != null && mapB != null) return map(s, pos, () -> mapA.apply(mapB));
        if (mapA != null && qB != null) return qpolyResult(s, pos, () -> FunctionOps.applyMap(mapA, qB));
        if (mapA != null && fB != null) throw CalcException.unsupported(pos, "'" + s + "' of a map and a fold");
        if (op == BinaryOp.JOIN && fA != null && fB != null) return foldResult(s, pos, () -> FunctionOps.fold(fA, fB));
        break;
      case AFTER:
        if (mapA != null && mapB != null) return map(s, pos, () -> mapB.apply(mapA));
        if (qA != null && mapB != null) return qpolyResult(s, pos, () -> FunctionOps.applyMap(mapB, qA));
        if (fA != null && mapB != null) throw CalcException.unsupported(pos, "'after' of a fold and a map");
        break;
      case CROSS_RANGE:
        if (mapA != null && mapB != null) return map(s, pos, () -> mapA.rangeProduct(mapB));
        break;
      case GIST:
        if (setA != null && setB != null) return set(s, pos, () -> setA.gist(setB));
        if (mapA != null && mapB != null) return map(s, pos, () -> mapA.gist(mapB));
        if (mapA != null && setB != null) return map(s, pos, () -> gistDomain(mapA, setB));
        if (qA != null && setB != null) return qpolyResult(s, pos, () -> FunctionOps.gist(qA, setB));
        if (fA != null && setB != null) return foldResult(s, pos, () -> FunctionOps.gist(fA, setB));
        break;
      case MAP_TO:
        if (setA != null && setB != null) return map(s, pos, () -> setA.mapTo(setB));
        break;
      case RANGE_INTERSECT:
        if (mapA != null && setB != null) return map(s, pos, () -> mapA.intersectRange(setB));
        break;
      case RANGE_SUBTRACT:
        if (mapA != null && setB != null) return map(s, pos, () -> mapA.subtractRange(setB));
        break;
      case CROSS:
        if (setA != null && setB != null) return set(s, pos, () -> setA.cross(setB));
        if (mapA != null && mapB != null) return map(s, pos, () -> mapA.cross(mapB));
        break;
      case EQUAL:
      case SUBSET:
      case STRICT_SUBSET:
      case SUPERSET:
      case STRICT_SUPERSET:
        return compare(op, a, b, pos);
      case LEX_LT:
      case LEX_LE:
      case LEX_GT:
      case LEX_GE:
        if (setA != null && setB != null) return map(s, pos, () -> lexSets(op, setA, setB));
        if (mapA != null && mapB != null) return map(s, pos, () -> lexMaps(op, mapA, mapB));
        break;
      case AT:
        if (qA != null && setB != null) return qpolyResult(s, pos, () -> atPoints(qA, setB));
        if (fA != null && setB != null) return qpolyResult(s, pos, () -> FunctionOps.at(fA, setB, MAX_POINTS));
        break;
      case PLAIN_EQUAL: {
        // equality of quasi-polynomials as functions, decided exactly (an empty union counts as zero)
        UnionPwQPolynomial x = qA != null ? qA : emptyAsZero(a, qB);
        UnionPwQPolynomial y = qB != null ? qB : emptyAsZero(b, qA);
        if (x != null && y != null) return test(s, pos, () -> x.isEqual(y));
        if (fA != null && fB != null) return test(s, pos, () -> FunctionOps.plainEqual(fA, fB));
        if (setA != null && setB != null || mapA != null && mapB != null) {
          throw CalcException.input(pos, "'==' is not defined on " + a.typeName() + " and " + b.typeName()
              + " (use '=' to compare sets and maps)");
        }
        break;
      }
      default:
        break;
    }
    throw undefined(s, a, b, pos);
  }

  private static Value compare(BinaryOp op, Value a, Value b, int pos) {
    String s = op.symbol;
    UnionRelation[] xy = null;
    if (sets(a) != null && sets(b) != null) {
      xy = new UnionRelation[] {sets(a), sets(b)};
    } else if (maps(a) != null && maps(b) != null) {
      xy = new UnionRelation[] {maps(a), maps(b)};
    }
    if (xy != null) {
      UnionRelation x = xy[0];
      UnionRelation y = xy[1];
      switch (op) {
        case EQUAL:
          return test(s, pos, () -> x.isEqual(y));
        case SUBSET:
          return test(s, pos, () -> x.isSubset(y));
        case STRICT_SUBSET:
          return test(s, pos, () -> x.isSubset(y) && !y.isSubset(x));
        case SUPERSET:
          return test(s, pos, () -> y.isSubset(x));
        case STRICT_SUPERSET:
          return test(s, pos, () -> y.isSubset(x) && !x.isSubset(y));
        default:
          throw new IllegalStateException(s);
      }
    }
    BigInteger i = integer(a);
    BigInteger j = integer(b);
    if (i != null && j != null) {
      int c = i.compareTo(j);
      switch (op) {
        case EQUAL:
          return BoolValue.of(c == 0);
        case SUBSET:
          return BoolValue.of(c <= 0);
        case STRICT_SUBSET:
          return BoolValue.of(c < 0);
        case SUPERSET:
          return BoolValue.of(c >= 0);
        case STRICT_SUPERSET:
          return BoolValue.of(c > 0);
        default:
          throw new IllegalStateException(s);
      }
    }
    if (op == BinaryOp.EQUAL) {
      // as in iscc, a string compares with any value through the value's printed form
      if (a instanceof StringValue || b instanceof StringValue) {
        return BoolValue.of(engine(s, pos, () -> text(a).equals(text(b))));
      }
      if (a instanceof BoolValue p && b instanceof BoolValue q) return BoolValue.of(p.value() == q.value());
    }
    throw undefined(s, a, b, pos);
  }

  /** The zero function for an empty union of sets next to a function {@code other}, else null. */
  private static UnionPwQPolynomial emptyAsZero(Value v, UnionPwQPolynomial other) {
    if (other == null || !(strip(v) instanceof UnionValue u) || u.union().size() > 0) return null;
    return UnionPwQPolynomial.empty(u.union().paramNames());
  }

  /** A union of folds computed by the engine. */
  private static Value foldResult(String op, int pos, Supplier<Bounds.UnionResult> f) {
    return new FoldValue(engine(op, pos, f));
  }

  private static String text(Value v) {
    return v instanceof StringValue t ? t.value() : v.print();
  }

  /** The most points {@code q(s)} and {@code q @ s} evaluate at. */
  static final int MAX_POINTS = 1000;

  /** A union of piecewise quasi-polynomials computed by the engine. */
  private static Value qpolyResult(String op, int pos, Supplier<UnionPwQPolynomial> f) {
    return new QPolyValue(engine(op, pos, f));
  }

  /** iscc's {@code q(s)} and {@code q @ s}: the value of q at each point of the finite set s. */
  private static UnionPwQPolynomial atPoints(UnionPwQPolynomial q, UnionRelation s) {
    return PointEvaluation.at(q, s, MAX_POINTS);
  }

  /** {@code q * s}: q restricted to the points of s (to its parameter values for a parameter domain). */
  private static UnionPwQPolynomial restrict(UnionPwQPolynomial q, UnionRelation s) {
    if (!isParamDomain(s)) return q.intersectDomain(s);
    List<String> params = Space.mergeParams(q.params(), s.paramNames());
    UnionPwQPolynomial qa = q.alignParams(params);
    Relation domain = s.alignParams(params).single();
    List<Relation> universes = new ArrayList<>();
    for (var f : qa.members()) universes.add(Relation.universe(f.space()).intersectParams(domain));
    return qa.intersectDomain(universes.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(universes));
  }

  /**
   * iscc's {@code poly} on sets and maps: the polyhedral hull of each member. Here only for members
   * that are one conjunction without local variables (their own hull); others are not supported.
   */
  private static UnionRelation polyhedralHull(UnionRelation u) {
    List<Relation> hulls = new java.util.ArrayList<>();
    for (Relation r : u.relations()) hulls.add(Relation.of(r.polyhedralHull()));
    return UnionRelation.of(hulls);
  }

  /**
   * iscc's {@code poly} on quasi-polynomials: the polynomial approximation; exact (the function
   * itself) for functions without floor terms, the only ones supported here.
   */
  private static UnionPwQPolynomial polynomialApproximation(UnionPwQPolynomial q) {
    for (var f : q.members()) {
      for (var p : f.pieces()) {
        if (!p.qp().floors().isEmpty()) throw new UnsupportedOperationException("polynomial approximation of floor terms");
      }
    }
    return q;
  }

  /** Restricts the parameters of every member of {@code u} to the parameter domain {@code p}. */
  private static UnionRelation intersectParams(UnionRelation u, UnionRelation p) {
    List<String> params = Space.mergeParams(u.paramNames(), p.paramNames());
    UnionRelation ua = u.alignParams(params);
    Relation domain = p.alignParams(params).single();
    return ua.map(r -> r.intersectParams(domain));
  }

  /** iscc's {@code m % s}: each map simplified in the context of its domain lying in {@code s}. */
  private static UnionRelation gistDomain(UnionRelation m, UnionRelation s) {
    List<Relation> universes = new ArrayList<>();
    for (Relation r : m.relations()) universes.add(Relation.universe(r.space()));
    UnionRelation context = UnionRelation.of(universes).intersectDomain(s);
    return m.gist(context);
  }

  /** {@code { a -> b : a in A, b in B, a op b }} over pairs of sets in the same space. */
  private static UnionRelation lexSets(BinaryOp op, UnionRelation a, UnionRelation b) {
    return a.pairwise(b, (x, y) -> x.isSet() && x.space().tuplesMatch(y.space()),
        (x, y) -> lexOrder(op, x.space(), y.space()).intersectDomain(x).intersectRange(y));
  }

  /** {@code { i -> j : A(i) op B(j) }} over pairs of maps whose ranges share a space. */
  private static UnionRelation lexMaps(BinaryOp op, UnionRelation a, UnionRelation b) {
    return a.pairwise(b, (x, y) -> x.space().isMap() && y.space().isMap()
            && x.space().rangeTuple().equals(y.space().rangeTuple()),
        (x, y) -> x.apply(lexOrder(op, x.space().range(), y.space().range())).apply(y.reverse()));
  }

  private static Relation lexOrder(BinaryOp op, Space a, Space b) {
    switch (op) {
      case LEX_LT:
        return Relation.lexLt(a, b);
      case LEX_LE:
        return Relation.lexLe(a, b);
      case LEX_GT:
        return Relation.lexGt(a, b);
      case LEX_GE:
        return Relation.lexGe(a, b);
      default:
        throw new IllegalStateException(op.symbol);
    }
  }

  // -----------------------------------------------------------------------------------------------
  // Prefix functions, powers, application, indexing

  private Value unary(String f, Value a, int pos) {
    UnionRelation setArg = sets(a);
    UnionRelation mapArg = maps(a);
    switch (f) {
      case "-":
        if (integer(a) != null) return new IntValue(integer(a).negate());
        if (qpoly(a) != null) return new QPolyValue(qpoly(a).negate());
        break;
      case "dom":
      case "domain":
        if (mapArg != null) return set(f, pos, mapArg::domain);
        if (qpoly(a) != null) return set(f, pos, () -> FunctionOps.domain(qpoly(a)));
        if (fold(a) != null) return set(f, pos, () -> FunctionOps.domain(fold(a)));
        if (a instanceof ScheduleValue t) {
          if (scheduling == null) throw CalcException.unsupported(pos, f + " of a schedule");
          return set(f, pos, () -> scheduling.domain(t));
        }
        break;
      case "map":
        if (a instanceof ScheduleValue t) {
          if (scheduling == null) throw CalcException.unsupported(pos, "map of a schedule");
          return map(f, pos, () -> scheduling.map(t));
        }
        break;
      case "scan":
        if (setArg != null) return set(f, pos, () -> FunctionOps.scan(setArg, MAX_POINTS));
        if (mapArg != null) return map(f, pos, () -> FunctionOps.scan(mapArg, MAX_POINTS));
        break;
      case "ran":
      case "range":
        if (mapArg != null) return set(f, pos, mapArg::range);
        break;
      case "domain_map":
        if (mapArg != null) return map(f, pos, mapArg::domainMap);
        break;
      case "range_map":
        if (mapArg != null) return map(f, pos, mapArg::rangeMap);
        break;
      case "params":
        if (setArg != null) return set(f, pos, setArg::params);
        if (mapArg != null) return set(f, pos, mapArg::params);
        break;
      case "identity":
        if (setArg != null) return map(f, pos, setArg::identity);
        break;
      case "deltas":
        if (mapArg != null) return set(f, pos, mapArg::deltas);
        break;
      case "deltas_map":
        if (mapArg != null) return map(f, pos, mapArg::deltasMap);
        break;
      case "wrap":
        if (mapArg != null) return set(f, pos, mapArg::wrap);
        break;
      case "unwrap":
        if (setArg != null) return map(f, pos, setArg::unwrap);
        break;
      case "zip":
        if (mapArg != null) return map(f, pos, mapArg::zip);
        break;
      case "coalesce":
        if (setArg != null) return set(f, pos, setArg::coalesce);
        if (mapArg != null) return map(f, pos, mapArg::coalesce);
        if (qpoly(a) != null) return qpolyResult(f, pos, () -> FunctionOps.coalesce(qpoly(a)));
        if (fold(a) != null) return foldResult(f, pos, () -> FunctionOps.coalesce(fold(a)));
        break;
      case "sample":
        if (setArg != null) return set(f, pos, setArg::sample);
        if (mapArg != null) return map(f, pos, mapArg::sample);
        break;
      case "aff":
        if (setArg != null || mapArg != null) {
          UnionRelation u = setArg != null ? setArg : mapArg;
          Supplier<UnionRelation> hull = () -> u.map(r -> Relation.of(r.affineHull()));
          return setArg != null ? set(f, pos, hull) : map(f, pos, hull);
        }
        break;
      case "lexmin":
      case "lexmax": {
        boolean max = f.equals("lexmax");
        java.util.function.Function<Relation, Relation> opt = r -> max
            ? dev.polyj.presburger.pip.Lexopt.lexmaxRelation(r) : dev.polyj.presburger.pip.Lexopt.lexminRelation(r);
        if (setArg != null) return set(f, pos, () -> setArg.map(opt));
        if (mapArg != null) return map(f, pos, () -> mapArg.map(opt));
        break;
      }
      case "poly":
        if (setArg != null || mapArg != null) {
          UnionRelation u = setArg != null ? setArg : mapArg;
          UnionRelation hull = engine(f, pos, () -> polyhedralHull(u));
          return setArg != null ? new UnionValue(hull, false) : new UnionValue(hull, true);
        }
        if (qpoly(a) != null) return qpolyResult(f, pos, () -> polynomialApproximation(qpoly(a)));
        break;
      case "card":
        if (setArg != null || mapArg != null) {
          UnionRelation u = setArg != null ? setArg : mapArg;
          return new QPolyValue(engine(f, pos, () -> dev.polyj.presburger.count.Counting.card(u)));
        }
        break;
      case "sum":
        if (qpoly(a) != null) {
          // as in iscc: a polynomial over parameters only has no domain to sum over
          if (qpoly(a).members().stream().anyMatch(g -> !g.space().isSet())) throw CalcException.input(pos, "sum: the polynomial has no domain to sum over");
          return qpolyResult(f, pos, () -> Summation.sum(qpoly(a)));
        }
        break;
      case "lb":
      case "ub":
        if (qpoly(a) != null) {
          boolean max = f.equals("ub");
          dev.polyj.presburger.count.Bounds.UnionResult r =
              engine(f, pos, () -> dev.polyj.presburger.count.Bounds.bound(qpoly(a), max));
          return ListValue.of(List.of(new FoldValue(r), BoolValue.of(r.tight())));
        }
        break;
      default:
        throw new IllegalStateException("unknown function " + f);
    }
    throw undefined(f, a, pos);
  }

  private static Value power(Value a, BigInteger k, int pos) {
    UnionRelation m = maps(a);
    if (k == null) {
      if (m == null) throw undefined("^+", a, pos);
      TransitiveClosure.UnionResult r = engine("^+", pos, m::transitiveClosure);
      return ListValue.of(List.of(new UnionValue(r.closure(), true), BoolValue.of(r.exact())));
    }
    String op = "^" + k;
    if (m == null) throw undefined(op, a, pos);
    return map(op, pos, () -> fixedPower(k.signum() < 0 ? m.reverse() : m, k.abs()));
  }

  /** {@code m} composed with itself {@code n >= 1} times, by repeated squaring. */
  private static UnionRelation fixedPower(UnionRelation m, BigInteger n) {
    UnionRelation result = null;
    UnionRelation square = m;
    for (int bit = 0; bit < n.bitLength(); bit++) {
      if (n.testBit(bit)) result = result == null ? square : result.apply(square);
      if (bit + 1 < n.bitLength()) square = square.apply(square);
    }
    return result;
  }

  private static Value apply(Value f, Value arg, int pos) {
    if (qpoly(f) != null) {
      UnionRelation s = sets(arg);
      if (s == null) throw CalcException.input(pos, "a piecewise quasipolynomial applies to a set, found " + arg.typeName());
      return qpolyResult("apply", pos, () -> atPoints(qpoly(f), s));
    }
    UnionRelation m = maps(f);
    if (m == null) throw CalcException.input(pos, "only a map can be applied, found " + f.typeName());
    UnionRelation x = sets(arg) != null ? sets(arg) : maps(arg);
    if (x == null) throw CalcException.input(pos, "a map applies to a set or a map, found " + arg.typeName());
    return sets(arg) != null ? set("apply", pos, () -> x.apply(m)) : map("apply", pos, () -> x.apply(m));
  }

  private static Value index(Value v, int i, int pos) {
    if (!(v instanceof ListValue l)) throw CalcException.input(pos, "only a list can be indexed, found " + v.typeName());
    if (i >= l.items().size()) {
      throw CalcException.input(pos, "index " + i + " out of range for a list of " + l.items().size() + " elements");
    }
    return l.items().get(i);
  }
}

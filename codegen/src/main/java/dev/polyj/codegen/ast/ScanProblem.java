package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * What the AST builder scans: statement instances placed in one "scan space" whose dimensions are
 * the {@code nSchedule} schedule dimensions followed by {@code maxArity} statement coordinates
 * (a statement with fewer coordinates has the remaining ones fixed to 0). Scanning the space in
 * lexicographic order executes the instances in schedule order, ties broken by statement order
 * and then by the statements' own coordinates.
 *
 * <p>{@link #fromScheduleMap} builds the problem from isl_codegen's flat input: a union map from
 * statement instances to schedule points, and a context on the parameters.
 */
public final class ScanProblem {
  private final Space space;
  private final int nSchedule;
  private final ImmutableList<String> statementNames;
  private final int[] arities;
  private final ImmutableList<Piece> pieces;
  private final ImmutableList<BasicRelation> context;

  public ScanProblem(Space space, int nSchedule, List<String> statementNames, int[] arities, List<Piece> pieces,
      List<BasicRelation> context) {
    checkArgument(space.isSet(), "scan space %s is not a set space", space);
    checkArgument(statementNames.size() == arities.length, "%s names for %s arities", statementNames.size(),
        arities.length);
    int maxArity = 0;
    for (int a : arities) maxArity = Math.max(maxArity, a);
    checkArgument(space.nOut() == nSchedule + maxArity, "scan space %s has %s dims, expected %s + %s", space,
        space.nOut(), nSchedule, maxArity);
    for (Piece p : pieces) {
      checkArgument(p.set().space().equals(space), "piece in %s, expected %s", p.set().space(), space);
      checkArgument(p.statement() < arities.length, "piece of unknown statement %s", p.statement());
    }
    for (BasicRelation c : context) checkArgument(c.space().equals(space), "context in %s", c.space());
    this.space = space;
    this.nSchedule = nSchedule;
    this.statementNames = ImmutableList.copyOf(statementNames);
    this.arities = arities.clone();
    this.pieces = ImmutableList.copyOf(pieces);
    this.context = ImmutableList.copyOf(context);
  }

  public Space space() {
    return space;
  }

  public List<String> params() {
    return space.params();
  }

  public int nSchedule() {
    return nSchedule;
  }

  public int nDim() {
    return space.nOut();
  }

  public ImmutableList<String> statementNames() {
    return statementNames;
  }

  public int arity(int statement) {
    return arities[statement];
  }

  public int nStatements() {
    return arities.length;
  }

  public ImmutableList<Piece> pieces() {
    return pieces;
  }

  public ImmutableList<BasicRelation> context() {
    return context;
  }

  /** The same problem with other pieces (e.g. annotated or split ones). */
  public ScanProblem withPieces(List<Piece> newPieces) {
    return new ScanProblem(space, nSchedule, statementNames, arities, newPieces, context);
  }

  /**
   * The scan problem of a schedule map {@code { S[i...] -> [t...] }} (each member one statement;
   * schedules of different lengths are padded with zeros) under a parameter context (a parameter
   * set, or null for none).
   */
  public static ScanProblem fromScheduleMap(UnionRelation schedule, Relation context) {
    List<String> params = schedule.paramNames();
    if (context != null) params = Space.mergeParams(params, context.space().params());
    List<Relation> members = new ArrayList<>();
    for (Relation r : schedule.relations()) {
      checkArgument(r.space().isMap(), "schedule member %s is not a map", r.space());
      members.add(r.alignParams(params));
    }
    int nSchedule = 0;
    int maxArity = 0;
    for (Relation r : members) {
      nSchedule = Math.max(nSchedule, r.space().nOut());
      maxArity = Math.max(maxArity, r.space().nIn());
    }
    Space space = Space.set(params, Tuple.anonymous(null, nSchedule + maxArity));
    List<BasicRelation> ctx = liftContext(context, space);
    List<String> names = new ArrayList<>();
    int[] arities = new int[members.size()];
    List<Piece> pieces = new ArrayList<>();
    for (int s = 0; s < members.size(); s++) {
      Relation r = members.get(s);
      Tuple dom = r.space().domainTuple();
      names.add(dom.hasName() ? dom.name() : "S" + s);
      arities[s] = dom.arity();
      // disjuncts whose union is convex become one piece: otherwise each would be scanned by a
      // loop of its own (and separation would cut the statement at every disjunct's bound)
      Relation merged = r.basics().size() > 1 ? r.coalesce() : r;
      for (BasicRelation b : merged.basics()) {
        for (BasicRelation piece : embed(b, space, nSchedule, ctx)) pieces.add(new Piece(s, piece));
      }
    }
    return new ScanProblem(space, nSchedule, names, arities, pieces, ctx);
  }

  /** The context (a parameter set, possibly null) as basic sets of the scan space. */
  static List<BasicRelation> liftContext(Relation context, Space space) {
    List<BasicRelation> out = new ArrayList<>();
    if (context == null) {
      out.add(BasicRelation.universe(space));
      return out;
    }
    Relation c = context.alignParams(space.params());
    checkArgument(c.space().nDim() == 0, "context %s is not a parameter set", context.space());
    int[] map = new int[c.space().nVar()];
    for (int i = 0; i < map.length; i++) map[i] = i;
    for (BasicRelation b : c.basics()) {
      BasicRelation lifted = b.mapVariables(space, map);
      List<BasicRelation> exact = lifted.computeDivs().basics();
      if (exact.size() > 1 && lifted.hasUnknownLocals()) {
        // an existential the context cannot name without splitting it by residues (e.g. of a
        // parameter modulo 8) would split every piece the same way: the context is only an
        // assumption, so its rational shadow (a weaker assumption, one piece) is used instead
        BasicRelation wide = RealShadow.withoutUnknownLocals(lifted);
        if (!wide.isEmpty()) out.add(wide);
        continue;
      }
      for (BasicRelation x : exact) {
        if (!x.isEmpty()) out.add(x);
      }
    }
    return out;
  }

  /** One basic relation of a schedule map, as basic sets of the scan space intersected with the context. */
  private static List<BasicRelation> embed(BasicRelation b, Space space, int nSchedule, List<BasicRelation> ctx) {
    int nParam = space.nParam();
    int nIn = b.nIn();
    int nOut = b.nOut();
    int[] map = new int[b.nVar()];
    for (int i = 0; i < nParam; i++) map[i] = i;
    for (int k = 0; k < nIn; k++) map[nParam + k] = nParam + nSchedule + k;
    for (int k = 0; k < nOut; k++) map[nParam + nIn + k] = nParam + k;
    BasicRelation.Builder pad = BasicRelation.builder(space);
    int width = 1 + space.nVar();
    for (int k = nOut; k < nSchedule; k++) pad.addEq(unit(width, 1 + nParam + k));
    for (int k = nSchedule + nIn; k < space.nOut(); k++) pad.addEq(unit(width, 1 + nParam + k));
    BasicRelation lifted = b.mapVariables(space, map).intersect(pad.build());
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation c : ctx) {
      BasicRelation x = lifted.intersect(c);
      if (x.isEmpty()) continue;
      for (BasicRelation y : x.computeDivs().basics()) if (!y.isEmpty()) out.add(y);
    }
    return out;
  }

  private static long[] unit(int width, int col) {
    long[] r = new long[width];
    r[col] = 1;
    return r;
  }
}

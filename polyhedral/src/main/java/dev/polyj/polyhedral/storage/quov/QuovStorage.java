package dev.polyj.polyhedral.storage.quov;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.flow.AccessInfo;
import dev.polyj.polyhedral.flow.Dataflow;
import dev.polyj.polyhedral.flow.FlowResult;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.SourcePos;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.polyhedral.storage.ExpandedArray;
import dev.polyj.polyhedral.storage.StorageContraction;
import dev.polyj.polyhedral.storage.StorageDeclarations;
import dev.polyj.presburger.aff.Aff;
import dev.polyj.presburger.aff.PwAff;
import dev.polyj.presburger.count.Counting;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * QUOV-based storage for a region's temporary arrays (Yuki and Rajopadhye, "Memory Allocations
 * for Tiled Uniform Dependence Programs", IMPACT 2013, Sections 3-5), one mapping per statement:
 *
 * <ol>
 *   <li>every read of a candidate array (declared inside the region, or named by the user as dead
 *       after it) is resolved by exact dataflow analysis to the statement instances that produced
 *       its value, one piece per source statement and affine source function;
 *   <li>each piece gives a data-flow vector in the scheduled space of the source statement (the
 *       difference of the schedule tree's band members of producer and consumer, constant for
 *       uniform dependences; statement ordering from the sequence nodes), see {@link DataflowUse};
 *   <li>{@link ShortestQuov} gives each writing statement's shortest QUOV for tiled execution by
 *       any tile sizes, {@link ProjectiveMapping} its storage mapping, which replaces the array
 *       for that statement by an array of its own ({@code A_S2}), indexed by the cell of the
 *       scheduled instance, the coordinates that are constant on the statement's domain left out;
 *   <li>a use in a later part of the region that no surrounding loop orders (the final copy-out of
 *       a stencil) needs its values never overwritten: checked exactly, else the statement keeps
 *       one cell per scheduled instance;
 *   <li>when some writer's storage would not be of lower dimension than the array, the array stays,
 *       shared by the writers that write it in place ({@link #inOriginal}; the paper leaves
 *       sharing between statements out, Section 3);
 *   <li>every access is rewritten: a write to the statement's cell, a read to a conditional over
 *       its pieces (each reading the cell of its source instance).
 * </ol>
 *
 * The mapping depends on the schedule before tiling only, so it holds for every tile size,
 * including sizes chosen at run time. An array is left as it is (with the reason in the notes)
 * when a dependence is not uniform, a read has no or several possible sources, or the schedule
 * has nodes the analysis does not model.
 */
public final class QuovStorage {
  private QuovStorage() {}

  /** The storage of one writing statement: its array, QUOV and cells. */
  public record StatementStorage(String statement, String name, long[] quov, ProjectiveMapping mapping,
      List<AffineForm> cells, long modulo, List<String> extents, String count, boolean local, boolean inPlace) {
    StatementStorage(String statement, String name, long[] quov, ProjectiveMapping mapping, List<AffineForm> cells,
        long modulo, List<String> extents, String count, boolean local) {
      this(statement, name, quov, mapping, cells, modulo, extents, count, local, false);
    }

    /** The same statement writing the original array at its original subscripts instead. */
    StatementStorage inOriginal() {
      return new StatementStorage(statement, name, quov, mapping, cells, modulo, extents, count, local, true);
    }

    /** How many of the cells' extents grow with the parameters (the storage's dimension). */
    int dimension() {
      return (int) extents.stream().filter(e -> !e.matches("-?\\d+")).count();
    }

    /** Whether the array needs a declaration of its own. */
    public boolean declared() {
      return !inPlace;
    }

    /** The C expressions of the cell of the instance whose iterators are {@code its}. */
    List<Expr> subscripts(List<String> params, List<String> its, AffineForm[] subst) {
      List<Expr> out = new ArrayList<>();
      for (int k = 0; k < cells.size(); k++) {
        AffineForm f = subst == null ? cells.get(k) : cells.get(k).compose(subst);
        Expr e = f.toExpr(params, its);
        if (k == 0 && modulo > 1) {
          Expr g = AffineForm.lit(modulo);
          Expr rem = new Expr.Binary("%", e, g, SourcePos.UNKNOWN);
          e = new Expr.Binary("%", new Expr.Binary("+", rem, g, SourcePos.UNKNOWN), g, SourcePos.UNKNOWN);
        }
        out.add(e);
      }
      return out;
    }
  }

  /** What happened to one candidate array. */
  public record ArrayPlan(String array, String originalSize, List<StatementStorage> statements, String reason) {
    public boolean contracted() {
      return reason == null;
    }

    /** The note {@code optimize} prints for the array. */
    public String note() {
      if (reason != null) return "quov: " + array + " kept: " + reason;
      StringBuilder b = new StringBuilder("quov: " + array + " (" + originalSize + " elements) ->");
      String sep = " ";
      for (StatementStorage s : statements) {
        if (s.inPlace()) {
          b.append(sep).append(s.statement()).append(s.name().equals(array + "_" + s.statement()) ? "" : " (" + s.name() + ")")
              .append(" in ").append(array).append(" itself");
          sep = ", ";
          continue;
        }
        b.append(sep).append(s.name()).append(s.extents().isEmpty() ? "" : s.extents().toString())
            .append(" (").append(s.count()).append(" cells, ")
            .append(s.local() ? "read in the iteration that writes it: a scalar private to each thread"
                : s.mapping() == null ? "no reuse: values read after the loops" : "QUOV " + vector(s.quov()))
            .append(')');
        sep = ", ";
      }
      return b.toString();
    }
  }

  /** The region after the mapping: the SCoP with its accesses rewritten, declarations and notes. */
  public record Result(Scop scop, List<ArrayPlan> plans, List<String> declarations, List<String> releases,
      String guard, ScheduleNode tree, List<Map<String, List<StatementSplit.Piece>>> splits, List<String> privates) {
    /** Dependences (or any union of relations on the statements) with the split statements' pieces renamed. */
    public UnionRelation split(UnionRelation u) {
      for (Map<String, List<StatementSplit.Piece>> s : splits) u = StatementSplit.apply(u, s);
      return u;
    }

    /** Whether some statement was split into pieces of its own. */
    public boolean anySplit() {
      return !splits.isEmpty();
    }

    public List<String> notes() {
      List<String> out = new ArrayList<>();
      for (ArrayPlan p : plans) out.add(p.note());
      return out;
    }

    public boolean changed() {
      return plans.stream().anyMatch(ArrayPlan::contracted);
    }
  }

  /**
   * The parameter values the mapping is made for: every statement runs (the sizes the program is
   * written for; smaller ones have dependences of their own, e.g. a row that is first and last at
   * once). The region's code runs the mapping under this condition and the original code otherwise.
   */
  static Relation assumed(Scop scop) {
    List<String> params = scop.params();
    Relation ctx = scop.context().alignParams(params);
    for (Statement st : scop.statements()) ctx = ctx.intersect(st.domain().alignParams(params).params());
    return ctx.coalesce();
  }

  /** An array is left alone for this reason. */
  static final class Unsupported extends RuntimeException {
    Unsupported(String message) {
      super(message);
    }
  }

  /** A dimension of a statement's path in the schedule tree. */
  record PathDim(ScheduleDim dim, ScheduleNode node, int member, int child, UnionRelation function) {
    boolean same(PathDim o) {
      return node == o.node && member == o.member && child == o.child;
    }
  }

  /** A read piece: the reads of access {@code access} of {@code reader} whose value {@code source} wrote at {@code function(c)}. */
  record Piece(Statement reader, Access access, String source, AffineForm[] function, Relation where,
      Relation dependence, int part) {
    Piece(Statement reader, Access access, String source, AffineForm[] function, Relation where, Relation dependence) {
      this(reader, access, source, function, where, dependence, 0);
    }
  }

  /** Which QUOVs are deliberately made one step too short (testing only: wrong code the tests must catch). */
  public enum Shorten {
    /** none (the legal storage) */
    NONE,
    /** every one, along its last non-zero component */
    ALL,
    /** only those taken on the lattice of a boundary statement in a wider band ({@link #onLattice}), one step less along it */
    LATTICE
  }

  /**
   * The QUOV storage of the region-local arrays of {@code scop} and of {@code dead} (arrays the
   * code after the region does not read), under {@code tree} (the schedule before tiling).
   * {@code split} enables the UOV-guided index-set splitting ({@link UovSplit}); with {@code
   * splitReads}, a statement whose reads come from several sources is split by them too (so no
   * piece tests which source to read; the code generator then has more statements to separate);
   * with {@code keep}, an array whose contracted storage would not be of lower dimension than the
   * array itself stays, shared by the statements that write it in place ({@link #inOriginal});
   * {@code shorten} makes QUOVs deliberately too short (testing only, {@link Shorten}).
   */
  public static Result apply(Scop scop, ScheduleNode tree, Set<String> dead, boolean split, boolean splitReads,
      Shorten shorten, boolean keep) {
    Map<String, List<PathDim>> paths = new HashMap<>();
    String pathProblem = null;
    try {
      walk(tree, null, new ArrayList<>(), paths, new int[1]);
    } catch (Unsupported e) {
      pathProblem = e.getMessage();
    }
    List<Map<String, List<StatementSplit.Piece>>> splits = new ArrayList<>();
    List<String> privates = new ArrayList<>();
    List<ArrayPlan> plans = new ArrayList<>();
    Scop out = scop;
    Relation ctx = assumed(scop);
    List<StorageContraction.Contracted> declared = new ArrayList<>();
    for (ArrayInfo a : scop.arrays()) {
      if (a.isScalar() || !(a.isRegionLocal() || dead.contains(a.name()))) continue;
      String size = String.join(" * ", a.sizeStrings().stream().map(x -> "(" + x + ")").toList());
      if (pathProblem != null) {
        plans.add(new ArrayPlan(a.name(), size, List.of(), pathProblem));
        continue;
      }
      try {
        if (ctx.isEmpty()) throw new Unsupported("some statement never runs");
        Planned p = plan(out, a, paths, ctx, split, splitReads, shorten, keep);
        ScheduleNode splitTree = tree;
        Map<String, List<PathDim>> splitPaths = paths;
        if (!p.splits.isEmpty()) {
          // the pieces of split statements as statements of their own in the schedule
          splitTree = StatementSplit.apply(tree, p.splits);
          splitPaths = new HashMap<>();
          walk(splitTree, null, new ArrayList<>(), splitPaths, new int[1]);
        }
        out = p.scop;
        tree = splitTree;
        paths = splitPaths;
        if (!p.splits.isEmpty()) splits.add(p.splits);
        for (StatementStorage s : p.storages) if (s.local() && s.declared()) privates.add(s.name());
        plans.add(new ArrayPlan(a.name(), size, p.storages, null));
        for (StatementStorage s : p.storages) {
          if (!s.declared()) continue;
          ExpandedArray e = new ExpandedArray(s.name(), a.name(), a.elementType(), s.extents(), Map.of());
          List<Integer> kept = new ArrayList<>();
          for (int k = 0; k < s.extents().size(); k++) kept.add(k);
          declared.add(new StorageContraction.Contracted(e, ImmutableList.copyOf(kept)));
        }
      } catch (Unsupported | ArithmeticException e) {
        plans.add(new ArrayPlan(a.name(), size, List.of(), e.getMessage()));
      }
    }
    List<String> decls = declared.isEmpty() ? List.of() : StorageDeclarations.declarations(declared);
    List<String> rels = declared.isEmpty() ? List.of() : StorageDeclarations.releases(declared);
    String guard = null;
    if (!declared.isEmpty()) {
      Relation simple = ctx.gist(scop.context().alignParams(scop.params()));
      if (!simple.isEqual(Relation.universe(simple.space()))) {
        guard = dev.polyj.polyhedral.scop.ExprPrinter.print(condition(simple, scop.params(), List.of()));
      }
    }
    return new Result(out, plans, decls, rels, guard, tree, splits, privates);
  }

  private record Planned(Scop scop, List<StatementStorage> storages, Map<String, List<StatementSplit.Piece>> splits) {}

  /** The storage of array {@code a}: its pieces, each writer's QUOV and cells, and the rewritten SCoP. */
  private static Planned plan(Scop scop, ArrayInfo a, Map<String, List<PathDim>> paths, Relation ctx,
      boolean split, boolean splitReads, Shorten shorten, boolean keep) {
    List<String> params = scop.params();
    // the writers: one must write of the array each, not also read by the same expression
    Map<String, Access> writes = new LinkedHashMap<>();
    for (Statement st : scop.statements()) {
      for (Access acc : st.accesses()) {
        if (!acc.array().equals(a.name())) continue;
        if (acc.isWrite()) {
          if (acc.may()) throw new Unsupported("a possible write in " + st.name());
          if (writes.put(st.name(), acc) != null) throw new Unsupported(st.name() + " writes it twice");
          for (Access r : st.accesses()) {
            if (r.isRead() && r.array().equals(a.name()) && r.expr().equals(acc.expr())) {
              throw new Unsupported(st.name() + " reads and writes it in one expression");
            }
          }
        } else if (acc.may()) {
          throw new Unsupported("a possible read in " + st.name());
        }
      }
    }
    if (writes.isEmpty()) throw new Unsupported("never written");
    for (String w : writes.keySet()) if (!paths.containsKey(w)) throw new Unsupported(w + " is not in the schedule");
    UnionRelation mustWrites = UnionRelation.empty(params);
    for (Statement st : scop.statements()) {
      Access w = writes.get(st.name());
      if (w != null) mustWrites = mustWrites.union(UnionRelation.of(w.relation().intersectDomain(st.domain())));
    }
    // the pieces of every read
    List<Piece> pieces = new ArrayList<>();
    for (Statement st : scop.statements()) {
      for (Access acc : st.accesses()) {
        if (!acc.isRead() || !acc.array().equals(a.name())) continue;
        if (!paths.containsKey(st.name())) throw new Unsupported(st.name() + " is not in the schedule");
        UnionRelation sink = UnionRelation.of(acc.relation().intersectDomain(st.domain()));
        FlowResult flow = Dataflow.compute(new AccessInfo(sink, mustWrites, null, null, scop.scheduleMap()));
        if (!flow.mayDependence().isSubset(flow.mustDependence())) {
          throw new Unsupported("a read in " + st.name() + " has several possible sources");
        }
        for (Relation dep : flow.mustDependence().coalesce().relations()) {
          String source = dep.space().domainTuple().name();
          dep = dep.alignParams(params).intersectParams(ctx).coalesce();
          for (BasicRelation b : dep.basics()) {
            Relation back = Relation.of(b).reverse(); // reader -> source
            Statement src = scop.statement(source);
            AffineForm[] f = new AffineForm[src.depth()];
            for (int k = 0; k < f.length; k++) {
              f[k] = AffineForm.ofOutput(back, k, params);
              if (f[k] == null) throw new Unsupported("the source of a read in " + st.name() + " is not affine");
              f[k] = aligned(f[k], st.depth());
            }
            pieces.add(new Piece(st, acc, source, f, Relation.of(b).range(), Relation.of(b)));
          }
        }
        // values from before the region: the array's own (a temporary's are undefined there, any value will do)
        Relation none = Relation.empty(st.domain().alignParams(params).space());
        for (Relation r : flow.mayNoSource().relations()) {
          none = none.union(r.domain().alignParams(params).intersectParams(ctx));
        }
        if (!none.isEmpty()) pieces.add(new Piece(st, acc, null, null, none.coalesce(), null));
      }
    }
    // each writer's uses, its parts (UOV-guided index-set splitting), their QUOVs
    List<StatementStorage> storages = new ArrayList<>();
    Map<String, List<StatementStorage>> byStatement = new LinkedHashMap<>();
    String fallback = null;
    Map<String, List<Relation>> partsOf = new HashMap<>();
    for (String w : writes.keySet()) {
      Statement s = scop.statement(w);
      List<PathDim> path = paths.get(w);
      List<ScheduleDim> dims = new ArrayList<>();
      for (PathDim d : path) dims.add(d.dim());
      Relation domain = s.domain().alignParams(params).intersectParams(ctx);
      try {
        String[] why = new String[1];
        byStatement.put(w, writerStorage(scop, a, s, path, dims, domain, pieces, paths, params, partsOf, split, shorten,
            keep ? why : null));
        if (fallback == null && why[0] != null) fallback = why[0];
      } catch (Unsupported | ArithmeticException e) {
        if (!keep) throw e;
        // no storage of its own: the statement writes the array in place (see inOriginal)
        if (fallback == null) fallback = s.name() + ": " + e.getMessage();
        partsOf.put(w, List.of(domain));
        byStatement.put(w, List.of(new StatementStorage(s.name(), a.name() + "_" + s.name(), new long[0], null,
            List.of(), 1, a.sizeStrings(), "?", false, true)));
      }
    }
    for (List<StatementStorage> mine : byStatement.values()) storages.addAll(mine);
    boolean kept = keep && inOriginal(a, scop, pieces, storages, byStatement, partsOf, params);
    if (storages.stream().allMatch(StatementStorage::inPlace)) {
      throw new Unsupported(fallback != null ? fallback
          : "no writer's storage would be smaller than the array (every one writes it in place)");
    }
    // the reads of a split statement's values, by the part their source is in
    List<Piece> routed = routed(pieces, partsOf, params);
    Set<String> taken = new LinkedHashSet<>();
    for (Statement st : scop.statements()) taken.add(st.name());
    Map<String, List<StatementSplit.Piece>> splits = new LinkedHashMap<>();
    Scop rewritten = rewrite(scop, a, routed, byStatement, partsOf, ctx, split && splitReads, kept, taken, splits);
    if (!splits.isEmpty()) {
      rewritten = new Scop(rewritten.functionName(), rewritten.pos(), rewritten.params(), rewritten.context(),
          rewritten.arrays(), rewritten.statements(), StatementSplit.apply(rewritten.schedule(), splits),
          StatementSplit.apply(rewritten.scheduleMap(), splits));
    }
    return new Planned(rewritten, storages, splits);
  }

  /** The storage of each part of writer {@code s} (its parts put in {@code partsOf}). */
  private static List<StatementStorage> writerStorage(Scop scop, ArrayInfo a, Statement s, List<PathDim> path,
      List<ScheduleDim> dims, Relation domain, List<Piece> pieces, Map<String, List<PathDim>> paths,
      List<String> params, Map<String, List<Relation>> partsOf, boolean split, Shorten shorten, String[] why) {
    String w = s.name();
    {
      List<DataflowUse> uses = new ArrayList<>();
      List<Relation> producers = new ArrayList<>();
      Relation late = Relation.empty(domain.space());
      for (Piece p : pieces) {
        if (!w.equals(p.source())) continue;
        DataflowUse use = use(scop, s, path, p, paths.get(p.reader().name()));
        boolean ordered = false;
        for (int k = 0; k < use.common(); k++) {
          ScheduleDim.Kind kind = dims.get(k).kind();
          ordered |= kind == ScheduleDim.Kind.SEQUENTIAL || kind == ScheduleDim.Kind.TILABLE;
        }
        Relation producer = p.dependence().domain().alignParams(params);
        if (use.later() && use.common() < dims.size() && !ordered) {
          late = late.union(producer);
        } else {
          uses.add(use);
          producers.add(producer);
        }
      }
      List<AffineForm> phi = new ArrayList<>();
      for (PathDim d : path) if (d.dim().isLoop()) phi.add(member(d, s, params));
      List<Relation> parts = split && s.filter() == null ? UovSplit.parts(domain, uses, producers) : List.of(domain);
      partsOf.put(w, parts);
      List<StatementStorage> mine = new ArrayList<>();
      for (int j = 0; j < parts.size(); j++) {
        Relation part = parts.get(j);
        List<DataflowUse> partUses = new ArrayList<>();
        for (int q = 0; q < uses.size(); q++) if (!producers.get(q).intersect(part).isEmpty()) partUses.add(uses.get(q));
        Relation partLate = late.intersect(part);
        String name = a.name() + "_" + s.name() + (j == 0 ? "" : "_b" + (j - 1));
        if (partLate.isEmpty() && immediate(dims, partUses)) {
          // the paper's QUOV [0, ..., 0, 1] in the ordering dimension: a scalar, private to each thread
          StatementStorage ss = new StatementStorage(s.name(), name, new long[0], null, List.of(), 1, List.of(), "1",
              true);
          mine.add(ss);
          continue;
        }
        try {
          mine.add(partStorage(scop, s, dims, phi, partUses, partLate, part, name, shorten));
        } catch (Unsupported | ArithmeticException e) {
          if (why == null) throw e;
          // no storage of its own: the part writes the array in place (see inOriginal)
          if (why[0] == null) why[0] = s.name() + ": " + e.getMessage();
          mine.add(new StatementStorage(s.name(), name, new long[0], null, List.of(), 1, a.sizeStrings(), "?", false,
              true));
        }
      }
      return mine;
    }
  }

  /** The QUOV storage of one part of writer {@code s}. */
  private static StatementStorage partStorage(Scop scop, Statement s, List<ScheduleDim> dims, List<AffineForm> phi,
      List<DataflowUse> partUses, Relation partLate, Relation part, String name, Shorten shorten) {
    List<String> params = scop.params();
    {
      {
        long[] u = ShortestQuov.of(dims, partUses);
        long[] uLoop = null;
        ProjectiveMapping m = null;
        if (u != null) {
          uLoop = new long[phi.size()];
          int o = 0;
          for (int k = 0; k < u.length; k++) if (dims.get(k).isLoop()) uLoop[o++] = u[k];
          long[] lattice = onLattice(phi, uLoop, dims, partUses);
          boolean onLattice = lattice != uLoop;
          uLoop = lattice;
          if (shorten == Shorten.LATTICE && onLattice) {
            // one step less along the lattice direction (k d becomes (k - 1) d)
            long[] d = latticeDirection(phi, uLoop);
            if (d != null) {
              long[] shorter = new long[uLoop.length];
              for (int k = 0; k < shorter.length; k++) shorter[k] = Math.subtractExact(uLoop[k], d[k]);
              if (java.util.Arrays.stream(shorter).anyMatch(x -> x != 0)) uLoop = shorter;
            }
          }
          if (shorten == Shorten.ALL) {
            for (int k = uLoop.length - 1; k >= 0; k--) {
              if (uLoop[k] == 0) continue;
              long[] shorter = uLoop.clone();
              shorter[k] -= Long.signum(uLoop[k]);
              if (java.util.Arrays.stream(shorter).anyMatch(x -> x != 0)) uLoop = shorter;
              break;
            }
          }
          m = ProjectiveMapping.along(uLoop);
          if (!partLate.isEmpty() && overwritten(s, phi, uLoop, partLate, params, part)) m = null;
        }
        return storage(scop, s, phi, m, uLoop, part, name);
      }
    }
  }

  /**
   * Array sharing between statements, in the original array: when some writer's contracted
   * storage is not of lower dimension than the array {@code a} (the program reuses the array's
   * cells already, as the in-place boundary example does), the array stays and each writer whose
   * storage would grow with the parameters writes it at its original subscripts; so does every
   * writer whose values a read takes where it also takes a value from the array (a conditional
   * read otherwise, which costs a test in the innermost loop and keeps the compiler from carrying
   * the value in a register). The others (scalars and constant buffers) keep their own storage.
   * Legal for every tile size: the schedule respects the original program's dependences through
   * the array, anti and output ones included, and taking some writers' values out of the array
   * only removes writes from it. A statement whose parts all write in place is not split. A part
   * whose storage could not be computed (no affine bound of its cells, a dependence that is not
   * uniform) writes in place too, whatever the others' dimension.
   * Changes {@code storages}, {@code byStatement} and {@code partsOf}; whether the array stays.
   */
  private static boolean inOriginal(ArrayInfo a, Scop scop, List<Piece> pieces, List<StatementStorage> storages,
      Map<String, List<StatementStorage>> byStatement, Map<String, List<Relation>> partsOf, List<String> params) {
    long dims = a.sizeStrings().stream().filter(e -> !e.trim().matches("-?\\d+")).count();
    Set<String> in = new LinkedHashSet<>(); // "statement/part"
    for (Map.Entry<String, List<StatementStorage>> e : byStatement.entrySet()) {
      for (int j = 0; j < e.getValue().size(); j++) {
        StatementStorage st = e.getValue().get(j);
        if (st.inPlace() || (dims > 0 && st.dimension() >= dims)) in.add(e.getKey() + "/" + j);
      }
    }
    if (in.isEmpty()) return false;
    for (Map.Entry<String, List<StatementStorage>> e : byStatement.entrySet()) {
      for (int j = 0; j < e.getValue().size(); j++) {
        if (e.getValue().get(j).dimension() > 0) in.add(e.getKey() + "/" + j);
      }
    }
    // the sources of each read (reader, access, part of the reader), closed under "read together"
    List<Piece> routed = routed(pieces, partsOf, params);
    Map<String, Set<String>> together = new LinkedHashMap<>();
    for (Piece p : routed) {
      if (p.source() == null) continue;
      List<Relation> readerParts = partsOf.get(p.reader().name());
      int nParts = readerParts == null ? 1 : readerParts.size();
      for (int j = 0; j < nParts; j++) {
        if (nParts > 1 && p.where().alignParams(params).intersect(readerParts.get(j)).isEmpty()) continue;
        String key = p.reader().name() + "/" + System.identityHashCode(p.access()) + "/" + j;
        together.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(p.source() + "/" + p.part());
      }
    }
    for (boolean changed = true; changed; ) {
      changed = false;
      for (Set<String> sources : together.values()) {
        if (sources.stream().anyMatch(in::contains) && !in.containsAll(sources)) {
          in.addAll(sources);
          changed = true;
        }
      }
    }
    storages.clear();
    for (Map.Entry<String, List<StatementStorage>> e : byStatement.entrySet()) {
      List<StatementStorage> mine = new ArrayList<>();
      for (int j = 0; j < e.getValue().size(); j++) {
        StatementStorage st = e.getValue().get(j);
        mine.add(in.contains(e.getKey() + "/" + j) ? st.inOriginal() : st);
      }
      if (mine.size() > 1 && mine.stream().allMatch(StatementStorage::inPlace)) {
        // every part in place: the statement stays whole
        Relation whole = null;
        for (Relation part : partsOf.get(e.getKey())) whole = whole == null ? part : whole.union(part);
        partsOf.put(e.getKey(), List.of(whole.coalesce()));
        mine = List.of(mine.get(0));
      }
      e.setValue(mine);
      storages.addAll(mine);
    }
    return true;
  }

  /** The pieces of every read, those of a split statement's values by the part their source is in. */
  private static List<Piece> routed(List<Piece> pieces, Map<String, List<Relation>> partsOf, List<String> params) {
    List<Piece> routed = new ArrayList<>();
    for (Piece p : pieces) {
      List<Relation> parts = p.source() == null ? null : partsOf.get(p.source());
      if (parts == null || parts.size() == 1) {
        routed.add(p);
        continue;
      }
      for (int j = 0; j < parts.size(); j++) {
        Relation dep = p.dependence().alignParams(params).intersectDomain(parts.get(j));
        if (dep.isEmpty()) continue;
        routed.add(new Piece(p.reader(), p.access(), p.source(), p.function(), dep.range(), dep, j));
      }
    }
    return routed;
  }

  /**
   * For a boundary statement whose instances lie on a line or plane of a wider tilable band (a
   * statement of fewer iterators moved into the interior's band, {@code S1[t] -> (t, t)} or the
   * face {@code S1[t, j] -> (t, t, t + j)} of a 2-D stencil), a vector off that lattice shares no
   * cell: the projection along it saves nothing. For each iterator, the shortest multiple
   * {@code k d} of its direction {@code d} in the band (the column of its coefficients) that
   * dominates {@code u} element-wise is a candidate (legal for every tile size by Theorem 1: every
   * use reaches it along the unit vectors), unless, untiled, it would first differ from a use at a
   * member that runs in parallel; the shortest candidate in Manhattan length is taken, ties going
   * to the outer iterator. The storage is then the projection of the statement's domain along
   * that iterator (for a face of a time-iterated stencil, the time direction: {@code k} planes of
   * the face). Combinations of several directions are not tried: a shorter one may be, but
   * projecting along it (e.g. {@code [2, 2, 1]} for the face above) gives a skewed line of
   * {@code T + 2 N} cells instead of {@code 2 N}. {@code u} itself when the statement's instances
   * span the band (an interior statement) or no candidate is legal.
   */
  static long[] onLattice(List<AffineForm> phi, long[] u, List<ScheduleDim> dims, List<DataflowUse> uses) {
    if (phi.size() < 2) return u;
    int n = phi.get(0).iterators().length;
    if (n < 1 || BoundaryFusion.rank(phi, n) >= phi.size()) return u;
    List<Integer> loops = new ArrayList<>();
    for (int k = 0; k < dims.size(); k++) if (dims.get(k).isLoop()) loops.add(k);
    int band = dims.get(loops.get(0)).band();
    for (int k : loops) {
      if (dims.get(k).kind() != ScheduleDim.Kind.TILABLE || dims.get(k).band() != band) return u;
    }
    List<DataflowUse> all = new ArrayList<>(uses);
    all.add(new DataflowUse(new long[dims.size()], true));
    long[] best = null;
    long bestLength = Long.MAX_VALUE;
    for (int it = 0; it < n; it++) {
      long[] out = multipleDominating(column(phi, it), u);
      if (out == null || !untiledLegal(out, loops, dims, all)) continue;
      long length = 0;
      for (long x : out) length = Math.addExact(length, Math.abs(x));
      if (length < bestLength) {
        best = out;
        bestLength = length;
      }
    }
    if (best == null || java.util.Arrays.equals(best, u)) return u;
    return best;
  }

  /** The direction of iterator {@code it} in the band: the coefficients of {@code it} in each member. */
  private static long[] column(List<AffineForm> phi, int it) {
    long[] d = new long[phi.size()];
    for (int j = 0; j < d.length; j++) d[j] = phi.get(j).iterators()[it];
    return d;
  }

  /** The shortest {@code k d} ({@code k >= 1}) with {@code k d >= u} element-wise, or null ({@code d} must be non-negative and non-zero). */
  private static long[] multipleDominating(long[] d, long[] u) {
    boolean pos = false;
    for (long x : d) {
      if (x < 0) return null;
      pos |= x > 0;
    }
    if (!pos) return null;
    long k = 1;
    for (int j = 0; j < d.length; j++) {
      if (d[j] == 0) {
        if (u[j] > 0) return null;
      } else {
        k = Math.max(k, Math.floorDiv(Math.addExact(u[j], d[j] - 1), d[j]));
      }
    }
    long[] out = new long[d.length];
    for (int j = 0; j < d.length; j++) out[j] = Math.multiplyExact(k, d[j]);
    return out;
  }

  /** Whether, untiled, no use first differs from {@code out} at a member that runs in parallel. */
  private static boolean untiledLegal(long[] out, List<Integer> loops, List<ScheduleDim> dims, List<DataflowUse> uses) {
    for (DataflowUse use : uses) {
      long[] v = use.vector();
      for (int j = 0; j < loops.size() && loops.get(j) < v.length; j++) {
        if (v[loops.get(j)] == out[j]) continue;
        if (dims.get(loops.get(j)).coincident()) return false;
        break;
      }
    }
    return true;
  }

  /** The direction {@code d} of an iterator with {@code u = k d}, {@code k >= 2} (the vector one step shorter is {@code u - d}), or null. */
  private static long[] latticeDirection(List<AffineForm> phi, long[] u) {
    int n = phi.get(0).iterators().length;
    for (int it = 0; it < n; it++) {
      long[] d = column(phi, it);
      long k = 0;
      boolean multiple = true;
      for (int j = 0; j < d.length && multiple; j++) {
        if (d[j] == 0) {
          multiple = u[j] == 0;
        } else if (u[j] % d[j] != 0 || (k != 0 && u[j] / d[j] != k)) {
          multiple = false;
        } else {
          k = u[j] / d[j];
        }
      }
      if (multiple && k >= 2) return d;
    }
    return null;
  }

  /**
   * Whether every use reads the value in the iteration of every loop around the writer that wrote
   * it, from a statement later in that iteration's body (the paper's special case of Section 5.2:
   * the QUOV {@code [0, ..., 0, 1]} in the last ordering dimension, "immediately consumed"): one
   * scalar then holds every value, private to each thread. Not when a loop around the writer may
   * run its iterations interleaved (coincident loops: vectorized, or unrolled and jammed).
   */
  static boolean immediate(List<ScheduleDim> dims, List<DataflowUse> uses) {
    if (uses.isEmpty()) return false;
    for (ScheduleDim d : dims) if (d.isLoop() && d.coincident()) return false;
    for (DataflowUse u : uses) {
      if (!u.later()) return false;
      long[] v = u.vector();
      for (long x : v) if (x != 0) return false;
      for (int k = v.length; k < dims.size(); k++) if (dims.get(k).isLoop()) return false;
    }
    return true;
  }

  /** {@code f} over a reader with {@code nIt} iterators (the dataflow's map has the reader's arity already). */
  private static AffineForm aligned(AffineForm f, int nIt) {
    if (f.iterators().length != nIt) throw new Unsupported("unexpected arity of a dataflow function");
    return f;
  }

  /** The data-flow vector of piece {@code p} in the scheduled space of its source {@code s}. */
  private static DataflowUse use(Scop scop, Statement s, List<PathDim> path, Piece p, List<PathDim> readerPath) {
    List<String> params = scop.params();
    Statement c = p.reader();
    int common = 0;
    List<Long> v = new ArrayList<>();
    boolean later = false;
    while (true) {
      if (common == path.size() || common == readerPath.size()) {
        if (path.size() != readerPath.size()) throw new Unsupported("paths of " + s.name() + " and " + c.name() + " nest");
        if (!s.name().equals(c.name())) throw new Unsupported(s.name() + " and " + c.name() + " run unordered");
        break;
      }
      PathDim ds = path.get(common);
      PathDim dc = readerPath.get(common);
      if (ds.dim().kind() == ScheduleDim.Kind.ORDER) {
        if (ds.node() != dc.node()) throw new Unsupported("schedule paths part outside a sequence");
        if (ds.child() != dc.child()) {
          if (ds.node() instanceof ScheduleNode.Set) throw new Unsupported(s.name() + " and " + c.name() + " run unordered");
          later = dc.child() > ds.child();
          break;
        }
        v.add(0L);
      } else {
        if (!ds.same(dc)) throw new Unsupported("schedule paths part outside a sequence");
        AffineForm fc = member(dc, c, params);
        AffineForm fs = member(ds, s, params).compose(p.function());
        Long diff = constantOn(fc.sub(fs), p.where(), params);
        if (diff == null) {
          throw new Unsupported("the dependence " + s.name() + " -> " + c.name() + " is not uniform in the schedule");
        }
        v.add(diff);
      }
      common++;
    }
    long[] vec = new long[v.size()];
    for (int k = 0; k < vec.length; k++) vec[k] = v.get(k);
    return new DataflowUse(vec, later);
  }

  /**
   * Whether an instance of {@code late} (instances read where no loop orders the read after a
   * later write) has a later instance of {@code s} on its line along {@code u} (sharing its cell).
   */
  private static boolean overwritten(Statement s, List<AffineForm> phi, long[] u, Relation late, List<String> params,
      Relation part) {
    Tuple t = s.domain().space().tuple();
    Space map = Space.map(params, t, Tuple.anonymous(t.name(), s.depth()));
    BasicRelation.Builder b = BasicRelation.builder(map);
    int k = b.addExistential();
    int np = params.size();
    int d = s.depth();
    for (int j = 0; j < phi.size(); j++) {
      // phi_j(z') - phi_j(z) - k u_j = 0
      long[] row = new long[b.nCol()];
      long[] f = phi.get(j).row(0);
      for (int x = 0; x < d; x++) {
        row[1 + np + d + x] = f[1 + np + x];
        row[1 + np + x] = -f[1 + np + x];
      }
      row[k] = -u[j];
      b.addEq(row);
    }
    long[] pos = new long[b.nCol()];
    pos[0] = -1;
    pos[k] = 1;
    b.addIneq(pos);
    Relation again = Relation.of(b.build()).withSpace(Space.map(params, t, t));
    Relation dom = part;
    return !again.intersectDomain(late.alignParams(params)).intersectRange(dom).isEmpty();
  }

  /** The value of {@code f} on the non-empty set {@code where} when it is one constant there, else null. */
  private static Long constantOn(AffineForm f, Relation where, List<String> params) {
    if (f.isConstant()) return f.constant();
    Relation w = where.alignParams(params);
    Relation image = w.apply(function(params, w.space().tuple(), f));
    AffineForm lo = single(Lexopt.dimMin(image, 0), params, 0);
    AffineForm hi = single(Lexopt.dimMax(image, 0), params, 0);
    if (lo == null || !lo.equals(hi) || !lo.isConstant()) return null;
    return lo.constant();
  }

  /** The schedule member {@code d} of statement {@code s} as a form over its iterators. */
  private static AffineForm member(PathDim d, Statement s, List<String> params) {
    for (Relation r : d.function().relations()) {
      if (r.space().domainTuple().name().equals(s.name())) {
        AffineForm f = AffineForm.ofOutput(r, 0, params);
        if (f == null) throw new Unsupported("the schedule of " + s.name() + " is not affine");
        return f;
      }
    }
    throw new Unsupported("no schedule member for " + s.name());
  }

  /** The array of statement {@code s}: the cells of mapping {@code m} (all scheduled coordinates when null). */
  private static StatementStorage storage(Scop scop, Statement s, List<AffineForm> phi, ProjectiveMapping m,
      long[] u, Relation part, String name) {
    List<String> params = scop.params();
    List<AffineForm> raw = new ArrayList<>();
    long modulo = 1;
    if (m == null) {
      raw.addAll(phi);
    } else {
      for (long[] row : m.rows()) {
        AffineForm y = AffineForm.zero(params.size(), s.depth());
        for (int j = 0; j < row.length; j++) y = y.add(phi.get(j).scale(row[j]));
        raw.add(y);
      }
      if (m.modulo() == 1) {
        raw.remove(0);
      } else {
        modulo = m.modulo();
      }
    }
    List<AffineForm> cells = new ArrayList<>();
    List<String> extents = new ArrayList<>();
    Relation domain = part;
    for (int k = 0; k < raw.size(); k++) {
      AffineForm y = raw.get(k);
      boolean modular = k == 0 && modulo > 1;
      if (modular) {
        cells.add(y);
        extents.add(Long.toString(modulo));
        continue;
      }
      Relation image = domain.apply(function(params, domain.space().tuple(), y));
      PwAff lo = Lexopt.dimMin(image, 0);
      PwAff hi = Lexopt.dimMax(image, 0);
      AffineForm low = single(lo, params, s.depth());
      if (low != null && single(hi, params, s.depth()) != null && low.equals(single(hi, params, s.depth()))) {
        continue; // constant on the domain
      }
      if (low == null) throw new Unsupported("the cells of " + s.name() + " have no affine lower bound");
      AffineForm cell = y.sub(low);
      cells.add(cell);
      extents.add(upperExtent(hi, low, params));
    }
    // the cells used, counted exactly
    String count;
    try {
      Relation used = domain.apply(cellRelation(params, domain.space().tuple(), cells, modulo));
      count = Counting.card(used).toString();
    } catch (RuntimeException e) {
      count = "?";
    }
    return new StatementStorage(s.name(), name, u == null ? new long[0] : u, m, cells, modulo, extents, count, false);
  }

  /** The value of {@code f} as a form in the parameters when all its pieces have the same, or null. */
  private static AffineForm single(PwAff f, List<String> params, int nIt) {
    AffineForm out = null;
    for (PwAff.Piece piece : f.pieces()) {
      AffineForm v = parametric(piece.value(), params, nIt);
      if (v == null || (out != null && !out.equals(v))) return null;
      out = v;
    }
    return out;
  }

  private static AffineForm parametric(Aff v, List<String> params, int nIt) {
    if (v.nDiv() > 0 || v.denominator() != 1) return null;
    List<String> own = v.space().params();
    long[] p = new long[params.size()];
    long[] num = v.numerator();
    for (int k = 0; k < own.size(); k++) {
      int at = params.indexOf(own.get(k));
      if (at < 0) return null;
      p[at] = num[1 + k];
    }
    return new AffineForm(num[0], p, new long[nIt]);
  }

  /** The C extent {@code max(hi) - low + 1}. */
  private static String upperExtent(PwAff hi, AffineForm low, List<String> params) {
    String e = null;
    for (PwAff.Piece piece : hi.pieces()) {
      AffineForm h = parametric(piece.value(), params, 0);
      if (h == null) throw new Unsupported("the cells have no affine upper bound");
      AffineForm ext = h.sub(new AffineForm(low.constant(), low.params(), new long[0])).add(AffineForm.constant(1, params.size(), 0));
      String c = ext.toC(params, List.of());
      e = e == null ? c : "((" + e + ") > (" + c + ") ? (" + e + ") : (" + c + "))";
    }
    if (e == null) throw new Unsupported("the statement never runs");
    return e;
  }

  /** {@code { S[x] -> [y(x)] }}. */
  static Relation function(List<String> params, Tuple t, AffineForm y) {
    Space map = Space.map(params, t, Tuple.anonymous(null, 1));
    long[] row = new long[1 + map.nVar()];
    long[] f = y.row(0);
    System.arraycopy(f, 0, row, 0, f.length);
    row[row.length - 1] = -1;
    return Relation.of(BasicRelation.builder(map).addEq(row).build());
  }

  /** {@code { S[x] -> A_S[cells(x)] }}, the modulo coordinate through an existential. */
  private static Relation cellRelation(List<String> params, Tuple t, List<AffineForm> cells, long modulo) {
    return cellRelation(params, t, cells, modulo, null);
  }

  private static Relation cellRelation(List<String> params, Tuple t, List<AffineForm> cells, long modulo, String name) {
    Space map = Space.map(params, t, Tuple.anonymous(name, cells.size()));
    BasicRelation.Builder b = BasicRelation.builder(map);
    int q = modulo > 1 ? b.addExistential() : -1;
    int first = 1 + params.size() + t.arity();
    for (int k = 0; k < cells.size(); k++) {
      long[] row = new long[b.nCol()];
      long[] f = cells.get(k).row(0);
      System.arraycopy(f, 0, row, 0, f.length);
      row[first + k] = -1;
      if (k == 0 && q >= 0) {
        row[q] = -modulo;
        long[] lo = new long[b.nCol()];
        lo[first] = 1;
        long[] hi = new long[b.nCol()];
        hi[0] = modulo - 1;
        hi[first] = -1;
        b.addIneq(lo).addIneq(hi);
      }
      b.addEq(row);
    }
    return Relation.of(b.build());
  }

  /** At most this many statements replace one statement split by the sources of its reads. */
  static final int READ_SPLIT_LIMIT = 4;

  /** One way a read is rewritten: where it applies, its expression, the access it makes. */
  private record ReadPiece(Relation where, Expr ref, Access access) {}

  /**
   * {@code scop} with the accesses of array {@code a} rewritten to the statements' arrays. A
   * statement whose domain is split ({@code partsOf}) becomes one statement per part, each writing
   * its own array's cell; with {@code splitReads}, a statement whose reads come from several
   * sources is split further by them (at most {@link #READ_SPLIT_LIMIT} pieces), so that each
   * piece reads one cell per access and no test on the iterators is left in its body; a read
   * otherwise is a conditional over its sources. The pieces of every statement so split are added
   * to {@code splits} (names not in {@code taken}).
   */
  private static Scop rewrite(Scop scop, ArrayInfo a, List<Piece> pieces, Map<String, List<StatementStorage>> storages,
      Map<String, List<Relation>> partsOf, Relation ctx, boolean splitReads, boolean kept, Set<String> taken,
      Map<String, List<StatementSplit.Piece>> splits) {
    List<String> params = scop.params();
    List<Statement> stmts = new ArrayList<>();
    for (Statement st : scop.statements()) {
      if (st.accesses().stream().noneMatch(x -> x.array().equals(a.name()))) {
        stmts.add(st);
        continue;
      }
      List<Relation> parts = partsOf.get(st.name());
      int n = parts == null ? 1 : parts.size();
      Tuple t = st.domain().space().tuple();
      List<StatementSplit.Piece> mineSplit = new ArrayList<>();
      List<Statement> made = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        Relation domain = n == 1 ? st.domain() : parts.get(j);
        Relation dom = domain.alignParams(params);
        Relation context = dom.intersectParams(ctx);
        // the write and, for each read, its pieces in this part
        Map<Access, List<ReadPiece>> reads = new LinkedHashMap<>();
        Access write = null;
        Expr writeCell = null;
        for (Access acc : st.accesses()) {
          if (!acc.array().equals(a.name())) continue;
          if (acc.isWrite()) {
            StatementStorage s = storages.get(st.name()).get(j);
            if (s.inPlace()) {
              writeCell = acc.expr();
              write = new Access(Access.Kind.WRITE, false, a.name(), acc.relation().alignParams(params).intersectDomain(dom),
                  acc.expr());
              continue;
            }
            writeCell = indexed(s.name(), s.subscripts(params, st.iterators(), null));
            write = new Access(Access.Kind.WRITE, false, s.name(),
                cellRelation(params, t, s.cells(), s.modulo(), s.name()).intersectDomain(dom), writeCell);
            continue;
          }
          List<ReadPiece> rp = new ArrayList<>();
          for (int pass = 0; pass < 2; pass++) {
            for (Piece p : pieces) {
              if (p.reader() != st || p.access() != acc || (p.source() == null) != (pass == 1)) continue;
              Relation where = p.where().alignParams(params).intersect(dom);
              if (where.isEmpty()) continue;
              if (p.source() == null) {
                // no source in the region: the value from before it, or (a temporary) any value
                Expr ref = a.isRegionLocal() && !kept ? AffineForm.lit(0) : acc.expr();
                Access x = a.isRegionLocal() && !kept ? null
                    : new Access(Access.Kind.READ, false, a.name(), acc.relation().intersectDomain(where), acc.expr());
                rp.add(new ReadPiece(where, ref, x));
                continue;
              }
              StatementStorage s = storages.get(p.source()).get(p.part());
              if (s.inPlace()) {
                rp.add(new ReadPiece(where, acc.expr(), new Access(Access.Kind.READ, false, a.name(),
                    acc.relation().alignParams(params).intersectDomain(where), acc.expr())));
                continue;
              }
              Expr ref = indexed(s.name(), s.subscripts(params, st.iterators(), p.function()));
              List<AffineForm> composed = new ArrayList<>();
              for (AffineForm f : s.cells()) composed.add(f.compose(p.function()));
              rp.add(new ReadPiece(where, ref, new Access(Access.Kind.READ, false, s.name(),
                  cellRelation(params, t, composed, s.modulo(), s.name()).intersectDomain(where), ref)));
            }
          }
          if (rp.isEmpty()) throw new Unsupported("a read in " + st.name() + " never runs");
          if (rp.size() > 1 && rp.stream().allMatch(x -> x.ref() == acc.expr())) {
            // every source in the array itself: the original read, no test
            rp = List.of(new ReadPiece(dom, acc.expr(), new Access(Access.Kind.READ, false, a.name(),
                acc.relation().alignParams(params).intersectDomain(dom), acc.expr())));
          }
          reads.put(acc, rp);
        }
        // the pieces by source: the i-th read piece where the earlier ones do not apply (as the conditional reads)
        List<Relation> cells = new ArrayList<>(List.of(dom));
        List<Map<Access, ReadPiece>> chosen = new ArrayList<>(List.of(new HashMap<>()));
        for (Map.Entry<Access, List<ReadPiece>> e : reads.entrySet()) {
          List<ReadPiece> rp = e.getValue();
          if (rp.size() == 1) {
            for (Map<Access, ReadPiece> c : chosen) c.put(e.getKey(), rp.get(0));
            continue;
          }
          if (!splitReads || cells == null) {
            cells = null;
            continue;
          }
          List<Relation> nextCells = new ArrayList<>();
          List<Map<Access, ReadPiece>> nextChosen = new ArrayList<>();
          for (int c = 0; c < cells.size(); c++) {
            Relation left = cells.get(c);
            for (int k = 0; k < rp.size() && !left.isEmpty(); k++) {
              Relation here = k == rp.size() - 1 ? left : left.intersect(rp.get(k).where());
              if (here.isEmpty()) continue;
              left = left.subtract(here);
              nextCells.add(here.coalesce());
              Map<Access, ReadPiece> m = new HashMap<>(chosen.get(c));
              m.put(e.getKey(), rp.get(k));
              nextChosen.add(m);
            }
          }
          if (nextCells.size() * n > READ_SPLIT_LIMIT) {
            cells = null;
            continue;
          }
          cells = nextCells;
          chosen = nextChosen;
        }
        if (cells == null) {
          // a conditional read per access, in one statement for the part
          cells = List.of(dom);
          chosen = List.of(new HashMap<>());
        }
        for (int c = 0; c < cells.size(); c++) {
          Relation cell = cells.get(c);
          Relation cellContext = cells.size() == 1 ? context : cell.intersectParams(ctx);
          Map<Expr, Expr> replace = new HashMap<>();
          List<Access> accesses = new ArrayList<>();
          boolean whole = cells.size() == 1 && n == 1;
          for (Access acc : st.accesses()) {
            if (!acc.array().equals(a.name())) {
              accesses.add(whole ? acc : new Access(acc.kind(), acc.may(), acc.array(),
                  acc.relation().intersectDomain(cell.alignParams(acc.relation().space().params())), acc.expr()));
              continue;
            }
            if (acc.isWrite()) {
              accesses.add(whole ? write : new Access(write.kind(), false, write.array(),
                  write.relation().intersectDomain(cell), write.expr()));
              replace.put(acc.expr(), writeCell);
              continue;
            }
            ReadPiece one = chosen.get(c).get(acc);
            if (one != null) {
              if (one.access() != null) {
                accesses.add(new Access(Access.Kind.READ, false, one.access().array(),
                    one.access().relation().intersectDomain(cell), one.ref()));
              }
              replace.put(acc.expr(), one.ref());
              continue;
            }
            List<ReadPiece> rp = reads.get(acc);
            Expr e = null;
            for (int k = rp.size() - 1; k >= 0; k--) {
              ReadPiece p = rp.get(k);
              if (p.access() != null) accesses.add(p.access());
              e = e == null ? p.ref() : new Expr.Cond(condition(p.where().gist(cellContext), params, st.iterators()),
                  p.ref(), e, SourcePos.UNKNOWN);
            }
            replace.put(acc.expr(), e);
          }
          Relation pieceDomain = whole ? st.domain() : cell;
          String name = st.name();
          if (!(j == 0 && c == 0)) {
            String base = j == 0 ? st.name() : st.name() + "_b" + (j - 1);
            int k = 0;
            String candidate = c == 0 ? base : base + "_r" + (c - 1);
            while (taken.contains(candidate)) candidate = (c == 0 ? base + "_" : base + "_r") + (k++);
            name = candidate;
          }
          taken.add(name);
          mineSplit.add(new StatementSplit.Piece(name, cell));
          Expr body = transform(st.body(), replace);
          if (!name.equals(st.name())) {
            List<Access> renamed = new ArrayList<>();
            for (Access x : accesses) {
              renamed.add(new Access(x.kind(), x.may(), x.array(), StatementSplit.renamedDomain(x.relation(), name),
                  x.expr()));
            }
            accesses = renamed;
            pieceDomain = StatementSplit.renamedDomain(pieceDomain, name);
          }
          made.add(new Statement(name, st.iterators(), pieceDomain, ImmutableList.copyOf(accesses), body, st.pos(),
              st.filter()));
        }
      }
      if (made.size() > 1) splits.put(st.name(), mineSplit);
      stmts.addAll(made);
    }
    return new Scop(scop.functionName(), scop.pos(), scop.params(), scop.context(), scop.arrays(), stmts,
        scop.schedule(), scop.scheduleMap());
  }

  /** {@code ref} where piece {@code p} applies, else {@code rest} (null: {@code ref} everywhere). */
  private static Expr cond(Expr rest, Piece p, Relation context, List<String> params, List<String> its, Expr ref) {
    if (rest == null) return ref;
    return new Expr.Cond(condition(p.where().gist(context), params, its), ref, rest, SourcePos.UNKNOWN);
  }

  private static Expr transform(Expr e, Map<Expr, Expr> replace) {
    Expr r = replace.get(e);
    if (r != null) return r;
    return e.mapChildren(x -> transform(x, replace));
  }

  private static Expr indexed(String name, List<Expr> subscripts) {
    Expr e = new Expr.Ident(name, SourcePos.UNKNOWN);
    for (Expr s : subscripts) e = new Expr.Index(e, s, SourcePos.UNKNOWN);
    return e;
  }

  /** The C condition of set {@code where} (parameters and the statement's iterators). */
  static Expr condition(Relation where, List<String> params, List<String> its) {
    Expr any = null;
    for (BasicRelation b : where.basics()) {
      if (b.nLocal() > 0) throw new Unsupported("a read's source depends on a stride");
      Expr all = null;
      for (long[] row : b.equalities()) all = and(all, constraint(row, params.size(), its.size(), params, its, "=="));
      for (long[] row : b.inequalities()) all = and(all, constraint(row, params.size(), its.size(), params, its, ">="));
      if (all == null) all = AffineForm.lit(1);
      any = any == null ? all : new Expr.Binary("||", any, all, SourcePos.UNKNOWN);
    }
    return any == null ? AffineForm.lit(0) : any;
  }

  private static Expr and(Expr a, Expr b) {
    return a == null ? b : new Expr.Binary("&&", a, b, SourcePos.UNKNOWN);
  }

  private static Expr constraint(long[] row, int np, int nIt, List<String> params, List<String> its, String op) {
    long[] p = new long[np];
    long[] x = new long[nIt];
    System.arraycopy(row, 1, p, 0, np);
    System.arraycopy(row, 1 + np, x, 0, nIt);
    AffineForm f = new AffineForm(row[0], p, x);
    return new Expr.Binary(op, f.toExpr(params, its), AffineForm.lit(0), SourcePos.UNKNOWN);
  }

  /** The paths of the statements below {@code n}. */
  private static void walk(ScheduleNode n, Set<String> active, List<PathDim> path, Map<String, List<PathDim>> out,
      int[] bands) {
    if (n instanceof ScheduleNode.Domain d) {
      walk(d.child(), names(d.domain()), path, out, bands);
    } else if (n instanceof ScheduleNode.Band b) {
      int id = bands[0]++;
      List<PathDim> p = new ArrayList<>(path);
      for (int k = 0; k < b.nMember(); k++) {
        boolean par = b.coincident().get(k);
        ScheduleDim dim = b.permutable() ? (par ? ScheduleDim.tilableCoincident(id) : ScheduleDim.tilable(id))
            : par ? ScheduleDim.parallel() : ScheduleDim.sequential();
        p.add(new PathDim(dim, b, k, -1, b.members().get(k)));
      }
      walk(b.child(), active, p, out, bands);
    } else if (n instanceof ScheduleNode.Sequence || n instanceof ScheduleNode.Set) {
      List<ScheduleNode> kids = n.children();
      for (int i = 0; i < kids.size(); i++) {
        ScheduleNode.Filter f = (ScheduleNode.Filter) kids.get(i);
        Set<String> sub = new LinkedHashSet<>(active);
        sub.retainAll(names(f.filter()));
        if (sub.isEmpty()) continue;
        List<PathDim> p = new ArrayList<>(path);
        p.add(new PathDim(ScheduleDim.order(), n, -1, i, null));
        walk(f.child(), sub, p, out, bands);
      }
    } else if (n instanceof ScheduleNode.Filter f) {
      Set<String> sub = new LinkedHashSet<>(active);
      sub.retainAll(names(f.filter()));
      walk(f.child(), sub, path, out, bands);
    } else if (n instanceof ScheduleNode.Mark m) {
      walk(m.child(), active, path, out, bands);
    } else if (n instanceof ScheduleNode.Context c) {
      walk(c.child(), active, path, out, bands);
    } else if (n instanceof ScheduleNode.Guard g) {
      walk(g.child(), active, path, out, bands);
    } else if (n instanceof ScheduleNode.Leaf) {
      for (String s : active) {
        if (out.put(s, List.copyOf(path)) != null) throw new Unsupported(s + " is at two leaves of the schedule");
      }
    } else {
      throw new Unsupported("the schedule has a " + n.getClass().getSimpleName() + " node");
    }
  }

  private static Set<String> names(UnionRelation u) {
    Set<String> out = new LinkedHashSet<>();
    for (Relation r : u.relations()) {
      out.add(r.space().isSet() ? r.space().tuple().name() : r.space().domainTuple().name());
    }
    return out;
  }

  static String vector(long[] v) {
    StringBuilder b = new StringBuilder("[");
    for (int k = 0; k < v.length; k++) b.append(k == 0 ? "" : ", ").append(v[k]);
    return b.append(']').toString();
  }
}

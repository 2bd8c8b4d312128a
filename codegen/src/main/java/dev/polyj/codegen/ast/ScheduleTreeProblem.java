package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.codegen.ast.BuildOptions.LoopKind;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The scan problem of a schedule tree. Along each path from the domain to a leaf, band members
 * and the positions of sequence (and set) children give the schedule dimensions, filters restrict
 * the instances, context nodes constrain the parameters and guard nodes add constraints the code
 * must check. Band flags and options become annotations of the pieces at the scan dimension of the
 * member: coincident members may run in parallel, loop types choose separate/atomic/unroll, an
 * {@code isolate} option splits the instances into the isolated part (with its own loop types)
 * and the rest, mark nodes wrap the code of the dimension below them, expansion nodes replace
 * each group instance by the statement instances it stands for, and extension nodes add the
 * instances their extension maps the outer band values to.
 */
public final class ScheduleTreeProblem {
  private ScheduleTreeProblem() {}

  private record Guard(Relation set) {}

  /** An isolated set over time dimensions, the band's first member k0, the loop types inside it. */
  private record Isolate(Relation set, int k0, Map<Integer, LoopKind> kinds) {}

  /**
   * One root-to-leaf path for one statement. Each schedule dimension is a one-dimensional map
   * from the statement in {@code dims}, except for the first dimensions of an instance added by
   * an extension node: these are given together by {@code joint} (statement -> [t0, ..., tk-1],
   * possibly several values per instance) and their entries in {@code dims} are null.
   */
  private record Path(int statement, Relation filter, List<Relation> dims, List<Integer> bandDims,
      Set<Integer> coincident, Map<Integer, LoopKind> kinds, List<Piece.MarkAt> marks, List<Guard> guards,
      List<Isolate> isolates, Relation joint) {
    Path(int statement, Relation filter, List<Relation> dims, List<Integer> bandDims, Set<Integer> coincident,
        Map<Integer, LoopKind> kinds, List<Piece.MarkAt> marks, List<Guard> guards, List<Isolate> isolates) {
      this(statement, filter, dims, bandDims, coincident, kinds, marks, guards, isolates, null);
    }

    Path copy() {
      return new Path(statement, filter, new ArrayList<>(dims), new ArrayList<>(bandDims), new TreeSet<>(coincident),
          new HashMap<>(kinds), new ArrayList<>(marks), new ArrayList<>(guards), new ArrayList<>(isolates), joint);
    }

    Path withFilter(Relation f) {
      return new Path(statement, f, dims, bandDims, coincident, kinds, marks, guards, isolates, joint);
    }
  }

  private static final class Walk {
    final List<String> names = new ArrayList<>();
    final List<Integer> arities = new ArrayList<>();
    final List<Tuple> tuples = new ArrayList<>();
    final List<Path> leaves = new ArrayList<>();
    final List<Relation> contexts = new ArrayList<>();
    final LinkedHashSet<String> params = new LinkedHashSet<>();
    /** The schedule dimensions along the tree path being walked: null for a band member, else a sequence position. */
    final List<Long> treeDims = new ArrayList<>();
    /** The paths that reach each band on the tree path being walked, innermost last. */
    final List<List<Path>> bands = new ArrayList<>();

    /** The index of statement tuple {@code t}, registered (with its name and arity) when new. */
    int statement(Tuple t) {
      int s = tuples.indexOf(t);
      if (s < 0) {
        s = tuples.size();
        tuples.add(t);
        names.add(t.hasName() ? t.name() : "S" + s);
        arities.add(t.arity());
      }
      return s;
    }
  }

  public static ScanProblem of(ScheduleNode root) {
    return of(root, null);
  }

  /** The scan problem of a tree rooted at a domain node, under an optional extra parameter context. */
  public static ScanProblem of(ScheduleNode root, Relation context) {
    checkArgument(root instanceof ScheduleNode.Domain, "the root of a schedule tree must be a domain node");
    ScheduleNode.Domain dom = (ScheduleNode.Domain) root;
    Walk w = new Walk();
    w.params.addAll(dom.domain().paramNames());
    if (context != null) {
      w.contexts.add(context);
      w.params.addAll(context.space().params());
    }
    List<Path> start = new ArrayList<>();
    for (Relation r : dom.domain().relations()) {
      checkArgument(r.isSet(), "domain member %s is not a set", r.space());
      Tuple t = r.space().tuple();
      int s = w.statement(t);
      start.add(new Path(s, r, new ArrayList<>(), new ArrayList<>(), new TreeSet<>(), new HashMap<>(),
          new ArrayList<>(), new ArrayList<>(), new ArrayList<>()));
    }
    walk(dom.child(), start, w);
    return embed(w);
  }

  private static void walk(ScheduleNode node, List<Path> active, Walk w) {
    if (active.isEmpty()) return;
    if (node instanceof ScheduleNode.Leaf) {
      w.leaves.addAll(active);
    } else if (node instanceof ScheduleNode.Context c) {
      // a context is an assumption the code may use; one on outer schedule dimensions (a set
      // space, as isl allows) is left unused, which is always correct, only less simplified
      if (c.context().space().nDim() == 0) w.contexts.add(c.context());
      w.params.addAll(c.context().space().params());
      walk(c.child(), active, w);
    } else if (node instanceof ScheduleNode.Band b) {
      List<Path> next = new ArrayList<>();
      List<Relation> options = bandOptions(b.otherOptions(), w);
      for (Path p : active) {
        Path q = p.copy();
        int k0 = q.dims().size();
        for (int j = 0; j < b.nMember(); j++) {
          Relation m = memberFor(b.members().get(j), p.filter().space().tuple());
          w.params.addAll(m.space().params());
          q.dims().add(m);
          q.bandDims().add(k0 + j);
          if (b.coincident().get(j)) q.coincident().add(k0 + j);
          LoopKind kind = switch (b.loopTypes().get(j)) {
            case ATOMIC -> LoopKind.ATOMIC;
            case UNROLL -> LoopKind.UNROLL;
            case SEPARATE -> LoopKind.SEPARATE;
            default -> LoopKind.DEFAULT;
          };
          if (kind != LoopKind.DEFAULT) q.kinds().put(k0 + j, kind);
        }
        addIsolates(q, options, k0, b.nMember(), p.bandDims());
        next.add(q);
      }
      for (int j = 0; j < b.nMember(); j++) w.treeDims.add(null);
      w.bands.add(next);
      walk(b.child(), next, w);
      w.bands.remove(w.bands.size() - 1);
      for (int j = 0; j < b.nMember(); j++) w.treeDims.remove(w.treeDims.size() - 1);
    } else if (node instanceof ScheduleNode.Sequence || node instanceof ScheduleNode.Set) {
      List<ScheduleNode> kids = node.children();
      for (int k = 0; k < kids.size(); k++) {
        ScheduleNode.Filter f = (ScheduleNode.Filter) kids.get(k);
        List<Path> next = new ArrayList<>();
        for (Path p : active) {
          Relation kept = filtered(p.filter(), f.filter(), w);
          if (kept == null) continue;
          Path q = p.copy();
          q.dims().add(constant(p.filter().space(), k));
          next.add(q.withFilter(kept));
        }
        w.treeDims.add((long) k);
        walk(f.child(), next, w);
        w.treeDims.remove(w.treeDims.size() - 1);
      }
    } else if (node instanceof ScheduleNode.Filter f) {
      List<Path> next = new ArrayList<>();
      for (Path p : active) {
        Relation kept = filtered(p.filter(), f.filter(), w);
        if (kept != null) next.add(p.withFilter(kept));
      }
      walk(f.child(), next, w);
    } else if (node instanceof ScheduleNode.Mark m) {
      List<Path> next = new ArrayList<>();
      for (Path p : active) {
        Path q = p.copy();
        q.marks().add(new Piece.MarkAt(q.dims().size(), m.mark()));
        next.add(q);
      }
      walk(m.child(), next, w);
    } else if (node instanceof ScheduleNode.Guard g) {
      w.params.addAll(g.guard().space().params());
      List<Path> next = new ArrayList<>();
      for (Path p : active) {
        Path q = p.copy();
        q.guards().add(new Guard(g.guard()));
        next.add(q);
      }
      walk(g.child(), next, w);
    } else if (node instanceof ScheduleNode.Expansion x) {
      walk(x.child(), expanded(x, active, w), w);
    } else if (node instanceof ScheduleNode.Extension e) {
      walk(e.child(), extended(e, active, w), w);
    } else {
      throw new UnsupportedNodeException(node, "code generation for schedule trees with "
          + node.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + " nodes: not supported yet");
    }
  }

  /**
   * The paths below an expansion node (isl's manual, "Schedule Trees"): each group instance that
   * reaches the node stands for the statement instances its {@code expansion} maps it to; below
   * the node the tree schedules those instances. The schedule dimensions above the node apply to
   * an instance through its group, given by the {@code contraction} (a function, the inverse of
   * the expansion), so every instance of a group shares the group's outer schedule.
   */
  private static List<Path> expanded(ScheduleNode.Expansion x, List<Path> active, Walk w) {
    List<Path> next = new ArrayList<>();
    for (Path p : active) {
      Tuple group = p.filter().space().tuple();
      for (Relation e : x.expansion().relations()) {
        if (!e.space().isMap() || !e.space().domainTuple().equals(group)) continue;
        Tuple target = e.space().rangeTuple();
        Relation c = contractionFor(x.contraction(), target, group);
        List<String> ps = Space.mergeParams(Space.mergeParams(p.filter().space().params(), e.space().params()),
            c.space().params());
        w.params.addAll(ps);
        Relation groups = p.filter().alignParams(ps);
        Relation instances = groups.apply(e.alignParams(ps)).removeEmpty();
        if (instances.isEmpty()) continue;
        Relation toGroup = c.alignParams(ps).intersectDomain(instances).intersectRange(groups);
        List<Relation> dims = new ArrayList<>();
        for (Relation d : p.dims()) {
          if (d == null) {
            dims.add(null);
            continue;
          }
          List<String> qs = Space.mergeParams(ps, d.space().params());
          dims.add(toGroup.alignParams(qs).apply(d.alignParams(qs)));
        }
        Relation joint = null;
        if (p.joint() != null) {
          List<String> qs = Space.mergeParams(ps, p.joint().space().params());
          joint = toGroup.alignParams(qs).apply(p.joint().alignParams(qs));
        }
        int s = w.statement(target);
        next.add(new Path(s, instances, dims, new ArrayList<>(p.bandDims()), new TreeSet<>(p.coincident()),
            new HashMap<>(p.kinds()), new ArrayList<>(p.marks()), new ArrayList<>(p.guards()),
            new ArrayList<>(p.isolates()), joint));
      }
    }
    return next;
  }

  /**
   * The paths below an extension node (isl's manual, "Schedule Trees"): the node's
   * {@code extension} maps values of the outer band members (their flat product, sequence
   * positions left out) to extra domain elements, which the subtree schedules together with the
   * instances that reach the node. An extra element runs, with the sequence positions of the node,
   * at each outer band value the extension maps to it that the loops around the node scan: the
   * values of the instances that reach the innermost band above the node (as isl's code
   * generator intersects the extension with the domain of the enclosing loops).
   */
  private static List<Path> extended(ScheduleNode.Extension x, List<Path> active, Walk w) {
    List<Path> next = new ArrayList<>(active);
    if (active.isEmpty()) return next;
    Path template = active.get(0);
    int nOuter = template.dims().size();
    List<Integer> band = template.bandDims();
    w.params.addAll(x.extension().paramNames());
    List<String> ps = List.copyOf(w.params);
    int np = ps.size();
    Space outer = Space.set(ps, nOuter);
    // the outer values scanned around the node: those of the instances reaching the innermost band
    // above it, then the sequence positions below that band
    List<Path> scanned = w.bands.isEmpty() ? List.of() : w.bands.get(w.bands.size() - 1);
    int k0 = scanned.isEmpty() ? 0 : scanned.get(0).dims().size();
    Relation loops = null;
    for (Path p : scanned) {
      Relation r = prefixMap(p, ps).range();
      int[] map = new int[np + k0];
      for (int i = 0; i < np + k0; i++) map[i] = i;
      List<BasicRelation> moved = new ArrayList<>();
      for (BasicRelation b : r.basics()) moved.add(b.mapVariables(outer, map));
      Relation lifted = Relation.ofBasics(outer, moved);
      loops = loops == null ? lifted : loops.union(lifted);
    }
    BasicRelation.Builder positions = BasicRelation.builder(outer);
    for (int k = k0; k < nOuter; k++) {
      Long pos = w.treeDims.get(k);
      checkArgument(pos != null, "band member %s below the innermost band", k);
      long[] row = new long[1 + np + nOuter];
      row[0] = pos;
      row[1 + np + k] = -1;
      positions.addEq(row);
    }
    Relation reached = Relation.of(positions.build());
    if (loops != null) reached = reached.intersect(loops);
    for (Relation e : x.extension().relations()) {
      if (!e.space().isMap() || e.space().domainTuple().arity() != band.size()) {
        throw new UnsupportedNodeException(x, "extension " + e.space() + ": its domain must be the " + band.size()
            + " outer band member(s) of the node");
      }
      Tuple target = e.space().rangeTuple();
      Relation ext = e.alignParams(ps);
      // the extension over all outer dimensions: band member i is dimension band.get(i)
      Space lifted = Space.map(ps, Tuple.anonymous(null, nOuter), target);
      int[] map = new int[np + band.size() + target.arity()];
      for (int i = 0; i < np; i++) map[i] = i;
      for (int i = 0; i < band.size(); i++) map[np + i] = np + band.get(i);
      for (int i = 0; i < target.arity(); i++) map[np + band.size() + i] = np + nOuter + i;
      List<BasicRelation> moved = new ArrayList<>();
      for (BasicRelation b : ext.basics()) moved.add(b.mapVariables(lifted, map));
      Relation joint = Relation.ofBasics(lifted, moved).intersectDomain(reached).reverse().removeEmpty();
      if (joint.isEmpty()) continue;
      int s = w.statement(target);
      List<Relation> dims = new ArrayList<>();
      for (int k = 0; k < nOuter; k++) dims.add(null);
      next.add(new Path(s, joint.domain(), dims, new ArrayList<>(band), new TreeSet<>(template.coincident()),
          new HashMap<>(template.kinds()), new ArrayList<>(template.marks()), new ArrayList<>(template.guards()),
          new ArrayList<>(template.isolates()), joint));
    }
    return next;
  }

  /** The outer schedule of a path's instances: statement -> [t0, ..., tk-1], over its filter. */
  private static Relation prefixMap(Path p, List<String> params) {
    Tuple stmt = p.filter().space().tuple();
    int k = p.dims().size();
    int m = stmt.arity();
    int np = params.size();
    Space space = Space.map(params, stmt, Tuple.anonymous(null, k));
    List<BasicRelation> acc = List.of(BasicRelation.universe(space));
    int[] setMap = new int[np + m];
    for (int i = 0; i < np + m; i++) setMap[i] = i;
    acc = product(acc, p.filter().alignParams(params), space, setMap);
    if (p.joint() != null) {
      int j = p.joint().space().nOut();
      int[] map = new int[np + m + j];
      for (int i = 0; i < np + m + j; i++) map[i] = i;
      acc = product(acc, p.joint().alignParams(params), space, map);
    }
    for (int d = 0; d < k; d++) {
      if (p.dims().get(d) == null) continue;
      int[] map = new int[np + m + 1];
      for (int i = 0; i < np + m; i++) map[i] = i;
      map[np + m] = np + m + d;
      acc = product(acc, p.dims().get(d).alignParams(params), space, map);
    }
    return Relation.ofBasics(space, acc);
  }

  private static Relation contractionFor(UnionRelation contraction, Tuple instance, Tuple group) {
    for (Relation r : contraction.relations()) {
      if (r.space().isMap() && r.space().domainTuple().equals(instance) && r.space().rangeTuple().equals(group)) {
        return r;
      }
    }
    throw new IllegalArgumentException("the contraction does not map " + instance + " to " + group);
  }

  private static Relation filtered(Relation set, UnionRelation filter, Walk w) {
    for (Relation f : filter.relations()) {
      if (f.isSet() && f.space().tuple().equals(set.space().tuple())) {
        w.params.addAll(f.space().params());
        List<String> ps = Space.mergeParams(set.space().params(), f.space().params());
        Relation r = set.alignParams(ps).intersect(f.alignParams(ps)).removeEmpty();
        return r.isEmpty() ? null : r;
      }
    }
    return null;
  }

  private static Relation memberFor(UnionRelation m, Tuple stmt) {
    for (Relation r : m.relations()) {
      if (r.space().isMap() && r.space().domainTuple().equals(stmt)) return r;
    }
    throw new IllegalArgumentException("band member does not cover statement " + stmt);
  }

  private static Relation constant(Space set, long value) {
    Space space = Space.map(set.params(), set.tuple(), Tuple.anonymous(null, 1));
    long[] row = new long[1 + space.nVar()];
    row[0] = value;
    row[space.nVar()] = -1;
    return Relation.of(BasicRelation.builder(space).addEq(row).build());
  }

  /** The members of a band's AST build options (isl notation), or none. */
  private static List<Relation> bandOptions(String text, Walk w) {
    if (text == null || text.isBlank()) return List.of();
    UnionRelation u;
    try {
      u = UnionRelation.parse(text);
    } catch (IllegalArgumentException e) {
      // options with a parameter prefix may arrive wrapped in one more pair of braces
      String t = text.strip();
      if (!t.startsWith("{") || !t.endsWith("}")) throw e;
      u = UnionRelation.parse(t.substring(1, t.length() - 1).strip());
    }
    w.params.addAll(u.paramNames());
    return u.relations();
  }

  /**
   * The band's {@code isolate[[outer] -> [band]]} set, over the time dimensions of the path, with
   * the loop types of {@code [isolate[] -> kind[x]]} options.
   */
  private static void addIsolates(Path q, List<Relation> options, int k0, int nMember, List<Integer> outerBandDims) {
    for (Relation r : options) {
      if (!r.isSet()) continue;
      Tuple t = r.space().tuple();
      if (!"isolate".equals(t.name()) || !t.isWrapping()) continue;
      int nOuter = t.nestedDomain().arity();
      checkArgument(t.nestedRange().arity() == nMember, "isolate option over %s band members, band has %s",
          t.nestedRange().arity(), nMember);
      int[] positions = new int[nOuter + nMember];
      if (nOuter == k0) {
        for (int i = 0; i < nOuter; i++) positions[i] = i;
      } else {
        checkArgument(nOuter == outerBandDims.size(), "isolate option with %s outer dimensions at depth %s", nOuter,
            k0);
        for (int i = 0; i < nOuter; i++) positions[i] = outerBandDims.get(i);
      }
      for (int j = 0; j < nMember; j++) positions[nOuter + j] = k0 + j;
      Map<Integer, LoopKind> kinds = new HashMap<>();
      for (Relation o : options) {
        if (!o.isSet() || !o.space().tuple().isWrapping()) continue;
        Tuple ot = o.space().tuple();
        if (!"isolate".equals(ot.nestedDomain().name())) continue;
        String kindName = ot.nestedRange().name();
        if (kindName == null || ot.nestedRange().arity() != 1) continue;
        LoopKind kind = switch (kindName) {
          case "separate" -> LoopKind.SEPARATE;
          case "atomic" -> LoopKind.ATOMIC;
          case "unroll" -> LoopKind.UNROLL;
          default -> null;
        };
        if (kind == null) continue;
        for (int x = 0; x < nMember; x++) if (containsValue(o, x)) kinds.put(k0 + x, kind);
      }
      q.isolates().add(new Isolate(placed(r, positions), k0, kinds));
    }
  }

  /** True when the one-dimensional set (possibly wrapped with a zero-dimensional domain) contains x. */
  private static boolean containsValue(Relation o, long x) {
    Space s = o.space();
    long[] point = new long[s.nVar()];
    if (s.nParam() > 0) return !o.isEmpty(); // parametric options: apply them
    point[s.nVar() - 1] = x;
    return o.contains(point);
  }

  /** A set over some dimensions, as a set over "time" dimensions at the given positions (max position + 1 dims). */
  private static Relation placed(Relation set, int[] positions) {
    int n = 0;
    for (int p : positions) n = Math.max(n, p + 1);
    Space target = Space.set(set.space().params(), n);
    int np = set.space().nParam();
    int[] map = new int[set.space().nVar()];
    for (int i = 0; i < np; i++) map[i] = i;
    for (int i = 0; i < positions.length; i++) map[np + i] = np + positions[i];
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : set.basics()) out.add(b.mapVariables(target, map));
    return Relation.ofBasics(target, out);
  }

  // ---------------------------------------------------------------------------------------------
  // Embedding the paths into the scan space

  private static ScanProblem embed(Walk w) {
    List<String> params = List.copyOf(w.params);
    int nSchedule = 0;
    int maxArity = 0;
    for (Path p : w.leaves) nSchedule = Math.max(nSchedule, p.dims().size());
    for (int a : w.arities) maxArity = Math.max(maxArity, a);
    Space space = Space.set(params, Tuple.anonymous(null, nSchedule + maxArity));
    Relation context = null;
    for (Relation c : w.contexts) {
      Relation a = c.alignParams(Space.mergeParams(params, c.space().params()));
      context = context == null ? a : context.intersect(a);
    }
    List<BasicRelation> ctx = ScanProblem.liftContext(context, space);
    List<Piece> pieces = new ArrayList<>();
    int nParam = params.size();
    for (Path p : w.leaves) {
      int m = w.arities.get(p.statement());
      BasicRelation.Builder pad = BasicRelation.builder(space);
      int width = 1 + space.nVar();
      for (int k = p.dims().size(); k < nSchedule; k++) pad.addEq(unit(width, 1 + nParam + k));
      for (int k = nSchedule + m; k < space.nOut(); k++) pad.addEq(unit(width, 1 + nParam + k));
      List<BasicRelation> acc = List.of(pad.build());
      acc = product(acc, p.filter().alignParams(params), space, xMap(nParam, nSchedule, m, -1));
      if (p.joint() != null) {
        int j = p.joint().space().nOut();
        int[] map = new int[nParam + m + j];
        System.arraycopy(xMap(nParam, nSchedule, m, -1), 0, map, 0, nParam + m);
        for (int k = 0; k < j; k++) map[nParam + m + k] = nParam + k;
        acc = product(acc, p.joint().alignParams(params), space, map);
      }
      for (int k = 0; k < p.dims().size(); k++) {
        if (p.dims().get(k) == null) continue;
        acc = product(acc, p.dims().get(k).alignParams(params), space, xMap(nParam, nSchedule, m, k));
      }
      for (Guard g : p.guards()) acc = product(acc, timeSet(g.set(), params), space, timeMap(nParam, g.set()));
      Relation placed = Relation.ofBasics(space, new ArrayList<>(new LinkedHashSet<>(acc)));
      List<Relation> parts = new ArrayList<>();
      List<Map<Integer, LoopKind>> kinds = new ArrayList<>();
      parts.add(placed);
      kinds.add(p.kinds());
      for (Isolate iso : p.isolates()) {
        // the isolated instances, the others within the isolated range of the band's outer
        // member, and the others before or after it: three groups of loops, as isl does
        Relation isoSet = liftTime(iso.set(), space, nSchedule);
        int n = iso.set().space().nOut();
        Relation outer = iso.set();
        if (n > iso.k0() + 1) outer = outer.projectOut(DimKind.OUT, iso.k0() + 1, n - iso.k0() - 1);
        Relation range = liftTime(outer, space, nSchedule);
        List<Relation> nextParts = new ArrayList<>();
        List<Map<Integer, LoopKind>> nextKinds = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
          Map<Integer, LoopKind> isolated = new HashMap<>(kinds.get(i));
          isolated.putAll(iso.kinds());
          nextParts.add(parts.get(i).intersect(isoSet));
          nextKinds.add(isolated);
          Relation rest = parts.get(i).subtract(isoSet);
          nextParts.add(rest.intersect(range));
          nextKinds.add(kinds.get(i));
          nextParts.add(rest.subtract(range));
          nextKinds.add(kinds.get(i));
        }
        parts = nextParts;
        kinds = nextKinds;
      }
      for (int i = 0; i < parts.size(); i++) {
        Relation part = p.isolates().isEmpty() ? parts.get(i) : parts.get(i).coalesce();
        for (BasicRelation b : part.basics()) {
          for (BasicRelation c : ctx) {
            BasicRelation x = b.intersect(c);
            if (x.isEmpty()) continue;
            for (BasicRelation y : x.computeDivs().basics()) {
              if (!y.isEmpty()) pieces.add(new Piece(p.statement(), y, p.coincident(), p.marks(), kinds.get(i)));
            }
          }
        }
      }
    }
    int[] arities = new int[w.arities.size()];
    for (int i = 0; i < arities.length; i++) arities[i] = w.arities.get(i);
    return new ScanProblem(space, nSchedule, w.names, arities, pieces, ctx);
  }

  /** Variable map of a statement set (k = -1) or of a one-dimensional member (output to time dim k). */
  private static int[] xMap(int nParam, int nSchedule, int m, int k) {
    int[] map = new int[nParam + m + (k >= 0 ? 1 : 0)];
    for (int i = 0; i < nParam; i++) map[i] = i;
    for (int i = 0; i < m; i++) map[nParam + i] = nParam + nSchedule + i;
    if (k >= 0) map[nParam + m] = nParam + k;
    return map;
  }

  /** A guard set: over parameters only, or over the first time dimensions. */
  private static Relation timeSet(Relation set, List<String> params) {
    return set.alignParams(params);
  }

  private static int[] timeMap(int nParam, Relation set) {
    int n = set.space().nDim();
    int[] map = new int[nParam + n];
    for (int i = 0; i < nParam + n; i++) map[i] = i;
    return map;
  }

  private static Relation liftTime(Relation set, Space space, int nSchedule) {
    return Separation.lift(set, space, nSchedule);
  }

  private static List<BasicRelation> product(List<BasicRelation> acc, Relation r, Space target, int[] map) {
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : r.basics()) {
      BasicRelation moved = b.mapVariables(target, map);
      for (BasicRelation a : acc) {
        BasicRelation c = a.intersect(moved);
        if (!c.isMarkedEmpty()) out.add(c);
      }
    }
    return out;
  }

  private static long[] unit(int width, int col) {
    long[] r = new long[width];
    r[col] = 1;
    return r;
  }

  /** A node type code generation does not handle; the reader of the tree knows where it is. */
  public static final class UnsupportedNodeException extends UnsupportedOperationException {
    private static final long serialVersionUID = 1L;
    private final transient ScheduleNode node;

    UnsupportedNodeException(ScheduleNode node, String message) {
      super(message);
      this.node = node;
    }

    public ScheduleNode node() {
      return node;
    }
  }
}

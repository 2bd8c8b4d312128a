package dev.polyj.polyhedral.storage;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.flow.AccessInfo;
import dev.polyj.polyhedral.flow.Dataflow;
import dev.polyj.polyhedral.flow.FlowResult;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.storage.delicm.ScopEdit;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.SourcePos;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Scalar renaming and expansion (privatization) of a SCoP before scheduling, from the exact
 * dataflow: the array expansion of Feautrier ("Array expansion", ICS 1988) restricted to
 * scalars, whose storage otherwise orders every pair of iterations by anti and output dependences
 * (the false dependences that the DeLICM paper removes from the other side, by mapping scalars
 * into array elements that are dead at the time).
 *
 * <p>For every scalar written in the region whose reads all have a source in the region (no value
 * flows in from before it; {@link Dataflow} gives the last writer of every read):
 * <ul>
 *   <li>the statements accessing it are split into webs, the classes of the flow dependences (a
 *       read and its sources are in one web), and every web gets its own variable;
 *   <li>a web's variable gets one dimension per loop surrounding all of the web's statements
 *       (a band member that is one iterator of each statement, in the original schedule tree)
 *       along which no flow dependence of the web is carried: each read's source then has the
 *       same iterator value there, so it wrote the element the read now reads, and no other write
 *       of the scalar falls between them. Only loops whose iterator is the last subscript of some
 *       array access of the web are used: moving such a loop inward, as the expansion allows,
 *       gives stride-one accesses, while moving the others inward walks arrays across rows (the
 *       scheduler did that with deriche's row passes). The subscripts are the loop iterators, the
 *       extents come from the domains (an index is never negative, its bound an affine function
 *       of the parameters);
 *   <li>the value the scalar holds after the region is kept whether or not code after the region
 *       reads it: copy statements {@code s = s_x[...]} (a SCoP of their own, {@link
 *       Result#after}) run after the region at the last write instance in the original order (the
 *       lexicographic maximum of the writes in time, computed exactly as the writes no write
 *       follows, one piece per writing statement), so code after the region reads what it read
 *       before. A variable declared inside the region (block scope) is dead after it and gets no
 *       copy; whether a variable declared outside is read later is not known, so it always does.
 * </ul>
 * A scalar with a single web and no dimension is left alone. The expanded arrays are declared by
 * the code generator after {@link StorageContraction} has dropped the dimensions the final
 * schedule does not need.
 */
public final class ScalarExpansion {
  private ScalarExpansion() {}

  /**
   * The SCoP with its scalars expanded, the arrays that replace them, and the copies of the
   * scalars' last values that must run after the region ({@code after}: a SCoP of the copy
   * statements and their order, null when there are none).
   */
  public record Result(Scop scop, ImmutableList<ExpandedArray> arrays, Scop after) {
    public boolean changed() {
      return !arrays.isEmpty();
    }
  }

  /** A loop around all statements of a web: its band member and each statement's iterator position. */
  private record Loop(UnionRelation member, Map<String, Integer> positions) {}

  /** The expansion of every scalar of {@code scop} that can be expanded or renamed. */
  public static Result expand(Scop scop) {
    if (!(scop.schedule() instanceof ScheduleNode.Domain root)) return new Result(scop, ImmutableList.of(), null);
    Set<String> taken = names(scop);
    Map<String, Statement> statements = new LinkedHashMap<>();
    for (Statement st : scop.statements()) statements.put(st.name(), st);
    List<ArrayInfo> arrays = new ArrayList<>(scop.arrays());
    List<ExpandedArray> expanded = new ArrayList<>();
    List<Statement> copies = new ArrayList<>();
    Set<String> removed = new HashSet<>();
    for (ArrayInfo a : scop.arrays()) {
      if (!a.isScalar()) continue;
      Map<String, Statement> before = new LinkedHashMap<>(statements);
      int nArrays = arrays.size();
      int nExpanded = expanded.size();
      int nCopies = copies.size();
      Set<String> removedBefore = new HashSet<>(removed);
      try {
        expandScalar(scop, root, a, statements, arrays, expanded, copies, taken, removed);
      } catch (RuntimeException e) {
        // a scalar the analysis cannot handle keeps its storage
        statements.clear();
        statements.putAll(before);
        arrays.subList(nArrays, arrays.size()).clear();
        expanded.subList(nExpanded, expanded.size()).clear();
        copies.subList(nCopies, copies.size()).clear();
        removed.retainAll(removedBefore);
      }
    }
    boolean rewritten = !removed.isEmpty() || !statements.values().stream().allMatch(st -> scop.statements().contains(st));
    if (expanded.isEmpty() && !rewritten) return new Result(scop, ImmutableList.of(), null);
    ScheduleNode tree = scop.schedule();
    UnionRelation map = scop.scheduleMap();
    if (!removed.isEmpty()) {
      tree = ScopEdit.without(tree, removed, scop.params());
      List<Relation> kept = new ArrayList<>();
      for (Relation r : map.relations()) if (!removed.contains(r.space().domainTuple().name())) kept.add(r);
      map = UnionRelation.of(kept);
    }
    Scop out = new Scop(scop.functionName(), scop.pos(), scop.params(), scop.context(), arrays,
        new ArrayList<>(statements.values()), tree, map);
    Scop after = null;
    if (!copies.isEmpty()) {
      ScheduleNode copyTree = copyTree(copies, scop.params());
      after = new Scop(scop.functionName(), scop.pos(), scop.params(), scop.context(), arrays, copies, copyTree,
          ScheduleMaps.toFlatMap(copyTree));
    }
    return new Result(out, ImmutableList.copyOf(expanded), after);
  }

  /**
   * A SCoP and a tree over its instances, followed by the copies after the region ({@code after},
   * null for none): what the region's code runs, the copies included.
   */
  public static Scop followedBy(Scop scop, ScheduleNode tree, Scop after) {
    if (after == null) return scop.schedule() == tree ? scop : new Scop(scop.functionName(), scop.pos(), scop.params(),
        scop.context(), scop.arrays(), scop.statements(), tree, scop.scheduleMap());
    if (!(tree instanceof ScheduleNode.Domain root) || !(after.schedule() instanceof ScheduleNode.Domain copies)) {
      throw new IllegalArgumentException("schedule trees must have domain roots");
    }
    List<ScheduleNode.Filter> children = new ArrayList<>();
    children.add(new ScheduleNode.Filter(root.domain(), root.child()));
    children.add(new ScheduleNode.Filter(copies.domain(), copies.child()));
    ScheduleNode both = new ScheduleNode.Domain(root.domain().union(copies.domain()),
        new ScheduleNode.Sequence(ImmutableList.copyOf(children)));
    List<Statement> all = new ArrayList<>(scop.statements());
    all.addAll(after.statements());
    return new Scop(scop.functionName(), scop.pos(), scop.params(), scop.context(), scop.arrays(), all, both,
        scop.scheduleMap().union(after.scheduleMap()));
  }

  private static void expandScalar(Scop scop, ScheduleNode.Domain root, ArrayInfo a, Map<String, Statement> statements,
      List<ArrayInfo> arrays, List<ExpandedArray> expanded, List<Statement> copies, Set<String> taken,
      Set<String> removed) {
    String s = a.name();
    List<Statement> users = new ArrayList<>();
    UnionRelation reads = UnionRelation.empty(scop.params());
    UnionRelation writes = UnionRelation.empty(scop.params());
    for (Statement st : statements.values()) {
      boolean accesses = false;
      for (Access acc : st.accesses()) {
        if (!acc.array().equals(s)) continue;
        accesses = true;
        if (acc.isWrite() && (acc.may() || st.filter() != null)) return; // a write that may not run
        if (!(acc.expr() instanceof Expr.Ident)) return;
        if (acc.isRead()) reads = reads.union(UnionRelation.of(acc.relation()));
        else writes = writes.union(UnionRelation.of(acc.relation()));
      }
      if (accesses != mentions(st.body(), s)) return;
      if (accesses) users.add(st);
    }
    if (writes.isEmpty()) return;
    FlowResult flow = Dataflow.compute(new AccessInfo(reads, writes, null, null, scop.scheduleMap()));
    if (!flow.mayNoSource().isEmpty()) return;
    // webs: classes of statements linked by flow dependences
    Map<String, String> parent = new HashMap<>();
    for (Statement st : users) parent.put(st.name(), st.name());
    List<Relation> deps = new ArrayList<>();
    for (Relation d : flow.mayDependence().relations()) {
      if (d.isEmpty()) continue;
      deps.add(d);
      union(parent, d.space().domainTuple().name(), d.space().rangeTuple().name());
    }
    Map<String, List<Statement>> webs = new LinkedHashMap<>();
    for (Statement st : users) webs.computeIfAbsent(find(parent, st.name()), k -> new ArrayList<>()).add(st);
    List<List<Loop>> dims = new ArrayList<>();
    boolean any = webs.size() > 1;
    for (List<Statement> web : webs.values()) {
      Set<String> names = new HashSet<>();
      for (Statement st : web) names.add(st.name());
      List<Relation> webDeps = new ArrayList<>();
      for (Relation d : deps) if (names.contains(d.space().domainTuple().name())) webDeps.add(d);
      UnionRelation dep = webDeps.isEmpty() ? UnionRelation.empty(scop.params()) : UnionRelation.of(webDeps);
      List<Loop> loops = new ArrayList<>();
      List<Loop> common = commonLoops(root, names, statements, scop.params());
      Set<String> copied = elementCopyIterators(s, web, common, scop);
      for (Loop l : common) {
        if (!TreeDependences.carried(dep, l.member()).isEmpty()) continue;
        if (!TreeDependences.reversed(dep, l.member()).isEmpty()) continue;
        if (!strideOne(l, web) && !copied.contains(iterator(l, web.get(0)))) continue;
        if (extent(l, web, scop) == null) continue;
        loops.add(l);
      }
      dims.add(loops);
      any |= !loops.isEmpty();
    }
    if (!any) return;
    // last write instances in the original order: the writes that no write follows
    UnionRelation writeInstances = writes.domain();
    UnionRelation timed = scop.scheduleMap().intersectDomain(writeInstances);
    Space time = timed.relations().get(0).space().range();
    UnionRelation later = timed.apply(UnionRelation.of(Relation.lexLt(time, time))).apply(timed.reverse());
    UnionRelation last = writeInstances.subtract(later.domain());
    int k = 0;
    for (List<Statement> web : webs.values()) {
      List<Loop> loops = dims.get(k);
      ElementCopy inPlace = a.isRegionLocal() || !holdsLast(web, last) ? inPlace(s, a, web, loops, scop, statements) : null;
      if (inPlace != null) {
        for (Statement st : web) {
          if (st == inPlace.load() || st == inPlace.store() && st.body() instanceof Expr.Assign sa
              && sa.value() instanceof Expr.Ident id && id.name().equals(s)) {
            // s = E and E = s are no-ops once s is E
            statements.remove(st.name());
            removed.add(st.name());
          } else {
            statements.put(st.name(), rewrite(st, s, inPlace.array(), inPlace.positions().get(st.name())));
          }
        }
        k++;
        continue;
      }
      String name = fresh(s + (webs.size() > 1 ? "_x" + k : "_x"), taken);
      List<String> extents = new ArrayList<>();
      for (Loop l : loops) extents.add(extent(l, web, scop));
      Map<String, List<String>> subscripts = new LinkedHashMap<>();
      for (Statement st : web) {
        int[] positions = positions(loops, st);
        List<String> its = new ArrayList<>();
        for (int p : positions) its.add(st.iterators().get(p));
        subscripts.put(st.name(), its);
        statements.put(st.name(), rewrite(st, s, name, positions));
        // a variable declared inside the region is dead after it: no copy
        for (Relation lw : a.isRegionLocal() ? List.<Relation>of() : last.relations()) {
          if (!st.name().equals(lw.space().tuple().name()) || lw.isEmpty()) continue;
          if (!st.writes().stream().anyMatch(w -> w.array().equals(s))) continue;
          String copyName = fresh("S", taken);
          copies.add(copy(st, lw, copyName, s, name, positions, scop.params()));
          subscripts.put(copyName, its);
        }
      }
      List<Expr> sizes = new ArrayList<>();
      for (String e : extents) sizes.add(new Expr.Ident(e, SourcePos.UNKNOWN));
      arrays.add(new ArrayInfo(name, a.elementType(), sizes));
      expanded.add(new ExpandedArray(name, s, a.elementType(), extents, subscripts));
      k++;
    }
  }

  /**
   * Whether a statement of {@code web} reads or writes an array with the iterator of loop {@code l}
   * in its last subscript: only then can a schedule that moves the loop inward, as the expansion
   * allows, walk memory with stride one (symm's {@code j}, the columns of deriche); moved inward,
   * the other loops walk arrays across rows (deriche's row passes).
   */
  private static boolean strideOne(Loop l, List<Statement> web) {
    for (Statement st : web) {
      String it = st.iterators().get(l.positions().get(st.name()));
      for (Access acc : st.accesses()) {
        if (acc.expr() instanceof Expr.Index ix && mentions(ix.index(), it)) return true;
      }
    }
    return false;
  }

  /**
   * A web mapped onto the array element it holds: the load {@code s = E} goes (and so does the
   * store when it is {@code E = s}), every other access
   * of the scalar becomes one of {@code array} at the subscripts {@code positions} (per statement,
   * the positions of its iterators in {@code E}'s subscripts).
   */
  private record ElementCopy(Statement load, Statement store, String array, Map<String, int[]> positions) {}

  /** Whether a statement of {@code web} holds an instance of {@code last} (the scalar's value after the region). */
  private static boolean holdsLast(List<Statement> web, UnionRelation last) {
    for (Relation r : last.relations()) {
      if (r.isEmpty()) continue;
      for (Statement st : web) if (st.name().equals(r.space().tuple().name())) return true;
    }
    return false;
  }

  /**
   * The mapping of {@code web} onto the element {@code E} it holds, or null: register promotion
   * undone (the array form of the program, PolyBench's lu for ludcmp's {@code w}), which needs no
   * new storage and gives the scheduler the in-place update it can reorder. Required: a statement
   * {@code s = E} (the load) whose subscripts are its iterators, each the iterator of a loop along
   * which the web may be expanded ({@code loops}); a statement of the web storing {@code E = f(s)}
   * at the same iterators (the store); the same element type; and, decided exactly on the original
   * order, that in every iteration {@code v} of those loops every other instance of the web runs
   * strictly between the load and the store, and no access of {@code E}'s array other than theirs
   * touches {@code E(v)} from the load to the store (the store's other operands included), so that
   * {@code E} holds the scalar's values while the scalar lives and its old value is never read.
   */
  private static ElementCopy inPlace(String s, ArrayInfo scalar, List<Statement> web, List<Loop> loops, Scop scop,
      Map<String, Statement> statements) {
    for (Statement load : web) {
      if (!(load.body() instanceof Expr.Assign as) || !as.op().equals("=")) continue;
      if (!(as.target() instanceof Expr.Ident t) || !t.name().equals(s)) continue;
      if (load.accesses().size() != 2) continue;
      Access element = null;
      for (Access acc : load.accesses()) if (acc.isRead() && !acc.array().equals(s)) element = acc;
      if (element == null || element.expr() != as.value() && !ExprPrinter.print(element.expr()).equals(
          ExprPrinter.print(as.value()))) continue;
      List<String> subscripts = plainSubscripts(element.expr(), load);
      if (subscripts == null || subscripts.size() != load.depth()) continue;
      ArrayInfo target = null;
      for (ArrayInfo x : scop.arrays()) if (x.name().equals(element.array())) target = x;
      if (target == null || target.isScalar() || !target.elementType().equals(scalar.elementType())) continue;
      String printed = ExprPrinter.print(element.expr());
      for (Statement store : web) {
        if (store == load || store.depth() != load.depth()) continue;
        if (!(store.body() instanceof Expr.Assign sa) || !sa.op().equals("=")) continue;
        if (!printed.equals(ExprPrinter.print(sa.target()))) continue;
        Access stored = null;
        for (Access acc : store.accesses()) if (acc.isWrite() && acc.array().equals(element.array())) stored = acc;
        if (stored == null || store.writes().size() != 1) continue;
        List<Loop> along = new ArrayList<>();
        for (String it : subscripts) {
          for (Loop l : loops) if (iterator(l, load).equals(it) && iterator(l, store).equals(it)) along.add(l);
        }
        if (along.size() != subscripts.size()) continue;
        if (!unmolested(load, element, store, stored, along, web, scop, statements)) continue;
        Map<String, int[]> positions = new HashMap<>();
        for (Statement st : web) positions.put(st.name(), positions(along, st));
        return new ElementCopy(load, store, element.array(), positions);
      }
    }
    return null;
  }

  /** The iterators of {@code st} that are the subscripts of {@code e} in order, each once, or null. */
  private static List<String> plainSubscripts(Expr e, Statement st) {
    List<String> out = new ArrayList<>();
    while (e instanceof Expr.Index ix) {
      if (!(ix.index() instanceof Expr.Ident id) || !st.iterators().contains(id.name()) || out.contains(id.name())) {
        return null;
      }
      out.add(0, id.name());
      e = ix.base();
    }
    return e instanceof Expr.Ident ? out : null;
  }

  /** The exact conditions of {@link #inPlace} on the original order (see there). */
  private static boolean unmolested(Statement load, Access element, Statement store, Access stored, List<Loop> along,
      List<Statement> web, Scop scop, Map<String, Statement> statements) {
    UnionRelation time = scop.scheduleMap();
    UnionRelation timedLoad = timed(time, load);
    UnionRelation timedStore = timed(time, store);
    Space t = timedLoad.relations().get(0).space().range();
    UnionRelation lt = UnionRelation.of(Relation.lexLt(t, t));
    UnionRelation gt = UnionRelation.of(Relation.lexGt(t, t));
    UnionRelation le = UnionRelation.of(Relation.lexLe(t, t));
    UnionRelation loadToStore = UnionRelation.of(sameIteration(load, store, along, scop.params()));
    UnionRelation atLoad = UnionRelation.of(element.relation()).reverse(); // E -> load instance
    // every other instance of the web strictly between its iteration's load and store
    for (Statement st : web) {
      if (st == load || st == store) continue;
      UnionRelation timedSt = timed(time, st);
      UnionRelation after = timedSt.apply(gt).apply(timedLoad.reverse());
      UnionRelation before = timedSt.apply(lt).apply(timedStore.reverse()).apply(loadToStore.reverse());
      UnionRelation mine = UnionRelation.of(sameIteration(st, load, along, scop.params()));
      if (!mine.isSubset(after.intersect(before))) return false;
    }
    // no other access of E(v) from the load to the store
    for (Statement x : statements.values()) {
      UnionRelation timedX = timed(time, x);
      if (timedX.isEmpty()) return false;
      for (Access acc : x.accesses()) {
        if (!acc.array().equals(element.array())) continue;
        if (x.name().equals(load.name())) continue; // the load reads E and writes the scalar only
        if (x.name().equals(store.name()) && acc.isWrite()) continue;
        UnionRelation same = UnionRelation.of(acc.relation()).apply(atLoad); // x -> load, same element
        UnionRelation after = timedX.apply(gt).apply(timedLoad.reverse());
        UnionRelation until = timedX.apply(x.name().equals(store.name()) ? le : lt).apply(timedStore.reverse())
            .apply(loadToStore.reverse());
        if (!same.intersect(after).intersect(until).isEmpty()) return false;
      }
    }
    return true;
  }

  private static UnionRelation timed(UnionRelation time, Statement st) {
    return time.intersectDomain(UnionRelation.of(st.domain()));
  }

  /** {@code a[x] -> b[y]} with the iterators of the loops {@code along} equal, on the two domains. */
  private static Relation sameIteration(Statement a, Statement b, List<Loop> along, List<String> params) {
    Relation ad = a.domain().alignParams(params);
    Relation bd = b.domain().alignParams(params);
    Relation same = Relation.universe(Space.map(params, ad.space().tuple(), bd.space().tuple()));
    for (Loop l : along) same = same.equate(DimKind.IN, l.positions().get(a.name()), DimKind.OUT, l.positions().get(b.name()));
    return same.intersectDomain(ad).intersectRange(bd);
  }

  /**
   * The iterators (named as in the web's first statement) of the loops along which {@code web}
   * holds an array element in the scalar: a statement of the web loads an element {@code E} into
   * {@code s} ({@code s = E} or {@code s = f(E)}), and a later statement of the same iteration of
   * the loops around the web stores {@code s}'s value into the same element {@code E} (ludcmp's
   * {@code w = A[i][j]; ... w -= ...; A[i][j] = w / ...}). The scalar is then the register
   * promotion of {@code E}: expanded along the loops of {@code E}'s subscripts it has the
   * element's shape, the program written with the array (PolyBench's lu), whose accumulation the
   * scheduler can reorder; expanded along the last subscript only, the loop of the other
   * subscripts stays serialized by the scalar. Only loops around every statement of the web whose
   * iterators are the only iterators in {@code E}'s subscripts count, and the load must precede the
   * store in the original order for every iteration of those loops (a scan that stores first and
   * loads the stored element for the next iteration, deriche's {@code ym1 = y1[i][j]}, is not a
   * promotion).
   */
  private static Set<String> elementCopyIterators(String s, List<Statement> web, List<Loop> common, Scop scop) {
    Set<String> out = new HashSet<>();
    if (common.isEmpty()) return out;
    for (Statement load : web) {
      if (load.writes().stream().noneMatch(w -> w.array().equals(s))) continue;
      for (Access in : load.accesses()) {
        if (!in.isRead() || in.array().equals(s) || !(in.expr() instanceof Expr.Index)) continue;
        String element = ExprPrinter.print(in.expr());
        for (Statement store : web) {
          if (store.accesses().stream().noneMatch(r -> r.isRead() && r.array().equals(s))) continue;
          for (Access to : store.accesses()) {
            if (!to.isWrite() || !to.array().equals(in.array()) || !element.equals(ExprPrinter.print(to.expr()))) continue;
            Set<String> its = subscriptIterators(in.expr(), load);
            List<Loop> along = new ArrayList<>();
            boolean onlyCommon = true;
            for (String it : its) {
              Loop found = null;
              for (Loop l : common) {
                if (iterator(l, load).equals(it) && iterator(l, store).equals(it)) found = l;
              }
              if (found == null) onlyCommon = false;
              else along.add(found);
            }
            if (!onlyCommon || along.isEmpty() || !loadsFirst(load, store, along, scop)) continue;
            for (Loop l : along) out.add(iterator(l, web.get(0)));
          }
        }
      }
    }
    return out;
  }

  /** The iterators of {@code st} in the subscripts of {@code e}. */
  private static Set<String> subscriptIterators(Expr e, Statement st) {
    Set<String> ids = new TreeSet<>();
    identifiers(e, ids);
    ids.retainAll(st.iterators());
    return ids;
  }

  private static String iterator(Loop l, Statement st) {
    return st.iterators().get(l.positions().get(st.name()));
  }

  /**
   * Whether every instance of {@code load} runs before every instance of {@code store} with the
   * same iterators on the loops {@code along}, in the original order (exact).
   */
  private static boolean loadsFirst(Statement load, Statement store, List<Loop> along, Scop scop) {
    List<String> params = scop.params();
    Relation ld = load.domain().alignParams(params);
    Relation sd = store.domain().alignParams(params);
    Space space = Space.map(params, ld.space().tuple(), sd.space().tuple());
    Relation same = Relation.universe(space);
    for (Loop l : along) {
      same = same.equate(DimKind.IN, l.positions().get(load.name()), DimKind.OUT, l.positions().get(store.name()));
    }
    same = same.intersectDomain(ld).intersectRange(sd);
    if (same.isEmpty()) return false;
    UnionRelation timedLoad = scop.scheduleMap().intersectDomain(UnionRelation.of(ld));
    UnionRelation timedStore = scop.scheduleMap().intersectDomain(UnionRelation.of(sd));
    Space time = timedLoad.relations().get(0).space().range();
    UnionRelation before = timedLoad.apply(UnionRelation.of(Relation.lexLt(time, time))).apply(timedStore.reverse());
    return UnionRelation.of(same).isSubset(before);
  }

  private static int[] positions(List<Loop> loops, Statement st) {
    int[] positions = new int[loops.size()];
    for (int q = 0; q < loops.size(); q++) positions[q] = loops.get(q).positions().get(st.name());
    return positions;
  }

  /** The statement with every access of scalar {@code s} turned into one of {@code name} subscripted by its iterators. */
  private static Statement rewrite(Statement st, String s, String name, int[] positions) {
    List<String> its = new ArrayList<>();
    for (int p : positions) its.add(st.iterators().get(p));
    List<Access> accesses = new ArrayList<>();
    for (Access acc : st.accesses()) {
      if (!acc.array().equals(s)) {
        accesses.add(acc);
        continue;
      }
      Relation rel = accessRelation(st.domain(), acc.relation().space().domainTuple(), name, positions);
      accesses.add(new Access(acc.kind(), false, name, rel, replace(acc.expr(), s, name, its)));
    }
    return new Statement(st.name(), st.iterators(), st.domain(), accesses, replace(st.body(), s, name, its), st.pos());
  }

  /** The copy {@code s = name[...]} at the instances {@code last} of {@code writer}. */
  private static Statement copy(Statement writer, Relation last, String copyName, String s, String name,
      int[] positions, List<String> params) {
    Tuple tuple = Tuple.of(copyName, writer.iterators());
    Relation domain = last.alignParams(params).withSpace(Space.set(params, tuple));
    List<String> its = new ArrayList<>();
    for (int p : positions) its.add(writer.iterators().get(p));
    Expr source = subscripted(name, its, writer.pos());
    Expr target = new Expr.Ident(s, writer.pos());
    Relation read = accessRelation(domain, tuple, name, positions);
    Space ws = Space.map(params, tuple, Tuple.anonymous(s, 0));
    Relation write = Relation.universe(ws).intersectDomain(domain);
    List<Access> accesses = List.of(new Access(Access.Kind.READ, false, name, read, source),
        new Access(Access.Kind.WRITE, false, s, write, target));
    return new Statement(copyName, writer.iterators(), domain, accesses, new Expr.Assign("=", target, source,
        writer.pos()), writer.pos());
  }

  /** The schedule tree running the copy statements one after another. */
  private static ScheduleNode copyTree(List<Statement> copies, List<String> params) {
    List<ScheduleNode.Filter> children = new ArrayList<>();
    UnionRelation domain = UnionRelation.empty(params);
    for (Statement c : copies) {
      UnionRelation d = UnionRelation.of(c.domain());
      domain = domain.union(d);
      ScheduleNode body = ScheduleNode.LEAF;
      if (c.depth() > 0) {
        List<UnionRelation> members = new ArrayList<>();
        for (int p = 0; p < c.depth(); p++) {
          Space space = Space.map(params, c.domain().space().tuple(), Tuple.anonymous(null, 1));
          long[] row = new long[1 + space.nVar()];
          row[1 + params.size() + p] = 1;
          row[1 + params.size() + c.depth()] = -1;
          members.add(UnionRelation.of(Relation.of(BasicRelation.builder(space).addEq(row).build())));
        }
        body = ScheduleNode.Band.of(members, ScheduleNode.LEAF);
      }
      children.add(new ScheduleNode.Filter(d, body));
    }
    return new ScheduleNode.Domain(domain, new ScheduleNode.Sequence(ImmutableList.copyOf(children)));
  }

  /** {@code S[x] -> name[x_p0, x_p1, ...]} on {@code domain}. */
  static Relation accessRelation(Relation domain, Tuple tuple, String name, int[] positions) {
    Space ds = domain.space();
    Space space = Space.map(ds.params(), tuple, Tuple.anonymous(name, positions.length));
    int np = ds.nParam();
    int nIn = tuple.arity();
    BasicRelation.Builder b = BasicRelation.builder(space);
    for (int q = 0; q < positions.length; q++) {
      long[] row = new long[1 + space.nVar()];
      row[1 + np + positions[q]] = 1;
      row[1 + np + nIn + q] = -1;
      b.addEq(row);
    }
    return Relation.of(b.build()).intersectDomain(domain.withSpace(Space.set(ds.params(), tuple)));
  }

  static Expr subscripted(String name, List<String> its, SourcePos pos) {
    Expr e = new Expr.Ident(name, pos);
    for (String it : its) e = new Expr.Index(e, new Expr.Ident(it, pos), pos);
    return e;
  }

  private static Expr replace(Expr e, String s, String name, List<String> its) {
    return Expr.transform(e, x -> x instanceof Expr.Ident id && id.name().equals(s)
        ? subscripted(name, its, id.pos()) : x);
  }

  private static boolean mentions(Expr e, String s) {
    if (e instanceof Expr.Ident id && id.name().equals(s)) return true;
    for (Expr c : e.children()) if (mentions(c, s)) return true;
    return false;
  }

  /**
   * The loops around every statement of {@code names} in the original tree, outermost first: the
   * band members on the path shared by all of them whose value is one iterator of each.
   */
  private static List<Loop> commonLoops(ScheduleNode node, Set<String> names, Map<String, Statement> statements,
      List<String> params) {
    List<Loop> out = new ArrayList<>();
    while (true) {
      if (node instanceof ScheduleNode.Domain d) {
        node = d.child();
      } else if (node instanceof ScheduleNode.Band b) {
        for (UnionRelation m : b.members()) {
          Map<String, Integer> pos = new HashMap<>();
          for (String n : names) {
            int p = iteratorPosition(m, statements.get(n), params);
            if (p < 0) break;
            pos.put(n, p);
          }
          if (pos.size() == names.size()) out.add(new Loop(m, pos));
        }
        node = b.child();
      } else if (node instanceof ScheduleNode.Sequence || node instanceof ScheduleNode.Set) {
        ScheduleNode next = null;
        int holding = 0;
        for (ScheduleNode c : node.children()) {
          ScheduleNode.Filter f = (ScheduleNode.Filter) c;
          boolean holds = false;
          for (Relation r : f.filter().relations()) holds |= names.contains(r.space().tuple().name());
          if (holds) {
            holding++;
            next = f.child();
          }
        }
        if (holding != 1) return out;
        node = next;
      } else if (node instanceof ScheduleNode.Filter f) {
        node = f.child();
      } else if (node instanceof ScheduleNode.Mark m) {
        node = m.child();
      } else if (node instanceof ScheduleNode.Context c) {
        node = c.child();
      } else {
        return out;
      }
    }
  }

  /** The position of the iterator that {@code member} is on {@code st}'s domain, or -1. */
  private static int iteratorPosition(UnionRelation member, Statement st, List<String> params) {
    Relation r = null;
    for (Relation x : member.relations()) {
      if (x.space().isMap() && st.name().equals(x.space().domainTuple().name())) r = x;
    }
    if (r == null || r.space().nOut() != 1) return -1;
    Relation domain = st.domain().alignParams(params);
    Relation on = r.alignParams(params).intersectDomain(domain.withSpace(Space.set(params, r.space().domainTuple())));
    for (int p = 0; p < st.depth(); p++) {
      Space space = on.space();
      long[] row = new long[1 + space.nVar()];
      row[1 + params.size() + p] = 1;
      row[1 + params.size() + st.depth()] = -1;
      Relation candidate = Relation.of(BasicRelation.builder(space).addEq(row).build()).intersectDomain(
          domain.withSpace(Space.set(params, space.domainTuple())));
      if (candidate.isEqual(on)) return p;
    }
    return -1;
  }

  /**
   * The extent of loop {@code l} over the statements of {@code web} as C (one more than an upper
   * bound, affine in the parameters, valid on every domain), or null when some index may be
   * negative or no such bound is found among the domains' constraints.
   */
  private static String extent(Loop l, List<Statement> web, Scop scop) {
    List<String> params = scop.params();
    List<Relation> ranges = new ArrayList<>();
    for (Statement st : web) {
      int p = l.positions().get(st.name());
      Relation d = st.domain().alignParams(params).intersectParams(scop.context().alignParams(params));
      d = d.projectOut(DimKind.OUT, p + 1, st.depth() - p - 1).projectOut(DimKind.OUT, 0, p);
      Relation r = d.withSpace(Space.set(params, Tuple.anonymous(null, 1)));
      ranges.add(r);
    }
    int np = params.size();
    Space space = Space.set(params, Tuple.anonymous(null, 1));
    long[] negative = new long[2 + np];
    negative[0] = -1;
    negative[1 + np] = -1;
    Relation below = Relation.of(BasicRelation.builder(space).addIneq(negative).build());
    for (Relation r : ranges) if (!r.intersect(below).isEmpty()) return null;
    Set<List<Long>> candidates = new LinkedHashSet<>();
    for (Relation r : ranges) {
      for (BasicRelation b : r.basics()) {
        List<long[]> rows = new ArrayList<>(b.inequalities());
        for (long[] eq : b.equalities()) {
          rows.add(eq);
          long[] neg = new long[eq.length];
          for (int i = 0; i < eq.length; i++) neg[i] = -eq[i];
          rows.add(neg);
        }
        for (long[] row : rows) {
          if (row[1 + np] != -1) continue;
          boolean local = false;
          for (int i = 2 + np; i < row.length; i++) local |= row[i] != 0;
          if (local) continue;
          List<Long> u = new ArrayList<>();
          for (int i = 0; i < 1 + np; i++) u.add(row[i]);
          candidates.add(u);
        }
      }
    }
    for (List<Long> u : candidates) {
      // x >= u + 1 must be empty on every range
      long[] above = new long[2 + np];
      for (int i = 0; i < 1 + np; i++) above[i] = -u.get(i);
      above[0] -= 1;
      above[1 + np] = 1;
      Relation beyond = Relation.of(BasicRelation.builder(space).addIneq(above).build());
      boolean valid = true;
      for (Relation r : ranges) valid &= r.intersect(beyond).isEmpty();
      if (valid) return affineText(u, params, 1);
    }
    return null;
  }

  /** {@code u + plus} printed as C, {@code u} a row [constant, params...]. */
  static String affineText(List<Long> u, List<String> params, long plus) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < params.size(); i++) {
      long c = u.get(1 + i);
      if (c == 0) continue;
      if (sb.length() > 0) sb.append(c > 0 ? " + " : " - ");
      else if (c < 0) sb.append('-');
      if (Math.abs(c) != 1) sb.append(Math.abs(c)).append(" * ");
      sb.append(params.get(i));
    }
    long k = Math.addExact(u.get(0), plus);
    if (sb.length() == 0) return Long.toString(k);
    if (k != 0) sb.append(k > 0 ? " + " : " - ").append(Math.abs(k));
    return sb.toString();
  }

  private static String find(Map<String, String> parent, String x) {
    while (!parent.get(x).equals(x)) x = parent.get(x);
    return x;
  }

  private static void union(Map<String, String> parent, String a, String b) {
    if (!parent.containsKey(a) || !parent.containsKey(b)) return;
    String ra = find(parent, a);
    String rb = find(parent, b);
    if (!ra.equals(rb)) parent.put(rb, ra);
  }

  /** {@code base}, or {@code base} with a number appended, not yet taken (and now taken). */
  private static String fresh(String base, Set<String> taken) {
    String name = base;
    for (int k = 0; taken.contains(name) || (base.equals("S") && name.equals("S")); k++) name = base + k;
    taken.add(name);
    return name;
  }

  /** Every name the SCoP uses: parameters, arrays, statements, iterators and identifiers of the bodies. */
  private static Set<String> names(Scop scop) {
    Set<String> out = new TreeSet<>(scop.params());
    for (ArrayInfo a : scop.arrays()) out.add(a.name());
    for (Statement st : scop.statements()) {
      out.add(st.name());
      out.addAll(st.iterators());
      identifiers(st.body(), out);
    }
    return out;
  }

  private static void identifiers(Expr e, Set<String> out) {
    if (e instanceof Expr.Ident id) out.add(id.name());
    for (Expr c : e.children()) identifiers(c, out);
  }
}

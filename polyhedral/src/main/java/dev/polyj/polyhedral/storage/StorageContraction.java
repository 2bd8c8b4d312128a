package dev.polyj.polyhedral.storage;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
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
import java.util.List;

/**
 * Storage contraction of the arrays made by {@link ScalarExpansion}, after scheduling and tiling:
 * dimensions of an array are dropped when, under every schedule tree the region's code may run
 * (the tiled schedule, and the program's own order where the region is printed that way too), no
 * two elements that then share storage (equal in the dimensions kept) are live at the same time. The dimensions are tried outermost first, each dropped
 * when it can be together with those already dropped. The test is exact on the Presburger
 * relations: for the elements {@code e1, e2} sharing storage with {@code e1} before {@code e2} in
 * the lexicographic order of the dropped dimensions, every access of {@code e1} (writes, reads,
 * the copy after the region) must happen strictly before every write of {@code e2} (the first
 * element's live range, from its first write to its last access, ends before the second's
 * begins), or the same for all pairs in the reverse order (a schedule that runs the loops
 * backwards).
 * "Strictly before" is decided by walking the tree as {@link TreeDependences} does: a sequential
 * band member or a sequence orders a pair, while a parallel (coincident) member leaves the
 * instances of different iterations concurrent, so a dimension over a parallel loop is never
 * dropped (the array is shared by the threads); two instances at the same time are unordered.
 * This is the interference test of storage mappings (Lefebvre and Feautrier; Quilleré and
 * Rajopadhye) restricted to dropping whole dimensions, which suffices for expanded scalars whose
 * every element lives within one iteration of the loops it is indexed by.
 */
public final class StorageContraction {
  private StorageContraction() {}

  /** An expanded array after contraction: the dimensions it keeps. */
  public record Contracted(ExpandedArray array, ImmutableList<Integer> kept) {
    /** The extents of the kept dimensions. */
    public List<String> extents() {
      List<String> out = new ArrayList<>();
      for (int d : kept) out.add(array.extents().get(d));
      return out;
    }
  }

  /**
   * The dimensions of {@code array} to keep so that its storage stays correct when {@code scop}
   * (whose statements may carry extra leading tile iterators) runs in the order of each tree of
   * {@code trees} (each paired with the SCoP whose instances it schedules).
   */
  public static Contracted contract(ExpandedArray array, List<Scop> scops, List<ScheduleNode> trees) {
    List<Integer> kept = new ArrayList<>();
    for (int d = 0; d < array.rank(); d++) kept.add(d);
    for (int d = 0; d < array.rank(); d++) {
      List<Integer> without = new ArrayList<>(kept);
      without.remove(Integer.valueOf(d));
      boolean ok = true;
      for (int k = 0; k < trees.size() && ok; k++) {
        try {
          ok = separated(array, without, scops.get(k), trees.get(k));
        } catch (RuntimeException e) {
          ok = false;
        }
      }
      if (ok) kept = without;
    }
    return new Contracted(array, ImmutableList.copyOf(kept));
  }

  /**
   * Whether the elements sharing storage when only the {@code kept} dimensions remain have
   * disjoint live ranges under {@code tree}, one after the other in the lexicographic order of
   * the dropped dimensions (or all in the reverse order).
   */
  static boolean separated(ExpandedArray array, List<Integer> kept, Scop scop, ScheduleNode tree) {
    UnionRelation accesses = UnionRelation.empty(scop.params());
    UnionRelation writes = UnionRelation.empty(scop.params());
    for (Statement st : scop.statements()) {
      for (Access a : st.accesses()) {
        if (!a.array().equals(array.name())) continue;
        accesses = accesses.union(UnionRelation.of(a.relation()));
        if (a.isWrite()) writes = writes.union(UnionRelation.of(a.relation()));
      }
    }
    if (writes.isEmpty()) return true;
    for (boolean forward : new boolean[] {true, false}) {
      UnionRelation pairs = accesses.apply(UnionRelation.of(sharing(array, kept, forward, scop.params())))
          .apply(writes.reverse());
      if (ordered(tree, pairs)) return true;
    }
    return false;
  }

  /**
   * {@code { X[e] -> X[f] : e_k = f_k for k in kept, e <lex f on the other dimensions }} (or
   * {@code >lex} when not forward).
   */
  private static Relation sharing(ExpandedArray array, List<Integer> kept, boolean forward, List<String> params) {
    int r = array.rank();
    Tuple t = Tuple.anonymous(array.name(), r);
    Space space = Space.map(params, t, t);
    int np = params.size();
    List<Integer> dropped = new ArrayList<>();
    for (int d = 0; d < r; d++) if (!kept.contains(d)) dropped.add(d);
    Relation out = Relation.empty(space);
    for (int q = 0; q < dropped.size(); q++) {
      BasicRelation.Builder b = BasicRelation.builder(space);
      List<Integer> equal = new ArrayList<>(kept);
      equal.addAll(dropped.subList(0, q));
      for (int k : equal) {
        long[] row = new long[1 + space.nVar()];
        row[1 + np + k] = 1;
        row[1 + np + r + k] = -1;
        b.addEq(row);
      }
      int d = dropped.get(q);
      long[] row = new long[1 + space.nVar()];
      int sign = forward ? 1 : -1;
      row[0] = -1;
      row[1 + np + r + d] = sign;
      row[1 + np + d] = -sign;
      b.addIneq(row);
      out = out.union(Relation.of(b.build()));
    }
    return out;
  }

  /** Whether {@code tree} runs the source of every pair of {@code open} strictly before its target, in every thread interleaving. */
  static boolean ordered(ScheduleNode node, UnionRelation open) {
    if (open.isEmpty()) return true;
    if (node instanceof ScheduleNode.Domain d) {
      return ordered(d.child(), TreeDependences.within(open, d.domain()));
    }
    if (node instanceof ScheduleNode.Band b) {
      UnionRelation rest = open;
      for (int k = 0; k < b.nMember() && !rest.isEmpty(); k++) {
        UnionRelation m = b.members().get(k);
        if (!TreeDependences.reversed(rest, m).isEmpty()) return false;
        if (b.coincident().get(k) && !TreeDependences.carried(rest, m).isEmpty()) return false;
        rest = TreeDependences.tied(rest, m);
      }
      return ordered(b.child(), rest);
    }
    if (node instanceof ScheduleNode.Sequence || node instanceof ScheduleNode.Set) {
      boolean sequence = node instanceof ScheduleNode.Sequence;
      List<ScheduleNode> kids = node.children();
      for (int i = 0; i < kids.size(); i++) {
        UnionRelation fi = ((ScheduleNode.Filter) kids.get(i)).filter();
        for (int j = 0; j < kids.size(); j++) {
          UnionRelation fj = ((ScheduleNode.Filter) kids.get(j)).filter();
          UnionRelation part = open.intersectDomain(fi).intersectRange(fj);
          if (part.isEmpty()) continue;
          if (i == j) {
            if (!ordered(((ScheduleNode.Filter) kids.get(i)).child(), part)) return false;
          } else if (!sequence || j < i) {
            return false;
          }
        }
      }
      return true;
    }
    if (node instanceof ScheduleNode.Filter f) return ordered(f.child(), TreeDependences.within(open, f.filter()));
    if (node instanceof ScheduleNode.Mark m) return ordered(m.child(), open);
    if (node instanceof ScheduleNode.Context c) return ordered(c.child(), open);
    if (node instanceof ScheduleNode.Guard g) return ordered(g.child(), open);
    // a leaf: the pairs left run at the same time; other nodes are not analysed
    return false;
  }

  /** {@code scop} with the accesses of the contracted arrays reduced to their kept dimensions. */
  public static Scop apply(Scop scop, List<Contracted> contracted) {
    List<Statement> stmts = new ArrayList<>();
    for (Statement st : scop.statements()) {
      Statement out = st;
      for (Contracted c : contracted) out = apply(out, c);
      stmts.add(out);
    }
    List<ArrayInfo> arrays = new ArrayList<>();
    for (ArrayInfo a : scop.arrays()) {
      Contracted c = null;
      for (Contracted x : contracted) if (x.array().name().equals(a.name())) c = x;
      if (c == null) {
        arrays.add(a);
        continue;
      }
      List<Expr> sizes = new ArrayList<>();
      for (String e : c.extents()) sizes.add(new Expr.Ident(e, SourcePos.UNKNOWN));
      arrays.add(new ArrayInfo(a.name(), a.elementType(), sizes));
    }
    return new Scop(scop.functionName(), scop.pos(), scop.params(), scop.context(), arrays, stmts, scop.schedule(),
        scop.scheduleMap());
  }

  private static Statement apply(Statement st, Contracted c) {
    String name = c.array().name();
    List<String> its = c.array().subscripts().get(st.name());
    if (its == null) return st;
    List<String> keptIts = new ArrayList<>();
    for (int d : c.kept()) keptIts.add(its.get(d));
    int rank = c.array().rank();
    List<Access> accesses = new ArrayList<>();
    for (Access a : st.accesses()) {
      if (!a.array().equals(name)) {
        accesses.add(a);
        continue;
      }
      Relation rel = a.relation();
      int nIn = rel.space().nIn();
      for (int d = rank - 1; d >= 0; d--) if (!c.kept().contains(d)) rel = rel.projectOut(DimKind.OUT, d, 1);
      rel = rel.withSpace(Space.map(rel.space().params(), rel.space().domainTuple(),
          Tuple.anonymous(name, c.kept().size())));
      accesses.add(new Access(a.kind(), a.may(), name, rel, contract(a.expr(), name, rank, keptIts)));
      assert rel.space().nIn() == nIn;
    }
    return new Statement(st.name(), st.iterators(), st.domain(), accesses, contract(st.body(), name, rank, keptIts),
        st.pos());
  }

  /** {@code e} with every {@code name[..]..[..]} of {@code rank} subscripts rebuilt with {@code its}. */
  private static Expr contract(Expr e, String name, int rank, List<String> its) {
    if (isReference(e, name, rank)) return ScalarExpansion.subscripted(name, its, e.pos());
    return e.mapChildren(x -> contract(x, name, rank, its));
  }

  private static boolean isReference(Expr e, String name, int rank) {
    for (int k = 0; k < rank; k++) {
      if (!(e instanceof Expr.Index ix)) return false;
      e = ix.base();
    }
    return e instanceof Expr.Ident id && id.name().equals(name);
  }
}

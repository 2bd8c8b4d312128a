package dev.polyj.polyhedral.tiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A parallel member with stride-one accesses moves below the inner bands: in a message-passing
 * update (sums over a pixel's other neighbours {@code s}, below the disparity loop {@code l} along
 * which every access is stride one), {@code l} becomes the last member of every innermost band, and
 * the tree still respects every dependence (checked exactly by {@link TreeDependences}). Members
 * without that advantage, or along which a dependence runs, stay where the scheduler put them.
 */
class StrideOneSinkingTest {
  private static final String LBP = """
      void lbp(int nt, int n, int nd, int nk, long cost[64][64], long msg[9][64][64][64],
               long ML[8][64][64][64], long MR[8][64][64][64])
      {
        int t, p, q, s, l;
      #pragma scop
        for (t = 0; t < nt; t++)
          for (p = 0; p < n; p++)
            for (q = 0; q < nd; q++)
              for (l = 0; l < nk; l++) {
                ML[t][p][q][l] = 0;
                for (s = 0; s < q; s++)
                  ML[t][p][q][l] += msg[t][p][s][l];
                MR[t][p][q][l] = 0;
                for (s = q + 1; s < nd; s++)
                  MR[t][p][q][l] += msg[t][p][s][l];
                msg[t + 1][p][q][l] = (ML[t][p][q][l] + MR[t][p][q][l]) % 101 + cost[p][l];
              }
      #pragma endscop
      }
      """;

  private record Scheduled(Scop scop, UnionRelation deps, ScheduleNode tree) {}

  private static Scheduled schedule(String source) {
    Scop scop = CFrontEnd.extract(source, "sinking.c").stream().filter(RegionResult::accepted).findFirst()
        .orElseThrow().scop();
    UnionRelation deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap()).all();
    List<Relation> domains = new ArrayList<>();
    for (Statement s : scop.statements()) domains.add(s.domain());
    AffineSchedule sched = PlutoScheduler.schedule(domains, deps, new BisectionLexmin(1 << 10), scop.scheduleMap());
    return new Scheduled(scop, deps, TreeDependences.annotate(sched.toTree(), deps));
  }

  /** The bands with a leaf below them. */
  private static void innermost(ScheduleNode n, List<ScheduleNode.Band> out) {
    if (n instanceof ScheduleNode.Band b && b.child() instanceof ScheduleNode.Leaf) out.add(b);
    for (ScheduleNode c : n.children()) innermost(c, out);
  }

  /** The statement iterator a member's map of {@code st} is, or -1. */
  private static int iterator(UnionRelation member, String st) {
    for (Relation r : member.relations()) {
      if (!r.space().domainTuple().name().equals(st)) continue;
      long[] row = StrideOrder.affineRow(r, 0);
      return row == null ? -1 : StrideOrder.plainIterator(row);
    }
    return -1;
  }

  private static boolean constant(UnionRelation member, String st) {
    for (Relation r : member.relations()) {
      if (!r.space().domainTuple().name().equals(st)) continue;
      long[] row = StrideOrder.affineRow(r, 0);
      if (row == null) return false;
      for (long c : row) if (c != 0) return false;
    }
    return true;
  }

  @Test
  void disparityLoopGoesBelowTheNeighbourSums() {
    Scheduled s = schedule(LBP);
    ScheduleNode sunk = StrideOneSinking.apply(s.tree(), s.scop(), s.deps());
    assertNotSame(s.tree(), sunk, "the member l moves");
    TreeDependences.check(sunk, s.deps());
    List<ScheduleNode.Band> bands = new ArrayList<>();
    innermost(sunk, bands);
    int checked = 0;
    for (ScheduleNode.Band b : bands) {
      for (Relation r : b.members().get(0).relations()) {
        String st = r.space().domainTuple().name();
        // the last member that moves st (a constant member orders statements only); l is the
        // fourth iterator of every statement (t, p, q, l[, s])
        int k = b.nMember() - 1;
        while (k > 0 && constant(b.members().get(k), st)) k--;
        assertEquals(3, iterator(b.members().get(k), st), st + ": the innermost loop is l in " + b);
        assertTrue(b.coincident().get(k), "l stays parallel");
        checked++;
      }
    }
    assertEquals(5, checked, "the sums, their starts and the update are innermost along l (" + checked + ")");
  }

  @Test
  void rowWalkingMembersStay() {
    // doitgen's sums: the outer members r, q move a non-last subscript of A; the inner band
    // already has its stride-one loop p
    String doitgen = """
        void doitgen(int nr, int nq, int np, double A[32][32][32], double C4[32][32], double sum[32])
        {
          int r, q, p, s;
        #pragma scop
          for (r = 0; r < nr; r++)
            for (q = 0; q < nq; q++) {
              for (p = 0; p < np; p++) {
                sum[p] = 0.0;
                for (s = 0; s < np; s++)
                  sum[p] += A[r][q][s] * C4[s][p];
              }
              for (p = 0; p < np; p++)
                A[r][q][p] = sum[p];
            }
        #pragma endscop
        }
        """;
    Scheduled s = schedule(doitgen);
    assertSame(s.tree(), StrideOneSinking.apply(s.tree(), s.scop(), s.deps()));
  }

  @Test
  void memberCarryingADependenceStays() {
    // each sum reads the finished sum of l - 1: l is not parallel and may not move inside s
    Scheduled s = schedule(RECURRENCE);
    assertSame(s.tree(), StrideOneSinking.apply(s.tree(), s.scop(), s.deps()));
  }

  @Test
  void anIllegalMoveIsUndoneEvenWhenTheFlagsSayParallel() {
    // the same sums with every member flagged coincident (a wrong flag): the candidate tree moves l
    // below s, where a sum would read the unfinished sum of l - 1; the exact check keeps the tree
    Scheduled s = schedule(RECURRENCE);
    ScheduleNode forged = allCoincident(s.tree());
    ScheduleNode out = StrideOneSinking.apply(forged, s.scop(), s.deps());
    assertSame(forged, out);
    TreeDependences.check(out, s.deps());
  }

  /** The message sums of {@link #LBP}, each also reading the finished sum of the disparity before. */
  private static final String RECURRENCE = """
      void rec(int nt, int n, int nd, int nk, long cost[64][64], long msg[9][64][64][64],
               long ML[8][64][64][64], long MR[8][64][64][64])
      {
        int t, p, q, s, l;
      #pragma scop
        for (t = 0; t < nt; t++)
          for (p = 0; p < n; p++)
            for (q = 0; q < nd; q++)
              for (l = 1; l < nk; l++) {
                ML[t][p][q][l] = 0;
                for (s = 0; s < q; s++)
                  ML[t][p][q][l] += msg[t][p][s][l] + ML[t][p][q][l - 1];
                MR[t][p][q][l] = 0;
                for (s = q + 1; s < nd; s++)
                  MR[t][p][q][l] += msg[t][p][s][l] + MR[t][p][q][l - 1];
                msg[t + 1][p][q][l] = (ML[t][p][q][l] + MR[t][p][q][l]) % 101 + cost[p][l];
              }
      #pragma endscop
      }
      """;


  /** {@code n} with every band member flagged coincident. */
  private static ScheduleNode allCoincident(ScheduleNode n) {
    if (n instanceof ScheduleNode.Band b) {
      return new ScheduleNode.Band(b.members(), b.permutable(),
          com.google.common.collect.ImmutableList.copyOf(java.util.Collections.nCopies(b.nMember(), true)),
          b.loopTypes(), b.otherOptions(), allCoincident(b.child()));
    }
    if (n instanceof ScheduleNode.Domain d) return new ScheduleNode.Domain(d.domain(), allCoincident(d.child()));
    if (n instanceof ScheduleNode.Filter f) return new ScheduleNode.Filter(f.filter(), allCoincident(f.child()));
    if (n instanceof ScheduleNode.Sequence q) {
      List<ScheduleNode.Filter> fs = new ArrayList<>();
      for (ScheduleNode.Filter f : q.filters()) fs.add((ScheduleNode.Filter) allCoincident(f));
      return new ScheduleNode.Sequence(com.google.common.collect.ImmutableList.copyOf(fs));
    }
    return n;
  }
}

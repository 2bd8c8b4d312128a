package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.pass.Scheduled;
import dev.polyj.polyhedral.pass.PassLevel;
import java.util.ArrayList;
import dev.polyj.polyhedral.scop.Access;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Generates the loop AST of the schedule tree (isl-style AST generation, {@link ScopCodegen}). */
public final class AstBuildPass extends BasicPass<RegionState> {
  public AstBuildPass() {
    super("ast-build", PassLevel.AST, true, "generate the loop AST of the schedule tree");
  }

  @Override
  public boolean required() {
    return true;
  }

  @Override
  public String run(RegionState s) {
    Scheduled sc = s.scheduled();
    BuildOptions options = BuildOptions.defaults().withReservedNames(ScopCodegen.identifiers(sc.scop()))
        .withParallelLoops(s.parallel).withAnnotator(new Clauses(sc, s.privatized, false));
    s.buildOptions = options;
    BuildOptions used = options;
    if (s.parallel && s.parallelWork != null) {
      used = options.withReservedNames(List.of(ParallelWork.FLAG)).withAnnotator(new Clauses(sc, s.privatized, true));
    }
    s.versions.clear();
    s.versions.add(new RegionState.Version(ScopCodegen.ast(sc.scop(), sc.tree(), used),
        ScopCodegen.bodyPrinter(sc.scop()), sc.scop(), sc));
    return "";
  }

  /**
   * The clauses of a parallel loop: the parallel-work flag's {@code if}, the reduction clauses, and
   * {@code lastprivate} of the scalars privatized for its statements that they write.
   */
  private static final class Clauses implements BuildOptions.ParallelLoopAnnotator {
    private final Scheduled sc;
    private final Map<String, List<String>> privatized;
    private final boolean flagged;

    Clauses(Scheduled sc, Map<String, List<String>> privatized, boolean flagged) {
      this.sc = sc;
      this.privatized = Map.copyOf(privatized);
      this.flagged = flagged;
    }

    @Override
    public List<String> clauses(int dim, Set<String> statements) {
      List<String> clauses = new ArrayList<>();
      if (flagged) clauses.add("if(" + ParallelWork.FLAG + ")");
      clauses.addAll(reductionClauses(sc, statements));
      Set<String> scalars = new TreeSet<>();
      for (String name : statements) {
        List<String> p = privatized.get(name);
        if (p == null) continue;
        for (Access a : sc.scop().statement(name).accesses()) {
          if (a.isWrite() && p.contains(a.array())) scalars.add(a.array());
        }
      }
      if (!scalars.isEmpty()) clauses.add("lastprivate(" + String.join(", ", scalars) + ")");
      return clauses;
    }

    @Override
    public boolean privatizes(int dim, Set<String> statements) {
      for (String name : statements) if (privatized.containsKey(name)) return true;
      return false;
    }
  }

  /** The reduction clauses of a parallel loop running {@code statements}. */
  static List<String> reductionClauses(Scheduled s, Set<String> statements) {
    return s.reductions() == null ? List.of() : s.reductions().clauses(statements);
  }
}

package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.pass.Scheduled;
import dev.polyj.polyhedral.pass.PassLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
        .withParallelLoops(s.parallel).withAnnotator((d, statements) -> reductionClauses(sc, statements));
    s.buildOptions = options;
    BuildOptions used = options;
    if (s.parallel && s.parallelWork != null) {
      used = options.withReservedNames(List.of(ParallelWork.FLAG)).withAnnotator((d, statements) -> {
        List<String> clauses = new ArrayList<>(List.of("if(" + ParallelWork.FLAG + ")"));
        clauses.addAll(reductionClauses(sc, statements));
        return clauses;
      });
    }
    s.versions.clear();
    s.versions.add(new RegionState.Version(ScopCodegen.ast(sc.scop(), sc.tree(), used),
        ScopCodegen.bodyPrinter(sc.scop()), sc.scop(), sc));
    return "";
  }

  /** The reduction clauses of a parallel loop running {@code statements}. */
  static List<String> reductionClauses(Scheduled s, Set<String> statements) {
    return s.reductions() == null ? List.of() : s.reductions().clauses(statements);
  }
}

package dev.polyj.polybench.bench;

import java.util.List;

/** An optimizer made of passes that {@code bench} can select (--passes, --disable-pass, ...) and ablate. */
public interface PipelineOptimizer extends Optimizer {
  /**
   * This optimizer with its pipeline edited: exactly the passes {@code only} when it is not empty
   * (and the required ones), then {@code enable}d and {@code disable}d passes, then the pass
   * options {@code PASS.KEY=VALUE}.
   *
   * @throws IllegalArgumentException for an unknown pass or option, with the valid names
   */
  PipelineOptimizer withPasses(List<String> only, List<String> enable, List<String> disable, List<String> options);

  /** The passes an ablation disables in turn: those that run and can be left out, in pipeline order. */
  List<String> ablationPasses();

  /** This optimizer without the pass {@code name}. */
  default PipelineOptimizer without(String name) {
    return withPasses(List.of(), List.of(), List.of(name), List.of());
  }
}

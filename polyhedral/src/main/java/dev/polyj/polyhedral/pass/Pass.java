package dev.polyj.polyhedral.pass;

import java.util.Map;

/**
 * One transformation of the optimizer's pipeline, over the state {@code S} of the region being
 * optimized (the SCoP, its schedule tree, its AST). A pass is an immutable value: its options are
 * a small record inside the pass, set one key at a time with {@link #withOption} (the command
 * line's {@code --pass-option NAME.KEY=VALUE}), and {@link PassManager} decides nothing but the
 * order and which passes run.
 *
 * @param <S> the state the pass rewrites
 */
public interface Pass<S> {
  /** The name the command line uses, lower case with dashes, e.g. {@code tiling}. */
  String name();

  /** What the pass does, in one line. */
  String description();

  /** What the pass rewrites. */
  PassLevel level();

  /** Whether the default pipeline runs the pass. */
  default boolean enabledByDefault() {
    return true;
  }

  /**
   * Whether the pipeline cannot run without the pass (building or lowering the representation the
   * later passes work on): it runs whatever {@code --passes} or {@code --disable-pass} say.
   */
  default boolean required() {
    return false;
  }

  /** The pass's options: key to a one-line description that names the default. */
  default Map<String, String> options() {
    return Map.of();
  }

  /**
   * This pass with option {@code key} set to {@code value}.
   *
   * @throws IllegalArgumentException for an unknown key or a malformed value
   */
  default Pass<S> withOption(String key, String value) {
    throw new IllegalArgumentException(PassOptions.unknown(this, key));
  }

  /**
   * Runs the pass on {@code state}.
   *
   * @return what the pass changed, in a few words (for {@code --stats}), e.g. {@code "2 bands,
   *     sizes 32x32"}; empty when it changed nothing
   */
  String run(S state);
}

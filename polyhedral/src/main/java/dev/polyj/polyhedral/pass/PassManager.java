package dev.polyj.polyhedral.pass;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An ordered list of passes, which of them run, and their options: the whole of the optimizer's
 * decisions about what runs. Passes always run in the list's order (the pipeline order; each
 * level's passes need the representation the earlier ones produce), so selecting passes never
 * reorders them. Required passes run whatever the selection says. Immutable: every change returns
 * a new manager.
 *
 * @param <S> the state the passes rewrite
 */
public final class PassManager<S> {
  /** What one run of one pass took and changed (empty when it changed nothing). */
  public record Statistic(String pass, long nanos, String change) {
    /** The run time in milliseconds. */
    public double millis() {
      return nanos / 1e6;
    }
  }

  /** Called after each pass that ran, e.g. to print the state ({@code --print-after}). */
  public interface Listener<S> {
    void after(Pass<? super S> pass, S state);
  }

  private final List<Pass<? super S>> passes;
  private final Set<String> enabled;

  private PassManager(List<Pass<? super S>> passes, Set<String> enabled) {
    this.passes = List.copyOf(passes);
    this.enabled = Collections.unmodifiableSet(new LinkedHashSet<>(enabled));
  }

  /** The pipeline of {@code passes}, in this order, each enabled as its default says. */
  public static <S> PassManager<S> of(List<? extends Pass<? super S>> passes) {
    Set<String> names = new LinkedHashSet<>();
    Set<String> on = new LinkedHashSet<>();
    for (Pass<? super S> p : passes) {
      if (!names.add(p.name())) throw new IllegalArgumentException("two passes named " + p.name());
      if (p.enabledByDefault() || p.required()) on.add(p.name());
    }
    return new PassManager<>(new ArrayList<>(passes), on);
  }

  /** All passes, in pipeline order, whether they run or not. */
  public List<Pass<? super S>> passes() {
    return passes;
  }

  /** The names of all passes, in pipeline order. */
  public List<String> names() {
    return passes.stream().map(Pass::name).toList();
  }

  /** The pass named {@code name}. */
  public Pass<? super S> pass(String name) {
    return passes.get(index(name));
  }

  /** Whether the pass named {@code name} runs. */
  public boolean enabled(String name) {
    index(name);
    return enabled.contains(name);
  }

  /** The passes that run, in order. */
  public List<Pass<? super S>> enabledPasses() {
    return passes.stream().filter(p -> enabled.contains(p.name())).toList();
  }

  /** Exactly the passes {@code names} (and the required ones) run. */
  public PassManager<S> only(List<String> names) {
    Set<String> on = new LinkedHashSet<>();
    for (String n : names) on.add(pass(n.trim()).name());
    for (Pass<? super S> p : passes) if (p.required()) on.add(p.name());
    return new PassManager<>(passes, on);
  }

  /** The pass named {@code name} runs or not. */
  public PassManager<S> withEnabled(String name, boolean on) {
    Pass<? super S> p = pass(name);
    if (!on && p.required()) {
      throw new IllegalArgumentException("pass '" + name + "' is required and cannot be disabled");
    }
    Set<String> next = new LinkedHashSet<>(enabled);
    if (on) next.add(name);
    else next.remove(name);
    return new PassManager<>(passes, next);
  }

  public PassManager<S> enable(String name) {
    return withEnabled(name, true);
  }

  public PassManager<S> disable(String name) {
    return withEnabled(name, false);
  }

  /** The pipeline with {@code pass} in place of the pass of the same name (same position, same on/off). */
  @SuppressWarnings("unchecked")
  public PassManager<S> withPass(Pass<? super S> pass) {
    int i = index(pass.name());
    List<Pass<? super S>> next = new ArrayList<>(passes);
    next.set(i, pass);
    return new PassManager<>(next, enabled);
  }

  /** The pass named {@code name} with option {@code key} set to {@code value}. */
  @SuppressWarnings("unchecked")
  public PassManager<S> withOption(String name, String key, String value) {
    int i = index(name);
    List<Pass<? super S>> next = new ArrayList<>(passes);
    next.set(i, (Pass<? super S>) passes.get(i).withOption(key, value));
    return new PassManager<>(next, enabled);
  }

  /**
   * {@link #withOption} from the text {@code NAME.KEY=VALUE}.
   *
   * @throws IllegalArgumentException when the text is not of that form or names no option
   */
  public PassManager<S> withOption(String assignment) {
    int eq = assignment.indexOf('=');
    int dot = eq < 0 ? -1 : assignment.lastIndexOf('.', eq);
    if (eq < 0 || dot <= 0) {
      throw new IllegalArgumentException("pass option '" + assignment + "': expected PASS.KEY=VALUE");
    }
    return withOption(assignment.substring(0, dot).trim(), assignment.substring(dot + 1, eq).trim(),
        assignment.substring(eq + 1).trim());
  }

  /** Runs the enabled passes on {@code state}, in order. */
  public List<Statistic> run(S state, Listener<S> listener) {
    return run(state, 0, passes.size(), listener);
  }

  /** Runs the enabled passes with index in {@code [from, to)} on {@code state}, in order. */
  public List<Statistic> run(S state, int from, int to, Listener<S> listener) {
    List<Statistic> stats = new ArrayList<>();
    for (int i = from; i < to; i++) {
      Pass<? super S> p = passes.get(i);
      if (!enabled.contains(p.name())) continue;
      long start = System.nanoTime();
      String change = p.run(state);
      stats.add(new Statistic(p.name(), System.nanoTime() - start, change == null ? "" : change));
      if (listener != null) listener.after(p, state);
    }
    return stats;
  }

  /** The index of the pass named {@code name} in the pipeline. */
  public int index(String name) {
    for (int i = 0; i < passes.size(); i++) if (passes.get(i).name().equals(name)) return i;
    throw new UnknownPassException(name, names());
  }

  /**
   * The table of {@code --list-passes}: one line per pass with its name, level, whether it runs
   * by default (or is required) and its description, then its options indented below.
   */
  public String listing() {
    int w = 4;
    for (Pass<? super S> p : passes) w = Math.max(w, p.name().length());
    int width = w;
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("%-" + width + "s  %-8s  %-8s  %s%n", "pass", "level", "default", "description"));
    for (Pass<? super S> p : passes) {
      String state = p.required() ? "required" : p.enabledByDefault() ? "on" : "off";
      sb.append(String.format("%-" + width + "s  %-8s  %-8s  %s%n", p.name(), p.level().label(), state,
          p.description()));
      p.options().forEach((k, d) -> sb.append(String.format("%-" + width + "s    option %s.%s: %s%n", "", p.name(), k, d)));
    }
    return sb.toString();
  }
}

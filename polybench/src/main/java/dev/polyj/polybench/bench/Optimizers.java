package dev.polyj.polybench.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The optimizers {@code bench} can run: the {@link IdentityOptimizer} and every {@link Optimizer}
 * registered as a service ({@code META-INF/services/dev.polyj.polybench.bench.Optimizer}).
 */
public final class Optimizers {

  private Optimizers() {}

  /** Optimizers by name: registered services first (in class-path order), identity last. */
  public static Map<String, Optimizer> available() {
    Map<String, Optimizer> byName = new LinkedHashMap<>();
    for (Optimizer o : ServiceLoader.load(Optimizer.class, Optimizers.class.getClassLoader())) {
      byName.putIfAbsent(o.name(), o);
    }
    Optimizer identity = new IdentityOptimizer();
    byName.putIfAbsent(identity.name(), identity);
    return byName;
  }

  /** The default: the first registered optimizer, or identity when none is registered. */
  public static Optimizer preferred() {
    return available().values().iterator().next();
  }
}

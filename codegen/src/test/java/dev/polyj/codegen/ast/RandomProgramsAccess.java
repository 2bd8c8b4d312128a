package dev.polyj.codegen.ast;

import dev.polyj.presburger.set.UnionRelation;
import java.util.List;
import net.jqwik.api.Arbitrary;

/** Public view of {@link RandomPrograms} for tests in other packages. */
public final class RandomProgramsAccess {
  private RandomProgramsAccess() {}

  /** A random program: its schedule map and its expected execution order. */
  public record Program(RandomPrograms.Program inner) {
    public UnionRelation scheduleMap() {
      return inner.scheduleMap();
    }

    public List<AstInterpreter.Call> expectedOrder(long n) {
      return inner.expectedOrder(n);
    }

    @Override
    public String toString() {
      return inner.toString();
    }
  }

  public static Arbitrary<Program> programs() {
    return RandomPrograms.programs().map(Program::new);
  }
}

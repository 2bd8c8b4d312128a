package dev.polyj.polyhedral.flow;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;

/**
 * Dataflow with dynamic conditions made exact by parameters, as in sections 5 and 6 of
 * Verdoolaege, Nikolov, Stefanov, "On Demand Parametric Array Dataflow Analysis" (IMPACT 2013).
 *
 * <p>For a sink access {@code k} and a write {@code P} of a filtered statement that is not known
 * to run whenever {@code k} runs, the parameters are, implicitly functions of {@code k}:
 * {@code lambda_P_d}, the dimension {@code d} of the last executed instance of {@code P} among those
 * writing the element {@code k} reads before it, and {@code sigma_P}, the number of leading time
 * dimensions that instance shares with {@code k} (negative when no such instance ran). The paper's
 * {@code beta_P} is {@code sigma_P >= l} for the shallowest level {@code l} at which {@code P} was
 * parametrized. Parameters are introduced on demand, only where a maximization needs them
 * (Algorithm 1, type Input): a write whose statement runs whenever the sink runs
 * ({@link FilterImplication}, Algorithm 2 line 13) needs none, and a dimension of {@code lambda}
 * is left out where the candidate writes determine it (section 5).
 *
 * <p>{@code dependence} maps source instances to sink instances: for the values of the parameters
 * at a sink instance that runs, its image is exactly the last writer. {@code noSource} holds the
 * sink accesses without a writer for those values. {@code parameters} lists the parameters
 * introduced (the paper counts them in its Table 1).
 *
 * <p>Parameter values of two writes (or of one write at two levels) whose instances would be in
 * contradicting states are removed ({@code Dataflow.inconsistent}: section 6.4 and appendix A.4,
 * which also carries the information of section 6.3.2 and the bound of section 6.4), whether the
 * writes were parametrized at the same level or at different ones: what the parameters say ran or
 * did not run is a fact about the run at any level. Not done from the paper: such conflicts
 * through multi-valued filter accesses, and the Output type as a case of its own; they would make
 * the relations smaller, never different on the values that occur.
 */
public record ParametricFlow(UnionRelation dependence, UnionRelation noSource, ImmutableList<String> parameters) {
  public ParametricFlow(UnionRelation dependence, UnionRelation noSource, List<String> parameters) {
    this(dependence, noSource, ImmutableList.copyOf(parameters));
  }

  static String lambda(String statement, int d) {
    return "lambda_" + statement + "_" + d;
  }

  static String sigma(String statement) {
    return "sigma_" + statement;
  }

  /** The parametrized candidate writes and the sink accesses consistent with the parameters. */
  record Parametrization(Relation writes, Relation sink, List<String> introduced) {}

  /**
   * Section 6.2: the candidate writes {@code [k -> a] -> p} at one level restricted to the last
   * executed one, {@code p_I = lambda_I and sigma >= level} (15), and the sink accesses for which
   * either no instance sharing {@code level} time dimensions ran or the last one is a candidate (18).
   */
  static Parametrization parametrize(Relation writes, Space statement, int level, List<String> params) {
    String name = statement.tuple().name();
    Space range = writes.space().range();
    int n = range.nOut();
    int np = range.nParam();
    List<String> introduced = new ArrayList<>();
    BasicRelation.Builder last = BasicRelation.builder(range);
    for (int d = 0; d < n; d++) {
      Relation one = writes.projectOut(DimKind.OUT, d + 1, n - d - 1).projectOut(DimKind.OUT, 0, d);
      if (one.isSingleValued()) continue; // determined by the sink access
      String lambda = lambda(name, d);
      long[] row = new long[1 + range.nVar()];
      row[1 + np + d] = 1;
      row[1 + params.indexOf(lambda)] = -1;
      last.addEq(row);
      introduced.add(lambda);
    }
    String sigma = sigma(name);
    long[] atLeast = new long[1 + range.nVar()];
    atLeast[0] = -level;
    atLeast[1 + params.indexOf(sigma)] = 1;
    last.addIneq(atLeast);
    introduced.add(sigma);
    Relation parametrized = writes.intersectRange(Relation.of(last.build()));
    Space sinkSpace = writes.space().domain();
    long[] below = new long[1 + sinkSpace.nVar()];
    below[0] = level - 1;
    below[1 + params.indexOf(sigma)] = -1;
    Relation noneRan = writes.domain().intersect(Relation.of(BasicRelation.builder(sinkSpace).addIneq(below).build()));
    return new Parametrization(parametrized, noneRan.union(parametrized.domain()), introduced);
  }

  /** {@code u} with the parameters outside {@code kept} projected out. */
  static UnionRelation keepParams(UnionRelation u, List<String> kept) {
    List<Relation> out = new ArrayList<>();
    for (Relation r : u.relations()) {
      Relation x = r;
      for (int k = x.space().nParam() - 1; k >= 0; k--) {
        if (!kept.contains(x.space().params().get(k))) x = x.projectOut(DimKind.PARAM, k, 1);
      }
      out.add(x.alignParams(kept));
    }
    return out.isEmpty() ? UnionRelation.empty(kept) : UnionRelation.of(out).alignParams(kept);
  }
}

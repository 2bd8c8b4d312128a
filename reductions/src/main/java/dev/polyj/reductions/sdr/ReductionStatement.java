package dev.polyj.reductions.sdr;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import java.util.List;

/**
 * A reduction of the paper's polyhedral IR (Section 3.2 of Yang, Atkinson, Carbin, POPL 2021):
 * {@code X[proj(x)] (+)= body(x) : P} with {@code (+)} one of {@code +}, {@code *}, {@code max}, {@code min}. For each point {@code x} of the domain {@code P} the body is
 * evaluated and accumulated with the operator into the element {@code proj(x)} of {@code array};
 * the projection is an affine map that forgets at least one direction of {@code P} (several
 * points accumulate into one element).
 *
 * @param statement the C statement it comes from ({@code X[..] += e} or {@code X[..] = X[..] + e})
 * @param array the left-hand side array {@code X}
 * @param combiner the reduction operator, as the transformed program combines values with it
 * @param body the accumulated expression {@code e} (the statement's own load of X removed)
 * @param subscripts the subscripts of X in the statement, outermost first
 * @param projection the rows of {@code proj} over {@code [constant, parameters, iterators]}
 * @param bodyReads the read accesses of the body
 */
public record ReductionStatement(Statement statement, String array, Combiner combiner, Expr body,
    List<Expr> subscripts, long[][] projection, List<Access> bodyReads) {

  public String name() {
    return statement.name();
  }

  public Relation domain() {
    return statement.domain();
  }

  /** The left-hand side elements the reduction computes, {@code proj(P)}. */
  public Relation lhsDomain(List<String> params) {
    return domain().alignParams(params).apply(projectionMap(params, "lhs"));
  }

  /** {@code proj} as the map {@code S[x] -> tuple[proj(x)]}. */
  Relation projectionMap(List<String> params, String tuple) {
    return AffineMaps.map(params, name(), statement.depth(), tuple, projection);
  }
}

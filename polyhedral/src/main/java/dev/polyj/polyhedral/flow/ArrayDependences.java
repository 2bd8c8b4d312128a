package dev.polyj.polyhedral.flow;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The dependences of {@link Dependences} together with the array each of them passes through: the
 * full dependences of the three {@link Dataflow} runs ({@code source -> [sink -> element]}, as
 * {@link FlowResult} keeps them), from which the dependences through one array are read off
 * without a new analysis. Each sink access is analysed against the writes of its own array only,
 * so the dependences through array {@code a} of the whole region are, as sets, those of the region
 * restricted to the accesses of {@code a}: the element is projected out of the full dependences
 * whose element is of {@code a}.
 */
public final class ArrayDependences {
  private final Dependences all;
  private final FlowResult raw;
  private final FlowResult war;
  private final FlowResult waw;
  private final Map<String, Dependences> onArray = new HashMap<>();

  private ArrayDependences(Dependences all, FlowResult raw, FlowResult war, FlowResult waw) {
    this.all = all;
    this.raw = raw;
    this.war = war;
    this.waw = waw;
  }

  /** The analysis of {@link Dependences#compute}, keeping the arrays. */
  public static ArrayDependences compute(UnionRelation reads, UnionRelation writes, UnionRelation scheduleMap) {
    FlowResult raw = Dataflow.compute(new AccessInfo(reads, writes, null, null, scheduleMap));
    FlowResult waw = Dataflow.compute(new AccessInfo(writes, writes, null, null, scheduleMap));
    // reads since the previous write: the writes act as kills, the reads as possible sources
    FlowResult war = Dataflow.compute(new AccessInfo(writes, null, reads, writes, scheduleMap));
    Dependences all = new Dependences(raw.mayDependence(), war.mayDependence(), waw.mayDependence());
    return new ArrayDependences(all, raw, war, waw);
  }

  /** The dependences through every array. */
  public Dependences all() {
    return all;
  }

  /**
   * The dependences through {@code array}: equal as sets (not piece for piece) to {@code
   * Dependences.compute} on the reads and writes of {@code array} alone.
   */
  public Dependences onArray(String array) {
    return onArray.computeIfAbsent(array, a -> new Dependences(project(raw.fullMayDependence(), a),
        project(war.fullMayDependence(), a), project(waw.fullMayDependence(), a)));
  }

  /** The relations {@code p -> c} of the full dependences {@code p -> [c -> e]} whose element e is of {@code array}. */
  private static UnionRelation project(UnionRelation full, String array) {
    List<Relation> out = new ArrayList<>();
    for (Relation r : full.relations()) {
      if (!array.equals(r.space().rangeTuple().nestedRange().name())) continue;
      out.add(r.uncurry().domain().unwrap());
    }
    return out.isEmpty() ? UnionRelation.empty(full.paramNames()) : UnionRelation.of(out);
  }
}

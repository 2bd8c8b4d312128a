package dev.polyj.polyhedral.flow;

import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.presburger.set.UnionRelation;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads and writes the YAML of dataflow problems, as isl's flow tool does: input keys {@code sink},
 * {@code must_source}, {@code may_source}, {@code kill}, and either {@code schedule_map} (a flat
 * schedule) or {@code schedule} (a schedule tree, converted to its flat map); output keys
 * {@code must_dependence}, {@code may_dependence}, {@code must_no_source}, {@code may_no_source}.
 */
public final class FlowYaml {
  private static final Set<String> KEYS = Set.of("sink", "must_source", "may_source", "kill", "schedule_map", "schedule");

  private FlowYaml() {}

  /** Parses the input; errors are {@link IllegalArgumentException}s naming the key and position. */
  public static AccessInfo read(String text) {
    Object doc;
    try {
      doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    } catch (MarkedYAMLException e) {
      var m = e.getProblemMark();
      throw new IllegalArgumentException((m.getLine() + 1) + ":" + (m.getColumn() + 1) + ": " + e.getProblem());
    } catch (YAMLException e) {
      throw new IllegalArgumentException("1:1: " + e.getMessage());
    }
    if (!(doc instanceof Map<?, ?> map)) throw new IllegalArgumentException("1:1: expected a mapping with a 'sink' key");
    for (Object key : map.keySet()) {
      if (!KEYS.contains(String.valueOf(key))) throw new IllegalArgumentException("unknown key '" + key + "'");
    }
    if (!map.containsKey("sink")) throw new IllegalArgumentException("missing key 'sink'");
    boolean tree = map.containsKey("schedule");
    if (tree && map.containsKey("schedule_map")) {
      throw new IllegalArgumentException("give either 'schedule' or 'schedule_map', not both");
    }
    if (!tree && !map.containsKey("schedule_map")) throw new IllegalArgumentException("missing key 'schedule_map' or 'schedule'");
    UnionRelation schedule = tree ? scheduleTree(map.get("schedule")) : union(map, "schedule_map");
    return new AccessInfo(union(map, "sink"), union(map, "must_source"), union(map, "may_source"),
        union(map, "kill"), schedule);
  }

  /**
   * The flat schedule map of a schedule tree given as a nested YAML mapping (or as a string holding
   * one): instances ordered as the tree orders them, the children of a set node in their order.
   */
  private static UnionRelation scheduleTree(Object value) {
    String text;
    if (value instanceof Map<?, ?> tree) {
      text = new Yaml().dump(tree);
    } else if (value instanceof String s) {
      text = s;
    } else {
      throw new IllegalArgumentException("schedule: expected a schedule tree (a YAML mapping)");
    }
    try {
      return ScheduleMaps.toFlatMap(ScheduleYaml.read(text));
    } catch (YAMLException e) {
      throw new IllegalArgumentException("schedule: " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("schedule: " + e.getMessage(), e);
    }
  }

  private static UnionRelation union(Map<?, ?> map, String key) {
    Object v = map.get(key);
    if (v == null) return null;
    try {
      return UnionRelation.parse(String.valueOf(v));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
    }
  }

  /** The input of a problem without filters, in the form {@link #read} and isl's flow tool read. */
  public static String write(AccessInfo a) {
    if (!a.filters().isEmpty()) throw new IllegalArgumentException("filters have no YAML form");
    return "sink: " + quote(a.sink()) + "\n"
        + "must_source: " + quote(a.mustSource()) + "\n"
        + "may_source: " + quote(a.maySource()) + "\n"
        + "kill: " + quote(a.kill()) + "\n"
        + "schedule_map: " + quote(a.scheduleMap()) + "\n";
  }

  /** The result, with the keys isl's flow tool prints. */
  public static String write(FlowResult r) {
    return "must_dependence: " + quote(simple(r.mustDependence())) + "\n"
        + "may_dependence: " + quote(simple(r.mayDependence())) + "\n"
        + "must_no_source: " + quote(simple(r.mustNoSource())) + "\n"
        + "may_no_source: " + quote(simple(r.mayNoSource())) + "\n";
  }

  /** Without redundant constraints, as printed results should be. */
  private static UnionRelation simple(UnionRelation u) {
    return u.map(dev.polyj.presburger.set.Relation::removeRedundancies);
  }

  private static String quote(UnionRelation u) {
    return '"' + u.toString().replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}

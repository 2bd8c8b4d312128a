package dev.polyj.polyhedral.flow;

import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.polyhedral.yaml.IslYaml;
import dev.polyj.polyhedral.yaml.YamlNode;
import dev.polyj.presburger.set.UnionRelation;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes the YAML of dataflow problems, as isl's flow tool does: input keys {@code sink},
 * {@code must_source}, {@code may_source}, {@code kill}, and either {@code schedule_map} (a flat
 * schedule) or {@code schedule} (a schedule tree, converted to its flat map); output keys
 * {@code must_dependence}, {@code may_dependence}, {@code must_no_source}, {@code may_no_source}.
 */
public final class FlowYaml {
  private static final Set<String> KEYS = Set.of("sink", "must_source", "may_source", "kill", "schedule_map", "schedule");

  private FlowYaml() {}

  /**
   * Parses the input; values may be quoted or not, as isl reads them. Errors are {@link
   * IllegalArgumentException}s whose message starts with the line and column.
   */
  public static AccessInfo read(String text) {
    IslYaml doc = IslYaml.of(text);
    YamlNode root = doc.root();
    if (!(root instanceof YamlNode.Mapping map)) throw doc.error(root, "expected a mapping with a 'sink' key");
    for (String key : map.entries().keySet()) {
      if (!KEYS.contains(key)) throw doc.errorAtKey(map, key, "unknown key '" + key + "'");
    }
    Map<String, YamlNode> e = map.entries();
    if (!e.containsKey("sink")) throw doc.error(root, "missing key 'sink'");
    boolean tree = e.containsKey("schedule");
    if (tree && e.containsKey("schedule_map")) {
      throw doc.errorAtKey(map, "schedule_map", "give either 'schedule' or 'schedule_map', not both");
    }
    if (!tree && !e.containsKey("schedule_map")) throw doc.error(root, "missing key 'schedule_map' or 'schedule'");
    UnionRelation schedule = tree ? scheduleTree(doc, e.get("schedule")) : union(doc, e, "schedule_map");
    return new AccessInfo(union(doc, e, "sink"), union(doc, e, "must_source"), union(doc, e, "may_source"),
        union(doc, e, "kill"), schedule);
  }

  /**
   * The flat schedule map of a schedule tree (a YAML mapping, or a string holding one): instances
   * ordered as the tree orders them, the children of a set node in their order.
   */
  private static UnionRelation scheduleTree(IslYaml doc, YamlNode value) {
    ScheduleNode root;
    IdentityHashMap<ScheduleNode, String> positions = new IdentityHashMap<>();
    if (value instanceof YamlNode.Scalar s && s.quoted()) {
      try {
        IslYaml inner = IslYaml.of(s.text());
        root = ScheduleYaml.read(inner, inner.root(), new IdentityHashMap<>());
      } catch (IllegalArgumentException ex) {
        throw doc.error(value, "schedule (the quoted tree, at " + ex.getMessage() + ")");
      }
    } else {
      root = ScheduleYaml.read(doc, value, positions);
    }
    try {
      return ScheduleMaps.toFlatMap(root);
    } catch (ScheduleMaps.UnsupportedNodeException ex) {
      String at = positions.get(ex.node());
      throw new IllegalArgumentException((at == null ? doc.position(value.offset()) : at) + ": " + ex.getMessage(), ex);
    } catch (IllegalArgumentException ex) {
      throw doc.error(value, "schedule: " + ex.getMessage());
    }
  }

  private static UnionRelation union(IslYaml doc, Map<String, YamlNode> map, String key) {
    YamlNode v = map.get(key);
    if (v == null) return null;
    try {
      return UnionRelation.parse(doc.text(v, key));
    } catch (IllegalArgumentException ex) {
      throw doc.islError(v, key, ex);
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

  /**
   * The result, with the keys isl's flow tool prints: the full dependences ({@code source -> [sink
   * -> element]}) when the result has them, and the sink accesses without a source.
   */
  public static String write(FlowResult r) {
    UnionRelation must = r.hasFullDependences() ? r.fullMustDependence().coalesce() : r.mustDependence();
    UnionRelation may = r.hasFullDependences() ? r.fullMayDependence().coalesce() : r.mayDependence();
    return "must_dependence: " + quote(simple(must)) + "\n"
        + "may_dependence: " + quote(simple(may)) + "\n"
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

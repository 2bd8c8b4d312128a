package dev.polyj.polyhedral.schedule;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Schedule trees in isl's YAML form: a mapping per node with the keys {@code domain},
 * {@code context}, {@code schedule} (with {@code permutable}, {@code coincident}, {@code options}),
 * {@code sequence} and {@code set} (lists of {@code filter} nodes), {@code filter}, {@code mark},
 * {@code guard}, {@code extension}, {@code contraction}/{@code expansion} and {@code child}; a
 * missing child is a leaf. Sets and maps are isl-notation strings.
 */
public final class ScheduleYaml {
  private static final Pattern LOOP_TYPE = Pattern.compile("\\b(atomic|unroll|separate)\\[(\\d+)\\]");

  private ScheduleYaml() {}

  // ---------------------------------------------------------------------------------------------
  // Writing

  public static String write(ScheduleNode root) {
    StringBuilder sb = new StringBuilder();
    node(root, 0, false, sb);
    return sb.toString();
  }

  private static void line(StringBuilder sb, int indent, boolean dash, String text) {
    sb.append(" ".repeat(indent));
    if (dash) sb.append("- ");
    sb.append(text).append('\n');
  }

  /** Writes the keys of {@code n} at {@code indent}; the first key gets a list dash when {@code dash}. */
  private static void node(ScheduleNode n, int indent, boolean dash, StringBuilder sb) {
    int in = dash ? indent + 2 : indent;
    if (n instanceof ScheduleNode.Leaf) {
      line(sb, indent, dash, "leaf: {}");
      return;
    }
    ScheduleNode child = null;
    if (n instanceof ScheduleNode.Domain d) {
      line(sb, indent, dash, "domain: " + quote(d.domain().toString()));
      child = d.child();
    } else if (n instanceof ScheduleNode.Context c) {
      line(sb, indent, dash, "context: " + quote(c.context().toString()));
      child = c.child();
    } else if (n instanceof ScheduleNode.Band b) {
      line(sb, indent, dash, "schedule: " + quote(MultiAff.print(b.members())));
      if (b.permutable()) line(sb, in, false, "permutable: 1");
      if (b.coincident().contains(true)) {
        List<String> flags = new ArrayList<>();
        for (boolean x : b.coincident()) flags.add(x ? "1" : "0");
        line(sb, in, false, "coincident: [ " + String.join(", ", flags) + " ]");
      }
      String options = options(b);
      if (!options.isEmpty()) line(sb, in, false, "options: " + quote(options));
      child = b.child();
    } else if (n instanceof ScheduleNode.Sequence s) {
      line(sb, indent, dash, "sequence:");
      for (ScheduleNode.Filter f : s.filters()) node(f, in, true, sb);
      return;
    } else if (n instanceof ScheduleNode.Set s) {
      line(sb, indent, dash, "set:");
      for (ScheduleNode.Filter f : s.filters()) node(f, in, true, sb);
      return;
    } else if (n instanceof ScheduleNode.Filter f) {
      line(sb, indent, dash, "filter: " + quote(f.filter().toString()));
      child = f.child();
    } else if (n instanceof ScheduleNode.Mark m) {
      line(sb, indent, dash, "mark: " + quote(m.mark()));
      child = m.child();
    } else if (n instanceof ScheduleNode.Guard g) {
      line(sb, indent, dash, "guard: " + quote(g.guard().toString()));
      child = g.child();
    } else if (n instanceof ScheduleNode.Extension e) {
      line(sb, indent, dash, "extension: " + quote(e.extension().toString()));
      child = e.child();
    } else if (n instanceof ScheduleNode.Expansion e) {
      line(sb, indent, dash, "contraction: " + quote(e.contraction().toString()));
      line(sb, in, false, "expansion: " + quote(e.expansion().toString()));
      child = e.child();
    }
    if (child != null && !(child instanceof ScheduleNode.Leaf)) {
      line(sb, in, false, "child:");
      node(child, in + 2, false, sb);
    }
  }

  /** A band's per-member loop types and other options in isl's option notation ("" when none). */
  public static String options(ScheduleNode.Band b) {
    List<String> parts = new ArrayList<>();
    for (int k = 0; k < b.nMember(); k++) {
      ScheduleNode.LoopType t = b.loopTypes().get(k);
      if (t != ScheduleNode.LoopType.DEFAULT) parts.add(t.name().toLowerCase() + "[" + k + "]");
    }
    String other = b.otherOptions().trim();
    if (other.startsWith("{") && other.endsWith("}")) other = other.substring(1, other.length() - 1).trim();
    if (!other.isEmpty()) parts.add(other);
    return parts.isEmpty() ? "" : "{ " + String.join("; ", parts) + " }";
  }

  /** A double-quoted YAML string. */
  public static String quote(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  // ---------------------------------------------------------------------------------------------
  // Reading

  /** Reads a schedule tree; isl-notation strings go through the isl parser. */
  public static ScheduleNode read(String yaml) {
    Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
    if (!(doc instanceof Map<?, ?> m)) throw new IllegalArgumentException("a schedule must be a YAML mapping");
    return node(m);
  }

  private static ScheduleNode node(Map<?, ?> m) {
    if (m.containsKey("domain")) return new ScheduleNode.Domain(union(m, "domain"), child(m));
    if (m.containsKey("context")) return new ScheduleNode.Context(Relation.parse(string(m, "context")), child(m));
    if (m.containsKey("schedule")) return band(m);
    if (m.containsKey("sequence")) return new ScheduleNode.Sequence(filters(m.get("sequence")));
    if (m.containsKey("set")) return new ScheduleNode.Set(filters(m.get("set")));
    if (m.containsKey("filter")) return new ScheduleNode.Filter(union(m, "filter"), child(m));
    if (m.containsKey("mark")) return new ScheduleNode.Mark(string(m, "mark"), child(m));
    if (m.containsKey("guard")) return new ScheduleNode.Guard(Relation.parse(string(m, "guard")), child(m));
    if (m.containsKey("extension")) return new ScheduleNode.Extension(union(m, "extension"), child(m));
    if (m.containsKey("contraction") || m.containsKey("expansion")) {
      return new ScheduleNode.Expansion(union(m, "contraction"), union(m, "expansion"), child(m));
    }
    if (m.containsKey("leaf") || m.isEmpty()) return ScheduleNode.LEAF;
    throw new IllegalArgumentException("unknown schedule node with keys " + m.keySet());
  }

  private static ScheduleNode child(Map<?, ?> m) {
    Object c = m.get("child");
    if (c == null) return ScheduleNode.LEAF;
    if (!(c instanceof Map<?, ?> cm)) throw new IllegalArgumentException("child must be a mapping");
    return node(cm);
  }

  private static String string(Map<?, ?> m, String key) {
    Object v = m.get(key);
    if (v == null) throw new IllegalArgumentException("missing " + key);
    return v.toString();
  }

  private static UnionRelation union(Map<?, ?> m, String key) {
    return UnionRelation.parse(string(m, key));
  }

  private static ImmutableList<ScheduleNode.Filter> filters(Object list) {
    if (!(list instanceof List<?> l)) throw new IllegalArgumentException("sequence and set take a list of filters");
    List<ScheduleNode.Filter> out = new ArrayList<>();
    for (Object o : l) {
      if (!(o instanceof Map<?, ?> fm) || !fm.containsKey("filter")) {
        throw new IllegalArgumentException("children of sequence and set must be filter nodes");
      }
      out.add(new ScheduleNode.Filter(union(fm, "filter"), child(fm)));
    }
    return ImmutableList.copyOf(out);
  }

  private static ScheduleNode band(Map<?, ?> m) {
    List<UnionRelation> members = MultiAff.read(string(m, "schedule"));
    int n = members.size();
    boolean permutable = flag(m.get("permutable"));
    List<Boolean> coincident = new ArrayList<>();
    Object co = m.get("coincident");
    for (int k = 0; k < n; k++) {
      coincident.add(co instanceof List<?> cl && k < cl.size() && flag(cl.get(k)));
    }
    List<ScheduleNode.LoopType> types = new ArrayList<>(java.util.Collections.nCopies(n, ScheduleNode.LoopType.DEFAULT));
    String other = "";
    Object opt = m.get("options");
    if (opt != null) {
      String text = opt.toString().trim();
      if (text.startsWith("{") && text.endsWith("}")) text = text.substring(1, text.length() - 1);
      List<String> rest = new ArrayList<>();
      for (String part : text.split(";")) {
        Matcher mt = LOOP_TYPE.matcher(part.trim());
        if (mt.matches()) {
          int k = Integer.parseInt(mt.group(2));
          if (k < n) types.set(k, ScheduleNode.LoopType.valueOf(mt.group(1).toUpperCase()));
        } else if (!part.isBlank()) {
          rest.add(part.trim());
        }
      }
      if (!rest.isEmpty()) other = "{ " + String.join("; ", rest) + " }";
    }
    return new ScheduleNode.Band(ImmutableList.copyOf(members), permutable, ImmutableList.copyOf(coincident),
        ImmutableList.copyOf(types), other, child(m));
  }

  private static boolean flag(Object o) {
    if (o == null) return false;
    if (o instanceof Boolean b) return b;
    if (o instanceof Number x) return x.intValue() != 0;
    return o.toString().equals("1") || o.toString().equalsIgnoreCase("true");
  }
}

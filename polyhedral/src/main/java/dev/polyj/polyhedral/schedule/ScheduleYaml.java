package dev.polyj.polyhedral.schedule;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.yaml.IslYaml;
import dev.polyj.polyhedral.yaml.YamlNode;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

  /** The keys each node type may have besides {@code child}. */
  private static final Map<String, Set<String>> NODE_KEYS = Map.of(
      "domain", Set.of("domain"),
      "context", Set.of("context"),
      "schedule", Set.of("schedule", "permutable", "coincident", "options"),
      "sequence", Set.of("sequence"),
      "set", Set.of("set"),
      "filter", Set.of("filter"),
      "mark", Set.of("mark"),
      "guard", Set.of("guard"),
      "extension", Set.of("extension"),
      "expansion", Set.of("contraction", "expansion"));

  /**
   * Reads a schedule tree; isl-notation values may be quoted or not (as isl reads them), and nodes
   * may be written in block or flow style. Errors give the line and column in {@code yaml}.
   */
  public static ScheduleNode read(String yaml) {
    return readLocated(yaml).root();
  }

  /** A tree read from text, with the {@code line:column} where each node starts. */
  public record Located(ScheduleNode root, java.util.IdentityHashMap<ScheduleNode, String> positions) {
    /** The position of {@code n} in the text ("" when unknown). */
    public String positionOf(ScheduleNode n) {
      String p = positions.get(n);
      return p == null ? "" : p;
    }
  }

  /** {@link #read}, keeping where each node starts. */
  public static Located readLocated(String yaml) {
    IslYaml doc = IslYaml.of(yaml);
    Located out = new Located(null, new java.util.IdentityHashMap<>());
    ScheduleNode root = read(doc, doc.root(), out.positions());
    return new Located(root, out.positions());
  }

  /** Reads the tree at {@code node} of {@code doc}, recording node positions in {@code positions}. */
  public static ScheduleNode read(IslYaml doc, YamlNode node, java.util.IdentityHashMap<ScheduleNode, String> positions) {
    return new Reader(doc, positions).node(node);
  }

  private record Reader(IslYaml doc, java.util.IdentityHashMap<ScheduleNode, String> positions) {
    ScheduleNode node(YamlNode yaml) {
      YamlNode.Mapping m = doc.mapping(yaml, "schedule tree node");
      ScheduleNode n = build(m);
      positions.put(n, doc.position(m.offset()));
      return n;
    }

    private ScheduleNode build(YamlNode.Mapping m) {
      Map<String, YamlNode> e = m.entries();
      if (e.isEmpty() || (e.size() == 1 && e.containsKey("leaf"))) return ScheduleNode.LEAF;
      String type = null;
      for (String t : List.of("domain", "context", "schedule", "sequence", "set", "filter", "mark", "guard",
          "extension", "contraction", "expansion")) {
        if (e.containsKey(t)) {
          type = t.equals("contraction") ? "expansion" : t;
          break;
        }
      }
      if (type == null) {
        throw doc.error(m, "unknown schedule tree node with keys " + e.keySet()
            + " (expected one of domain, context, schedule, sequence, set, filter, mark, guard, extension, expansion, leaf)");
      }
      Set<String> allowed = NODE_KEYS.get(type);
      for (String key : e.keySet()) {
        if (!allowed.contains(key) && !key.equals("child")) {
          throw doc.errorAtKey(m, key, "key '" + key + "' does not belong in a " + type + " node");
        }
      }
      if ((type.equals("sequence") || type.equals("set")) && e.containsKey("child")) {
        throw doc.errorAtKey(m, "child", "a " + type + " node has no child key (its children are its list)");
      }
      switch (type) {
        case "domain":
          return new ScheduleNode.Domain(union(m, "domain"), child(m));
        case "context":
          return new ScheduleNode.Context(set(m, "context"), child(m));
        case "schedule":
          return band(m);
        case "sequence":
          return new ScheduleNode.Sequence(filters(e.get("sequence"), "sequence"));
        case "set":
          return new ScheduleNode.Set(filters(e.get("set"), "set"));
        case "filter":
          return new ScheduleNode.Filter(union(m, "filter"), child(m));
        case "mark":
          return new ScheduleNode.Mark(doc.text(e.get("mark"), "mark"), child(m));
        case "guard":
          return new ScheduleNode.Guard(set(m, "guard"), child(m));
        case "extension":
          return new ScheduleNode.Extension(union(m, "extension"), child(m));
        default:
          if (!e.containsKey("contraction") || !e.containsKey("expansion")) {
            throw doc.error(m, "an expansion node needs both 'contraction' and 'expansion'");
          }
          return new ScheduleNode.Expansion(union(m, "contraction"), union(m, "expansion"), child(m));
      }
    }

    private ScheduleNode child(YamlNode.Mapping m) {
      YamlNode c = m.entries().get("child");
      return c == null ? ScheduleNode.LEAF : node(c);
    }

    private UnionRelation union(YamlNode.Mapping m, String key) {
      YamlNode v = m.entries().get(key);
      try {
        return UnionRelation.parse(doc.text(v, key));
      } catch (IllegalArgumentException ex) {
        throw doc.islError(v, key, ex);
      }
    }

    /** A set (of parameters, or of outer schedule dimensions as isl allows in context and guard nodes). */
    private Relation set(YamlNode.Mapping m, String key) {
      YamlNode v = m.entries().get(key);
      Relation r;
      try {
        r = Relation.parse(doc.text(v, key));
      } catch (IllegalArgumentException ex) {
        throw doc.islError(v, key, ex);
      }
      if (r.space().isMap()) throw doc.error(v, key + ": expected a set, found a map");
      return r;
    }

    private ImmutableList<ScheduleNode.Filter> filters(YamlNode list, String type) {
      List<ScheduleNode.Filter> out = new ArrayList<>();
      for (YamlNode item : doc.sequence(list, type).items()) {
        ScheduleNode n = node(item);
        if (!(n instanceof ScheduleNode.Filter f)) throw doc.error(item, "the children of a " + type + " node must be filter nodes");
        out.add(f);
      }
      return ImmutableList.copyOf(out);
    }

    private ScheduleNode band(YamlNode.Mapping m) {
      YamlNode sched = m.entries().get("schedule");
      List<UnionRelation> members;
      try {
        members = MultiAff.read(doc.text(sched, "schedule"));
      } catch (IllegalArgumentException ex) {
        throw doc.islError(sched, "schedule", ex);
      }
      int n = members.size();
      boolean permutable = flag(m.entries().get("permutable"), "permutable");
      List<Boolean> coincident = new ArrayList<>();
      YamlNode co = m.entries().get("coincident");
      List<YamlNode> flags = co == null ? List.of() : doc.sequence(co, "coincident").items();
      if (flags.size() > n) throw doc.error(co, "coincident: " + flags.size() + " flags for a band of " + n + " members");
      for (int k = 0; k < n; k++) coincident.add(k < flags.size() && flag(flags.get(k), "coincident"));
      List<ScheduleNode.LoopType> types = new ArrayList<>(java.util.Collections.nCopies(n, ScheduleNode.LoopType.DEFAULT));
      String other = "";
      YamlNode opt = m.entries().get("options");
      if (opt != null) {
        String text = doc.text(opt, "options").trim();
        try {
          UnionRelation.parse(text); // the options must be an isl union set
        } catch (IllegalArgumentException ex) {
          throw doc.islError(opt, "options", ex);
        }
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

    private boolean flag(YamlNode v, String key) {
      if (v == null) return false;
      String t = doc.text(v, key).trim();
      switch (t) {
        case "1", "true", "True", "TRUE":
          return true;
        case "0", "false", "False", "FALSE":
          return false;
        default:
          throw doc.error(v, key + ": expected 0 or 1, found '" + t + "'");
      }
    }
  }
}

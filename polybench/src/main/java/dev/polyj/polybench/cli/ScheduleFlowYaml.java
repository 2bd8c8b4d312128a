package dev.polyj.polybench.cli;

import dev.polyj.polyhedral.schedule.MultiAff;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import java.util.ArrayList;
import java.util.List;

/**
 * Schedule trees in isl's YAML flow notation, on one line ({@code { domain: "...", child: {
 * schedule: "...", permutable: 1, coincident: [ 1, 0 ] } }}): how the calculator prints a
 * schedule. The block form that the flow form mirrors is {@link
 * dev.polyj.polyhedral.schedule.ScheduleYaml}, which also reads both forms back.
 */
final class ScheduleFlowYaml {
  private ScheduleFlowYaml() {}

  static String write(ScheduleNode root) {
    StringBuilder sb = new StringBuilder();
    node(root, sb);
    return sb.toString();
  }

  private static void node(ScheduleNode n, StringBuilder sb) {
    List<String> keys = new ArrayList<>();
    ScheduleNode child = null;
    if (n instanceof ScheduleNode.Leaf) {
      sb.append("{ leaf: {} }");
      return;
    } else if (n instanceof ScheduleNode.Domain d) {
      keys.add("domain: " + quote(d.domain().toString()));
      child = d.child();
    } else if (n instanceof ScheduleNode.Context c) {
      keys.add("context: " + quote(c.context().toString()));
      child = c.child();
    } else if (n instanceof ScheduleNode.Band b) {
      keys.add("schedule: " + quote(MultiAff.print(b.members())));
      if (b.permutable()) keys.add("permutable: 1");
      if (b.coincident().contains(true)) {
        List<String> flags = new ArrayList<>();
        for (boolean x : b.coincident()) flags.add(x ? "1" : "0");
        keys.add("coincident: [ " + String.join(", ", flags) + " ]");
      }
      String options = options(b);
      if (!options.isEmpty()) keys.add("options: " + quote(options));
      child = b.child();
    } else if (n instanceof ScheduleNode.Sequence s) {
      keys.add("sequence: " + filters(s.filters()));
    } else if (n instanceof ScheduleNode.Set s) {
      keys.add("set: " + filters(s.filters()));
    } else if (n instanceof ScheduleNode.Filter f) {
      keys.add("filter: " + quote(f.filter().toString()));
      child = f.child();
    } else if (n instanceof ScheduleNode.Mark m) {
      keys.add("mark: " + quote(m.mark()));
      child = m.child();
    } else if (n instanceof ScheduleNode.Guard g) {
      keys.add("guard: " + quote(g.guard().toString()));
      child = g.child();
    } else if (n instanceof ScheduleNode.Extension e) {
      keys.add("extension: " + quote(e.extension().toString()));
      child = e.child();
    } else if (n instanceof ScheduleNode.Expansion e) {
      keys.add("contraction: " + quote(e.contraction().toString()));
      keys.add("expansion: " + quote(e.expansion().toString()));
      child = e.child();
    }
    sb.append("{ ").append(String.join(", ", keys));
    if (child != null && !(child instanceof ScheduleNode.Leaf)) {
      sb.append(", child: ");
      node(child, sb);
    }
    sb.append(" }");
  }

  private static String filters(List<ScheduleNode.Filter> filters) {
    StringBuilder sb = new StringBuilder("[ ");
    for (int i = 0; i < filters.size(); i++) {
      if (i > 0) sb.append(", ");
      node(filters.get(i), sb);
    }
    return sb.append(" ]").toString();
  }

  private static String options(ScheduleNode.Band b) {
    return ScheduleYaml.options(b);
  }

  private static String quote(String s) {
    return ScheduleYaml.quote(s);
  }
}

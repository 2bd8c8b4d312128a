package dev.polyj.polyhedral.multifor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.junit.jupiter.api.Assumptions;

/**
 * Random multifor nests (one or two levels, one to four nests, any step direction, grains 1-4,
 * offsets 0-5, inner bounds reading the own nest's outer index, statements of random nests around
 * the inner level): the translation compiled by gcc prints the interpreter's trace.
 */
class RandomMultiforProperties {
  @BeforeContainer
  static void gcc() {
    Assumptions.assumeTrue(GccRunner.available(), "gcc is not installed");
  }

  @Provide
  Arbitrary<String> programs() {
    return Arbitraries.longs().between(0, Long.MAX_VALUE).map(RandomMultiforProperties::program);
  }

  static String program(long seed) {
    java.util.Random r = new java.util.Random(seed);
    int nests = 1 + r.nextInt(4);
    int depth = 1 + r.nextInt(2);
    StringBuilder sb = new StringBuilder();
    List<String> outer = new ArrayList<>();
    for (int l = 0; l < depth; l++) {
      List<String> names = new ArrayList<>();
      for (int k = 0; k < nests; k++) names.add("x" + l + "_" + k);
      List<String> init = new ArrayList<>();
      List<String> cond = new ArrayList<>();
      List<String> step = new ArrayList<>();
      List<String> grain = new ArrayList<>();
      List<String> offset = new ArrayList<>();
      for (int k = 0; k < nests; k++) {
        String i = names.get(k);
        String dep = l > 0 && r.nextBoolean() ? " + " + outer.get(k) : "";
        boolean up = r.nextInt(4) != 0;
        int lo = r.nextInt(5) - 2;
        int hi = lo + r.nextInt(10) - 1;
        int s = 1 + r.nextInt(3);
        if (up) {
          init.add(i + " = " + lo);
          cond.add((r.nextBoolean() ? i + " < " + hi + dep : hi + dep + " >= " + i).replace("+ -", "- "));
          step.add(s == 1 ? i + "++" : i + " += " + s);
        } else {
          init.add(i + " = " + hi + dep);
          cond.add(i + (r.nextBoolean() ? " > " : " >= ") + lo);
          step.add(s == 1 ? "--" + i : i + " -= " + s);
        }
        grain.add(Integer.toString(1 + r.nextInt(4)));
        offset.add(Integer.toString(r.nextInt(6)));
      }
      sb.append("multifor (").append(String.join(", ", init)).append("; ").append(String.join(", ", cond)).append("; ")
          .append(String.join(", ", step)).append("; ").append(String.join(", ", grain)).append("; ")
          .append(String.join(", ", offset)).append(") {\n");
      int before = r.nextInt(3);
      int after = l == depth - 1 ? 0 : r.nextInt(2);
      if (l == depth - 1) before = 1 + r.nextInt(3);
      List<String> stmts = new ArrayList<>();
      for (int s = 0; s < before + after; s++) {
        int k = r.nextInt(nests);
        List<String> idx = new ArrayList<>(names.subList(k, k + 1));
        StringBuilder fmt = new StringBuilder("L" + l + "s" + s);
        List<String> args = new ArrayList<>();
        for (int m = 0; m < l; m++) args.add("x" + m + "_" + k);
        args.add(names.get(k));
        for (int m = 0; m < args.size(); m++) fmt.append(" %d");
        stmts.add(k + " : printf(\"" + fmt + "\\n\", " + String.join(", ", args) + ");\n");
      }
      for (int s = 0; s < before; s++) sb.append(stmts.get(s));
      sb.append("@").append(l).append("@");
      for (int s = before; s < before + after; s++) sb.append(stmts.get(s));
      sb.append("}\n");
      outer = names;
    }
    // nest level l + 1 at the marker of level l
    String text = sb.toString();
    String[] parts = text.split("(?=multifor \\()");
    String inner = parts[parts.length - 1].replaceAll("@\\d+@", "");
    for (int l = parts.length - 2; l >= 0; l--) inner = parts[l].replace("@" + l + "@", inner);
    return inner;
  }

  /**
   * The same programs with every grain and offset read from a parameter (set at run time through a
   * volatile, so gcc cannot fold it): the run-time grain arithmetic prints the interpreter's trace.
   */
  @Property(tries = 8)
  void parametricGrainsRunTheInterpretersTrace(@ForAll("programs") String body) throws Exception {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("multifor \\(([^;]*); ([^;]*); ([^;]*); ([^;]*); ([^)]*)\\)").matcher(body);
    StringBuilder sb = new StringBuilder();
    Map<String, Long> params = new java.util.LinkedHashMap<>();
    int level = 0;
    while (m.find()) {
      List<String> grains = new ArrayList<>();
      List<String> offsets = new ArrayList<>();
      String[] g = m.group(4).split(", ");
      String[] o = m.group(5).split(", ");
      for (int k = 0; k < g.length; k++) {
        params.put("g" + level + "_" + k, Long.parseLong(g[k]));
        params.put("o" + level + "_" + k, Long.parseLong(o[k]));
        grains.add("g" + level + "_" + k);
        offsets.add("o" + level + "_" + k);
      }
      m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement("multifor (" + m.group(1) + "; " + m.group(2) + "; " + m.group(3)
          + "; " + String.join(", ", grains) + "; " + String.join(", ", offsets) + ")"));
      level++;
    }
    m.appendTail(sb);
    org.junit.jupiter.api.Assertions.assertTrue(level > 0 && !params.isEmpty(), body);
    StringBuilder prog = new StringBuilder("#include <stdio.h>\n\nint main(void) {\n");
    for (var e : params.entrySet()) {
      prog.append("  volatile int v_").append(e.getKey()).append(" = ").append(e.getValue()).append(";\n");
      prog.append("  int ").append(e.getKey()).append(" = v_").append(e.getKey()).append(";\n");
    }
    prog.append("  ").append(sb.toString().replace("\n", "\n  ")).append("\n  return 0;\n}\n");
    var ev = MultiforInterpreter.run(MultiforParser.parse(prog.toString(), "t.c").get(0).loop(), params);
    List<String> want = ev.stream().map(PaperExamplesTest::line).toList();
    String seq = MultiforTranslator.translateFile(prog.toString(), "t.c", false);
    assertEquals(want, PaperExamplesTest.lines(GccRunner.run(seq, false, Map.of())), seq);
  }

  /**
   * Random chains of one to three levels where nest 0 (loops of any shape: inner bounds reading
   * its outer indices, steps up or down, possibly empty) is mapped by rank onto nest 1 (a box with
   * grains and offsets), beside a third nest: the translation prints the interpreter's trace, or
   * traps exactly when the mapped nest has more iterations.
   */
  @Property(tries = 12)
  void rankMappedNestsRunTheInterpretersTrace(@ForAll("seeds") long seed) throws Exception {
    java.util.Random r = new java.util.Random(seed);
    int depth = 1 + r.nextInt(3);
    StringBuilder open = new StringBuilder();
    StringBuilder close = new StringBuilder();
    List<String> idx0 = new ArrayList<>();
    List<String> idx1 = new ArrayList<>();
    List<String> idx2 = new ArrayList<>();
    for (int l = 0; l < depth; l++) {
      String a = "m" + l;
      String b = "q" + l;
      String c = "z" + l;
      String dep = l > 0 && r.nextBoolean() ? " + m" + (l - 1) : "";
      String cond0;
      String init0;
      String step0;
      if (r.nextBoolean()) {
        init0 = a + " = " + (r.nextInt(3) - 1);
        cond0 = a + " < " + r.nextInt(5) + dep;
        step0 = a + " += " + (1 + r.nextInt(2));
      } else {
        init0 = a + " = " + r.nextInt(5) + dep;
        cond0 = a + " >= " + (r.nextInt(3) - 1);
        step0 = a + "--";
      }
      open.append("multifor (").append(init0).append(", ").append(b).append(" = 0, ").append(c).append(" = 0; ")
          .append(cond0).append(", ").append(b).append(" < ").append(2 + r.nextInt(4)).append(", ").append(c).append(" < ").append(1 + r.nextInt(3))
          .append("; ").append(step0).append(", ").append(b).append("++, ").append(c).append("++; rank(1), ").append(1 + r.nextInt(3))
          .append(", ").append(1 + r.nextInt(2)).append("; 0, ").append(r.nextInt(3)).append(", ").append(r.nextInt(4)).append(") {\n");
      idx0.add(a);
      idx1.add(b);
      idx2.add(c);
      if (l < depth - 1 && r.nextBoolean()) {
        open.append("1 : printf(\"O").append(l).append(" %d".repeat(l + 1)).append("\\n\", ").append(String.join(", ", idx1)).append(");\n");
      }
      close.append("}\n");
    }
    String fmt = " %d".repeat(depth);
    List<String> items = new ArrayList<>(List.of(
        "0 : printf(\"M" + fmt + "\\n\", " + String.join(", ", idx0) + ");\n",
        "1 : printf(\"R" + fmt + "\\n\", " + String.join(", ", idx1) + ");\n",
        "2 : printf(\"T" + fmt + "\\n\", " + String.join(", ", idx2) + ");\n"));
    java.util.Collections.shuffle(items, r);
    String body = open + String.join("", items) + close;
    String prog = PaperExamplesTest.program(Map.of(), body);
    String seq = MultiforTranslator.translateFile(prog, "t.c", false);
    List<MultiforInterpreter.Event> ev;
    try {
      ev = PaperExamplesTest.expected(prog, Map.of());
    } catch (dev.polyj.polyhedral.frontend.CSourceException longer) {
      AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> GccRunner.run(seq, false, Map.of()));
      org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("program failed"), e.getMessage());
      return;
    }
    List<String> want = ev.stream().map(PaperExamplesTest::line).toList();
    assertEquals(want, PaperExamplesTest.lines(GccRunner.run(seq, false, Map.of())), seq);
  }

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs().between(0, Long.MAX_VALUE);
  }

  @Property(tries = 25)
  void translationRunsTheInterpretersTrace(@ForAll("programs") String body) throws Exception {
    String prog = PaperExamplesTest.program(Map.of(), body);
    var ev = PaperExamplesTest.expected(prog, Map.of());
    List<String> want = ev.stream().map(PaperExamplesTest::line).toList();
    String seq = MultiforTranslator.translateFile(prog, "t.c", false);
    assertEquals(want, PaperExamplesTest.lines(GccRunner.run(seq, false, Map.of())), seq);
    String par = MultiforTranslator.translateFile(prog, "t.c", true);
    PaperExamplesTest.assertSameBlocks(ev, PaperExamplesTest.lines(GccRunner.run(par, true, Map.of("OMP_NUM_THREADS", "2"))), par);
  }
}

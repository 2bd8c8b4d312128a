package dev.polyj.codegen.multifor;

import dev.polyj.codegen.c.CodegenCommand;
import dev.polyj.polyhedral.frontend.CSourceException;
import dev.polyj.polyhedral.multifor.IndexSubstitution;
import dev.polyj.polyhedral.multifor.MultiforLoop;
import dev.polyj.polyhedral.multifor.MultiforModel;
import dev.polyj.polyhedral.multifor.MultiforParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The paper's second code generation scheme for multifor (Fassi et al., IMPACT 2013, section 3.2):
 * the referential domain of each multifor nest ({@link MultiforModel}) is scanned by the polyhedral
 * code generator with every schedule dimension separated, so that each domain {@code D_i} where the
 * same nests overlap gets its own loops, stepping by the grains (the compression), with guards only
 * where nests with different lattices share a domain. Each statement call {@code S<s>_<k>(t...)}
 * becomes the statement with nest {@code k}'s indices replaced by their values
 * {@code init + step * t} (outer indices substituted too), so that affine subscripts stay affine
 * and the result is a static control part the optimizer can read.
 */
public final class MultiforCodegen {
  private static final Pattern CALL = Pattern.compile("\\b(S\\d+_\\d+)\\(");

  private MultiforCodegen() {}

  /** The file with every multifor statement replaced by polyhedrally generated loops. */
  public static String translateFile(String src, String file) {
    List<MultiforParser.Occurrence> occ = MultiforParser.parse(src, file);
    StringBuilder out = new StringBuilder();
    int copied = 0;
    for (MultiforParser.Occurrence o : occ) {
      out.append(src, copied, o.start());
      out.append(translate(o.loop()));
      copied = o.end();
    }
    out.append(src, copied, src.length());
    return out.toString();
  }

  /** The codegen input (schedule map, context, options) of one multifor nest. */
  public static String codegenInput(MultiforModel m) {
    return m.scheduleMap() + "\n" + m.context() + "\n{ [c] -> separate[x] }\n";
  }

  static String translate(MultiforLoop root) {
    MultiforModel m = MultiforModel.of(root);
    String loops;
    try {
      loops = new CodegenCommand().run(codegenInput(m));
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      throw new CSourceException(root.pos(), "no polyhedral code for this multifor: " + e.getMessage());
    }
    Map<String, MultiforModel.Instance> byName = new HashMap<>();
    for (MultiforModel.Instance i : m.instances()) byName.put(i.name(), i);
    StringBuilder sb = new StringBuilder("{ /* multifor: referential domain scanned by polyhedral code generation */\n");
    Matcher mt = CALL.matcher(loops);
    int copied = 0;
    while (mt.find(copied)) {
      MultiforModel.Instance inst = byName.get(mt.group(1));
      if (inst == null) {
        sb.append(loops, copied, mt.end());
        copied = mt.end();
        continue;
      }
      int close = closing(loops, mt.end());
      List<String> args = splitArgs(loops.substring(mt.end(), close));
      int end = close + 1;
      if (end < loops.length() && loops.charAt(end) == ';') end++;
      sb.append(loops, copied, mt.start());
      Map<String, String> values = new HashMap<>();
      for (int l = 0; l < inst.loops().size(); l++) {
        MultiforLoop.Loop loop = inst.loops().get(l);
        String init = IndexSubstitution.substitute(loop.init().text(), values);
        String step = loop.step() == 1 ? "" : loop.step() + " * ";
        values.put(loop.index(), init.equals("0") ? step + "(" + args.get(l) + ")" : init + " + " + step + "(" + args.get(l) + ")");
      }
      sb.append("{ ").append(IndexSubstitution.substitute(inst.text(), values)).append(" }");
      copied = end;
    }
    sb.append(loops, copied, loops.length());
    sb.append("}");
    return sb.toString();
  }

  private static int closing(String s, int from) {
    int depth = 0;
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(') depth++;
      else if (c == ')') {
        if (depth == 0) return i;
        depth--;
      }
    }
    throw new IllegalStateException("unbalanced call in generated code");
  }

  private static List<String> splitArgs(String s) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(') depth++;
      else if (c == ')') depth--;
      else if (c == ',' && depth == 0) {
        out.add(s.substring(start, i).trim());
        start = i + 1;
      }
    }
    if (!s.isBlank()) out.add(s.substring(start).trim());
    return out;
  }
}

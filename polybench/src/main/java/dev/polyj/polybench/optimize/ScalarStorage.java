package dev.polyj.polybench.optimize;

import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.polyhedral.storage.ExpandedArray;
import dev.polyj.polyhedral.storage.ScalarExpansion;
import dev.polyj.polyhedral.storage.StorageContraction;
import dev.polyj.polyhedral.storage.StorageDeclarations;
import java.util.ArrayList;
import java.util.List;

/**
 * The storage of a region's scalars in the optimizer: expanded before scheduling ({@link
 * ScalarExpansion}, which also copies each scalar's last value back after the region, so code
 * after it reads what it read before), contracted after scheduling and tiling against the trees
 * the region's code runs ({@link StorageContraction}), and declared in the region's block ({@link
 * StorageDeclarations}), as are the variables the region declares itself (block scope). The system property {@code polyj.scalarExpansion=false} turns it off.
 */
final class ScalarStorage {
  private final ScalarExpansion.Result expansion;
  private List<StorageContraction.Contracted> contracted = List.of();
  private Scop copies;
  /** The variables declared inside the region, and the SCoPs whose code the region prints. */
  private final List<ArrayInfo> locals = new ArrayList<>();
  private final List<Scop> printed = new ArrayList<>();

  private ScalarStorage(ScalarExpansion.Result expansion) {
    this.expansion = expansion;
    for (ArrayInfo a : expansion.scop().arrays()) if (a.isRegionLocal()) locals.add(a);
  }

  /** The storage plan of {@code scop}'s scalars. */
  static ScalarStorage expand(Scop scop) {
    if (System.getProperty("polyj.scalarExpansion", "true").equals("false")) {
      return new ScalarStorage(new ScalarExpansion.Result(scop, com.google.common.collect.ImmutableList.of(), null));
    }
    return new ScalarStorage(ScalarExpansion.expand(scop));
  }

  /** The SCoP to schedule. */
  Scop scop() {
    return expansion.scop();
  }

  /** {@code s} with the expanded arrays contracted under its tree (and the program's order, when printed too). */
  PolyhedralOptimizer.Scheduled contract(PolyhedralOptimizer.Scheduled s) {
    PolyhedralOptimizer.Scheduled out = contracted(s);
    printed.add(out.scop());
    if (out.programOrder() != null) printed.add(out.programOrder());
    return out;
  }

  private PolyhedralOptimizer.Scheduled contracted(PolyhedralOptimizer.Scheduled s) {
    if (!expansion.changed()) return s;
    // the copies after the region count as the last reads of their elements
    Scop after = expansion.after();
    List<Scop> scops = new ArrayList<>(List.of(ScalarExpansion.followedBy(s.scop(), s.tree(), after)));
    if (s.programOrder() != null) {
      scops.add(ScalarExpansion.followedBy(s.programOrder(), s.programOrder().schedule(), after));
    }
    List<ScheduleNode> trees = new ArrayList<>();
    for (Scop x : scops) trees.add(x.schedule());
    List<StorageContraction.Contracted> out = new ArrayList<>();
    for (ExpandedArray a : expansion.arrays()) out.add(StorageContraction.contract(a, scops, trees));
    contracted = out;
    copies = after == null ? null : StorageContraction.apply(after, out);
    Scop program = s.programOrder() == null ? null : StorageContraction.apply(s.programOrder(), out);
    return new PolyhedralOptimizer.Scheduled(StorageContraction.apply(s.scop(), out), s.tree(), s.tiling(), program,
        s.reductions());
  }

  /** The indentation level of the region's code: one more when it is wrapped in a block of declarations. */
  int innerLevel(int level) {
    return wrapped() ? level + 1 : level;
  }

  /** Whether the region's code goes in a block of its own, for declarations. */
  private boolean wrapped() {
    return expansion.changed() || !locals.isEmpty();
  }

  /**
   * The declarations of the region's block-scope variables that its new code still uses (a scalar
   * replaced everywhere by its expansion is not); {@code const} is dropped, since the code
   * assigns the initial value as a statement.
   */
  private List<String> localDeclarations() {
    List<String> out = new ArrayList<>();
    for (ArrayInfo a : locals) {
      boolean used = false;
      for (Scop scop : printed) {
        for (Statement st : scop.statements()) {
          for (Access acc : st.accesses()) used |= acc.array().equals(a.name());
        }
      }
      if (!used) continue;
      StringBuilder d = new StringBuilder(a.elementType()).append(' ').append(a.name());
      for (String size : a.sizeStrings()) d.append('[').append(size).append(']');
      out.add(d.append(';').toString());
    }
    return out;
  }

  /** The region's {@code code} inside a block that declares the contracted arrays first and releases them last. */
  String wrap(String code, int level) {
    if (!wrapped()) return code;
    int pos = 0;
    while (pos < code.length() && code.charAt(pos) == '#') {
      int end = code.indexOf('\n', pos);
      if (end < 0) break;
      pos = end + 1;
    }
    String unit = "  ";
    StringBuilder sb = new StringBuilder(code.substring(0, pos));
    sb.append(unit.repeat(level)).append("{\n");
    for (String d : localDeclarations()) sb.append(unit.repeat(level + 1)).append(d).append('\n');
    for (String d : StorageDeclarations.declarations(contracted)) sb.append(unit.repeat(level + 1)).append(d).append('\n');
    sb.append(code.substring(pos));
    if (copies != null) {
      sb.append(ScopCodegen.region(copies, copies.schedule(), BuildOptions.defaults()
          .withReservedNames(ScopCodegen.identifiers(copies)).withParallelLoops(false), level + 1));
    }
    for (String r : StorageDeclarations.releases(contracted)) sb.append(unit.repeat(level + 1)).append(r).append('\n');
    sb.append(unit.repeat(level)).append("}\n");
    return sb.toString();
  }
}

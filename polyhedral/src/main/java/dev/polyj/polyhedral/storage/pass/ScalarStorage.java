package dev.polyj.polyhedral.storage.pass;

import dev.polyj.polyhedral.pass.Scheduled;
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
 * StorageDeclarations}, by code generation), as are the variables the region declares itself
 * (block scope). The passes {@code scalar-expansion} and {@code storage-contraction} run it.
 */
public final class ScalarStorage {
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
  public static ScalarStorage expand(Scop scop) {
    return new ScalarStorage(ScalarExpansion.expand(scop));
  }

  /** The storage of {@code scop} with no scalar expanded. */
  public static ScalarStorage none(Scop scop) {
    return new ScalarStorage(new ScalarExpansion.Result(scop, com.google.common.collect.ImmutableList.of(), null));
  }

  /** The expanded arrays. */
  public List<ExpandedArray> arrays() {
    return expansion.arrays();
  }

  /** The SCoP to schedule. */
  public Scop scop() {
    return expansion.scop();
  }

  /**
   * Records that the region prints {@code scop} (rewritten by another storage pass), so that the
   * region's own variables it no longer uses are not declared.
   */
  public void printing(Scop scop) {
    printed.add(scop);
  }

  /** {@code s} with the expanded arrays contracted under its tree (and the program's order, when printed too). */
  public Scheduled contract(Scheduled s) {
    Scheduled out = contracted(s);
    printed.add(out.scop());
    if (out.programOrder() != null) printed.add(out.programOrder());
    return out;
  }

  private Scheduled contracted(Scheduled s) {
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
    return new Scheduled(StorageContraction.apply(s.scop(), out), s.tree(), s.tiling(), program,
        s.reductions());
  }

  /**
   * Whether the region's code goes in a block of its own: some scalar was expanded (the block
   * declares the arrays), or the region declares variables of its own (block scope).
   */
  public boolean changed() {
    return expansion.changed() || !locals.isEmpty();
  }

  /**
   * The declarations of the region's block-scope variables that its new code still uses (a scalar
   * replaced everywhere by its expansion is not), first in the region's block; {@code const} is
   * dropped, since the code assigns the initial value as a statement.
   */
  public List<String> localDeclarations() {
    List<String> out = new ArrayList<>();
    List<Scop> code = printed.isEmpty() ? List.of(expansion.scop()) : printed;
    for (ArrayInfo a : locals) {
      boolean used = false;
      for (Scop scop : code) {
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

  /** The declarations of the contracted arrays, first in the region's block. */
  public List<String> declarations() {
    return StorageDeclarations.declarations(contracted);
  }

  /** The statements that release the contracted arrays, last in the region's block. */
  public List<String> releases() {
    return StorageDeclarations.releases(contracted);
  }

  /** The copies of the scalars' last values after the region, contracted, or null. */
  public Scop copies() {
    return copies;
  }
}

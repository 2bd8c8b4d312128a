package dev.polyj.presburger.notation;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import java.util.Arrays;

/** Printer of sets and relations in isl notation. */
public final class IslPrinter {
  private IslPrinter() {}

  public static String print(dev.polyj.presburger.set.UnionRelation u) {
    StringBuilder sb = new StringBuilder();
    for (Relation r : u.relations()) sb.append(print(r)).append("; ");
    return sb.toString();
  }

  public static String print(Relation r) {
    StringBuilder sb = new StringBuilder(r.space().toString()).append(" :");
    for (BasicRelation b : r.basics()) {
      sb.append(" {");
      for (long[] e : b.equalities()) sb.append(" eq").append(Arrays.toString(e));
      for (long[] e : b.inequalities()) sb.append(" ge").append(Arrays.toString(e));
      sb.append(" }");
    }
    return sb.toString();
  }
}

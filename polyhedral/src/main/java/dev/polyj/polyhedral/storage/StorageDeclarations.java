package dev.polyj.polyhedral.storage;

import java.util.ArrayList;
import java.util.List;

/**
 * The C declarations of contracted arrays inside a generated region: a scalar left without
 * dimensions is a local variable; an array gets its storage from {@code malloc} (its extents are
 * run-time values of the parameters and may be too large for the stack) through a pointer to a
 * C99 variably modified type, so the statements index it as {@code x[i][j]}; every extent is at
 * least 1 so that an empty region allocates nothing invalid. The storage is released at the end
 * of the region.
 */
public final class StorageDeclarations {
  private StorageDeclarations() {}

  /** The lines declaring {@code arrays}, first in the region's block. */
  public static List<String> declarations(List<StorageContraction.Contracted> arrays) {
    List<String> out = new ArrayList<>();
    boolean heap = false;
    for (StorageContraction.Contracted c : arrays) heap |= !c.kept().isEmpty();
    if (heap) {
      out.add("extern void *malloc(__SIZE_TYPE__);");
      out.add("extern void free(void *);");
    }
    for (StorageContraction.Contracted c : arrays) {
      String type = c.array().elementType();
      String name = c.array().name();
      List<String> extents = new ArrayList<>();
      for (String e : c.extents()) extents.add("((" + e + ") > 0 ? (" + e + ") : 1)");
      if (extents.isEmpty()) {
        out.add(type + " " + name + ";");
        continue;
      }
      StringBuilder inner = new StringBuilder();
      for (int k = 1; k < extents.size(); k++) inner.append('[').append(extents.get(k)).append(']');
      String pointer = inner.length() == 0 ? type + " *" : type + " (*)" + inner;
      String decl = inner.length() == 0 ? type + " *" + name : type + " (*" + name + ")" + inner;
      StringBuilder bytes = new StringBuilder("sizeof(" + type + ")");
      for (String e : extents) bytes.append(" * (__SIZE_TYPE__)").append(e);
      out.add(decl + " = (" + pointer + ")malloc(" + bytes + ");");
    }
    return out;
  }

  /** The lines releasing {@code arrays}, last in the region's block. */
  public static List<String> releases(List<StorageContraction.Contracted> arrays) {
    List<String> out = new ArrayList<>();
    for (StorageContraction.Contracted c : arrays) if (!c.kept().isEmpty()) out.add("free(" + c.array().name() + ");");
    return out;
  }
}

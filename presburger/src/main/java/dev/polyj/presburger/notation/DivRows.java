package dev.polyj.presburger.notation;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;

/** Recognises the inequalities that merely pin a known division local down to its definition. */
final class DivRows {
  private DivRows() {}

  /**
   * True when {@code row >= 0} is implied by the definition of some known division local of
   * {@code b}, i.e. it is {@code num - d*q + c} or {@code -num + d*q + d - 1 + c} with {@code c >= 0}
   * for {@code q = floor(num/d)}.
   */
  static boolean impliedByDefinition(BasicRelation b, long[] row) {
    for (int j = 0; j < b.nLocal(); j++) {
      Div def = b.div(j);
      if (def == null) continue;
      int col = b.localCol(j);
      long d = def.denominator();
      if (row[col] == -d && matches(row, def, col, 1) && row[0] >= def.coefficient(0)) return true;
      if (row[col] == d && matches(row, def, col, -1) && row[0] >= Ints.add(-def.coefficient(0), d - 1)) return true;
    }
    return false;
  }

  private static boolean matches(long[] row, Div def, int col, long sign) {
    for (int i = 1; i < row.length; i++) {
      if (i == col) continue;
      long n = i < def.width() ? def.coefficient(i) : 0;
      if (row[i] != sign * n) return false;
    }
    return true;
  }
}

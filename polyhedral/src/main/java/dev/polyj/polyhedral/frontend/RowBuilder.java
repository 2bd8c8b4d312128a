package dev.polyj.polyhedral.frontend;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.space.Space;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns quasi-affine expressions into constraint rows of a basic relation under construction:
 * named variables go to their columns, each distinct division becomes a local with its defining
 * constraints.
 */
final class RowBuilder {
  private final BasicRelation.Builder builder;
  private final Map<String, Integer> columns;
  private final Map<QAff.DivTerm, Integer> divColumns = new HashMap<>();

  RowBuilder(Space space, Map<String, Integer> columns) {
    this.builder = BasicRelation.builder(space);
    this.columns = columns;
  }

  /** The conjunction of {@code atoms} in {@code space}; {@code columns} maps variable names to columns. */
  static BasicRelation build(Space space, Map<String, Integer> columns, List<Formula.Atom> atoms) {
    RowBuilder rb = new RowBuilder(space, columns);
    for (Formula.Atom a : atoms) rb.add(a);
    return rb.build();
  }

  void add(Formula.Atom a) {
    long[] row = row(a.expr());
    if (a.eq()) builder.addEq(row);
    else builder.addIneq(row);
  }

  /** Adds {@code column = value}. */
  void addEquals(int column, QAff value) {
    long[] row = row(value);
    row[column] = dev.polyj.presburger.arith.Ints.sub(row[column], 1);
    builder.addEq(row);
  }

  BasicRelation build() {
    return builder.build();
  }

  long[] row(QAff e) {
    for (QAff.DivTerm d : e.divTerms().keySet()) divColumn(d);
    long[] row = new long[builder.nCol()];
    row[0] = e.constantTerm();
    for (var v : e.varTerms().entrySet()) {
      Integer col = columns.get(v.getKey());
      if (col == null) throw new IllegalStateException("variable " + v.getKey() + " has no column");
      row[col] = dev.polyj.presburger.arith.Ints.add(row[col], v.getValue());
    }
    for (var d : e.divTerms().entrySet()) {
      int col = divColumns.get(d.getKey());
      row[col] = dev.polyj.presburger.arith.Ints.add(row[col], d.getValue());
    }
    return row;
  }

  private int divColumn(QAff.DivTerm d) {
    Integer col = divColumns.get(d);
    if (col != null) return col;
    long[] num = row(d.numerator());
    int c = builder.addDiv(num, d.denominator());
    divColumns.put(d, c);
    return c;
  }
}

package dev.polyj.reductions;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import java.util.List;

/**
 * A reduction-like computation of one statement (Doerfert et al., IMPACT 2015, Section 3.1): the
 * statement loads {@code load}, combines the loaded value with other values by {@code operator}
 * only, and stores the result with {@code store}; the two accesses reach (partly) the same
 * elements of {@code array} and no other access of the statement does. A sum that subtracts some
 * of its values ({@code x -= e}, {@code x = x - e1 + e2}) has {@code subtracts} set: it is the sum
 * of their negations, reassociated like any sum (a private copy starts from 0 and is added to the
 * original), but it is not the sum of the operands as they are written. A conditional selecting
 * the larger of two values ({@code s >= a ? s : a}) reads its operands again in its branches:
 * {@code copies} are those second reads of the load, the same value.
 */
public record Reduction(String statement, String array, ReductionOperator operator, Access load, Access store,
    boolean subtracts, List<Access> copies) {
  public Reduction(String statement, String array, ReductionOperator operator, Access load, Access store,
      boolean subtracts) {
    this(statement, array, operator, load, store, subtracts, List.of());
  }

  public Reduction {
    copies = List.copyOf(copies);
    checkArgument(!subtracts || operator == ReductionOperator.SUM, "only a sum subtracts, not a %s", operator);
    checkArgument(load.isRead() && store.isWrite(),
        "a reduction loads with a read and stores with a write, got %s and %s",
        load.kind(), store.kind());
    checkArgument(load.array().equals(array) && store.array().equals(array),
        "the load and store of a reduction on %s access %s and %s", array, load.array(), store.array());
  }

  /** Whether {@code a} is this reduction's load or a second read of it. */
  public boolean reads(Access a) {
    return a == load || copies.contains(a);
  }

  /** Whether combining its values in another order gives the same bits ({@link #exact}) in {@code scop}. */
  public boolean exactIn(Scop scop) {
    return exact(operator, elementType(scop, array));
  }

  /**
   * Whether {@code operator} gives the same bits in any order on elements of the C type {@code
   * elementType}: the minimum and the maximum of integers. Floating-point sums and products round
   * differently; a selection on floating-point values differs from the minimum on NaN and signed
   * zeros; integer sums are left out because reordering them may overflow where the program does
   * not.
   */
  public static boolean exact(ReductionOperator operator, String elementType) {
    return (operator == ReductionOperator.MIN || operator == ReductionOperator.MAX) && integerType(elementType);
  }

  /** The element type of {@code array} in {@code scop}, or null when the SCoP does not list it. */
  static String elementType(Scop scop, String array) {
    for (ArrayInfo a : scop.arrays()) if (a.name().equals(array)) return a.elementType();
    return null;
  }

  /** Whether a C type name is an integer type (not a typedef or {@code __typeof__} that hides one). */
  static boolean integerType(String type) {
    if (type == null || type.isBlank()) return false;
    for (String word : type.trim().split("\\s+")) {
      switch (word) {
        case "int", "long", "short", "char", "signed", "unsigned", "const", "volatile", "size_t", "ptrdiff_t",
            "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
            "intptr_t", "uintptr_t" -> { }
        default -> {
          return false;
        }
      }
    }
    return true;
  }
}

package dev.polyj.polyhedral.storage.delicm;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random small loop programs for DeLICM's property tests: an {@code i} loop whose body holds
 * statements and an inner {@code j} loop, over two region-local scalars {@code s} and {@code t}
 * and the arrays {@code A[12]}, {@code B[12][12]}, {@code C[12]}; each statement assigns or
 * accumulates into a scalar or an array element a sum of products of scalars, elements and
 * constants. Biased towards the shapes register promotion leaves (a scalar initialized, updated in
 * the inner loop, stored after it) so that mappings and conflicts both occur.
 */
final class RandomProgram {
  private RandomProgram() {}

  static String generate(long seed) {
    Random r = new Random(seed);
    StringBuilder sb = new StringBuilder();
    sb.append("void f(int N, double A[12], double B[12][12], double C[12]) {\n#pragma scop\n");
    sb.append("for (int i = 0; i < N; i += 1) {\n  double s;\n  double t;\n");
    // the scalars are (mostly) set first in each iteration, as register promotion leaves them
    if (r.nextInt(5) > 0) sb.append("  s = ").append(rhs(r, false).replace("s", "2")).append(";\n");
    if (r.nextInt(5) > 0) sb.append("  t = ").append(rhs(r, false).replace("s", "2").replace("t", "3")).append(";\n");
    int items = 2 + r.nextInt(4);
    boolean inner = false;
    for (int k = 0; k < items; k++) {
      if (!inner && r.nextInt(3) == 0) {
        inner = true;
        sb.append("  for (int j = 0; j < N; j += 1) {\n");
        int n = 1 + r.nextInt(2);
        for (int q = 0; q < n; q++) sb.append("    ").append(statement(r, true)).append('\n');
        if (r.nextBoolean()) sb.append("    s += ").append(operand(r, true)).append(" * ").append(operand(r, true)).append(";\n");
        sb.append("  }\n");
      } else {
        sb.append("  ").append(statement(r, false)).append('\n');
      }
    }
    // a promoted element written back
    if (r.nextBoolean()) sb.append("  ").append(r.nextBoolean() ? "C" : "A").append("[i] = ").append(r.nextInt(3) == 0 ? "t" : "s").append(";\n");
    sb.append("}\n#pragma endscop\n}\n");
    return sb.toString();
  }

  private static String statement(Random r, boolean inJ) {
    String lhs = lhs(r, inJ);
    String op = r.nextInt(3) == 0 ? " += " : " = ";
    return lhs + op + rhs(r, inJ) + ";";
  }

  private static String lhs(Random r, boolean inJ) {
    return switch (r.nextInt(6)) {
      case 0, 1 -> "s";
      case 2 -> "t";
      case 3 -> "A[" + sub(r, inJ) + "]";
      case 4 -> "C[" + sub(r, inJ) + "]";
      default -> "B[" + sub(r, inJ) + "][" + sub(r, inJ) + "]";
    };
  }

  private static String rhs(Random r, boolean inJ) {
    List<String> terms = new ArrayList<>();
    int n = 1 + r.nextInt(2);
    for (int k = 0; k < n; k++) terms.add(operand(r, inJ) + (r.nextBoolean() ? " * " + operand(r, inJ) : ""));
    return String.join(" + ", terms);
  }

  private static String operand(Random r, boolean inJ) {
    return switch (r.nextInt(7)) {
      case 0, 1 -> "s";
      case 2 -> "t";
      case 3 -> "A[" + sub(r, inJ) + "]";
      case 4 -> "C[" + sub(r, inJ) + "]";
      case 5 -> "B[" + sub(r, inJ) + "][" + sub(r, inJ) + "]";
      default -> Integer.toString(1 + r.nextInt(3));
    };
  }

  private static String sub(Random r, boolean inJ) {
    int k = r.nextInt(inJ ? 6 : 4);
    return switch (k) {
      case 0, 1 -> "i";
      case 2 -> "i + 1";
      case 3 -> Integer.toString(r.nextInt(2));
      case 4 -> "j";
      default -> "j + 1";
    };
  }
}

package dev.polyj.polybench.bench;

import java.util.Locale;
import java.util.Map;

/** Writes array dumps the way the two harnesses print them ("%0.2lf " values). */
final class Dumps {

  private Dumps() {}

  /** The built-in harness: "begin dump: X\n", 20 values a line, "end   dump: X\n". */
  static String polyj(Map<String, double[]> arrays) {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, double[]> e : arrays.entrySet()) {
      b.append("begin dump: ").append(e.getKey()).append('\n');
      double[] v = e.getValue();
      for (int i = 0; i < v.length; i++) {
        b.append(String.format(Locale.ROOT, "%.2f ", v[i]));
        if ((i + 1) % 20 == 0) {
          b.append('\n');
        }
      }
      if (v.length % 20 != 0) {
        b.append('\n');
      }
      b.append("end   dump: ").append(e.getKey()).append('\n');
    }
    return b.toString();
  }

  /**
   * PolyBench/C 4.2: the whole dump between "==BEGIN DUMP_ARRAYS==" and "==END   DUMP_ARRAYS==";
   * "begin dump: X" without a newline, a newline before every 20th value, "\nend   dump: X\n".
   */
  static String polybench(Map<String, double[]> arrays) {
    StringBuilder b = new StringBuilder("==BEGIN DUMP_ARRAYS==\n");
    for (Map.Entry<String, double[]> e : arrays.entrySet()) {
      b.append("begin dump: ").append(e.getKey());
      double[] v = e.getValue();
      for (int i = 0; i < v.length; i++) {
        if (i % 20 == 0) {
          b.append('\n');
        }
        b.append(String.format(Locale.ROOT, "%.2f ", v[i]));
      }
      b.append("\nend   dump: ").append(e.getKey()).append('\n');
    }
    return b.append("==END   DUMP_ARRAYS==\n").toString();
  }

  /**
   * PolyBench/C 4.2 as trisolv prints it: the newline after every 20th value (the first one
   * included), so the first value follows the name of the begin marker without a space.
   */
  static String polybenchNewlineAfter(Map<String, double[]> arrays) {
    StringBuilder b = new StringBuilder("==BEGIN DUMP_ARRAYS==\n");
    for (Map.Entry<String, double[]> e : arrays.entrySet()) {
      b.append("begin dump: ").append(e.getKey());
      double[] v = e.getValue();
      for (int i = 0; i < v.length; i++) {
        b.append(String.format(Locale.ROOT, "%.2f ", v[i]));
        if (i % 20 == 0) {
          b.append('\n');
        }
      }
      b.append("\nend   dump: ").append(e.getKey()).append('\n');
    }
    return b.append("==END   DUMP_ARRAYS==\n").toString();
  }

  /** The value as printed and read back. */
  static double printed(double v) {
    return Double.parseDouble(String.format(Locale.ROOT, "%.2f", v));
  }
}

package dev.polyj.polybench.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * One array of a program's dump: its name and values in dump order, and the number of decimals
 * it was printed with (the most any of its values shows), which bounds the rounding error of the
 * printed values.
 */
public final class DumpedArray {

  private final String name;
  private final double[] values;
  private final int decimals;

  public DumpedArray(String name, double[] values, int decimals) {
    this.name = Objects.requireNonNull(name, "name");
    this.values = values.clone();
    this.decimals = decimals;
  }

  public String name() {
    return name;
  }

  public int size() {
    return values.length;
  }

  public double value(int index) {
    return values[index];
  }

  public int decimals() {
    return decimals;
  }

  /** One unit in the last printed decimal place, e.g. 0.01 for {@code "%0.2lf"} output. */
  public double quantum() {
    return Math.pow(10, -decimals);
  }

  /** A value as it was printed (up to the trailing zeros of an integer dump). */
  public String format(int index) {
    double v = values[index];
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return Double.toString(v);
    }
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DumpedArray a && a.name.equals(name) && a.decimals == decimals
        && Arrays.equals(a.values, values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, decimals, Arrays.hashCode(values));
  }

  @Override
  public String toString() {
    return name + "[" + values.length + "]";
  }
}

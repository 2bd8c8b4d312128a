package dev.polyj.presburger.set;

import java.util.Arrays;

/** An array of longs as a hash key, compared by value (the array must not change afterwards). */
record LongsKey(long[] values) {
  @Override
  public boolean equals(Object o) {
    return o instanceof LongsKey k && Arrays.equals(values, k.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return Arrays.toString(values);
  }
}

package dev.polyj.polyhedral.pass;

import java.util.Locale;

/** Parsing of pass option values and the messages of bad ones. */
public final class PassOptions {
  private PassOptions() {}

  /** The message for an option {@code key} that {@code pass} does not have. */
  public static String unknown(Pass<?> pass, String key) {
    return "pass '" + pass.name() + "' has no option '" + key + "'"
        + (pass.options().isEmpty() ? " (it has none)" : " (options: " + String.join(", ", pass.options().keySet()) + ")");
  }

  /** {@code true} or {@code false}. */
  public static boolean bool(Pass<?> pass, String key, String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.equals("true") || v.equals("on") || v.equals("yes") || v.equals("1")) return true;
    if (v.equals("false") || v.equals("off") || v.equals("no") || v.equals("0")) return false;
    throw new IllegalArgumentException(pass.name() + "." + key + ": expected true or false, got '" + value + "'");
  }

  /** An integer of at least {@code min}. */
  public static long integer(Pass<?> pass, String key, String value, long min) {
    long v;
    try {
      v = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(pass.name() + "." + key + ": expected an integer, got '" + value + "'");
    }
    if (v < min) throw new IllegalArgumentException(pass.name() + "." + key + ": must be at least " + min + ", got " + v);
    return v;
  }

  /** Positive integers separated by commas, exactly {@code n} of them when {@code n > 0}. */
  public static long[] sizes(Pass<?> pass, String key, String value, int n) {
    String[] parts = value.split(",");
    if (n > 0 && parts.length != n) {
      throw new IllegalArgumentException(pass.name() + "." + key + ": expected " + n + " sizes separated by commas, got '"
          + value + "'");
    }
    long[] out = new long[parts.length];
    for (int i = 0; i < parts.length; i++) out[i] = integer(pass, key, parts[i], 1);
    return out;
  }

  /** One of {@code choices}. */
  public static String choice(Pass<?> pass, String key, String value, String... choices) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    for (String c : choices) if (c.equals(v)) return c;
    throw new IllegalArgumentException(pass.name() + "." + key + ": expected one of " + String.join(", ", choices)
        + ", got '" + value + "'");
  }
}

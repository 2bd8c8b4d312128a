package dev.polyj.polybench.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The live-out arrays a benchmark program dumps on stderr, parsed from either harness's format.
 *
 * <p>Both formats consist of blocks {@code begin dump: NAME} values... {@code end   dump: NAME};
 * PolyBench/C 4.2 wraps all blocks in {@code ==BEGIN DUMP_ARRAYS==} / {@code ==END
 * DUMP_ARRAYS==} and starts the values on the line of the {@code begin} marker's newline, so the
 * parser works on whitespace-separated tokens rather than lines. Values are decimal numbers
 * ({@code %0.2lf} for floating point, {@code %d} for integers) or {@code nan}/{@code inf}.
 */
public final class ArrayDump {

  private static final Pattern NUMBER =
      Pattern.compile("[-+]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?");

  private final Map<String, DumpedArray> arrays;

  private ArrayDump(Map<String, DumpedArray> arrays) {
    this.arrays = arrays;
  }

  /** The arrays in dump order. */
  public List<DumpedArray> arrays() {
    return List.copyOf(arrays.values());
  }

  /** Names of the arrays in dump order. */
  public List<String> names() {
    return List.copyOf(arrays.keySet());
  }

  /**
   * Parses a dump.
   *
   * @throws MalformedDumpException on text outside a block, an unterminated block, a block with
   *     a mismatched end marker or no values, a value that is not a number, an array dumped
   *     twice, or no array at all
   */
  public static ArrayDump parse(String text) throws MalformedDumpException {
    String[] tokens = text.strip().split("\\s+");
    Map<String, DumpedArray> arrays = new LinkedHashMap<>();
    int i = 0;
    int n = text.isBlank() ? 0 : tokens.length;
    while (i < n) {
      String t = tokens[i];
      if (t.equals("==BEGIN") || t.equals("==END")) {
        if (i + 1 >= n || !tokens[i + 1].equals("DUMP_ARRAYS==")) {
          throw new MalformedDumpException("broken marker '" + t + "'");
        }
        i += 2;
        continue;
      }
      if (!t.equals("begin") || i + 2 >= n || !tokens[i + 1].equals("dump:")) {
        throw new MalformedDumpException("expected 'begin dump: NAME', got '" + excerpt(t) + "'");
      }
      String name = tokens[i + 2];
      i += 3;
      List<String> values = new ArrayList<>();
      while (i < n && !tokens[i].equals("end")) {
        values.add(tokens[i]);
        i++;
      }
      if (i + 2 >= n) {
        throw new MalformedDumpException(name + ": no 'end   dump: " + name + "' line");
      }
      if (!tokens[i + 1].equals("dump:") || !tokens[i + 2].equals(name)) {
        throw new MalformedDumpException(name + ": ends with 'end " + tokens[i + 1] + " "
            + excerpt(tokens[i + 2]) + "'");
      }
      i += 3;
      if (values.isEmpty()) {
        throw new MalformedDumpException(name + ": no values");
      }
      if (arrays.containsKey(name)) {
        throw new MalformedDumpException(name + ": dumped twice");
      }
      arrays.put(name, toArray(name, values));
    }
    if (arrays.isEmpty()) {
      throw new MalformedDumpException("no array dumped");
    }
    return new ArrayDump(arrays);
  }

  private static DumpedArray toArray(String name, List<String> tokens)
      throws MalformedDumpException {
    double[] values = new double[tokens.size()];
    int decimals = 0;
    for (int k = 0; k < values.length; k++) {
      String t = tokens.get(k);
      String lower = t.toLowerCase(Locale.ROOT);
      if (lower.matches("[-+]?nan")) {
        values[k] = Double.NaN;
      } else if (lower.matches("[-+]?inf(inity)?")) {
        values[k] = lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
      } else if (NUMBER.matcher(t).matches()) {
        values[k] = Double.parseDouble(t);
        int dot = t.indexOf('.');
        if (dot >= 0) {
          int end = dot + 1;
          while (end < t.length() && Character.isDigit(t.charAt(end))) {
            end++;
          }
          decimals = Math.max(decimals, end - dot - 1);
        }
      } else {
        throw new MalformedDumpException(
            name + "[" + k + "]: '" + excerpt(t) + "' is not a number");
      }
    }
    return new DumpedArray(name, values, decimals);
  }

  private static String excerpt(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}

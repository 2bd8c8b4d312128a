package dev.polyj.polybench.bench;

import java.util.Arrays;
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
    Tokens tokens = new Tokens(text);
    Map<String, DumpedArray> arrays = new LinkedHashMap<>();
    for (String t = tokens.next(); t != null; t = tokens.next()) {
      if (t.equals("==BEGIN") || t.equals("==END")) {
        if (!"DUMP_ARRAYS==".equals(tokens.next())) {
          throw new MalformedDumpException("broken marker '" + t + "'");
        }
        continue;
      }
      if (!t.equals("begin") || !"dump:".equals(tokens.next())) {
        throw new MalformedDumpException("expected 'begin dump: NAME', got '" + excerpt(t) + "'");
      }
      String name = tokens.next();
      if (name == null) {
        throw new MalformedDumpException("'begin dump:' without a name");
      }
      Values values = new Values(name);
      String v = tokens.next();
      while (v != null && !v.equals("end")) {
        values.add(v);
        v = tokens.next();
      }
      if (v == null) {
        throw new MalformedDumpException(name + ": no 'end   dump: " + name + "' line");
      }
      String dump = tokens.next();
      String endName = tokens.next();
      if ("dump:".equals(dump) && endName != null && !name.equals(endName)
          && name.startsWith(endName) && values.addFirstIfValue(name.substring(endName.length()))) {
        // A kernel that prints its first value without a newline (PolyBench's trisolv) glues it
        // to the name of the begin marker: only the end marker tells where the name ends.
        name = endName;
        values.rename(name);
      }
      if (!"dump:".equals(dump) || !name.equals(endName)) {
        throw new MalformedDumpException(name + ": ends with 'end " + dump + " "
            + (endName == null ? "" : excerpt(endName)) + "'");
      }
      if (values.size == 0) {
        throw new MalformedDumpException(name + ": no values");
      }
      if (arrays.containsKey(name)) {
        throw new MalformedDumpException(name + ": dumped twice");
      }
      arrays.put(name, values.toArray());
    }
    if (arrays.isEmpty()) {
      throw new MalformedDumpException("no array dumped");
    }
    return new ArrayDump(arrays);
  }

  /** Whitespace-separated tokens of a text, one at a time (dumps can hold millions). */
  private static final class Tokens {
    private final String text;
    private int at;

    Tokens(String text) {
      this.text = text;
    }

    /** The next token, or null at the end. */
    String next() {
      int n = text.length();
      while (at < n && Character.isWhitespace(text.charAt(at))) {
        at++;
      }
      if (at == n) {
        return null;
      }
      int start = at;
      while (at < n && !Character.isWhitespace(text.charAt(at))) {
        at++;
      }
      return text.substring(start, at);
    }
  }

  /** The values of one array as they are read. */
  private static final class Values {
    private String name;
    private double[] values = new double[64];
    private int size;
    private int decimals;

    Values(String name) {
      this.name = name;
    }

    void add(String t) throws MalformedDumpException {
      double v = parseValue(t);
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = v;
    }

    /** Puts {@code t} before the values read so far if it is a value; says whether it was. */
    boolean addFirstIfValue(String t) {
      double v;
      try {
        v = parseValue(t);
      } catch (MalformedDumpException notANumber) {
        return false;
      }
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      System.arraycopy(values, 0, values, 1, size++);
      values[0] = v;
      return true;
    }

    void rename(String newName) {
      name = newName;
    }

    private double parseValue(String t) throws MalformedDumpException {
      if (NUMBER.matcher(t).matches()) {
        int dot = t.indexOf('.');
        if (dot >= 0) {
          int end = dot + 1;
          while (end < t.length() && Character.isDigit(t.charAt(end))) {
            end++;
          }
          decimals = Math.max(decimals, end - dot - 1);
        }
        return Double.parseDouble(t);
      }
      String lower = t.toLowerCase(Locale.ROOT);
      if (lower.matches("[-+]?nan")) {
        return Double.NaN;
      }
      if (lower.matches("[-+]?inf(inity)?")) {
        return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
      }
      throw new MalformedDumpException(
          name + "[" + size + "]: '" + excerpt(t) + "' is not a number");
    }

    DumpedArray toArray() {
      return new DumpedArray(name, Arrays.copyOf(values, size), decimals);
    }
  }

  private static String excerpt(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}

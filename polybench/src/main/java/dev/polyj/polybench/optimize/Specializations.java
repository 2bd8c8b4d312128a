package dev.polyj.polybench.optimize;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The parameter values each region is specialized for (SPolly, Doerfert et al., IMPACT 2013,
 * Section 4.2): given on the command line ({@code --specialize N=1024,M=512}, one variant per
 * option, for every region that reads these names), or read from a profile of a run ({@code
 * --profile-data FILE}): the values a region's parameters had each time it was entered, of which
 * the quasi-constant ones (one value in at least {@link #QUASI_CONSTANT} of the entries, and at
 * least {@link #MIN_ENTRIES} entries) are specialized.
 */
public final class Specializations {
  /** The share of a region's entries one value must have for its parameter to count as quasi-constant. */
  public static final double QUASI_CONSTANT = 0.9;
  /** The fewest entries of a region a profile needs to specialize it. */
  public static final int MIN_ENTRIES = 1;

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");

  private final List<Map<String, Long>> everywhere;
  private final Map<Integer, Map<String, Long>> perRegion;

  private Specializations(List<Map<String, Long>> everywhere, Map<Integer, Map<String, Long>> perRegion) {
    this.everywhere = everywhere;
    this.perRegion = perRegion;
  }

  /** No specialization. */
  public static Specializations none() {
    return new Specializations(List.of(), Map.of());
  }

  /**
   * The variants of {@code --specialize} options, each {@code NAME=VALUE[,NAME=VALUE...]}.
   *
   * @throws IllegalArgumentException for a malformed option
   */
  public static Specializations parse(List<String> options) {
    List<Map<String, Long>> out = new ArrayList<>();
    for (String o : options) {
      Map<String, Long> values = new LinkedHashMap<>();
      for (String part : o.split(",")) {
        String[] kv = part.split("=", -1);
        if (kv.length != 2 || !NAME.matcher(kv[0].trim()).matches()) {
          throw new IllegalArgumentException("--specialize: expected NAME=VALUE[,NAME=VALUE...], got '" + o + "'");
        }
        try {
          values.put(kv[0].trim(), Long.parseLong(kv[1].trim()));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("--specialize: '" + kv[1].trim() + "' is not an integer (in '" + o + "')");
        }
      }
      out.add(values);
    }
    return new Specializations(out, Map.of());
  }

  /**
   * The quasi-constant parameters of each region in a profile written by a program that {@code
   * optimize --profile} instrumented: lines {@code REGION NAME VALUE}.
   *
   * @throws IllegalArgumentException for a malformed line (with its number)
   */
  public static Specializations profile(Path data) throws IOException {
    Map<Integer, Map<String, Map<Long, Integer>>> counts = new TreeMap<>();
    int lineNo = 0;
    for (String line : Files.readAllLines(data, StandardCharsets.UTF_8)) {
      lineNo++;
      if (line.isBlank()) continue;
      String[] f = line.trim().split("\\s+");
      try {
        if (f.length != 3 || !NAME.matcher(f[1]).matches()) throw new NumberFormatException();
        int region = Integer.parseInt(f[0]);
        long value = Long.parseLong(f[2]);
        counts.computeIfAbsent(region, k -> new LinkedHashMap<>()).computeIfAbsent(f[1], k -> new HashMap<>())
            .merge(value, 1, Integer::sum);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(data + ":" + lineNo + ":1: expected 'REGION NAME VALUE', got '" + line + "'");
      }
    }
    Map<Integer, Map<String, Long>> perRegion = new TreeMap<>();
    for (var r : counts.entrySet()) {
      Map<String, Long> values = new LinkedHashMap<>();
      for (var p : r.getValue().entrySet()) {
        int total = 0;
        long best = 0;
        int bestCount = 0;
        for (var v : p.getValue().entrySet()) {
          total += v.getValue();
          if (v.getValue() > bestCount || v.getValue() == bestCount && v.getKey() < best) {
            best = v.getKey();
            bestCount = v.getValue();
          }
        }
        if (total >= MIN_ENTRIES && bestCount >= QUASI_CONSTANT * total) values.put(p.getKey(), best);
      }
      if (!values.isEmpty()) perRegion.put(r.getKey(), values);
    }
    return new Specializations(List.of(), perRegion);
  }

  /** The variants for region {@code region} (1-based) that reads the names {@code mentioned}. */
  List<Map<String, Long>> forRegion(int region, java.util.Set<String> mentioned) {
    List<Map<String, Long>> out = new ArrayList<>();
    for (Map<String, Long> v : everywhere) {
      Map<String, Long> used = new LinkedHashMap<>(v);
      used.keySet().retainAll(mentioned);
      if (!used.isEmpty() && !out.contains(used)) out.add(used);
    }
    Map<String, Long> p = perRegion.get(region);
    if (p != null) {
      Map<String, Long> used = new LinkedHashMap<>(p);
      used.keySet().retainAll(mentioned);
      if (!used.isEmpty() && !out.contains(used)) out.add(used);
    }
    return out;
  }

  /** Whether there is anything to specialize. */
  public boolean isEmpty() {
    return everywhere.isEmpty() && perRegion.isEmpty();
  }

  /** The C condition that the parameters have the values {@code v}. */
  static String guard(Map<String, Long> v) {
    List<String> parts = new ArrayList<>();
    for (var e : v.entrySet()) parts.add("(" + e.getKey() + ") == " + e.getValue() + (fitsInt(e.getValue()) ? "" : "LL"));
    return String.join(" && ", parts);
  }

  /** The values in words, {@code N = 1024, M = 512}. */
  static String describe(Map<String, Long> v) {
    List<String> parts = new ArrayList<>();
    for (var e : v.entrySet()) parts.add(e.getKey() + " = " + e.getValue());
    return String.join(", ", parts);
  }

  /** {@code body} with every identifier named in {@code v} replaced by its value (parenthesized). */
  static String substitute(String body, Map<String, Long> v) {
    String out = body;
    for (var e : v.entrySet()) {
      out = out.replaceAll("(?<![A-Za-z_0-9.>])" + Pattern.quote(e.getKey()) + "(?![A-Za-z_0-9])",
          java.util.regex.Matcher.quoteReplacement("(" + e.getValue() + (fitsInt(e.getValue()) ? "" : "LL") + ")"));
    }
    return out;
  }

  private static boolean fitsInt(long v) {
    return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
  }
}

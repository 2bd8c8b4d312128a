package dev.polyj.polyhedral.speculation;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.aff.PwAff;
import dev.polyj.presburger.aff.PwMultiAff;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The run-time checks of a speculatively optimized region (SPolly, Doerfert et al., IMPACT 2013,
 * Section 4.1), computed exactly from the access relations: the elements of each array the region
 * touches form a parametric set whose lexicographic minimum and maximum (parametric integer
 * programming, {@link Lexopt}) are its first and last elements. Two arrays do not overlap when one
 * ends before the other starts, compared as addresses; an array accessed nowhere for the run's
 * parameters overlaps nothing. The address range is exact when every subscript after the first
 * stays within its declared size, which is checked as well, with the minimum and maximum of each
 * such subscript; for a delinearized array this is what makes its multi-dimensional accesses
 * exact.
 */
public final class AccessRanges {
  private static final int MAX_PIECES = 8;
  private static final String ADDRESS = "(__UINTPTR_TYPE__)";

  private final Scop scop;
  private final Map<String, Relation> touched = new LinkedHashMap<>();
  private final Set<String> written = new LinkedHashSet<>();

  private AccessRanges(Scop scop) {
    this.scop = scop;
    for (Statement s : scop.statements()) {
      for (Access a : s.accesses()) {
        Relation r = a.relation().range();
        touched.merge(a.array(), r, Relation::union);
        if (a.isWrite()) written.add(a.array());
      }
    }
  }

  /**
   * Fills {@code checks.conditions} for the SCoP, or sets {@code checks.declined} to the reason no
   * exact check could be built.
   */
  public static void build(Scop scop, RuntimeChecks checks) {
    AccessRanges r = new AccessRanges(scop);
    try {
      checks.conditions.addAll(r.conditions(checks));
      checks.built = true;
    } catch (ParamExpressions.Unsupported e) {
      checks.declined = e.getMessage();
    } catch (RuntimeException e) {
      checks.declined = "the access ranges could not be computed (" + e.getMessage() + ")";
    }
  }

  private List<String> conditions(RuntimeChecks checks) throws ParamExpressions.Unsupported {
    Set<String> inBounds = new LinkedHashSet<>(checks.bounded);
    List<String[]> pairs = new ArrayList<>();
    for (String p : checks.unaliased) {
      ArrayInfo pa = scop.array(p);
      if (pa == null || pa.isRegionLocal() || !touched.containsKey(p)) continue;
      for (ArrayInfo q : scop.arrays()) {
        if (q.isScalar() || q.isRegionLocal() || q.name().equals(p) || !touched.containsKey(q.name())) continue;
        if (!written.contains(p) && !written.contains(q.name())) continue;
        boolean seen = false;
        for (String[] x : pairs) seen |= x[0].equals(q.name()) && x[1].equals(p);
        if (seen) continue;
        pairs.add(new String[] {p, q.name()});
        if (pa.rank() > 1) inBounds.add(p);
        if (q.rank() > 1) inBounds.add(q.name());
      }
    }
    List<String> out = new ArrayList<>();
    for (String x : inBounds) out.addAll(innerBounds(x));
    for (String[] pair : pairs) out.add(disjoint(pair[0], pair[1]));
    return out;
  }

  /** Every subscript of {@code x} after the first within {@code [0, size)}. */
  private List<String> innerBounds(String x) throws ParamExpressions.Unsupported {
    ArrayInfo info = scop.array(x);
    Relation r = touched.get(x);
    List<String> out = new ArrayList<>();
    if (info == null || r == null) return out;
    for (int k = 1; k < info.rank(); k++) {
      if (info.sizes().get(k) == null) throw new ParamExpressions.Unsupported("the size of dimension " + (k + 1) + " of '" + x + "' is unknown");
      String size = ExprPrinter.print(info.sizes().get(k));
      PwAff lo = Lexopt.dimMin(r, k);
      PwAff hi = Lexopt.dimMax(r, k);
      out.add("(!" + present(domains(lo)) + " || (" + value(lo) + " >= 0LL && " + value(hi) + " < (long long)(" + size
          + ")))");
    }
    return out;
  }

  /** The condition that the elements {@code p} and {@code q} touch do not overlap. */
  private String disjoint(String p, String q) throws ParamExpressions.Unsupported {
    PwMultiAff pMin = Lexopt.lexmin(touched.get(p));
    PwMultiAff pMax = Lexopt.lexmax(touched.get(p));
    PwMultiAff qMin = Lexopt.lexmin(touched.get(q));
    PwMultiAff qMax = Lexopt.lexmax(touched.get(q));
    String pStart = ADDRESS + "(" + element(p, pMin) + ")";
    String pEnd = ADDRESS + "(" + element(p, pMax) + " + 1)";
    String qStart = ADDRESS + "(" + element(q, qMin) + ")";
    String qEnd = ADDRESS + "(" + element(q, qMax) + " + 1)";
    return "(!" + present(pMin) + " || !" + present(qMin) + " || " + pEnd + " <= " + qStart + " || " + qEnd + " <= "
        + pStart + ")";
  }

  /** The address of the element of {@code array} at {@code at}, {@code &A[i][j]}. */
  private static String element(String array, PwMultiAff at) throws ParamExpressions.Unsupported {
    StringBuilder sb = new StringBuilder("&").append(array);
    for (int k = 0; k < at.size(); k++) sb.append('[').append(value(at.get(k))).append(']');
    return sb.toString();
  }

  /** The condition that the function has a value (its domain), "(1)" when it always has one. */
  private static String present(PwMultiAff f) throws ParamExpressions.Unsupported {
    return present(f.domain());
  }

  private static List<dev.polyj.presburger.set.BasicRelation> domains(PwAff f) {
    List<dev.polyj.presburger.set.BasicRelation> out = new ArrayList<>();
    for (PwAff.Piece p : f.pieces()) out.add(p.domain());
    return out;
  }

  private static String present(Relation domain) throws ParamExpressions.Unsupported {
    return present(domain.coalesce().basics());
  }

  private static String present(List<dev.polyj.presburger.set.BasicRelation> basics) throws ParamExpressions.Unsupported {
    if (basics.size() > MAX_PIECES) throw new ParamExpressions.Unsupported("the accessed range has more than " + MAX_PIECES + " pieces");
    List<String> parts = new ArrayList<>();
    for (var b : basics) {
      String c = ParamExpressions.condition(b);
      if (c.equals("1")) return "(1)";
      parts.add(c);
    }
    return parts.isEmpty() ? "(0)" : "(" + String.join(" || ", parts) + ")";
  }

  /** The value of a piecewise function where it has one (0 elsewhere). */
  static String value(PwAff f) throws ParamExpressions.Unsupported {
    List<PwAff.Piece> pieces = f.pieces();
    if (pieces.size() > MAX_PIECES) throw new ParamExpressions.Unsupported("the accessed range has more than " + MAX_PIECES + " pieces");
    if (pieces.isEmpty()) return "0LL";
    String out = ParamExpressions.value(pieces.get(pieces.size() - 1).value());
    for (int k = pieces.size() - 2; k >= 0; k--) {
      out = "(" + ParamExpressions.condition(pieces.get(k).domain()) + " ? " + ParamExpressions.value(pieces.get(k).value())
          + " : " + out + ")";
    }
    return out;
  }
}

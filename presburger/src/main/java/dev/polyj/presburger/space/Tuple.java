package dev.polyj.presburger.space;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A tuple of a space: an optional name and a number of dimensions, e.g. {@code S[i, j]}, or a
 * wrapped pair of tuples, e.g. {@code [S[i] -> A[a]]}.
 *
 * <p>Identity (equals/hashCode) is the name, the arity and the nesting; dimension names are labels
 * for printing only, as in isl where {@code { S[i] }} and {@code { S[j] }} live in the same space.
 */
public final class Tuple {
  private final String name;
  private final ImmutableList<String> dimNames; // entries may be "" for unnamed dims
  private final Tuple nestedDomain;
  private final Tuple nestedRange;

  private Tuple(String name, List<String> dimNames, Tuple nestedDomain, Tuple nestedRange) {
    this.name = name;
    this.dimNames = ImmutableList.copyOf(dimNames);
    this.nestedDomain = nestedDomain;
    this.nestedRange = nestedRange;
  }

  /** A flat tuple; {@code name} may be null (anonymous), dim names may be null or "" (unnamed). */
  public static Tuple of(String name, List<String> dimNames) {
    List<String> names = new ArrayList<>(dimNames.size());
    for (String d : dimNames) names.add(d == null ? "" : d);
    return new Tuple(emptyToNull(name), names, null, null);
  }

  /** A flat tuple with {@code arity} unnamed dimensions. */
  public static Tuple anonymous(String name, int arity) {
    checkArgument(arity >= 0, "negative arity %s", arity);
    return new Tuple(emptyToNull(name), java.util.Collections.nCopies(arity, ""), null, null);
  }

  public static Tuple of(String name, String... dimNames) {
    return of(name, Arrays.asList(dimNames));
  }

  /** The wrapped tuple {@code name[domain -> range]}. */
  public static Tuple wrap(String name, Tuple domain, Tuple range) {
    List<String> names = new ArrayList<>(domain.dimNames);
    names.addAll(range.dimNames);
    return new Tuple(emptyToNull(name), names, domain, range);
  }

  private static String emptyToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }

  /** The tuple's name, or null when anonymous. */
  public String name() {
    return name;
  }

  public boolean hasName() {
    return name != null;
  }

  public int arity() {
    return dimNames.size();
  }

  /** The name of dimension {@code i}, "" when unnamed. */
  public String dimName(int i) {
    return dimNames.get(i);
  }

  public ImmutableList<String> dimNames() {
    return dimNames;
  }

  public boolean isWrapping() {
    return nestedDomain != null;
  }

  public Tuple nestedDomain() {
    checkArgument(isWrapping(), "tuple %s is not a wrapped relation", this);
    return nestedDomain;
  }

  public Tuple nestedRange() {
    checkArgument(isWrapping(), "tuple %s is not a wrapped relation", this);
    return nestedRange;
  }

  public Tuple withName(String newName) {
    return new Tuple(emptyToNull(newName), dimNames, nestedDomain, nestedRange);
  }

  /** The same tuple with new dimension labels (same count). */
  public Tuple withDimNames(List<String> names) {
    checkArgument(names.size() == arity(), "expected %s names, got %s", arity(), names.size());
    if (!isWrapping()) return of(name, names);
    int n = nestedDomain.arity();
    return wrap(name, nestedDomain.withDimNames(names.subList(0, n)),
        nestedRange.withDimNames(names.subList(n, names.size())));
  }

  /** The same tuple without dimension labels. */
  public Tuple withoutDimNames() {
    if (!isWrapping()) return anonymous(name, arity());
    return wrap(name, nestedDomain.withoutDimNames(), nestedRange.withoutDimNames());
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) return true;
    if (!(o instanceof Tuple t)) return false;
    return Objects.equals(name, t.name)
        && dimNames.size() == t.dimNames.size()
        && Objects.equals(nestedDomain, t.nestedDomain)
        && Objects.equals(nestedRange, t.nestedRange);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, dimNames.size(), nestedDomain, nestedRange);
  }

  /** isl notation with dimension labels, e.g. {@code S[i, j]} or {@code [S[i] -> A[a]]}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    if (name != null) sb.append(name);
    sb.append('[');
    if (isWrapping()) {
      sb.append(nestedDomain).append(" -> ").append(nestedRange);
    } else {
      for (int i = 0; i < dimNames.size(); i++) {
        if (i > 0) sb.append(", ");
        sb.append(dimNames.get(i).isEmpty() ? "i" + i : dimNames.get(i));
      }
    }
    return sb.append(']').toString();
  }
}

package dev.polyj.presburger.notation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The variables met while reading one isl object: parameters, tuple dimensions, existentially
 * quantified variables and integer divisions ({@code floor(num/den)}), each with an id in order of
 * creation (a division only refers to variables with smaller ids), plus the names in scope.
 */
final class VarTable {
  enum Kind {
    PARAM,
    DIM,
    EXISTS,
    DIV
  }

  /** One variable: {@code index} is the parameter or dimension position; divisions carry their definition. */
  record Var(Kind kind, int index, long[] divNum, long divDen) {}

  private record DivKey(List<Long> num, long den) {}

  private final List<Var> vars;
  private final Map<DivKey, Integer> divs;
  private final List<String> scopeNames;
  private final List<Integer> scopeIds;

  VarTable() {
    this(new ArrayList<>(), new HashMap<>(), new ArrayList<>(), new ArrayList<>());
  }

  private VarTable(List<Var> vars, Map<DivKey, Integer> divs, List<String> names, List<Integer> ids) {
    this.vars = vars;
    this.divs = divs;
    this.scopeNames = names;
    this.scopeIds = ids;
  }

  /** An independent copy (variables, divisions and names in scope). */
  VarTable copy() {
    return new VarTable(new ArrayList<>(vars), new HashMap<>(divs), new ArrayList<>(scopeNames),
        new ArrayList<>(scopeIds));
  }

  int size() {
    return vars.size();
  }

  Var get(int id) {
    return vars.get(id);
  }

  /** The id of the innermost variable in scope called {@code name}, or -1. */
  int lookup(String name) {
    for (int i = scopeNames.size() - 1; i >= 0; i--) {
      if (scopeNames.get(i).equals(name)) return scopeIds.get(i);
    }
    return -1;
  }

  /** Adds a variable; {@code name} may be "" (anonymous, never found by lookup). */
  int add(Kind kind, int index, String name) {
    int id = vars.size();
    vars.add(new Var(kind, index, null, 0));
    scopeNames.add(name);
    scopeIds.add(id);
    return id;
  }

  /** A scope mark for {@link #dropNames}. */
  int mark() {
    return scopeNames.size();
  }

  /** Forgets the names introduced since {@code mark}; the variables themselves stay. */
  void dropNames(int mark) {
    while (scopeNames.size() > mark) {
      scopeNames.remove(scopeNames.size() - 1);
      scopeIds.remove(scopeIds.size() - 1);
    }
  }

  /** The id of the division {@code floor(num/den)} (num indexed like {@link Aff#numerator()}), shared when repeated. */
  int div(long[] num, long den) {
    int last = num.length - 1;
    while (last > 0 && num[last] == 0) last--;
    long[] trimmed = Arrays.copyOf(num, last + 1);
    List<Long> key = new ArrayList<>(trimmed.length);
    for (long x : trimmed) key.add(x);
    DivKey k = new DivKey(key, den);
    Integer id = divs.get(k);
    if (id != null) return id;
    int nid = vars.size();
    vars.add(new Var(Kind.DIV, -1, trimmed, den));
    divs.put(k, nid);
    return nid;
  }
}

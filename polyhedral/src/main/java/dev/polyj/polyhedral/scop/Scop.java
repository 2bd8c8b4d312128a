package dev.polyj.polyhedral.scop;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A static control part: parameters with their context (the parameter values of interest), arrays,
 * statements and the schedule, both as a schedule tree and as a flat map from statement instances
 * to time vectors.
 */
public record Scop(String functionName, SourcePos pos, ImmutableList<String> params, Relation context,
    ImmutableList<ArrayInfo> arrays, ImmutableList<Statement> statements, ScheduleNode schedule,
    UnionRelation scheduleMap) {

  public Scop(String functionName, SourcePos pos, List<String> params, Relation context, List<ArrayInfo> arrays,
      List<Statement> statements, ScheduleNode schedule, UnionRelation scheduleMap) {
    this(functionName, pos, ImmutableList.copyOf(params), context, ImmutableList.copyOf(arrays),
        ImmutableList.copyOf(statements), schedule, scheduleMap);
  }

  public Statement statement(String name) {
    for (Statement s : statements) if (s.name().equals(name)) return s;
    throw new IllegalArgumentException("no statement " + name);
  }

  public ArrayInfo array(String name) {
    for (ArrayInfo a : arrays) if (a.name().equals(name)) return a;
    throw new IllegalArgumentException("no array " + name);
  }

  /** The union of the statement domains. */
  public UnionRelation domains() {
    List<Relation> rs = new ArrayList<>();
    for (Statement s : statements) rs.add(s.domain());
    return rs.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(rs);
  }

  /** The relations of {@code accesses} (instance to element) that access {@code array}. */
  public static UnionRelation onArray(UnionRelation accesses, String array) {
    List<Relation> rs = new ArrayList<>();
    for (Relation r : accesses.relations()) if (array.equals(r.space().rangeTuple().name())) rs.add(r);
    return rs.isEmpty() ? UnionRelation.empty(accesses.paramNames()) : UnionRelation.of(rs);
  }

  public UnionRelation reads() {
    return accesses(Access::isRead);
  }

  /** All writes, must and may. */
  public UnionRelation mayWrites() {
    return accesses(Access::isWrite);
  }

  public UnionRelation mustWrites() {
    return accesses(a -> a.isWrite() && a.isMust());
  }

  private UnionRelation accesses(Predicate<Access> which) {
    List<Relation> rs = new ArrayList<>();
    for (Statement s : statements) for (Access a : s.accesses()) if (which.test(a)) rs.add(a.relation());
    UnionRelation u = UnionRelation.empty(params);
    for (Relation r : rs) u = u.union(UnionRelation.of(r));
    return u;
  }
}

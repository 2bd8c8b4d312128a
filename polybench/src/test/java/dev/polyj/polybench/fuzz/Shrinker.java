package dev.polyj.polybench.fuzz;

import dev.polyj.polybench.fuzz.Program.Assign;
import dev.polyj.polybench.fuzz.Program.Bin;
import dev.polyj.polybench.fuzz.Program.Call;
import dev.polyj.polybench.fuzz.Program.Ex;
import dev.polyj.polybench.fuzz.Program.If;
import dev.polyj.polybench.fuzz.Program.Local;
import dev.polyj.polybench.fuzz.Program.Loop;
import dev.polyj.polybench.fuzz.Program.Num;
import dev.polyj.polybench.fuzz.Program.Ref;
import dev.polyj.polybench.fuzz.Program.St;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Automatic reduction of a failing program to a small reproducer, by greedy delta debugging over
 * the region's AST (as C-Reduce and Csmith's reducers do, on a structured program): one edit at a
 * time (drop a statement; replace a loop by its body at the loop's first iteration; replace an
 * if by its branch; make a loop step by one upwards; replace an expression by one of its operands
 * or a constant; inline a temporary), kept when the program still fails the same way, until no
 * edit is kept or the budget of checks is spent.
 */
final class Shrinker {
  /** Whether a candidate still fails (the same way as the original failure). */
  interface Oracle {
    boolean fails(Program p);
  }

  private Shrinker() {}

  /** A smaller program that still fails, after at most {@code budget} checks. */
  static Program shrink(Program p, Oracle oracle, int budget) {
    int checks = 0;
    boolean progress = true;
    while (progress && checks < budget) {
      progress = false;
      for (List<St> candidate : edits(p.region)) {
        if (checks >= budget) break;
        Program q = p.withRegion(candidate);
        if (q.c().equals(p.c())) continue;
        checks++;
        if (oracle.fails(q)) {
          p = q;
          progress = true;
          break;
        }
      }
    }
    return p;
  }

  /** Every program one edit away from {@code body}, the coarsest edits first. */
  static List<List<St>> edits(List<St> body) {
    List<List<St>> out = new ArrayList<>();
    for (int k = 0; k < body.size(); k++) {
      St s = body.get(k);
      // drop the statement (a temporary's uses get its initializer)
      List<St> rest = new ArrayList<>(body.subList(0, k));
      List<St> after = body.subList(k + 1, body.size());
      if (s instanceof Local d) after = substitute(after, Map.of(d.name(), d.init()));
      rest.addAll(after);
      out.add(rest);
      if (s instanceof Loop l) {
        // the body alone, at the loop's first value
        List<St> flat = new ArrayList<>(body.subList(0, k));
        // the lower bound is a value every iterator reaches without leaving the arrays
        Ex first = l.lb();
        flat.addAll(substitute(l.body(), Map.of(l.var(), first)));
        flat.addAll(body.subList(k + 1, body.size()));
        out.add(flat);
        if (l.step() != 1 || l.down()) out.add(replace(body, k, new Loop(l.var(), l.lb(), l.ub(), 1, false, l.body())));
        for (List<St> inner : edits(l.body())) {
          out.add(replace(body, k, new Loop(l.var(), l.lb(), l.ub(), l.step(), l.down(), inner)));
        }
      } else if (s instanceof If i) {
        for (List<St> branch : List.of(i.then(), i.otherwise())) {
          List<St> flat = new ArrayList<>(body.subList(0, k));
          flat.addAll(branch);
          flat.addAll(body.subList(k + 1, body.size()));
          out.add(flat);
        }
        if (!i.otherwise().isEmpty()) out.add(replace(body, k, new If(i.cond(), i.then())));
        for (List<St> inner : edits(i.then())) out.add(replace(body, k, new If(i.cond(), inner, i.otherwise())));
        for (List<St> inner : edits(i.otherwise())) out.add(replace(body, k, new If(i.cond(), i.then(), inner)));
      } else if (s instanceof Assign a) {
        for (Ex e : simpler(a.value())) out.add(replace(body, k, new Assign(a.target(), a.op(), e)));
        if (!a.op().equals("=")) out.add(replace(body, k, new Assign(a.target(), "=", a.value())));
      } else if (s instanceof Local d) {
        for (Ex e : simpler(d.init())) out.add(replace(body, k, new Local(d.type(), d.isConst(), d.name(), e)));
      }
    }
    return out;
  }

  /** Smaller expressions to try instead of {@code e}: its operands, then a constant. */
  private static List<Ex> simpler(Ex e) {
    List<Ex> out = new ArrayList<>();
    if (e instanceof Bin b) {
      out.add(b.a());
      out.add(b.b());
      for (Ex x : simpler(b.a())) out.add(new Bin(b.op(), x, b.b()));
      for (Ex x : simpler(b.b())) out.add(new Bin(b.op(), b.a(), x));
    } else if (e instanceof Call c) {
      out.addAll(c.args());
    } else if (e instanceof Program.Select x) {
      out.add(x.a());
      out.add(x.b());
    } else if (e instanceof Ref) {
      out.add(new Num("2"));
    }
    if (!(e instanceof Num)) out.add(new Num("1"));
    return out;
  }

  private static List<St> replace(List<St> body, int k, St s) {
    List<St> out = new ArrayList<>(body);
    out.set(k, s);
    return out;
  }

  /** {@code body} with names replaced by expressions everywhere. */
  static List<St> substitute(List<St> body, Map<String, Ex> subst) {
    List<St> out = new ArrayList<>();
    for (St s : body) {
      if (s instanceof Loop l) {
        out.add(new Loop(l.var(), Program.substitute(l.lb(), subst), Program.substitute(l.ub(), subst), l.step(),
            l.down(), substitute(l.body(), subst)));
      } else if (s instanceof If i) {
        out.add(new If(Program.substitute(i.cond(), subst), substitute(i.then(), subst),
            substitute(i.otherwise(), subst)));
      } else if (s instanceof Assign a) {
        out.add(new Assign(Program.substitute(a.target(), subst), a.op(), Program.substitute(a.value(), subst)));
      } else if (s instanceof Local d) {
        out.add(new Local(d.type(), d.isConst(), d.name(), Program.substitute(d.init(), subst)));
      }
    }
    return out;
  }
}

package dev.polyj.polyhedral.multifor;

import dev.polyj.polyhedral.frontend.CSourceException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The meaning of a multifor nest, straight from its definition (Fassi et al., IMPACT 2013,
 * sections 2.1-2.2): every nest runs as ordinary C for-loops; iteration {@code t} of its loop at
 * level {@code l} sits at referential coordinate {@code offset + grain * t} of that level (grain and
 * offset evaluated when the nest enters the level, like its bounds); the
 * executions of all nests are then ordered by their referential point (lexicographically), and
 * at one point by the position of the statements in the body. This is the oracle the generated
 * code is tested against; it enumerates and sorts, sharing nothing with the translation.
 */
public final class MultiforInterpreter {
  /** Upper limit on the iterations of one loop, against runaway bounds. */
  static final long MAX_ITERATIONS = 10_000_000;

  /**
   * One execution of a statement.
   *
   * @param statement the statement's ordinal in the multifor (source order, from 0)
   * @param nest the nest that runs it
   * @param text the C text it runs
   * @param indices the values of the nest's indices, outermost first
   * @param key the schedule: per level, the referential coordinate and the item's position in the
   *     body, then the nest's position in the statement's prefix
   * @param block per level the referential coordinate and the group of consecutive statements
   *     (between nested multifors) the item belongs to: the bodies of different nests inside one
   *     block may run in parallel
   */
  public record Event(int statement, int nest, String text, long[] indices, long[] key, long[] block) {
    @Override
    public String toString() {
      return "S" + statement + "/nest " + nest + " " + Arrays.toString(indices) + " at " + Arrays.toString(key);
    }
  }

  private final Map<MultiforLoop.Statement, Integer> ordinals = new HashMap<>();
  private final List<Event> events = new ArrayList<>();
  /** Per nest, its innermost iterations in order: their key prefix and block prefix. */
  private final Map<Integer, List<long[][]>> innermost = new HashMap<>();
  /** The rank (innermost iteration number) of each execution of a nest mapped by rank. */
  private final Map<Event, Integer> ranks = new java.util.IdentityHashMap<>();

  private MultiforInterpreter(MultiforLoop root) {
    number(root);
  }

  private void number(MultiforLoop m) {
    for (MultiforLoop.Item it : m.items()) {
      if (it instanceof MultiforLoop.Statement s) ordinals.put(s, ordinals.size());
      else number(((MultiforLoop.Nested) it).loop());
    }
  }

  /** The executions of the statements of {@code root} in the order the multifor prescribes. */
  public static List<Event> run(MultiforLoop root, Map<String, Long> parameters) {
    MultiforInterpreter in = new MultiforInterpreter(root);
    for (int k = 0; k < root.nests(); k++) {
      in.nest(root, k, new HashMap<>(parameters), new long[0], new long[0], new long[0]);
    }
    List<Event> out = new ArrayList<>();
    for (Event e : in.events) out.add(in.ranks.containsKey(e) ? in.mapped(root, e) : e);
    out.sort((a, b) -> Arrays.compare(a.key(), b.key()));
    return out;
  }

  /**
   * An execution of a nest mapped by rank (section 5 of the paper), moved to the referential point
   * of the iteration of the same rank of the nest it is mapped onto, at its own place in the body.
   */
  private Event mapped(MultiforLoop root, Event e) {
    int onto = root.loops().get(e.nest()).mappedOnto();
    int r = ranks.get(e);
    List<long[][]> refs = innermost.getOrDefault(onto, List.of());
    if (r >= refs.size()) {
      throw new CSourceException(root.pos(), "nest " + e.nest() + " runs more iterations than nest " + onto + ", onto which it is mapped by rank ("
          + refs.size() + ")");
    }
    long[] key = refs.get(r)[0];
    long[] block = refs.get(r)[1];
    key = append(append(key, e.key()[e.key().length - 2]), e.key()[e.key().length - 1]);
    block = append(block, e.block()[e.block().length - 1]);
    return new Event(e.statement(), e.nest(), e.text(), e.indices(), key, block);
  }

  /** Runs nest {@code k} from level {@code m} down, as plain C loops, recording its executions. */
  private void nest(MultiforLoop m, int k, Map<String, Long> env, long[] indices, long[] key, long[] block) {
    MultiforLoop.Loop loop = m.loops().get(k);
    long i = loop.init().eval(env);
    long grain = loop.grain().eval(env);
    long offset = loop.offset().eval(env);
    if (grain < 1) throw new CSourceException(loop.grain().pos(), "the grain of '" + loop.index() + "' is " + grain + ", not at least 1");
    if (offset < 0) throw new CSourceException(loop.offset().pos(), "the offset of '" + loop.index() + "' is " + offset + ", not at least 0");
    for (long t = 0; holds(i, loop.cmp(), loop.bound().eval(env)); t++) {
      if (t >= MAX_ITERATIONS) throw new CSourceException(loop.pos(), "loop '" + loop.index() + "' runs more than " + MAX_ITERATIONS + " iterations");
      long position = Math.addExact(offset, Math.multiplyExact(grain, t));
      env.put(loop.index(), i);
      long[] idx = append(indices, i);
      int group = 0;
      int rank = -1;
      if (m.items().stream().noneMatch(it -> it instanceof MultiforLoop.Nested)) {
        List<long[][]> mine = innermost.computeIfAbsent(k, x -> new ArrayList<>());
        mine.add(new long[][] {append(key, position), append(block, position)});
        rank = mine.size() - 1;
      }
      for (int item = 0; item < m.items().size(); item++) {
        MultiforLoop.Item it = m.items().get(item);
        if (it instanceof MultiforLoop.Statement s) {
          int j = 0;
          for (Map.Entry<Integer, String> e : s.texts().entrySet()) {
            if (e.getKey() == k) {
              Event ev = new Event(ordinals.get(s), k, e.getValue(), idx,
                  append(append(append(key, position), item), j), append(append(block, position), group));
              events.add(ev);
              if (loop.mapped()) ranks.put(ev, rank);
            }
            j++;
          }
        } else {
          nest(((MultiforLoop.Nested) it).loop(), k, env, idx, append(append(key, position), item), append(append(block, position), -1 - item));
          group++;
        }
      }
      i = Math.addExact(i, loop.step());
    }
    env.remove(loop.index());
  }

  private static boolean holds(long i, String cmp, long bound) {
    return switch (cmp) {
      case "<" -> i < bound;
      case "<=" -> i <= bound;
      case ">" -> i > bound;
      default -> i >= bound;
    };
  }

  private static long[] append(long[] a, long v) {
    long[] b = Arrays.copyOf(a, a.length + 1);
    b[a.length] = v;
    return b;
  }
}

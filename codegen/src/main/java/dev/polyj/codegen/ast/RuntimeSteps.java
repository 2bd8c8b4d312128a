package dev.polyj.codegen.ast;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The post-pass of parametric tiling on a loop AST: the loops that scan a tile-origin coordinate
 * of some statement get the coordinate's tile size as run-time step ({@link Node.For#sizeParam}),
 * so that they visit only the multiples of the size (the tile grid), starting from their lower
 * bound rounded up to the grid.
 *
 * <p>This is exact whatever the bounds of the loop are, as long as they hold for every origin of a
 * non-empty tile: a loop over the interval {@code [l, u]} then visits exactly the multiples of
 * {@code T} in it. The pass requires that every tile-origin argument of a statement instance is
 * the iterator of an enclosing loop (not a value computed from other loops), and that a loop
 * scans the coordinates of a single size; otherwise it throws.
 */
public final class RuntimeSteps {
  private RuntimeSteps() {}

  /**
   * The AST with the tile loops marked. {@code sizesOf} gives, for a statement name, the size
   * parameter of each of its coordinates (null entries for the other coordinates), or null for a
   * statement without tile origins.
   *
   * @throws IllegalStateException when a tile origin is not scanned by a loop of its own (the
   *     loop of a single size, giving no other coordinate its value)
   */
  public static Node apply(Node ast, Function<String, String[]> sizesOf) {
    Map<Node.For, String> marks = new IdentityHashMap<>();
    Map<Node.For, String> plain = new IdentityHashMap<>();
    collect(ast, new ArrayList<>(), sizesOf, marks, plain);
    // a loop scanning a tile origin must not also give another coordinate its value
    for (Node.For f : marks.keySet()) {
      if (plain.containsKey(f)) {
        throw new IllegalStateException("loop " + f.iterator() + " scans a tile origin and another coordinate");
      }
    }
    return rebuild(ast, marks);
  }

  private static void collect(Node n, List<Node.For> loops, Function<String, String[]> sizesOf,
      Map<Node.For, String> marks, Map<Node.For, String> plain) {
    if (n instanceof Node.For f) {
      loops.add(f);
      collect(f.body(), loops, sizesOf, marks, plain);
      loops.remove(loops.size() - 1);
    } else if (n instanceof Node.If i) {
      collect(i.then(), loops, sizesOf, marks, plain);
      if (i.otherwise() != null) collect(i.otherwise(), loops, sizesOf, marks, plain);
    } else if (n instanceof Node.Block b) {
      for (Node c : b.children()) collect(c, loops, sizesOf, marks, plain);
    } else if (n instanceof Node.Mark m) {
      collect(m.body(), loops, sizesOf, marks, plain);
    } else if (n instanceof Node.User u) {
      String[] sizes = sizesOf.apply(u.name());
      for (int k = 0; k < u.args().size(); k++) {
        String size = sizes != null && k < sizes.length ? sizes[k] : null;
        Node.For loop = null;
        if (u.args().get(k) instanceof Expr.Id id) {
          for (int j = loops.size() - 1; j >= 0 && loop == null; j--) {
            if (loops.get(j).iterator().equals(id.name())) loop = loops.get(j);
          }
        }
        if (size == null) {
          if (loop != null) plain.put(loop, "");
          continue;
        }
        if (loop == null || loop.step() != 1) {
          throw new IllegalStateException("tile origin " + k + " of " + u.name() + " is not scanned by a loop of its"
              + " own (" + u.args().get(k) + ")");
        }
        String before = marks.put(loop, size);
        if (before != null && !before.equals(size)) {
          throw new IllegalStateException("loop " + loop.iterator() + " scans tile origins of sizes " + before
              + " and " + size);
        }
      }
    }
  }

  private static Node rebuild(Node n, Map<Node.For, String> marks) {
    if (n instanceof Node.For f) {
      Node.For g = f.withBody(rebuild(f.body(), marks));
      String size = marks.get(f);
      return size == null ? g : g.withSizeParam(size);
    }
    if (n instanceof Node.If i) {
      return new Node.If(i.cond(), rebuild(i.then(), marks), i.otherwise() == null ? null : rebuild(i.otherwise(), marks));
    }
    if (n instanceof Node.Block b) {
      List<Node> cs = new ArrayList<>();
      for (Node c : b.children()) cs.add(rebuild(c, marks));
      return new Node.Block(cs);
    }
    if (n instanceof Node.Mark m) return new Node.Mark(m.name(), rebuild(m.body(), marks));
    return n;
  }
}

package dev.polyj.codegen.transform;

import dev.polyj.codegen.ast.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * C lines that an AST pass writes itself (loads into locals, stores back, rewritten statements):
 * each is a placeholder statement call in the AST, and the printer this class wraps around the
 * statement printer prints its lines in place of the call.
 */
public final class LiteralLines {
  private final String prefix;
  private final List<List<String>> texts = new ArrayList<>();

  /** {@code prefix}: a name no statement of the program has (each pass its own). */
  LiteralLines(String prefix) {
    this.prefix = prefix;
  }

  /** A placeholder statement that prints {@code lines}. */
  Node.User of(List<String> lines) {
    texts.add(List.copyOf(lines));
    return new Node.User(prefix + (texts.size() - 1), List.of());
  }

  /** {@code base} with this pass's placeholders printed as their lines. */
  Function<Node.User, List<String>> printer(Function<Node.User, List<String>> base) {
    return u -> {
      if (u.name().startsWith(prefix) && u.args().isEmpty()) {
        return texts.get(Integer.parseInt(u.name().substring(prefix.length())));
      }
      return base.apply(u);
    };
  }
}

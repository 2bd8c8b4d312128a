package dev.polyj.polyhedral.multifor;

import java.util.List;
import java.util.Map;

/**
 * Replaces names in C text by expressions (parenthesized), token by token: the loop indices of a
 * statement by their values as functions of the generated loops' counters, so that the statement
 * keeps affine subscripts. Member names ({@code s.i}, {@code p->i}) are left alone.
 */
public final class IndexSubstitution {
  private IndexSubstitution() {}

  public static String substitute(String text, Map<String, String> values) {
    List<MfToken> toks = MfLexer.tokenize(text, "<statement>");
    StringBuilder sb = new StringBuilder();
    int copied = 0;
    for (int i = 0; i < toks.size(); i++) {
      MfToken t = toks.get(i);
      if (t.kind() != MfToken.Kind.IDENT) continue;
      String v = values.get(t.text());
      if (v == null) continue;
      if (i > 0 && (toks.get(i - 1).is(".") || toks.get(i - 1).is("->"))) continue;
      sb.append(text, copied, t.start()).append('(').append(v).append(')');
      copied = t.end();
    }
    sb.append(text, copied, text.length());
    return sb.toString();
  }
}

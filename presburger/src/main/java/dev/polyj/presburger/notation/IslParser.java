package dev.polyj.presburger.notation;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parser of isl notation for sets and relations, with isl's meaning (isl_union_map_read_from_str,
 * isl_set_read_from_str). Supported:
 *
 * <ul>
 *   <li>parameters {@code [N, M] -> { ... }}, also with a value or expression {@code [N = 5]}
 *       (the constraint {@code N = 5} on every member); parameter domains {@code [N] -> { : N > 0 }};
 *   <li>sets {@code { S[i, j] : ... }}, maps {@code { S[i] -> A[i + 1] }}, anonymous, empty,
 *       nested ({@code [S[i] -> T[j]]}) tuples, {@code A[i][j]} for {@code A[i, j]}, unions over
 *       spaces separated by {@code ;} (a trailing {@code ;} is allowed), the empty union
 *       {@code { }};
 *   <li>tuple entries: a new name (a dimension), {@code name = expr}, {@code *}, or an expression
 *       (a new unnamed dimension equal to it: {@code [i, i]}, {@code [i] -> [2i + 1]}), including
 *       {@code cond ? a : b}, pieces {@code a : cond; b : cond2} and ranges {@code lo:hi},
 *       {@code lo:}, {@code :hi};
 *   <li>conditions with {@code and &&  & /\}, {@code or || | \/}, {@code not !} (before a
 *       conjunct), {@code implies}, parentheses, {@code true}, {@code false},
 *       {@code exists (e0, e1 = expr : ...)}, chained comparisons {@code 0 <= i < j <= N} with
 *       {@code = == != < <= > >=}, lists {@code i, j >= 0} (every left element against every right
 *       one, as isl does: {@code i >= 0, j >= 0} also means {@code i >= j}), lexicographic list
 *       comparisons {@code << <<= >> >>=};
 *   <li>quasi-affine expressions: integer (and, inside comparisons, rational) coefficients
 *       {@code 2i 2*i -i i/2}, {@code floor(e) ceil(e) [e] floord(e, d) ceild(e, d)},
 *       {@code e mod d}, {@code e % d}, {@code e // d}, {@code min(...)}, {@code max(...)},
 *       constant powers {@code 2^3}; {@code #} comments.
 * </ul>
 *
 * <p>Every identifier must be declared: as a parameter, a tuple dimension, or an existential
 * variable. isl does not add undeclared names as parameters either; it reports them as unknown, and
 * so does this parser. Not supported (rejected with a {@link ParseException}): rational sets
 * ({@code rat:}), infinity and NaN, piecewise (quasi-)affine and quasi-polynomial objects such as
 * {@code { [i] -> i + 1 }}, the PolyLib matrix format, and unions mixing sets with maps (isl
 * rejects those as well).
 */
public final class IslParser {
  private IslParser() {}

  /** Parses one isl object (a set, map, union set or union map) that makes up the whole text. */
  public static UnionRelation parseUnion(String text) {
    IslReader.Result r = readWhole(text);
    return assemble(r).union();
  }

  /** Parses an isl set or map: the text must denote exactly one space. */
  public static Relation parseRelation(String text) {
    IslReader.Result r = readWhole(text);
    ParseResult pr = assemble(r);
    if (pr.relations().size() != 1) {
      int[] lc = lineColumn(text, 0);
      int at = 0;
      if (pr.relations().size() > 1) {
        Token second = secondSpaceStart(r);
        throw new ParseException(second.line(), second.column(), second.offset(),
            "expected a single space but found " + pr.relations().size() + " (use a union)");
      }
      throw new ParseException(lc[0], lc[1], at, "expected a set or map but found the empty union, which has no space");
    }
    return pr.relations().get(0);
  }

  /**
   * Parses one isl object starting at {@code offset} of {@code text} (the optional parameter
   * tuple and arrow, then the braces) and returns it with the offset just after the closing brace.
   * Error positions are relative to the whole text.
   */
  public static ParseResult parseUnionAt(String text, int offset) {
    return assemble(new IslReader(text, offset).read());
  }

  private static IslReader.Result readWhole(String text) {
    IslReader.Result r = new IslReader(text, 0).read();
    Token rest = IslReader.tokenAfter(text, r.end());
    if (rest.kind() != Token.Kind.EOF) {
      throw new ParseException(rest.line(), rest.column(), rest.offset(),
          "unexpected " + rest.describe() + " after the closing '}'");
    }
    return r;
  }

  private static Token secondSpaceStart(IslReader.Result r) {
    Space first = r.members().get(0).relation().space();
    for (IslReader.Member m : r.members()) {
      if (!m.relation().space().equals(first)) return m.start();
    }
    return r.members().get(0).start();
  }

  private static ParseResult assemble(IslReader.Result r) {
    Map<Space, Relation> bySpace = new LinkedHashMap<>();
    Boolean maps = null;
    for (IslReader.Member m : r.members()) {
      Relation rel = m.relation();
      boolean isMap = rel.space().isMap();
      if (maps == null) {
        maps = isMap;
      } else if (maps != isMap) {
        Token t = m.start();
        throw new ParseException(t.line(), t.column(), t.offset(),
            "cannot combine " + (isMap ? "a map with sets" : "a set with maps") + " in one union");
      }
      bySpace.merge(rel.space(), rel, Relation::union);
    }
    List<Relation> members = new ArrayList<>(bySpace.values());
    UnionRelation u = members.isEmpty() ? UnionRelation.empty(r.params())
        : UnionRelation.of(members).alignParams(r.params());
    return new ParseResult(u, members, r.end());
  }

  private static int[] lineColumn(String text, int offset) {
    int line = 1;
    int col = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
    }
    return new int[] {line, col};
  }
}

package dev.polyj.polyhedral.yaml;

import dev.polyj.presburger.notation.ParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A reader for the YAML that isl's tools and pet write and read: block mappings and sequences,
 * flow mappings and sequences, double- and single-quoted and plain scalars, {@code #} comments.
 *
 * <p>isl's own YAML reader does not decide what {@code { S[i] -> a[i] }} is from the text alone:
 * where it expects a set or a map it reads the value as isl notation, where it expects a mapping
 * (a schedule tree node) it reads a YAML mapping. A general YAML library reads every unquoted
 * {@code {...}} as a flow mapping, which breaks on isl notation. So this reader keeps flow
 * collections as their source text ({@link YamlNode.Scalar#isFlow}) and the caller asks for what
 * it expects: {@link #text} for an isl object, {@link #mapping} or {@link #sequence} for YAML
 * structure, which parses the kept text on demand.
 *
 * <p>Errors are {@link IllegalArgumentException}s whose message starts with {@code line:column:}
 * (1-based) in the document.
 */
public final class IslYaml {
  private final String doc;
  private final int[] lineStarts;

  private IslYaml(String doc) {
    this.doc = doc;
    List<Integer> starts = new ArrayList<>(List.of(0));
    for (int i = 0; i < doc.length(); i++) if (doc.charAt(i) == '\n') starts.add(i + 1);
    lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /** A document, ready to be read with {@link #root}. */
  public static IslYaml of(String text) {
    return new IslYaml(text.replace("\r\n", "\n").replace('\t', ' '));
  }

  /** The root node of the document (an empty mapping for an empty document). */
  public YamlNode root() {
    Block b = new Block(0);
    b.skipBlank();
    if (b.pos >= doc.length()) return new YamlNode.Mapping(Map.of(), Map.of(), 0);
    YamlNode n = b.node(-1);
    b.skipBlank();
    if (b.pos < doc.length()) throw error(b.pos, "unexpected text after the document");
    return n;
  }

  // ---------------------------------------------------------------------------------------------
  // What callers ask for

  /** The value of a scalar (quoted or not, or a flow collection's text): an isl object's text. */
  public String text(YamlNode n, String what) {
    if (n instanceof YamlNode.Scalar s) return s.text();
    throw error(n.offset(), what + ": expected a value, found a " + kind(n));
  }

  /** A mapping, reading a flow mapping kept as text if needed. */
  public YamlNode.Mapping mapping(YamlNode n, String what) {
    if (n instanceof YamlNode.Mapping m) return m;
    if (n instanceof YamlNode.Scalar s && s.isFlow() && s.text().startsWith("{")) {
      Flow f = new Flow(s.textOffset(), s.textOffset() + s.text().length());
      return f.mapping();
    }
    throw error(n.offset(), what + ": expected a mapping, found a " + kind(n));
  }

  /** A sequence, reading a flow sequence kept as text if needed. */
  public YamlNode.Sequence sequence(YamlNode n, String what) {
    if (n instanceof YamlNode.Sequence q) return q;
    if (n instanceof YamlNode.Scalar s && s.isFlow() && s.text().startsWith("[")) {
      Flow f = new Flow(s.textOffset(), s.textOffset() + s.text().length());
      return f.sequence();
    }
    throw error(n.offset(), what + ": expected a list, found a " + kind(n));
  }

  /**
   * An error at a node: {@code line:column: message}.
   */
  public IllegalArgumentException error(YamlNode n, String message) {
    return error(n.offset(), message);
  }

  /** An error at a key of a mapping. */
  public IllegalArgumentException errorAtKey(YamlNode.Mapping m, String key, String message) {
    Integer at = m.keyOffsets().get(key);
    return error(at == null ? m.offset() : at, message);
  }

  /**
   * An isl notation error in the text of {@code n}, moved to its place in the document; other
   * exceptions are prefixed with the node's position.
   */
  public IllegalArgumentException islError(YamlNode n, String what, IllegalArgumentException e) {
    if (n instanceof YamlNode.Scalar s && e instanceof ParseException p) {
      int at = s.verbatim() ? s.textOffset() + Math.min(p.offset(), s.text().length()) : s.textOffset();
      return error(at, what + ": " + p.detail());
    }
    return error(n.offset(), what + ": " + e.getMessage());
  }

  /** 1-based line and column of an offset, as {@code line:column}. */
  public String position(int offset) {
    int i = Arrays.binarySearch(lineStarts, offset);
    int line = i >= 0 ? i : -i - 2;
    return (line + 1) + ":" + (offset - lineStarts[line] + 1);
  }

  private IllegalArgumentException error(int offset, String message) {
    return new IllegalArgumentException(position(Math.min(offset, doc.length())) + ": " + message);
  }

  private static String kind(YamlNode n) {
    if (n instanceof YamlNode.Mapping) return "mapping";
    if (n instanceof YamlNode.Sequence) return "list";
    return "value";
  }

  // ---------------------------------------------------------------------------------------------
  // Block style

  private final class Block {
    int pos;

    Block(int pos) {
      this.pos = pos;
    }

    int column(int p) {
      int i = Arrays.binarySearch(lineStarts, p);
      int line = i >= 0 ? i : -i - 2;
      return p - lineStarts[line];
    }

    /** Skips spaces, comments and line ends, leaving {@code pos} on the next content character. */
    void skipBlank() {
      while (pos < doc.length()) {
        char c = doc.charAt(pos);
        if (c == ' ' || c == '\n') {
          pos++;
        } else if (c == '#') {
          while (pos < doc.length() && doc.charAt(pos) != '\n') pos++;
        } else if (c == '-' && column(pos) == 0 && doc.startsWith("---", pos)) {
          pos += 3; // document start marker
        } else {
          return;
        }
      }
    }

    /** Skips spaces and a comment on the current line. */
    void skipSpaces() {
      while (pos < doc.length() && doc.charAt(pos) == ' ') pos++;
      if (pos < doc.length() && doc.charAt(pos) == '#' && (pos == 0 || doc.charAt(pos - 1) == ' ')) {
        while (pos < doc.length() && doc.charAt(pos) != '\n') pos++;
      }
    }

    boolean atLineEnd() {
      return pos >= doc.length() || doc.charAt(pos) == '\n';
    }

    /** A block node starting at {@code pos} (a content character), deeper than {@code parent}. */
    YamlNode node(int parent) {
      int col = column(pos);
      if (isDash()) return sequence(col);
      if (isKey()) return mapping(col);
      return inline();
    }

    boolean isDash() {
      return doc.charAt(pos) == '-' && (pos + 1 >= doc.length() || doc.charAt(pos + 1) == ' ' || doc.charAt(pos + 1) == '\n');
    }

    /** Whether a {@code key:} starts at {@code pos}. */
    boolean isKey() {
      int p = pos;
      while (p < doc.length() && isKeyChar(doc.charAt(p))) p++;
      return p > pos && p < doc.length() && doc.charAt(p) == ':'
          && (p + 1 >= doc.length() || doc.charAt(p + 1) == ' ' || doc.charAt(p + 1) == '\n');
    }

    YamlNode.Mapping mapping(int col) {
      int start = pos;
      Map<String, YamlNode> entries = new LinkedHashMap<>();
      Map<String, Integer> keys = new LinkedHashMap<>();
      while (true) {
        if (!isKey()) throw error(pos, "expected a key ('name:')");
        int keyStart = pos;
        while (doc.charAt(pos) != ':') pos++;
        String key = doc.substring(keyStart, pos).trim();
        pos++;
        if (entries.containsKey(key)) throw error(keyStart, "duplicate key '" + key + "'");
        keys.put(key, keyStart);
        entries.put(key, value(col));
        int save = pos;
        skipBlank();
        if (pos < doc.length() && column(pos) > col) throw error(pos, "unexpected indentation");
        if (pos >= doc.length() || column(pos) < col || isDash()) {
          pos = save;
          break;
        }
      }
      return new YamlNode.Mapping(entries, keys, start);
    }

    /** The value after {@code key:} of a mapping at column {@code col}. */
    YamlNode value(int col) {
      skipSpaces();
      if (!atLineEnd()) return inline();
      int save = pos;
      skipBlank();
      if (pos < doc.length()) {
        int c = column(pos);
        if (c > col || (c == col && isDash())) return node(col);
      }
      pos = save;
      return new YamlNode.Scalar("", save, save, true, false); // an empty value
    }

    YamlNode.Sequence sequence(int col) {
      int start = pos;
      List<YamlNode> items = new ArrayList<>();
      while (true) {
        pos++; // the dash
        skipSpaces();
        if (atLineEnd()) {
          int save = pos;
          skipBlank();
          if (pos < doc.length() && column(pos) > col) {
            items.add(node(col));
          } else {
            pos = save;
            items.add(new YamlNode.Scalar("", save, save, true, false));
          }
        } else {
          items.add(isKey() ? mapping(column(pos)) : inline());
        }
        int save = pos;
        skipBlank();
        if (pos >= doc.length() || column(pos) != col || !isDash()) {
          pos = save;
          skipBlank();
          if (pos < doc.length() && column(pos) > col) throw error(pos, "unexpected indentation");
          pos = save;
          break;
        }
      }
      return new YamlNode.Sequence(items, start);
    }

    /** A scalar or flow collection on the current line (a flow collection may span lines). */
    YamlNode inline() {
      int start = pos;
      char c = doc.charAt(pos);
      YamlNode n;
      if (c == '"' || c == '\'') {
        n = quoted(this, c);
      } else {
        int end = unquotedEnd(pos, -1, '\n');
        n = new YamlNode.Scalar(doc.substring(pos, end).strip(), start, start, true, false);
        pos = end;
      }
      skipSpaces();
      if (!atLineEnd()) throw error(pos, "unexpected text after the value");
      return n;
    }
  }

  private static boolean isKeyChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.';
  }

  /** Reads a quoted scalar at {@code b.pos}, leaving {@code b.pos} after the closing quote. */
  private YamlNode.Scalar quoted(Block b, char q) {
    int start = b.pos;
    int p = start + 1;
    StringBuilder sb = new StringBuilder();
    boolean verbatim = true;
    while (true) {
      if (p >= doc.length()) throw error(start, "unterminated quoted string");
      char c = doc.charAt(p);
      if (c == q) {
        if (q == '\'' && p + 1 < doc.length() && doc.charAt(p + 1) == '\'') {
          sb.append('\'');
          verbatim = false;
          p += 2;
          continue;
        }
        break;
      }
      if (c == '\\' && q == '"') {
        verbatim = false;
        if (p + 1 >= doc.length()) throw error(p, "unterminated quoted string");
        char e = doc.charAt(p + 1);
        switch (e) {
          case 'n' -> sb.append('\n');
          case 't' -> sb.append('\t');
          case '\\', '"', '/' -> sb.append(e);
          case '\n' -> { }
          default -> throw error(p, "unknown escape '\\" + e + "'");
        }
        p += 2;
        continue;
      }
      if (c == '\n') verbatim = false;
      sb.append(c == '\n' ? ' ' : c);
      p++;
    }
    b.pos = p + 1;
    return new YamlNode.Scalar(sb.toString(), start, start + 1, verbatim, true);
  }

  /**
   * The end of an unquoted value starting at {@code start}: the first {@code stop1} or {@code stop2}
   * character (or comment) outside brackets, so that isl notation such as {@code [n] -> { S[i] :
   * i < n }} is one value, even across lines.
   */
  private int unquotedEnd(int start, int end, char stop1) {
    return unquotedEnd(start, end, stop1, stop1);
  }

  private int unquotedEnd(int start, int end, char stop1, char stop2) {
    int limit = end < 0 ? doc.length() : end;
    int depth = 0;
    int p = start;
    for (; p < limit; p++) {
      char c = doc.charAt(p);
      if (depth == 0 && (c == stop1 || c == stop2)) break;
      if (depth == 0 && c == '#' && p > start && doc.charAt(p - 1) == ' ') break;
      if (c == '{' || c == '[' || c == '(') {
        depth++;
      } else if (c == '}' || c == ']' || c == ')') {
        if (depth == 0) break;
        depth--;
      } else if (c == '"' && depth > 0) {
        int q = p + 1;
        while (q < limit && doc.charAt(q) != '"') q += doc.charAt(q) == '\\' ? 2 : 1;
        p = q;
      }
    }
    if (depth > 0) throw error(start, "unbalanced brackets in the value");
    return p;
  }

  // ---------------------------------------------------------------------------------------------
  // Flow style

  /** A flow collection between {@code pos} and {@code end}; nested collections are kept as text. */
  private final class Flow {
    int pos;
    final int end;

    Flow(int pos, int end) {
      this.pos = pos;
      this.end = end;
    }

    void skip() {
      while (pos < end && (doc.charAt(pos) == ' ' || doc.charAt(pos) == '\n')) pos++;
    }

    YamlNode.Mapping mapping() {
      int start = pos;
      pos++; // '{'
      Map<String, YamlNode> entries = new LinkedHashMap<>();
      Map<String, Integer> keys = new LinkedHashMap<>();
      skip();
      if (pos < end && doc.charAt(pos) == '}') return new YamlNode.Mapping(entries, keys, start);
      while (true) {
        skip();
        int keyStart = pos;
        while (pos < end && isKeyChar(doc.charAt(pos))) pos++;
        if (pos == keyStart || pos >= end || doc.charAt(pos) != ':') throw error(pos, "expected a key ('name:')");
        String key = doc.substring(keyStart, pos);
        if (entries.containsKey(key)) throw error(keyStart, "duplicate key '" + key + "'");
        pos++;
        keys.put(key, keyStart);
        entries.put(key, value('}'));
        skip();
        if (pos >= end) throw error(pos, "expected ',' or '}'");
        char c = doc.charAt(pos++);
        if (c == '}') break;
        if (c != ',') throw error(pos - 1, "expected ',' or '}'");
      }
      return new YamlNode.Mapping(entries, keys, start);
    }

    YamlNode.Sequence sequence() {
      int start = pos;
      pos++; // '['
      List<YamlNode> items = new ArrayList<>();
      skip();
      if (pos < end && doc.charAt(pos) == ']') return new YamlNode.Sequence(items, start);
      while (true) {
        items.add(value(']'));
        skip();
        if (pos >= end) throw error(pos, "expected ',' or ']'");
        char c = doc.charAt(pos++);
        if (c == ']') break;
        if (c != ',') throw error(pos - 1, "expected ',' or ']'");
      }
      return new YamlNode.Sequence(items, start);
    }

    YamlNode value(char close) {
      skip();
      int start = pos;
      if (pos >= end) throw error(pos, "expected a value");
      char c = doc.charAt(pos);
      if (c == '"' || c == '\'') {
        Block b = new Block(pos);
        YamlNode.Scalar s = quoted(b, c);
        pos = b.pos;
        return s;
      }
      pos = unquotedEnd(start, end, ',', close);
      String text = doc.substring(start, pos).strip();
      return new YamlNode.Scalar(text, start, start, true, false);
    }
  }
}

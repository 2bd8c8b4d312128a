package dev.polyj.polybench.report;

/** Escaping of text for XML, SVG and HTML output. */
final class Xml {

  private Xml() {}

  /** Escapes {@code & < > " '} so the text is safe in element content and attribute values. */
  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> {
          // Control characters other than tab and newline are not allowed in XML 1.0.
          if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            b.append('?');
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }
}

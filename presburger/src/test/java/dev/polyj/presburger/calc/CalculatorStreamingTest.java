package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Statements run as soon as they are complete, whatever pieces the input arrives in. */
class CalculatorStreamingTest {
  /** Hands out the pieces one per read and records what had been printed before each read. */
  static final class Pieces extends Reader {
    private final List<String> pieces;
    private final StringWriter out;
    final List<String> printedBeforeRead = new ArrayList<>();
    private int next;

    Pieces(StringWriter out, String... pieces) {
      this.out = out;
      this.pieces = List.of(pieces);
    }

    @Override
    public int read(char[] buf, int off, int len) {
      printedBeforeRead.add(out.toString());
      if (next == pieces.size()) return -1;
      String p = pieces.get(next++);
      p.getChars(0, p.length(), buf, off);
      return p.length();
    }

    @Override
    public void close() {}
  }

  @Test
  void eachStatementRunsOnceItsSemicolonHasArrived() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Pieces in = new Pieces(out, "print 1;\nx := (2,", " 3);\nprint x", ";\n");
    new Calculator().execute(in, new PrintWriter(out), new PrintWriter(err));
    assertEquals(List.of("", "1\n", "1\n", "1\n(2, 3)\n"), in.printedBeforeRead);
    assertEquals("", err.toString());
  }

  @Test
  void piecesSplittingCommentsStringsAndBracesDoNotCutStatements() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Pieces in = new Pieces(out, "print 1; # a", "; b\nprint \"x;", "y\";\nz := q { ;", " }; print 2;");
    new Calculator().execute(in, new PrintWriter(out), new PrintWriter(err));
    assertEquals("1\nx;y\n2\n", out.toString());
    // the one bad statement is reported once, at its global position
    assertEquals("3:8: expected ';', found '{'\n", err.toString());
  }

  @Test
  void positionsAreCountedOverTheWholeInput() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Pieces in = new Pieces(out, "print 1;\n", "print 2;\n\n", "  print nope;\n");
    new Calculator().execute(in, new PrintWriter(out), new PrintWriter(err));
    assertEquals("4:9: unknown identifier 'nope'\n", err.toString());
  }
}

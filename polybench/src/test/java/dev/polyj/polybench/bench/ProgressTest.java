package dev.polyj.polybench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressTest {

  @Test
  void plainProgressPrintsOneLinePerStepAndNoDetails() {
    StringWriter out = new StringWriter();
    Progress p = Progress.create(Progress.Mode.PLAIN, new PrintWriter(out));
    p.update("prepare", 0, 2, "");
    p.detail("gemm compile");
    p.update("prepare", 1, 2, "gemm ok");
    p.message("atax: failed: optimizer: no scop");
    p.finish();
    assertEquals("bench: prepare 0/2\nbench: prepare 1/2 gemm ok\n"
        + "bench: atax: failed: optimizer: no scop\n", out.toString().replace("\r\n", "\n"));
  }

  @Test
  void barRedrawsOneLineAndKeepsMessagesAboveIt() {
    StringWriter out = new StringWriter();
    Progress p = Progress.create(Progress.Mode.BAR, new PrintWriter(out));
    p.update("prepare", 1, 2, "gemm ok");
    p.detail("atax compile");
    p.message("atax: wrong");
    p.finish();
    String text = out.toString();
    assertTrue(text.contains("\r[###############---------------] 1/2 prepare gemm ok"), text);
    assertTrue(text.contains("1/2 prepare atax compile"), text);
    // On a screen, the message stays on a line of its own and finish() leaves a blank line.
    List<String> screen = screen(text);
    assertEquals(List.of("atax: wrong", ""), screen.stream().map(String::stripTrailing).toList());
  }

  /** What a terminal shows for {@code text}: '\r' returns to column 0, later text overwrites. */
  private static List<String> screen(String text) {
    List<StringBuilder> lines = new ArrayList<>(List.of(new StringBuilder()));
    int col = 0;
    for (char c : text.toCharArray()) {
      StringBuilder line = lines.get(lines.size() - 1);
      if (c == '\n') {
        lines.add(new StringBuilder());
        col = 0;
      } else if (c == '\r') {
        col = 0;
      } else {
        if (col < line.length()) {
          line.setCharAt(col, c);
        } else {
          line.append(c);
        }
        col++;
      }
    }
    return lines.stream().map(StringBuilder::toString).toList();
  }

  @Test
  void noneShowsNothing() {
    StringWriter out = new StringWriter();
    Progress p = Progress.create(Progress.Mode.NONE, new PrintWriter(out));
    p.update("prepare", 1, 2, "gemm ok");
    p.message("x");
    p.finish();
    assertEquals("", out.toString());
  }
}

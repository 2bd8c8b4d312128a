package dev.polyj.polybench.bench;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of a benchmark run on stderr: a one-line bar redrawn in place on a terminal, or one
 * plain line per event otherwise. Safe to call from several threads.
 */
public abstract class Progress {

  /** How progress is shown. */
  public enum Mode {
    /** A bar when the console is a terminal, plain lines otherwise. */
    AUTO,
    BAR,
    PLAIN,
    NONE
  }

  /** Progress that shows nothing. */
  public static final Progress NONE = new Progress() {
    @Override
    public void update(String phase, int done, int total, String detail) {}

    @Override
    public void message(String line) {}

    @Override
    public void finish() {}
  };

  /**
   * Shows what is being done now without advancing (e.g. "gemm compile"); only the bar shows
   * it, plain progress would drown in such lines.
   */
  public void detail(String what) {}

  /** Reports that {@code done} of {@code total} steps of {@code phase} are complete. */
  public abstract void update(String phase, int done, int total, String detail);

  /** A line that must stay visible (e.g. a kernel that failed). */
  public abstract void message(String line);

  /** Ends the display (clears the bar). */
  public abstract void finish();

  /** Progress of the given mode on {@code out}. */
  public static Progress create(Mode mode, PrintWriter out) {
    Mode m = mode == Mode.AUTO ? (isTerminal() ? Mode.BAR : Mode.PLAIN) : mode;
    return switch (m) {
      case BAR -> new Bar(out);
      case PLAIN -> new Plain(out);
      default -> NONE;
    };
  }

  /**
   * Whether the process talks to a terminal. Java cannot ask about stderr alone; an interactive
   * console (stdin and stdout on a terminal) with a capable TERM is taken as the sign.
   */
  static boolean isTerminal() {
    String term = System.getenv("TERM");
    java.io.Console console = System.console();
    if (console == null || term == null || term.equals("dumb")) {
      return false;
    }
    // From Java 22 on a console may exist without a terminal; ask it when it can tell.
    try {
      return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  /** One line per update. */
  static final class Plain extends Progress {
    private final PrintWriter out;

    Plain(PrintWriter out) {
      this.out = out;
    }

    @Override
    public synchronized void update(String phase, int done, int total, String detail) {
      out.println(String.format(Locale.ROOT, "bench: %s %d/%d %s", phase, done, total, detail)
          .stripTrailing());
      out.flush();
    }

    @Override
    public synchronized void message(String line) {
      out.println("bench: " + line);
      out.flush();
    }

    @Override
    public void finish() {}
  }

  /** A bar redrawn with a carriage return. */
  static final class Bar extends Progress {
    private static final int WIDTH = 30;
    private static final int LINE = 100;
    private final PrintWriter out;
    private String last = "";
    private String phase = "";
    private int done;
    private int total;

    Bar(PrintWriter out) {
      this.out = out;
    }

    @Override
    public synchronized void detail(String what) {
      update(phase, done, total, what);
    }

    @Override
    public synchronized void update(String phase, int done, int total, String detail) {
      this.phase = phase;
      this.done = done;
      this.total = total;
      int filled = total == 0 ? WIDTH : (int) ((long) WIDTH * done / total);
      String line = String.format(Locale.ROOT, "[%s%s] %d/%d %s %s", "#".repeat(filled),
          "-".repeat(WIDTH - filled), done, total, phase, detail).stripTrailing();
      if (line.length() > LINE) {
        line = line.substring(0, LINE);
      }
      draw(line);
    }

    @Override
    public synchronized void message(String line) {
      String bar = last;
      draw("");
      out.print('\r');
      out.println(line);
      draw(bar);
    }

    @Override
    public synchronized void finish() {
      draw("");
      out.print('\r');
      out.flush();
    }

    private void draw(String line) {
      out.print('\r');
      out.print(line);
      if (line.length() < last.length()) {
        out.print(" ".repeat(last.length() - line.length()));
      }
      out.flush();
      last = line;
    }
  }
}

package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The calculator: runs a script in the iscc language subset of the design (statements ending in
 * {@code ;}, {@code X := expr;} assignments, expression statements that print their value on one
 * line). An error in a statement is reported on the error stream as {@code line:column: message}
 * (prefixed by the source name when one is set) and the calculator goes on with the next
 * statement. Variables persist across runs of the same instance.
 */
public final class Calculator {
  /**
   * How a run went: every statement ran, some had an input error, some hit an internal error, or an
   * {@code assert} failed (as in iscc, the run stops at a failed assertion).
   */
  public enum Outcome {
    OK,
    INPUT_ERROR,
    INTERNAL_ERROR,
    ASSERTION_FAILED
  }

  private final Map<String, Value> variables = new HashMap<>();
  private final LiteralReader literals;
  private String sourceName;
  private boolean debug;
  private FlowAnalysis flowAnalysis;
  private CodeGeneration codeGeneration;
  private Scheduling scheduling;

  public Calculator() {
    this(IslLiterals::read);
  }

  Calculator(LiteralReader literals) {
    this.literals = literals;
  }

  /** Prefixes error positions with {@code name:} (e.g. a file name); null for none. */
  public Calculator setSourceName(String name) {
    this.sourceName = name;
    return this;
  }

  /** Prints the stack trace of internal errors. */
  public Calculator setDebug(boolean debug) {
    this.debug = debug;
    return this;
  }

  /** Enables {@code last/any ... before ... under ...} with the given dataflow analysis. */
  public Calculator setFlowAnalysis(FlowAnalysis analysis) {
    this.flowAnalysis = analysis;
    return this;
  }

  /** Enables {@code codegen} with the given code generator. */
  public Calculator setCodeGeneration(CodeGeneration generation) {
    this.codeGeneration = generation;
    return this;
  }

  /** Enables {@code schedule ... respecting ... minimizing ...} and schedule-tree literals. */
  public Calculator setScheduling(Scheduling scheduling) {
    this.scheduling = scheduling;
    return this;
  }

  /** Sets a variable, e.g. to a union computed by a program before it runs a script. */
  public Calculator define(String name, Value value) {
    checkArgument(name.matches("[A-Za-z_][A-Za-z0-9_']*") && !Parser.isReserved(name), "not a variable name: %s", name);
    variables.put(name, checkNotNull(value, "value"));
    return this;
  }

  /** The value of a variable assigned by a script. */
  public Optional<Value> variable(String name) {
    return Optional.ofNullable(variables.get(name));
  }

  /** Runs the script; results go to {@code out}, errors to {@code err}. Returns whether any error occurred. */
  public boolean run(Reader in, PrintStream out, PrintStream err) {
    return execute(in, new PrintWriter(out), new PrintWriter(err)) != Outcome.OK;
  }

  /**
   * Runs the script; results go to {@code out}, errors to {@code err}. Statements run as soon as
   * they have been read completely, so an interactive user sees each result after typing its
   * {@code ;}.
   */
  public Outcome execute(Reader in, PrintWriter out, PrintWriter err) {
    SourceText source = new SourceText();
    StatementEnds ends = new StatementEnds();
    Evaluator evaluator = new Evaluator(variables, flowAnalysis, codeGeneration, scheduling, this::literal);
    Outcome outcome = Outcome.OK;
    int done = 0; // the statements before this offset have run
    char[] buffer = new char[8192];
    while (true) {
      int n;
      try {
        n = in.read(buffer);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (n < 0) break;
      source.append(java.nio.CharBuffer.wrap(buffer, 0, n));
      int end = ends.advance(source);
      if (end > done) {
        outcome = worse(outcome, runStatements(source, done, end, evaluator, out, err));
        done = end;
        if (outcome == Outcome.ASSERTION_FAILED) break;
      }
    }
    if (outcome != Outcome.ASSERTION_FAILED && done < source.length()) {
      outcome = worse(outcome, runStatements(source, done, source.length(), evaluator, out, err));
    }
    flush(out, err);
    return outcome;
  }

  /** Runs the statements in {@code [from, to)} of the source, going on after each error. */
  private Outcome runStatements(SourceText source, int from, int to, Evaluator evaluator, PrintWriter out,
      PrintWriter err) {
    String text = source.substring(from, to);
    Lexer lexer = new Lexer(text);
    Parser parser = new Parser(lexer, this::literal);
    Outcome outcome = Outcome.OK;
    while (true) {
      int start = lexer.offset();
      Stmt stmt;
      try {
        if (lexer.peek().kind() == Token.Kind.EOF) break;
        stmt = parser.statement();
      } catch (CalcException e) {
        outcome = worse(outcome, report(source, from, e, err));
        lexer.reset(resynchronize(text, start, e.offset()));
        flush(out, err);
        continue;
      } catch (RuntimeException | StackOverflowError e) {
        outcome = worse(outcome, report(source, from, CalcException.internal(start, "parser", e), err));
        lexer.reset(resynchronize(text, start, start));
        flush(out, err);
        continue;
      }
      try {
        if (stmt instanceof Stmt.Source src) {
          Outcome sourced = source(src, out, err);
          outcome = worse(outcome, sourced);
          if (sourced == Outcome.ASSERTION_FAILED) return outcome;
          continue;
        }
        execute(stmt, evaluator, out);
      } catch (CalcException e) {
        outcome = worse(outcome, report(source, from, e, err));
        if (e.kind() == CalcException.Kind.ASSERTION) {
          flush(out, err);
          return outcome;
        }
      } catch (RuntimeException | StackOverflowError e) {
        outcome = worse(outcome, report(source, from, CalcException.internal(stmt.pos(), "statement", e), err));
      }
      flush(out, err);
    }
    return outcome;
  }

  private void execute(Stmt stmt, Evaluator evaluator, PrintWriter out) {
    if (stmt instanceof Stmt.Assign a) {
      variables.put(a.name(), evaluator.eval(a.expr()));
    } else if (stmt instanceof Stmt.Print p) {
      Value v = evaluator.eval(p.expr());
      out.println(print(v, p.pos()));
    } else if (stmt instanceof Stmt.Assert a) {
      Value v = evaluator.eval(a.expr());
      if (!(v instanceof BoolValue b)) {
        throw CalcException.input(a.expr().pos(), "assert expects a boolean, found " + v.typeName());
      }
      if (!b.value()) throw CalcException.assertion(a.pos());
    } else if (stmt instanceof Stmt.Write w) {
      String text = print(evaluator.eval(w.expr()), w.pos());
      try {
        java.nio.file.Files.writeString(java.nio.file.Path.of(w.path()), text + "\n");
      } catch (java.io.IOException | RuntimeException e) {
        throw CalcException.input(w.pos(), "write: cannot write \"" + w.path() + "\": " + CalcException.reason(e), e);
      }
    } else if (stmt instanceof Stmt.Codegen c) {
      String code = evaluator.codegen(c);
      out.print(code.endsWith("\n") || code.isEmpty() ? code : code + "\n");
    } else if (!(stmt instanceof Stmt.Empty)) {
      throw new IllegalStateException("unknown statement " + stmt);
    }
  }

  /** The most files {@code source} statements may have open at once (a file sourcing itself stops there). */
  static final int MAX_SOURCE_DEPTH = 32;

  private int sourceDepth;

  /**
   * iscc's {@code source "file";}: runs the file's statements on the same variables, errors
   * reported at positions in that file.
   */
  private Outcome source(Stmt.Source src, PrintWriter out, PrintWriter err) {
    if (sourceDepth >= MAX_SOURCE_DEPTH) {
      throw CalcException.input(src.pos(), "source: more than " + MAX_SOURCE_DEPTH + " nested files");
    }
    Reader in;
    try {
      in = java.nio.file.Files.newBufferedReader(java.nio.file.Path.of(src.path()));
    } catch (IOException | RuntimeException e) {
      throw CalcException.input(src.pos(), "source: cannot read \"" + src.path() + "\": " + CalcException.reason(e), e);
    }
    String outer = sourceName;
    sourceName = src.path();
    sourceDepth++;
    try (Reader r = in) {
      return execute(r, out, err);
    } catch (IOException e) {
      throw CalcException.input(src.pos(), "source: cannot read \"" + src.path() + "\": " + CalcException.reason(e), e);
    } finally {
      sourceName = outer;
      sourceDepth--;
    }
  }

  /**
   * Reads the isl literal at {@code offset}: a schedule tree in YAML flow notation when it opens
   * with a {@code domain} key and a scheduler is installed, else a set, map or quasi-polynomial.
   */
  private LiteralReader.Literal literal(String text, int offset) {
    if (scheduling != null && SCHEDULE_LITERAL.matcher(text).region(offset, text.length()).lookingAt()) {
      int end = IslLiterals.end(text, offset);
      if (end < 0) throw CalcException.input(offset, "unbalanced '{' in a schedule");
      try {
        return new LiteralReader.Literal(scheduling.read(text.substring(offset, end)), end);
      } catch (RuntimeException e) {
        throw CalcException.input(offset, "invalid schedule: " + e.getMessage(), e);
      }
    }
    return literals.read(text, offset);
  }

  private static final java.util.regex.Pattern SCHEDULE_LITERAL =
      java.util.regex.Pattern.compile("\\{\\s*\"?domain\"?\\s*:");

  private static String print(Value v, int pos) {
    try {
      return v.print();
    } catch (UnsupportedOperationException e) {
      throw CalcException.unsupported(pos, "print", e);
    } catch (RuntimeException e) {
      throw CalcException.internal(pos, "print", e);
    }
  }

  /** Prints the error; its offset is relative to {@code base}. */
  private Outcome report(SourceText source, int base, CalcException e, PrintWriter err) {
    String where = (sourceName == null ? "" : sourceName + ":") + source.position(base + e.offset());
    if (e.kind() == CalcException.Kind.INTERNAL) {
      err.println(where + ": internal error: " + e.getMessage()
          + "; please report it at the project's issue tracker");
      if (debug && e.getCause() != null) e.getCause().printStackTrace(err);
      return Outcome.INTERNAL_ERROR;
    }
    err.println(where + ": " + e.getMessage());
    return e.kind() == CalcException.Kind.ASSERTION ? Outcome.ASSERTION_FAILED : Outcome.INPUT_ERROR;
  }

  private static Outcome worse(Outcome a, Outcome b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private static void flush(PrintWriter out, PrintWriter err) {
    out.flush();
    err.flush();
  }

  /**
   * Where to resume after an error in the statement starting at {@code start}: just past the first
   * {@code ;} that lies outside braces, strings and comments. When braces do not balance, just past
   * the first {@code ;} at or after the error; the end of the text when there is none.
   */
  static int resynchronize(String text, int start, int errorOffset) {
    int depth = 0;
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '#') {
        while (i + 1 < text.length() && text.charAt(i + 1) != '\n') i++;
      } else if (c == '"') {
        i++;
        while (i < text.length() && text.charAt(i) != '"' && text.charAt(i) != '\n') i++;
      } else if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth = Math.max(0, depth - 1);
      } else if (c == ';' && depth == 0) {
        return i + 1;
      }
    }
    int semicolon = text.indexOf(';', Math.max(start, errorOffset));
    return semicolon < 0 ? text.length() : semicolon + 1;
  }

}

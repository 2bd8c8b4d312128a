package dev.polyj.polyhedral.frontend;

/**
 * Why a region is not a static control part, in the taxonomy of SCoP rejection causes used to
 * study Polly's detection (SPolly): the order is that of the study.
 */
public enum RejectionCause {
  /** A subscript or a branch condition that is not affine in the iterators and parameters. */
  NON_AFFINE_EXPRESSION("non-affine expression"),
  /** Accesses through pointers that may point into the same memory. */
  ALIASING("possible aliasing"),
  /** A loop bound that is not affine in the outer iterators and parameters. */
  NON_AFFINE_LOOP_BOUND("non-affine loop bound"),
  /** A call to a function that is not known to be pure. */
  FUNCTION_CALL("call that may have side effects"),
  /** A loop whose iterator does not start at a bound and step by a constant, or is modified. */
  NON_CANONICAL_INDUCTION_VARIABLE("non-canonical induction variable"),
  /** Control flow other than for loops and if statements (while, goto, switch, break...). */
  COMPLEX_CONTROL_FLOW("complex control flow"),
  /** A comparison of unsigned values in a loop bound or condition. */
  UNSIGNED_COMPARISON("unsigned comparison"),
  /** Anything else the model cannot express (struct members, address-of, comma...). */
  OTHER("other");

  private final String description;

  RejectionCause(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }
}

package dev.polyj.polybench.bench;

import java.util.List;

/**
 * The measurement harness a suite is built with, which fixes the macros that switch timing and
 * array dumps on.
 */
public enum Flavor {
  /** The built-in suite's harness, polyj_bench.c. */
  POLYJ("-DPOLYJ_TIME", "-DPOLYJ_DUMP", List.of()),
  /**
   * PolyBench/C 4.2's utilities/polybench.c; array parameters are declared with the run-time
   * sizes (C99 prototypes), the form polyhedral tools expect.
   */
  POLYBENCH("-DPOLYBENCH_TIME", "-DPOLYBENCH_DUMP_ARRAYS", List.of("-DPOLYBENCH_USE_C99_PROTO"));

  private final String timeDefine;
  private final String dumpDefine;
  private final List<String> defines;

  Flavor(String timeDefine, String dumpDefine, List<String> defines) {
    this.timeDefine = timeDefine;
    this.dumpDefine = dumpDefine;
    this.defines = defines;
  }

  /** Makes the program print the kernel's seconds on stdout. */
  public String timeDefine() {
    return timeDefine;
  }

  /** Makes the program dump its live-out arrays on stderr. */
  public String dumpDefine() {
    return dumpDefine;
  }

  /** Macros every build (and the optimizer's preprocessing) of this suite uses. */
  public List<String> defines() {
    return defines;
  }
}

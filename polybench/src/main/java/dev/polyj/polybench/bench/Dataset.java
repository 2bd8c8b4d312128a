package dev.polyj.polybench.bench;

/** The PolyBench problem sizes; both the built-in suite and PolyBench/C 4.2 select them by macro. */
public enum Dataset {
  MINI, SMALL, MEDIUM, LARGE, EXTRALARGE;

  /** The compiler option selecting this dataset, e.g. {@code -DLARGE_DATASET}. */
  public String define() {
    return "-D" + name() + "_DATASET";
  }
}

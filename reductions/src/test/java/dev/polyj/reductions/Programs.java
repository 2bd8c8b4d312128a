package dev.polyj.reductions;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;

/** Small C programs of the paper's figures and of reduction look-alikes, as SCoPs. */
final class Programs {
  private Programs() {}

  /** The SCoP of {@code body} (a region between scop pragmas) in a function with {@code decls}. */
  static Scop scop(String params, String decls, String body) {
    String src = "void f(" + params + ") {\n" + decls + "\nint i, j, k;\n#pragma scop\n" + body + "\n#pragma endscop\n}\n";
    for (RegionResult r : CFrontEnd.extract(src, "program.c")) {
      if (r.accepted()) return r.scop();
      throw new AssertionError("region rejected: " + r.rejections() + "\n" + src);
    }
    throw new AssertionError("no region in\n" + src);
  }

  /** Figure 1a: the array sum. */
  static Scop arraySum() {
    return scop("int n, double A[100]", "double sum = 0;", "for (i = 0; i < n; i++)\n  sum += A[i];");
  }

  /** Figure 2: the BiCG sub-kernel with the statements R, S and T. */
  static Scop bicg() {
    return scop("int nx, int ny, double q[100], double s[100], double A[100][100], double p[100], double r[100]", "",
        "for (i = 0; i < nx; i++) {\n  q[i] = 0;\n  for (j = 0; j < ny; j++) {\n"
            + "    q[i] = q[i] + A[i][j] * p[j];\n    s[j] = s[j] + r[i] * A[i][j];\n  }\n}");
  }

  /** Figure 6: a conditional reduction whose load and store coincide only for i = 0. */
  static Scop conditional() {
    return scop("int n, int m, double A[100], double Mat[100][100]", "",
        "for (i = 0; i < n; i++)\n  for (j = i; j < m; j++)\n    A[j] = A[j - i] + Mat[i][j];");
  }

  /** Figure 7: a reduction over P[j] inside three loops. */
  static Scop privatizationPlaces() {
    return scop("int nx, int ny, int nz, double P[100], double Q[100][100], double R[100][100]", "",
        "for (i = 0; i < nx; i++)\n  for (j = 0; j < ny; j++)\n    for (k = 0; k < nz; k++)\n"
            + "      P[j] += Q[i][j] * R[j][k];");
  }

  /** A one-statement loop {@code for (i = 0; i < n; i++) BODY;} over s, A, B, C. */
  static Scop oneStatement(String body) {
    return scop("int n, double A[100], double B[100], double C[100][100]", "double s = 0;",
        "for (i = 1; i < n; i++)\n  " + body + ";");
  }
}

package dev.polyj.reductions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.scop.Scop;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reduction-like computations on the examples of Doerfert et al. (IMPACT 2015) and on statements
 * that look like reductions but are not: those must not be detected.
 */
class ReductionDetectionTest {
  private static String summary(List<Reduction> rs) {
    StringBuilder sb = new StringBuilder();
    for (Reduction r : rs) sb.append(r.statement()).append(':').append(r.array()).append(':').append(r.operator()).append(' ');
    return sb.toString().trim();
  }

  @Test
  void arraySumOfFigure1() {
    assertEquals("S0:sum:SUM", summary(ReductionDetection.detect(Programs.arraySum())));
  }

  @Test
  void bicgOfFigure2HasTwoReductionsAndAnInitialization() {
    // R (q[i] = 0) is not a reduction; S on q[i] and T on s[j] are, as the paper says
    assertEquals("S1:q:SUM S2:s:SUM", summary(ReductionDetection.detect(Programs.bicg())));
  }

  @Test
  void conditionalReductionOfFigure6IsReductionLike() {
    assertEquals("S0:A:SUM", summary(ReductionDetection.detect(Programs.conditional())));
  }

  @Test
  void reductionOfFigure7() {
    assertEquals("S0:P:SUM", summary(ReductionDetection.detect(Programs.privatizationPlaces())));
  }

  @ParameterizedTest
  @ValueSource(strings = {"s = s + A[i]", "s += A[i] * B[i]", "s = A[i] + s", "s = A[i] * B[i] + s + C[i][i]",
      "s = s * A[i]", "s *= A[i]", "B[i] = B[i] + A[i] * A[i - 1]", "s = fmax(s, A[i])", "s = fmin(A[i], s)",
      "s = fmax(fmax(s, A[i]), B[i])", "B[i] = B[i] + B[i + n]", "s = s + (A[i] - B[i])",
      "C[i][i + 1] = C[i][i + 1] + C[i + 1][i]", // the other load of C never reaches an updated element
      "B[i] = B[i] + B[i - 1]", // another element as a term: ordered with its updates by the privatization dependences
      "B[i] = fmax(B[i], B[i + 1])"})
  void reductions(String body) {
    Scop scop = Programs.oneStatement(body);
    assertEquals(1, ReductionDetection.detect(scop).size(), body);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "s = s * 2 + A[i]",        // the loaded value is scaled before the sum
      "s = A[i] - s",            // the loaded value is subtracted: not a sum of the other values
      "s = A[i] - (s + B[i])",
      "s = s / A[i]",
      "s = (s + A[i]) * 2",
      "s = s + s * A[i]",        // the reduced location is also read elsewhere in the statement
      "s = s + s",
      "B[i] = B[i] + B[i]",      // the updated element read twice
      "B[i] = B[i] + B[n - i]",  // B[n - i] is the updated element where 2i = n
      "C[i][1] = C[i][1] + C[1][i]", // C[1][1], updated at i = 1, is also read as C[1][i]
      "s = A[i] + B[i]",         // no load of the stored location
      "s = fmax(s, A[i]) + 1",
      "s = fmax(s, s + A[i])",
      "s = (double) (s + A[i])",
      "s = sqrt(s + A[i])"})
  void notReductions(String body) {
    Scop scop = Programs.oneStatement(body);
    assertTrue(ReductionDetection.detect(scop).isEmpty(), body + " detected as a reduction");
  }

  /** Sums that subtract other values are sums of their negations; the flag says which sums do. */
  @ParameterizedTest
  @ValueSource(strings = {"s = s - A[i]|true", "s -= A[i] * B[i]|true", "s = s + A[i] - B[i]|true",
      "s = s - (A[i] - B[i])|true", "s = A[i] - (B[i] - s)|true", "s = s + (A[i] - B[i])|false",
      "s += A[i]|false", "B[i] -= B[i + n] * A[i]|true"})
  void sumsThatSubtract(String caseText) {
    String[] parts = caseText.split("\\|");
    List<Reduction> found = ReductionDetection.detect(Programs.oneStatement(parts[0]));
    assertEquals(1, found.size(), parts[0]);
    assertEquals(ReductionOperator.SUM, found.get(0).operator());
    assertEquals(Boolean.parseBoolean(parts[1]), found.get(0).subtracts(), parts[0]);
  }

  /** Conditionals selecting the larger or smaller of the two values they compare. */
  @ParameterizedTest
  @ValueSource(strings = {"s = s >= A[i] ? s : A[i]|MAX", "s = s > A[i] ? s : A[i]|MAX",
      "s = A[i] >= s ? A[i] : s|MAX", "s = s <= A[i] ? A[i] : s|MAX", "s = s < A[i] ? A[i] : s|MAX",
      "s = s <= A[i] ? s : A[i]|MIN", "s = A[i] < s ? A[i] : s|MIN", "s = s >= A[i] ? A[i] : s|MIN",
      "s = s > A[i] + B[i] ? A[i] + B[i] : s|MIN",
      "s = (s >= A[i] ? s : A[i]) >= B[i] ? (s >= A[i] ? s : A[i]) : B[i]|MAX",
      "C[i][i + 1] = C[i][i + 1] >= C[i + 1][i] ? C[i][i + 1] : C[i + 1][i]|MAX"})
  void selections(String caseText) {
    String[] parts = caseText.split("\\|");
    List<Reduction> found = ReductionDetection.detect(Programs.oneStatement(parts[0]));
    assertEquals(1, found.size(), parts[0]);
    assertEquals(ReductionOperator.valueOf(parts[1]), found.get(0).operator(), parts[0]);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "s = s >= A[i] ? s : B[i]",           // selects a value it did not compare
      "s = s >= A[i] ? A[i] + 1 : s",
      "s = s == A[i] ? s : A[i]",           // not an order
      "s = s >= A[i] ? s : A[i] + s",
      "s = s >= s + A[i] ? s : s + A[i]",   // the location read twice per operand
      "B[i] = B[i] >= B[n - i] ? B[i] : B[n - i]", // the updated element again where 2i = n
      "s = (s >= A[i] ? s : A[i]) + 1"})
  void selectionsThatAreNotReductions(String body) {
    assertTrue(ReductionDetection.detect(Programs.oneStatement(body)).isEmpty(), body + " detected as a reduction");
  }

  @Test
  void aSolveReadingOtherElementsOfItsSumIsReductionLike() {
    // trisolv's row update: x[j] (j < i) is another element of x, final before row i starts
    Scop scop = Programs.scop("int n, double L[100][100], double x[100]", "",
        "for (i = 0; i < n; i++)\n  for (j = 0; j < i; j++)\n    x[i] -= L[i][j] * x[j];");
    assertEquals("S0:x:SUM", summary(ReductionDetection.detect(scop)));
  }

  @Test
  void loadAndStoreThatNeverMeetAreNotReductionLike() {
    // A[i + n] never reaches the elements A[0..n) that are stored: no common element
    Scop scop = Programs.scop("int n, double A[300]", "", "for (i = 0; i < n; i++)\n  A[i] = A[i + n] + 1;");
    assertTrue(ReductionDetection.detect(scop).isEmpty());
  }
}

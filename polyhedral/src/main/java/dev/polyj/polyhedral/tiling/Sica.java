package dev.polyj.polyhedral.tiling;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * SIMD- and cache-aware tile sizes (SICA, Feld, Soller, Mallach and Hinz): the stride-1
 * (vectorizable) loop is tiled so that the data its tile loads fills a fraction rho of the L1 data
 * cache, rounded down to a whole number of SIMD registers; optionally the outermost other loop is
 * tiled by the ratio of the L2 and L1 cache sizes; every other loop keeps its order (size 1).
 *
 * <p>With C_L1 the L1 data cache in KiB, R the SIMD register width in bits, D the element size in
 * bytes and E the number of elements newly loaded per iteration of the stride-1 loop, the paper
 * computes the elements per register {@code ElPeRe = R / (8 D)}, the iterations that fill the
 * cache {@code ItToBl = rho * (C_L1 * 1024 / D) / E} and
 * {@code q_L1 = floor(ItToBl / ElPeRe) * ElPeRe = floor(rho * C_L1 * 8192 / (R * E)) * R / (8 D)};
 * the second level is {@code q_L2 = C_L2 / C_L1}. rho = 1 uses the whole cache; the paper measures
 * the best sizes at about 80 to 90 percent of that.
 *
 * <p>Here the arithmetic is exact (rho is a decimal) and in bytes. Two cases the paper leaves
 * open: if not even one register of elements fits, the size is one register ({@code ElPeRe}), so
 * the loop stays vectorizable; if an element is wider than a register the size is the plain
 * {@code floor(ItToBl)} (at least 1). A band without a stride-1 member is given to a fallback
 * policy (Pluto's default unless told otherwise).
 */
public final class Sica implements TileSizePolicy {
  /** The whole L1 cache, as in the paper's worked example. */
  public static final BigDecimal DEFAULT_RHO = BigDecimal.ONE;

  private final MachineModel machine;
  private final BigDecimal rho;
  private final boolean secondLevel;
  private final TileSizePolicy fallback;

  private Sica(MachineModel machine, BigDecimal rho, boolean secondLevel, TileSizePolicy fallback) {
    this.machine = checkNotNull(machine, "machine");
    this.rho = checkNotNull(rho, "rho");
    checkArgument(rho.signum() > 0, "the cache ratio rho must be positive, got %s", rho);
    this.secondLevel = secondLevel;
    this.fallback = checkNotNull(fallback, "fallback");
  }

  /** One-level SICA (the stride-1 loop only) with rho = 1 on {@code machine}. */
  public static Sica of(MachineModel machine) {
    return new Sica(machine, DEFAULT_RHO, false, new PlutoDefaultSizes());
  }

  /** This policy with the cache ratio rho (e.g. {@code "0.9"}). */
  public Sica withRho(String rho) {
    return new Sica(machine, new BigDecimal(rho), secondLevel, fallback);
  }

  /** This policy with the cache ratio rho; the double's decimal form is used exactly. */
  public Sica withRho(double rho) {
    checkArgument(Double.isFinite(rho), "rho must be finite");
    return new Sica(machine, BigDecimal.valueOf(rho), secondLevel, fallback);
  }

  /** This policy with ({@code true}) or without the second-level tiling of the outermost loop. */
  public Sica withSecondLevel(boolean on) {
    return new Sica(machine, rho, on, fallback);
  }

  /** This policy with another policy for bands that have no stride-1 member. */
  public Sica withFallback(TileSizePolicy policy) {
    return new Sica(machine, rho, secondLevel, policy);
  }

  public MachineModel machine() {
    return machine;
  }

  public BigDecimal rho() {
    return rho;
  }

  public boolean secondLevel() {
    return secondLevel;
  }

  /** Elements per SIMD register, {@code R / (8 D)} (0 if an element is wider than a register). */
  public long elementsPerRegister(int elementBytes) {
    return machine.simdBytes() / elementBytes;
  }

  /** The first-level size q_L1 of the stride-1 loop. */
  public long qL1(int elementBytes, int elementsPerIteration) {
    checkArgument(elementBytes >= 1 && elementsPerIteration >= 1, "sizes must be positive");
    long perRegister = elementsPerRegister(elementBytes);
    // ItToBl = rho * L1 / (D * E); q = floor(ItToBl / ElPeRe) * ElPeRe.
    BigDecimal fill = rho.multiply(BigDecimal.valueOf(machine.l1DataBytes()));
    if (perRegister == 0) {
      long its = fill.divide(BigDecimal.valueOf((long) elementBytes * elementsPerIteration), 0, RoundingMode.FLOOR)
          .longValueExact();
      return Math.max(1, its);
    }
    BigDecimal per = BigDecimal.valueOf(elementBytes)
        .multiply(BigDecimal.valueOf(elementsPerIteration))
        .multiply(BigDecimal.valueOf(perRegister));
    long registers = fill.divide(per, 0, RoundingMode.FLOOR).longValueExact();
    return Math.multiplyExact(Math.max(1, registers), perRegister);
  }

  /** The second-level size q_L2 = C_L2 / C_L1 (at least 1). */
  public long qL2() {
    return Math.max(1, machine.l2Bytes() / machine.l1DataBytes());
  }

  @Override
  public long[] sizes(TileSizeQuery q) {
    if (!q.hasStride1Member()) return fallback.sizes(q);
    long[] s = new long[q.bandSize()];
    java.util.Arrays.fill(s, 1);
    s[q.stride1Member()] = qL1(q.elementBytes(), q.arraysPerIteration());
    if (secondLevel) {
      int outer = q.stride1Member() == 0 ? 1 : 0;
      if (outer < q.bandSize()) s[outer] = qL2();
    }
    return s;
  }

  @Override
  public String toString() {
    return "Sica(rho=" + rho + (secondLevel ? ", two levels" : "") + ", " + machine + ")";
  }
}

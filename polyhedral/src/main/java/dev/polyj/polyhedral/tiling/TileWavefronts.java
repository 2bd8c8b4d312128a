package dev.polyj.polyhedral.tiling;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import dev.polyj.presburger.aff.PwMultiAff;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.count.Counting;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The wavefront execution of a tiling and its concurrency, after Wonnacott and Strout's
 * scalability analysis of loop tiling: the iterations {@code x} of a (parametric) domain are
 * grouped into tiles {@code a_k = floor(h_k(x) / s_k)} by tiling hyperplanes {@code h_k} and tile
 * sizes {@code s_k}; the tiles run in wavefronts {@code w = f . a} (all tiles of one wavefront
 * concurrently, the wavefronts one after the other). The tiles of each wavefront are counted
 * exactly with the counting engine, as a piecewise quasi-polynomial in the parameters and
 * {@code w}; so are the tiles and the iterations.
 *
 * <p>Concrete questions (the concurrency profile, the maximum concurrency, the number of steps on
 * P processors, the share of tiles that run with P-fold parallelism) evaluate those polynomials
 * at given parameter values, one wavefront at a time; the wavefront range comes from the
 * parametric lexicographic minimum and maximum of the wavefront set. {@link #respects} checks
 * that the wavefront order is legal for given dependences (every dependence between different
 * tiles goes to a later wavefront); the other methods assume it.
 *
 * <p>Weak scaling (Gustafson) asks that the available parallelism grow in proportion to the work
 * when the data size grows and the other sizes (for a stencil, the number of time steps) stay
 * fixed. {@link #weakScaling} measures the maximum concurrency and the number of iterations
 * exactly at a sequence of doubled data sizes, and reports the tiling weakly scalable when the
 * ratio of the two does not drop by more than a quarter at each of the last two doublings (linear
 * growth keeps the ratio; a bounded concurrency, or one growing only with the square root of the
 * work, halves it).
 * That is a finite test, not a proof: the sequence must start beyond the sizes where a bounded
 * concurrency is still filling up.
 */
public final class TileWavefronts {
  private final Relation domain;
  private final long[][] hyperplanes;
  private final long[] sizes;
  private final long[] wavefront;
  private final Relation tilesPerWavefront;
  private final Relation tiles;
  private final Relation wavefronts;
  private PwQPolynomial perWavefrontCount;
  private PwQPolynomial tileCount;
  private PwQPolynomial iterationCount;
  private PwMultiAff firstWavefront;
  private PwMultiAff lastWavefront;

  private TileWavefronts(Relation domain, long[][] hyperplanes, long[] sizes, long[] wavefront) {
    this.domain = domain;
    this.hyperplanes = hyperplanes;
    this.sizes = sizes;
    this.wavefront = wavefront;
    this.tilesPerWavefront = buildTilesPerWavefront();
    Space s = tilesPerWavefront.space();
    int np = s.nParam();
    int m = sizes.length;
    List<BasicRelation> ts = new ArrayList<>();
    int[] dropW = new int[np + 1 + m];
    for (int i = 0; i < np; i++) dropW[i] = i;
    dropW[np] = -1;
    for (int k = 0; k < m; k++) dropW[np + 1 + k] = np + k;
    Space tileSpace = Space.set(s.params(), m);
    for (BasicRelation b : tilesPerWavefront.basics()) ts.add(b.mapVariables(tileSpace, dropW));
    this.tiles = Relation.ofBasics(tileSpace, ts);
    this.wavefronts = tilesPerWavefront.domain();
  }

  /**
   * The wavefront execution of a tiling.
   *
   * @param domain the iterations, a set (with parameters)
   * @param hyperplanes one row per tile dimension: either the coefficients of the set dimensions,
   *     or a full affine row {@code [constant, parameters..., dimensions...]}
   * @param sizes the tile size along each hyperplane (positive)
   * @param wavefront the coefficients of the tile coordinates that give a tile's wavefront
   */
  public static TileWavefronts of(Relation domain, long[][] hyperplanes, long[] sizes, long[] wavefront) {
    checkNotNull(domain, "domain");
    checkArgument(domain.isSet(), "the iteration domain must be a set, got %s", domain.space());
    int np = domain.space().nParam();
    int n = domain.space().nDim();
    checkArgument(hyperplanes.length >= 1, "at least one tiling hyperplane");
    checkArgument(sizes.length == hyperplanes.length, "%s tile sizes for %s hyperplanes", sizes.length,
        hyperplanes.length);
    checkArgument(wavefront.length == hyperplanes.length, "wavefront of length %s for %s tile dimensions",
        wavefront.length, hyperplanes.length);
    long[][] rows = new long[hyperplanes.length][];
    for (int k = 0; k < hyperplanes.length; k++) {
      long[] h = hyperplanes[k];
      checkArgument(h.length == n || h.length == 1 + np + n,
          "hyperplane %s has %s coefficients; expected %s (dimensions) or %s (constant, parameters, dimensions)",
          k, h.length, n, 1 + np + n);
      rows[k] = new long[1 + np + n];
      System.arraycopy(h, 0, rows[k], h.length == n ? 1 + np : 0, h.length);
      checkArgument(sizes[k] >= 1, "tile size %s must be positive, got %s", k, sizes[k]);
    }
    return new TileWavefronts(domain, rows, sizes.clone(), wavefront.clone());
  }

  // {[w] -> [a] : exists x in domain: s_k a_k <= h_k(x) <= s_k a_k + s_k - 1, w = f . a}
  private Relation buildTilesPerWavefront() {
    Space ds = domain.space();
    List<String> params = ds.params();
    int np = ds.nParam();
    int n = ds.nDim();
    int m = sizes.length;
    Space full = Space.map(params, 1, m + n);
    int nv = full.nVar();
    BasicRelation.Builder tb = BasicRelation.builder(full);
    addTiling(tb, nv, np, n, 2 + np + m, 1 + np, 2 + np);
    BasicRelation tiling = tb.build();

    int[] intoFull = new int[np + n];
    for (int i = 0; i < np; i++) intoFull[i] = i;
    for (int j = 0; j < n; j++) intoFull[np + j] = np + 1 + m + j;
    Space target = Space.map(params, 1, m);
    int[] dropX = new int[nv];
    for (int v = 0; v < nv; v++) dropX[v] = v < np + 1 + m ? v : -1;
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : domain.basics()) {
      BasicRelation joint = b.mapVariables(full, intoFull).intersect(tiling);
      if (joint.isEmpty()) continue;
      out.add(joint.mapVariables(target, dropX));
    }
    return Relation.ofBasics(target, out);
  }

  /** The map from an iteration {@code [x...]} to its wavefront and tile {@code [w, a...]}. */
  public Relation tileMap() {
    Space ds = domain.space();
    int np = ds.nParam();
    int n = ds.nDim();
    int m = sizes.length;
    Space space = Space.map(ds.params(), n, 1 + m);
    int nv = space.nVar();
    BasicRelation.Builder b = BasicRelation.builder(space);
    addTiling(b, nv, np, n, 1 + np, 1 + np + n, 2 + np + n);
    return Relation.of(b.build()).intersectDomain(domain);
  }

  /**
   * The constraints tying iterations to tiles and wavefronts, in a space of {@code nv} variables
   * whose iteration, wavefront and tile coordinates start at columns {@code xCol}, {@code wCol} and
   * {@code aCol}: {@code T_k a_k <= h_k(x) <= T_k a_k + T_k - 1} and {@code w = sum wavefront_k a_k}.
   */
  private void addTiling(BasicRelation.Builder b, int nv, int np, int n, int xCol, int wCol, int aCol) {
    int m = sizes.length;
    for (int k = 0; k < m; k++) {
      long[] lo = new long[1 + nv];
      long[] hi = new long[1 + nv];
      long[] h = hyperplanes[k];
      for (int c = 0; c <= np; c++) {
        lo[c] = h[c];
        hi[c] = Ints.neg(h[c]);
      }
      for (int j = 0; j < n; j++) {
        lo[xCol + j] = h[1 + np + j];
        hi[xCol + j] = Ints.neg(h[1 + np + j]);
      }
      lo[aCol + k] = Ints.neg(sizes[k]);
      hi[aCol + k] = sizes[k];
      hi[0] = Ints.add(hi[0], sizes[k] - 1);
      b.addIneq(lo).addIneq(hi);
    }
    long[] wEq = new long[1 + nv];
    wEq[wCol] = -1;
    for (int k = 0; k < m; k++) wEq[aCol + k] = wavefront[k];
    b.addEq(wEq);
  }

  /**
   * The pairs of tiles {@code [w, a...] -> [w', a'...]} joined by a dependence of {@code deps} (a
   * map between iterations of the domain) that the wavefront order does not respect: different
   * tiles with {@code w' <= w}. Empty when the wavefront schedule is legal. (The order of the
   * iterations inside a tile is not considered.)
   */
  public Relation wavefrontViolations(Relation deps) {
    checkArgument(deps.space().isMap(), "dependences must be a map, got %s", deps.space());
    Relation tm = tileMap();
    Relation pairs = deps.applyDomain(tm).apply(tm);
    Space ps = pairs.space();
    int np = ps.nParam();
    int m = sizes.length;
    int w = 1 + np;
    int w2 = w + 1 + m;
    List<BasicRelation> bad = new ArrayList<>();
    long[] earlier = new long[1 + ps.nVar()];
    earlier[0] = -1;
    earlier[w] = 1;
    earlier[w2] = -1;
    bad.add(BasicRelation.builder(ps).addIneq(earlier).build());
    for (int k = 0; k < m; k++) {
      for (int sign = -1; sign <= 1; sign += 2) {
        long[] same = new long[1 + ps.nVar()];
        same[w] = 1;
        same[w2] = -1;
        long[] differ = new long[1 + ps.nVar()];
        differ[0] = -1;
        differ[w2 + 1 + k] = sign;
        differ[w + 1 + k] = -sign;
        bad.add(BasicRelation.builder(ps).addEq(same).addIneq(differ).build());
      }
    }
    return pairs.intersect(Relation.ofBasics(ps, bad));
  }

  /** True if every dependence between different tiles goes to a later wavefront. */
  public boolean respects(Relation deps) {
    return wavefrontViolations(deps).isEmpty();
  }

  /** The map from a wavefront index {@code [w]} to the tiles {@code [a...]} it executes. */
  public Relation tilesPerWavefront() {
    return tilesPerWavefront;
  }

  /** The non-empty tiles {@code [a...]}. */
  public Relation tiles() {
    return tiles;
  }

  /** The wavefront indices {@code [w]} with at least one tile. */
  public Relation wavefronts() {
    return wavefronts;
  }

  /** The number of tiles of wavefront {@code w}, in the parameters and {@code w}. */
  public synchronized PwQPolynomial tilesPerWavefrontCount() {
    if (perWavefrontCount == null) perWavefrontCount = Counting.card(simplified(tilesPerWavefront));
    return perWavefrontCount;
  }

  // Existentials rewritten as divisions, then pieces merged: fewer, simpler pieces to count.
  private static Relation simplified(Relation r) {
    return r.computeDivs().coalesce();
  }

  /** The number of tiles, in the parameters. */
  public synchronized PwQPolynomial tileCount() {
    if (tileCount == null) tileCount = Counting.card(simplified(tiles));
    return tileCount;
  }

  /** The number of iterations (the work), in the parameters. */
  public synchronized PwQPolynomial iterationCount() {
    if (iterationCount == null) iterationCount = Counting.card(domain);
    return iterationCount;
  }

  /** The first wavefront, as a piecewise quasi-affine function of the parameters. */
  public synchronized PwMultiAff firstWavefront() {
    if (firstWavefront == null) firstWavefront = Lexopt.lexmin(wavefronts);
    return firstWavefront;
  }

  /** The last wavefront, as a piecewise quasi-affine function of the parameters. */
  public synchronized PwMultiAff lastWavefront() {
    if (lastWavefront == null) lastWavefront = Lexopt.lexmax(wavefronts);
    return lastWavefront;
  }

  /** The concurrency profile at the given parameter values (in the domain's parameter order). */
  public Profile profile(long... params) {
    checkArgument(params.length == domain.space().nParam(), "%s parameter values for %s parameters",
        params.length, domain.space().nParam());
    Optional<long[]> lo = firstWavefront().evaluate(params);
    Optional<long[]> hi = lastWavefront().evaluate(params);
    if (lo.isEmpty() || hi.isEmpty()) return new Profile(0, new long[0]);
    long w0 = lo.get()[0];
    long w1 = hi.get()[0];
    long len = Ints.add(Ints.sub(w1, w0), 1);
    checkArgument(len <= Integer.MAX_VALUE - 8, "%s wavefronts are too many to list", len);
    PwQPolynomial count = tilesPerWavefrontCount();
    long[] point = Arrays.copyOf(params, params.length + 1);
    long[] perW = new long[(int) len];
    for (int i = 0; i < len; i++) {
      point[params.length] = w0 + i;
      perW[i] = toLong(count.evaluate(point));
    }
    return new Profile(w0, perW);
  }

  private static long toLong(Rational r) {
    checkArgument(r.isInteger(), "non-integer count %s", r);
    BigInteger v = r.numerator();
    return v.longValueExact();
  }

  /**
   * Maximum concurrency, tiles and iterations at the data sizes {@code base} with the parameters
   * {@code dataParams} multiplied together by 1, 2, 4, ..., 2^doublings, the other parameters
   * fixed; see the class comment for the decision.
   */
  public Scaling weakScaling(int[] dataParams, long[] base, int doublings) {
    checkArgument(doublings >= 2, "at least two doublings are needed, got %s", doublings);
    checkArgument(dataParams.length >= 1, "no data parameter");
    for (int d : dataParams) checkArgument(d >= 0 && d < base.length, "no parameter %s", d);
    long[][] points = new long[doublings + 1][];
    long[] maxima = new long[doublings + 1];
    long[] work = new long[doublings + 1];
    long[] tileTotals = new long[doublings + 1];
    long[] p = base.clone();
    for (int k = 0; k <= doublings; k++) {
      points[k] = p.clone();
      Profile pr = profile(p);
      maxima[k] = pr.maxConcurrency();
      tileTotals[k] = pr.tiles();
      work[k] = toLong(iterationCount().evaluate(p));
      for (int d : dataParams) p[d] = Ints.mul(p[d], 2);
    }
    boolean scalable = true;
    for (int k = doublings - 1; k <= doublings; k++) {
      // concurrency / work must not shrink by more than a quarter: linear growth keeps it, any
      // bounded or clearly sub-linear growth (at most the square root of the work) halves it.
      BigInteger lhs = BigInteger.valueOf(maxima[k]).multiply(BigInteger.valueOf(work[k - 1])).multiply(BigInteger.valueOf(4));
      BigInteger rhs = BigInteger.valueOf(maxima[k - 1]).multiply(BigInteger.valueOf(work[k])).multiply(BigInteger.valueOf(3));
      if (work[k] == 0 || lhs.compareTo(rhs) < 0) scalable = false;
    }
    List<String> names = new ArrayList<>();
    for (int d : dataParams) names.add(domain.space().params().get(d));
    return new Scaling(names, points, maxima, tileTotals, work, scalable);
  }

  /** Tiles per wavefront at fixed parameter values: entry i is wavefront {@code first + i}. */
  public record Profile(long first, long[] tilesPerWavefront) {
    public Profile {
      tilesPerWavefront = tilesPerWavefront.clone();
    }

    @Override
    public long[] tilesPerWavefront() {
      return tilesPerWavefront.clone();
    }

    /** The number of non-empty wavefronts. */
    public long wavefronts() {
      long c = 0;
      for (long t : tilesPerWavefront) if (t > 0) c++;
      return c;
    }

    public long tiles() {
      long s = 0;
      for (long t : tilesPerWavefront) s = Ints.add(s, t);
      return s;
    }

    /** The largest number of tiles in one wavefront. */
    public long maxConcurrency() {
      long m = 0;
      for (long t : tilesPerWavefront) m = Math.max(m, t);
      return m;
    }

    /** Steps on {@code p} processors: each wavefront takes {@code ceil(tiles / p)} steps. */
    public long steps(long p) {
      checkArgument(p >= 1, "at least one processor");
      long s = 0;
      for (long t : tilesPerWavefront) s = Ints.add(s, Ints.ceilDiv(t, p));
      return s;
    }

    /** The share of the tiles that lie on wavefronts of at least {@code p} tiles. */
    public double shareWithParallelism(long p) {
      long full = 0;
      for (long t : tilesPerWavefront) if (t >= p) full = Ints.add(full, t);
      long all = tiles();
      return all == 0 ? 0 : (double) full / all;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Profile q && q.first == first && Arrays.equals(q.tilesPerWavefront, tilesPerWavefront);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(first) * 31 + Arrays.hashCode(tilesPerWavefront);
    }

    @Override
    public String toString() {
      return "Profile(first=" + first + ", " + Arrays.toString(tilesPerWavefront) + ")";
    }
  }

  /**
   * Maximum concurrency, tile count and iteration count at doubled data sizes, and the decision:
   * weakly scalable when the maximum concurrency keeps pace with the number of iterations.
   */
  public record Scaling(List<String> dataParameters, long[][] parameterValues, long[] maxConcurrency,
      long[] tiles, long[] iterations, boolean weaklyScalable) {
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("Scaling of ").append(dataParameters).append(':');
      for (int k = 0; k < maxConcurrency.length; k++) {
        sb.append(' ').append(Arrays.toString(parameterValues[k])).append(" -> ").append(maxConcurrency[k])
            .append(" of ").append(tiles[k]).append(" tiles, ").append(iterations[k]).append(" iterations;");
      }
      return sb.append(weaklyScalable ? " weakly scalable" : " not weakly scalable").toString();
    }
  }
}

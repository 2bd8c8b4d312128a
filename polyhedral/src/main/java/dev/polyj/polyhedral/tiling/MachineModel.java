package dev.polyj.polyhedral.tiling;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The memory-hierarchy and vector parameters the tile-size models need: L1 data cache size, L2
 * cache size, cache line size and SIMD register width, all in bytes.
 *
 * <p>{@link #detect(Path)} reads them the way Linux exposes them: every
 * {@code sys/devices/system/cpu/cpu0/cache/index*} directory holds {@code level}, {@code type}
 * (Data, Instruction or Unified), {@code size} (e.g. {@code 32K}) and
 * {@code coherency_line_size}; the SIMD width comes from the {@code flags} line of
 * {@code proc/cpuinfo} (avx512f: 64 bytes, avx2 or avx: 32, sse2: 16). Anything missing keeps its
 * default ({@link #DEFAULT}). The root directory is a parameter so that tests use fake trees.
 * Every value can be overridden through {@link #toBuilder()} or {@link #withOverrides(String)}.
 */
public record MachineModel(long l1DataBytes, long l2Bytes, long cacheLineBytes, long simdBytes) {
  /** 32 KiB L1 data, 256 KiB L2, 64-byte lines, 16-byte (SSE2) vectors. */
  public static final MachineModel DEFAULT = new MachineModel(32 * 1024, 256 * 1024, 64, 16);

  public MachineModel {
    checkArgument(l1DataBytes >= 1, "L1 data cache size must be positive, got %s", l1DataBytes);
    checkArgument(l2Bytes >= 1, "L2 cache size must be positive, got %s", l2Bytes);
    checkArgument(cacheLineBytes >= 1, "cache line size must be positive, got %s", cacheLineBytes);
    checkArgument(simdBytes >= 1, "SIMD register width must be positive, got %s", simdBytes);
  }

  /** The SIMD register width in bits (the paper's R). */
  public long simdBits() {
    return simdBytes * 8;
  }

  /** The machine this process runs on (root {@code /}), defaults for what it does not expose. */
  public static MachineModel detect() {
    return detect(Path.of("/"));
  }

  /** The machine described by the {@code sys} and {@code proc} trees under {@code root}. */
  public static MachineModel detect(Path root) {
    Builder b = DEFAULT.toBuilder();
    Path cacheDir = root.resolve("sys/devices/system/cpu/cpu0/cache");
    List<CacheIndex> caches = new ArrayList<>();
    if (Files.isDirectory(cacheDir)) {
      try (DirectoryStream<Path> dirs = Files.newDirectoryStream(cacheDir, "index*")) {
        for (Path d : dirs) readCacheIndex(d).ifPresent(caches::add);
      } catch (IOException | RuntimeException e) {
        // an unreadable tree keeps the defaults
      }
    }
    // A level-1 data cache wins over a unified one; instruction caches are ignored.
    caches.sort(Comparator.comparing((CacheIndex c) -> c.data()));
    for (CacheIndex c : caches) {
      if (c.level() == 1) {
        b.l1DataBytes(c.size());
        c.line().ifPresent(b::cacheLineBytes);
      } else if (c.level() == 2) {
        b.l2Bytes(c.size());
      }
    }
    readSimd(root.resolve("proc/cpuinfo")).ifPresent(b::simdBytes);
    return b.build();
  }

  private record CacheIndex(int level, boolean data, long size, Optional<Long> line) {}

  private static Optional<CacheIndex> readCacheIndex(Path dir) {
    Optional<String> level = readLine(dir.resolve("level"));
    Optional<String> type = readLine(dir.resolve("type"));
    Optional<Long> size = readLine(dir.resolve("size")).flatMap(MachineModel::parseSizeLenient);
    Optional<Long> line = readLine(dir.resolve("coherency_line_size"))
        .flatMap(MachineModel::parseSizeLenient).filter(v -> v > 0);
    if (level.isEmpty() || type.isEmpty() || size.isEmpty() || size.get() <= 0) return Optional.empty();
    String t = type.get().toLowerCase(Locale.ROOT);
    if (!t.equals("data") && !t.equals("unified")) return Optional.empty();
    int lv;
    try {
      lv = Integer.parseInt(level.get());
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    return Optional.of(new CacheIndex(lv, t.equals("data"), size.get(), line));
  }

  private static Optional<Long> readSimd(Path cpuinfo) {
    if (!Files.isReadable(cpuinfo)) return Optional.empty();
    try {
      for (String line : Files.readAllLines(cpuinfo)) {
        int colon = line.indexOf(':');
        if (colon < 0 || !line.substring(0, colon).trim().equals("flags")) continue;
        Set<String> flags = new HashSet<>();
        for (String f : line.substring(colon + 1).trim().split("\\s+")) flags.add(f);
        return simdBytesOf(flags);
      }
    } catch (IOException | RuntimeException e) {
      // unreadable: keep the default
    }
    return Optional.empty();
  }

  /** The widest vector register implied by a set of cpuinfo flags, if any is known. */
  static Optional<Long> simdBytesOf(Set<String> flags) {
    if (flags.contains("avx512f")) return Optional.of(64L);
    if (flags.contains("avx2") || flags.contains("avx")) return Optional.of(32L);
    if (flags.contains("sse2")) return Optional.of(16L);
    return Optional.empty();
  }

  private static Optional<String> readLine(Path file) {
    try {
      if (!Files.isReadable(file)) return Optional.empty();
      String s = Files.readString(file).trim();
      return s.isEmpty() ? Optional.empty() : Optional.of(s);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Optional<Long> parseSizeLenient(String s) {
    try {
      return Optional.of(parseSize(s));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /**
   * A byte count such as {@code 64}, {@code 32K}, {@code 1M}, {@code 2G} (binary multiples; an
   * optional trailing {@code B} or {@code iB} is accepted, case-insensitive).
   */
  public static long parseSize(String text) {
    String s = text.trim().toUpperCase(Locale.ROOT);
    if (s.endsWith("IB")) s = s.substring(0, s.length() - 2);
    else if (s.endsWith("B")) s = s.substring(0, s.length() - 1);
    checkArgument(!s.isEmpty(), "empty size in '%s'", text);
    long mult = 1;
    char last = s.charAt(s.length() - 1);
    switch (last) {
      case 'K' -> mult = 1L << 10;
      case 'M' -> mult = 1L << 20;
      case 'G' -> mult = 1L << 30;
      default -> {}
    }
    if (mult != 1) s = s.substring(0, s.length() - 1).trim();
    long v;
    try {
      v = Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a size: '" + text + "'", e);
    }
    checkArgument(v >= 0, "negative size '%s'", text);
    return Math.multiplyExact(v, mult);
  }

  /**
   * This model with the values of a comma-separated override list such as
   * {@code "l1=32K,l2=1M,line=64,simd=32"} (keys l1, l2, line, simd; sizes as in
   * {@link #parseSize}; simd in bytes, or in bits with a {@code bits} suffix, e.g. {@code 256bits}).
   */
  public MachineModel withOverrides(String spec) {
    Builder b = toBuilder();
    if (spec.isBlank()) return this;
    for (String item : spec.split(",")) {
      if (item.isBlank()) continue;
      int eq = item.indexOf('=');
      checkArgument(eq > 0, "expected key=value in '%s'", item);
      String key = item.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      String value = item.substring(eq + 1).trim();
      switch (key) {
        case "l1" -> b.l1DataBytes(parseSize(value));
        case "l2" -> b.l2Bytes(parseSize(value));
        case "line" -> b.cacheLineBytes(parseSize(value));
        case "simd" -> b.simdBytes(parseSimd(value));
        default -> throw new IllegalArgumentException(
            "unknown machine parameter '" + key + "' (expected l1, l2, line or simd)");
      }
    }
    return b.build();
  }

  /** The defaults with the overrides of {@link #withOverrides}. */
  public static MachineModel parse(String spec) {
    return DEFAULT.withOverrides(spec);
  }

  private static long parseSimd(String value) {
    String v = value.toLowerCase(Locale.ROOT);
    if (v.endsWith("bits")) {
      long bits = parseSize(v.substring(0, v.length() - 4));
      checkArgument(bits % 8 == 0, "SIMD width of %s bits is not a whole number of bytes", bits);
      return bits / 8;
    }
    return parseSize(value);
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  public static Builder builder() {
    return DEFAULT.toBuilder();
  }

  /** Mutable builder; starts from a model and overrides single values. */
  public static final class Builder {
    private long l1;
    private long l2;
    private long line;
    private long simd;

    private Builder(MachineModel m) {
      l1 = m.l1DataBytes;
      l2 = m.l2Bytes;
      line = m.cacheLineBytes;
      simd = m.simdBytes;
    }

    public Builder l1DataBytes(long v) {
      l1 = v;
      return this;
    }

    public Builder l2Bytes(long v) {
      l2 = v;
      return this;
    }

    public Builder cacheLineBytes(long v) {
      line = v;
      return this;
    }

    public Builder simdBytes(long v) {
      simd = v;
      return this;
    }

    public MachineModel build() {
      return new MachineModel(l1, l2, line, simd);
    }
  }
}

package dev.polyj.polyhedral.tiling;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Locale;

/**
 * Tile-size policies by name, for command lines and options: {@code pluto} (32 everywhere),
 * {@code pluto:16} (another constant), {@code sica} (SICA, one level), {@code sica2} (SICA with the
 * second-level tiling of the outermost loop), optionally followed by {@code :rho=0.9}.
 */
public final class TileSizePolicies {
  private TileSizePolicies() {}

  public static TileSizePolicy parse(String spec, MachineModel machine) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    String name = s;
    String arg = null;
    int colon = s.indexOf(':');
    if (colon >= 0) {
      name = s.substring(0, colon).trim();
      arg = s.substring(colon + 1).trim();
    }
    switch (name) {
      case "pluto":
        if (arg == null || arg.isEmpty()) return new PlutoDefaultSizes();
        try {
          return new PlutoDefaultSizes(Long.parseLong(arg));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("expected pluto:<size>, got '" + spec + "'", e);
        }
      case "sica":
      case "sica2": {
        Sica sica = Sica.of(machine).withSecondLevel(name.equals("sica2"));
        if (arg == null || arg.isEmpty()) return sica;
        checkArgument(arg.startsWith("rho="), "expected %s:rho=<ratio>, got '%s'", name, spec);
        try {
          return sica.withRho(arg.substring(4).trim());
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("not a ratio in '" + spec + "'", e);
        }
      }
      default:
        throw new IllegalArgumentException(
            "unknown tile-size policy '" + spec + "' (expected pluto, pluto:<size>, sica, sica2, sica:rho=<ratio>)");
    }
  }
}

package dev.polyj.polybench.optimize;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The profiling version of a program (SPolly, Doerfert et al., IMPACT 2013, Section 4.2): before
 * each region, the values of its parameters (the integers it reads and never writes) are appended
 * to a profile, one line {@code REGION NAME VALUE} per parameter and entry, in the file named by
 * the environment variable {@code POLYJ_PROFILE} ({@code polyj.profile} by default). The program
 * computes what it computed before; {@link Specializations#profile} reads the profile back.
 */
public final class ProfileInstrumentation {
  private static final Pattern SCOP = Pattern.compile("(?m)^([ \\t]*)#[ \\t]*pragma[ \\t]+scop\\b.*$");
  private static final Pattern ENDSCOP = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+endscop\\b.*$\\R?");

  /** The recording function, defined once at the top of the file. */
  static final String RECORDER = """
      #include <stdio.h>
      #include <stdlib.h>
      static void polyj_profile_record(int region, const char *name, long long value) {
        static FILE *polyj_profile_out;
        if (!polyj_profile_out) {
          const char *path = getenv("POLYJ_PROFILE");
          polyj_profile_out = fopen(path ? path : "polyj.profile", "a");
          if (!polyj_profile_out) return;
        }
        fprintf(polyj_profile_out, "%d %s %lld\\n", region, name, value);
      }
      """;

  private ProfileInstrumentation() {}

  /** The instrumented text of {@code file}, with a note per region saying what it records. */
  public static PolyhedralOptimizer.Output instrument(Path file, List<String> cppOptions) throws IOException {
    String text = Files.readString(file);
    List<RegionResult> regions = CFrontEnd.read(file, cppOptions).regions();
    List<String> notes = new ArrayList<>();
    StringBuilder sb = new StringBuilder(RECORDER);
    Matcher start = SCOP.matcher(text);
    Matcher end = ENDSCOP.matcher(text);
    int pos = 0;
    int k = 0;
    while (start.find(pos)) {
      if (!end.find(start.end())) break;
      sb.append(text, pos, start.start());
      RegionResult region = k < regions.size() ? regions.get(k) : null;
      List<String> params = region == null || region.functionName() == null ? List.of()
          : region.accepted() ? region.scop().params()
              : region.speculation() == null ? List.of() : region.speculation().parameters();
      for (String p : params) {
        sb.append(start.group(1)).append("polyj_profile_record(").append(k + 1).append(", \"").append(p)
            .append("\", (long long)(").append(p).append("));\n");
      }
      notes.add("region " + (k + 1) + (params.isEmpty() ? ": nothing to record"
          : ": records " + String.join(", ", params)));
      sb.append(text, start.start(), end.end());
      pos = end.end();
      k++;
    }
    sb.append(text.substring(pos));
    return new PolyhedralOptimizer.Output(sb.toString(), notes);
  }
}

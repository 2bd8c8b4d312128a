package dev.polyj.polyhedral.storage.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.SourcePos;
import dev.polyj.polyhedral.storage.quov.BoundaryFusion;
import dev.polyj.polyhedral.storage.quov.QuovStorage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * QUOV storage mapping of the region's temporary arrays ({@link QuovStorage}; Yuki and
 * Rajopadhye, IMPACT 2013): runs on the schedule before tiling, so the mapping holds for every
 * tile size, also sizes chosen at run time. Off by default; {@code --storage quov} turns it on.
 * The candidates are the arrays declared inside the region and those the option {@code arrays}
 * names (the code after the region must not read them). The region then runs the schedule's code
 * only (not also the program's order, which the mapping was not made for).
 */
public final class QuovPass extends BasicPass<ScheduleState> {
  private final Set<String> dead;
  private final boolean split;
  private final QuovStorage.Shorten shorten;
  private final boolean splitReads;
  private final Fuse fuse;

  /** Which boundary statements are moved into the interior's band ({@link BoundaryFusion}). */
  enum Fuse {
    /** none */
    OFF,
    /** statements of two or more loops (the faces of 2-D and 3-D stencils; the default) */
    FACES,
    /** every boundary statement, also those of one loop (whose guarded code is slower) */
    ALL
  }
  private final boolean keep;

  public QuovPass() {
    this(Set.of(), true, false, QuovStorage.Shorten.NONE, Fuse.FACES, true);
  }

  private QuovPass(Set<String> dead, boolean split, boolean splitReads, QuovStorage.Shorten shorten, Fuse fuse,
      boolean keep) {
    super("quov", PassLevel.SCHEDULE, false,
        "temporary arrays stored by the shortest QUOV of each statement, valid for every tile size");
    this.dead = dead;
    this.split = split;
    this.splitReads = splitReads;
    this.fuse = fuse;
    this.shorten = shorten;
    this.keep = keep;
  }

  @Override
  public Map<String, String> options() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("arrays", "arrays declared outside the region that the code after it does not read, e.g. A,B; default none");
    m.put("split", "UOV-guided index-set splitting: boundaries whose values live longer get their own storage; default true");
    m.put("split-reads", "statements whose reads come from several sources split by them too, so no piece tests its"
        + " source (more statements for the code generator; with split); default false");
    m.put("fuse", "boundary statements the schedule runs before the interior's tilable band run in it, where"
        + " legal for every tile size, so that their values are contracted too: 'faces' those of two or more"
        + " loops (separated loops in the band), true also those of one loop (which the code generator"
        + " guards inside the band's innermost loop), false none; default faces");
    m.put("keep", "an array whose contracted storage would not be of lower dimension stays, shared by the statements"
        + " that write it in place (those whose storage would grow, and those read where another's values are);"
        + " the others keep their scalars; default true");
    m.put("shorten", "testing only: every QUOV one shorter than legal, or with 'lattice' only those of the boundary"
        + " statements moved into the band (wrong code, for checking the tests); default false");
    return m;
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    if (key.equals("shorten")) {
      QuovStorage.Shorten mode = value.trim().equalsIgnoreCase("lattice") ? QuovStorage.Shorten.LATTICE
          : PassOptions.bool(this, key, value) ? QuovStorage.Shorten.ALL : QuovStorage.Shorten.NONE;
      return new QuovPass(dead, split, splitReads, mode, fuse, keep);
    }
    if (key.equals("split")) return new QuovPass(dead, PassOptions.bool(this, key, value), splitReads, shorten, fuse, keep);
    if (key.equals("split-reads")) return new QuovPass(dead, split, PassOptions.bool(this, key, value), shorten, fuse, keep);
    if (key.equals("fuse")) {
      Fuse mode = value.trim().equalsIgnoreCase("faces") ? Fuse.FACES
          : PassOptions.bool(this, key, value) ? Fuse.ALL : Fuse.OFF;
      return new QuovPass(dead, split, splitReads, shorten, mode, keep);
    }
    if (key.equals("keep")) return new QuovPass(dead, split, splitReads, shorten, fuse, PassOptions.bool(this, key, value));
    if (!key.equals("arrays")) throw new IllegalArgumentException(PassOptions.unknown(this, key));
    Set<String> names = new LinkedHashSet<>();
    for (String n : value.split(",")) if (!n.isBlank()) names.add(n.trim());
    return new QuovPass(names, split, splitReads, shorten, fuse, keep);
  }

  /**
   * Whether {@code fused} stores every statement as {@code plain} does, except statements whose
   * storage has fewer extents that grow with the parameters than before (the boundary statements
   * the fusion is for: a constant number of cells for a statement of one loop, {@code k} planes of
   * a face), at least one of them.
   */
  private static boolean smaller(QuovStorage.Result fused, QuovStorage.Result plain) {
    Map<String, List<String>> before = new LinkedHashMap<>();
    for (QuovStorage.ArrayPlan p : plain.plans()) for (QuovStorage.StatementStorage st : p.statements()) before.put(st.name(), st.extents());
    boolean better = false;
    for (QuovStorage.ArrayPlan p : fused.plans()) {
      if (!p.contracted()) return false;
      for (QuovStorage.StatementStorage st : p.statements()) {
        List<String> was = before.get(st.name());
        if (st.extents().equals(was)) continue;
        if (was == null || growing(st.extents()) >= growing(was)) return false;
        better = true;
      }
    }
    return better;
  }

  /** The number of extents that are not constants. */
  private static long growing(List<String> extents) {
    return extents.stream().filter(e -> !e.trim().matches("\\d+")).count();
  }

  @Override
  public String run(ScheduleState s) {
    s.deps();
    ScheduleNode tree = s.tree();
    QuovStorage.Result r = QuovStorage.apply(s.scop, tree, dead, split, splitReads, shorten, keep);
    if (fuse != Fuse.OFF && r.changed()) {
      Set<String> candidates = new LinkedHashSet<>(dead);
      for (ArrayInfo a : s.scop.arrays()) if (!a.isScalar() && a.isRegionLocal()) candidates.add(a.name());
      ScheduleNode fused = BoundaryFusion.fuse(s.scop, tree, s.deps(), candidates, fuse == Fuse.FACES ? 2 : 1);
      if (fused != tree) {
        QuovStorage.Result f = QuovStorage.apply(s.scop, fused, dead, split, splitReads, shorten, keep);
        if (smaller(f, r)) {
          r = f;
          s.notes.add("quov: boundary statements run in the interior's band");
        }
      }
    }
    s.notes.addAll(r.notes());
    if (!r.changed()) return "";
    List<ArrayInfo> arrays = new ArrayList<>(r.scop().arrays());
    int contracted = 0;
    for (QuovStorage.ArrayPlan p : r.plans()) {
      if (!p.contracted()) continue;
      contracted++;
      for (QuovStorage.StatementStorage st : p.statements()) {
        if (!st.declared()) continue;
        List<Expr> sizes = new ArrayList<>();
        for (String e : st.extents()) sizes.add(new Expr.Ident(e, SourcePos.UNKNOWN));
        String type = r.scop().array(p.array()).elementType();
        arrays.add(new ArrayInfo(st.name(), type, sizes));
      }
    }
    Scop scop = r.scop();
    s.scop = new Scop(scop.functionName(), scop.pos(), scop.params(), scop.context(), arrays, scop.statements(),
        scop.schedule(), scop.scheduleMap());
    s.programOrder = null;
    if (r.anySplit()) {
      // split statements: their pieces run as statements of their own, with the dependences renamed
      s.useDependences(r.split(s.deps()));
    }
    if (r.tree() != s.tree()) s.tree(r.tree());
    s.privateScalars.addAll(r.privates());
    if (r.guard() != null) {
      s.guard = s.guard == null ? r.guard() : "(" + s.guard + ") && (" + r.guard() + ")";
      s.notes.add("quov: the contracted storage runs when " + r.guard() + ", the original code otherwise");
    }
    s.storage.printing(s.scop);
    s.blockDeclarations.addAll(r.declarations());
    s.blockReleases.addAll(r.releases());
    return contracted + " array(s) stored by QUOV";
  }
}

package dev.polyj.presburger.pip;

import dev.polyj.presburger.set.Relation;
import java.util.concurrent.*;
import net.jqwik.api.*;

class DebugProperties {
  static final ExecutorService ex = Executors.newCachedThreadPool(r -> { Thread t = new Thread(r); t.setDaemon(true); return t; });

  @Provide Arbitrary<Relation> boxedRelations() { return new LexoptProperties().boxedRelations(); }

  @Property(tries = 400)
  void quick(@ForAll("boxedRelations") Relation r, @ForAll boolean max) throws Exception {
    Future<?> f = ex.submit(() -> Lexopt.optimizeWith(r, null, max, true));
    try { f.get(3, TimeUnit.SECONDS); } catch (TimeoutException e) {
      StringBuilder sb = new StringBuilder();
      for (var b : r.basics()) { sb.append("basic nLocal=" + b.nLocal() + "\n"); for (long[] q : b.equalities()) sb.append(" eq " + java.util.Arrays.toString(q) + "\n"); for (long[] q : b.inequalities()) sb.append(" in " + java.util.Arrays.toString(q) + "\n"); for (int i=0;i<b.nLocal();i++) sb.append(" div " + b.div(i) + "\n"); }
      throw new AssertionError("slow (max=" + max + ") " + r.space() + "\n" + sb);
    }
  }
}

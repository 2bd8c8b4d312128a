package dev.polyj.polybench.fuzz;

import java.nio.file.Path;

/**
 * The random-program tester from the command line (test class path):
 * {@code java -cp polybench/target/polyj.jar:polybench/target/test-classes
 * dev.polyj.polybench.fuzz.FuzzMain COUNT SEED [WORKDIR] [all|rotation|light|reassociate] [shrink-budget]
 * [max-statements]}; {@code
 * FuzzMain print SEED} prints the program of one seed.
 */
public final class FuzzMain {
  private FuzzMain() {}

  public static void main(String[] args) throws Exception {
    if (args[0].equals("print")) {
      System.out.print(ProgramGenerator.generate(Long.parseLong(args[1])).c());
      return;
    }
    int count = Integer.parseInt(args[0]);
    long seed = Long.parseLong(args[1]);
    Path work = Path.of(args.length > 2 ? args[2] : "target/fuzz");
    String mode = args.length > 3 ? args[3] : "all";
    int budget = args.length > 4 ? Integer.parseInt(args[4]) : 150;
    int maxStatements = args.length > 5 ? Integer.parseInt(args[5]) : ProgramGenerator.MAX_STATEMENTS;
    FuzzRunner.Report r = FuzzRunner.run(seed, count, maxStatements, k -> switch (mode) {
      case "rotation" -> Configurations.rotation(k);
      case "light" -> Configurations.light(k);
      case "reassociate" -> Configurations.all().stream().filter(v -> v.name().startsWith("reassociate")).toList();
      default -> Configurations.all();
    }, work, mode.equals("light") ? new boolean[] {true} : new boolean[] {false, true}, budget, System.out);
    System.out.println("fuzz (seed " + seed + "): " + r);
    System.exit(r.clean() ? 0 : 1);
  }
}

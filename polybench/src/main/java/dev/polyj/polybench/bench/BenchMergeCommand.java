package dev.polyj.polybench.bench;

import dev.polyj.polybench.report.BenchResults;
import dev.polyj.polybench.report.Reports;
import dev.polyj.polybench.report.TerminalTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code polyj bench merge DIR...}: joins the results of the shards of one benchmark (each the
 * {@code --out} directory of a {@code polyj bench --shard I/N} run) and writes the reports one
 * run over all kernels would have written. Exit code 0 when every kernel is ok, 1 when some
 * kernel is wrong or failed, 2 when a directory holds no results or the shards are not the
 * complete set of one job, 3 for an internal error.
 */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = {
      "Joins the results of the shards of one benchmark (the --out directories of"
          + " 'polyj bench --shard I/N' runs) into one report: report.txt, report.md,"
          + " report.html, speedups.svg, results.csv and results.json in --out.",
      "Exit codes: 0 all kernels ok, 1 some kernel wrong or failed, 2 missing, repeated or"
          + " inconsistent shards, 3 internal error."
    })
public final class BenchMergeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "DIR", arity = "1..*",
      description = "Output directories of the shards (each holds results.json).")
  List<Path> dirs = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "polyj-bench-merged",
      description = "Output directory of the merged reports (default: ${DEFAULT-VALUE}).")
  Path out;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter stdout = spec.commandLine().getOut();
    try {
      List<ShardResults> shards = new ArrayList<>();
      for (Path dir : dirs) {
        shards.add(ResultsJson.read(dir));
      }
      BenchResults results = ShardMerge.merge(shards);
      List<Path> files = new ArrayList<>(Reports.writeAll(results, out));
      files.add(ResultsJson.write(new ShardResults(Shard.ALL, shards.get(0).workList(), results), out));
      stdout.print(TerminalTable.render(results));
      stdout.println();
      stdout.println("merged " + shards.size() + " shard(s); reports: "
          + String.join(", ", files.stream().map(Path::toString).toList()));
      stdout.flush();
      return results.allOk() ? BenchCommand.OK : BenchCommand.NOT_ALL_OK;
    } catch (BenchSetupException e) {
      err.println("polyj " + (e.getMessage().startsWith("bench merge") ? "" : "bench merge: ")
          + e.getMessage());
      err.flush();
      return BenchCommand.BAD_INPUT;
    } catch (IOException e) {
      err.println("polyj bench merge: I/O error: " + e.getMessage());
      err.flush();
      return BenchCommand.BAD_INPUT;
    }
  }
}

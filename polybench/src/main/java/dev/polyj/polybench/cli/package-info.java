/**
 * The {@code polyj} command line (picocli): {@code calc} runs calculator scripts; {@code flow},
 * {@code codegen}, {@code scops}, {@code optimize} and {@code bench} follow the design's command
 * table. Exit codes: 0 success, 2 bad input, 3 internal error.
 */
package dev.polyj.polybench.cli;

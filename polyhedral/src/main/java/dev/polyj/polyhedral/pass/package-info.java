/**
 * The pass framework of the optimizer: a {@link dev.polyj.polyhedral.pass.Pass} rewrites one
 * level of a region (its SCoP, its schedule tree, or its AST), has a name, a one-line description
 * and its own options; a {@link dev.polyj.polyhedral.pass.PassManager} is the ordered list of
 * passes, which of them run, with per-pass statistics and a hook after each pass. The passes
 * themselves live next to what they rewrite; the default pipeline is assembled in the polybench
 * module (docs/pipeline.md lists it).
 */
package dev.polyj.polyhedral.pass;

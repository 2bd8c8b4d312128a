/**
 * The scheduling passes, in pipeline order (the tiling passes run between them and after them):
 *
 * <ol>
 *   <li>{@code scheduling} ({@link dev.polyj.polyhedral.scheduling.pass.SchedulingPass}): Pluto's
 *       hyperplanes for outer parallelism and locality (Bondhugula et al., PLDI 2008), legality
 *       checked exactly;
 *   <li>{@code time-loop} ({@link dev.polyj.polyhedral.scheduling.pass.TimeLoopPass}): a stencil's
 *       time loop kept sequential outside where time tiling would not pay, steps fused where every
 *       loop stays parallel ({@link dev.polyj.polyhedral.scheduling.pass.SequentialTime}; the
 *       trade-off of pipelined time tiling measured by Wonnacott and Strout, IMPACT 2013);
 *   <li>{@code program-order} ({@link dev.polyj.polyhedral.scheduling.pass.ProgramOrderPass}): the
 *       program's own streaming order kept for small work where the schedule's reordering would
 *       not pay ({@link dev.polyj.polyhedral.scheduling.pass.StreamingOrder}, a reuse test of this
 *       project).
 * </ol>
 */
package dev.polyj.polyhedral.scheduling.pass;

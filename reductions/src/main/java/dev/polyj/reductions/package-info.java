/**
 * Reductions (Doerfert, Streit, Hack, Benaissa: "Polly's Polyhedral Scheduling in the Presence of
 * Reductions", IMPACT 2015): detection of reduction-like statements ({@link
 * dev.polyj.reductions.ReductionDetection}), reduction and privatization dependences and the
 * relaxed dependences a reduction-enabled scheduler must respect ({@link
 * dev.polyj.reductions.ReductionDependences}), and the loops of a schedule that run reductions in
 * parallel with OpenMP reduction clauses or vectorize them ({@link
 * dev.polyj.reductions.ReductionLoops}).
 */
package dev.polyj.reductions;

/**
 * The storage passes, in pipeline order:
 *
 * <ol>
 *   <li>{@code delicm} ({@link dev.polyj.polyhedral.storage.pass.DeLicmPass}, SCoP level, off by
 *       default): scalars declared in the region mapped into array elements unused while they are
 *       live, scalars defined once forwarded into their users (Kruse and Grosser, "DeLICM: Scalar
 *       Dependence Removal at Zero Memory Cost", CGO 2018);
 *   <li>{@code scalar-expansion} ({@link dev.polyj.polyhedral.storage.pass.ScalarExpansionPass}, SCoP
 *       level): scalars written in loops become arrays, one element per write, copied back after
 *       the region (Feautrier, "Array expansion", ICS 1988; the opposite direction of Kruse and
 *       Grosser, "DeLICM", CGO 2018);
 *   <li>{@code quov} ({@link dev.polyj.polyhedral.storage.pass.QuovPass}, schedule level, off by
 *       default): the region's temporary arrays stored per statement along the shortest
 *       quasi-universal occupancy vector, valid for tiling by any sizes (Yuki and Rajopadhye,
 *       "Memory Allocations for Tiled Uniform Dependence Programs", IMPACT 2013);
 *   <li>{@code scalar-privatization} ({@link dev.polyj.polyhedral.storage.pass.ScalarPrivatizationPass},
 *       schedule level): loops serialized only by scalars each iteration writes before reading them
 *       run in parallel with a copy per thread (Maydan, Amarasinghe and Lam, POPL 1993; Tu and
 *       Padua, LCPC 1993);
 *   <li>{@code storage-contraction} ({@link dev.polyj.polyhedral.storage.pass.StorageContractionPass},
 *       schedule level, required): the expanded arrays contracted under the final schedule to the
 *       elements live at once (the occupancy-vector idea of Yuki and Rajopadhye, IMPACT 2013,
 *       checked exactly on the schedule at hand).
 * </ol>
 */
package dev.polyj.polyhedral.storage.pass;

/**
 * Storage mapping by quasi-universal occupancy vectors (Yuki and Rajopadhye, "Memory Allocations
 * for Tiled Uniform Dependence Programs", IMPACT 2013): {@link
 * dev.polyj.polyhedral.storage.quov.ShortestQuov} (the analytic shortest QUOV for tiled execution,
 * Sections 4.2 and 5.2), {@link dev.polyj.polyhedral.storage.quov.ProjectiveMapping} (the
 * projection along it with its modulo factor), {@link dev.polyj.polyhedral.storage.quov.UovSplit}
 * (UOV-guided index-set splitting, Section 6) and {@link
 * dev.polyj.polyhedral.storage.quov.QuovStorage}, which applies them to a region's temporary arrays
 * (the pass {@code quov}).
 */
package dev.polyj.polyhedral.storage.quov;

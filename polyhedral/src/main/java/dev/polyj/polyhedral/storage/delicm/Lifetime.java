package dev.polyj.polyhedral.storage.delicm;

import dev.polyj.presburger.set.Relation;

/**
 * A lifetime (DeLICM, Section 2.1): the zone {@code (def, use]} during which an element holds a
 * value that the access {@code use} reads, given by its two ends rather than by the timepoints
 * between them: {@code span} maps the use's instances to the instances of the definition
 * {@code def} that wrote what they read. A lifetime whose content came from before the region
 * ({@code def == null}, {@code span} the use's instances) is in the unknown zone: its value has no
 * name, so no other value can share the element with it. {@code use} is {@link Knowledge#END} for
 * the last value of an array element, live after the region.
 */
record Lifetime(String def, String use, Relation span) {
  boolean unknown() {
    return def == null;
  }
}

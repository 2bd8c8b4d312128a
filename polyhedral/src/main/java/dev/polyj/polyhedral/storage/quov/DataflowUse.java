package dev.polyj.polyhedral.storage.quov;

/**
 * A use of the values a statement S produces, as a data-flow vector in S's scheduled space (Yuki
 * and Rajopadhye, IMPACT 2013, Section 2.1): the value S writes at point {@code z} is read at
 * {@code z + vector} by the consumer. The consumer shares the first {@code vector.length}
 * dimensions of S's path in the schedule tree; when that is fewer than S's dimensions, the two
 * statements part at the statement-ordering dimension {@code vector.length}, where the consumer
 * comes {@code later} than S (or earlier). A consumer on S's whole path (S itself) reads before
 * the instance writes, like a parted one that is not {@code later}; a whole-path use marked
 * {@code later} must run strictly before the overwriting instance (the writing instance itself).
 */
public record DataflowUse(long[] vector, boolean later) {
  public int common() {
    return vector.length;
  }

  /** A use by S itself (or a statement on S's whole path). */
  public static DataflowUse self(long... vector) {
    return new DataflowUse(vector, false);
  }

  @Override
  public String toString() {
    return java.util.Arrays.toString(vector) + (later ? " (later)" : "");
  }
}

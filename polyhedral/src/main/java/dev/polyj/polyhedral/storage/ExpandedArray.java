package dev.polyj.polyhedral.storage;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.util.List;
import java.util.Map;

/**
 * An array made by {@link ScalarExpansion} from one web of a scalar: its name, the scalar it
 * replaces, the element type, the extent of each dimension as a C expression in the parameters
 * (an index runs from 0 to the extent minus one), and, for every statement that accesses it, the
 * names of the statement's iterators that subscript it (one per dimension, outermost first). A
 * web renamed without expansion has no dimensions: a scalar local to the region.
 */
public record ExpandedArray(String name, String scalar, String elementType, ImmutableList<String> extents,
    ImmutableMap<String, ImmutableList<String>> subscripts) {
  public ExpandedArray {
    for (Map.Entry<String, ImmutableList<String>> e : subscripts.entrySet()) {
      checkArgument(e.getValue().size() == extents.size(), "statement %s subscripts %s with %s iterators, rank %s",
          e.getKey(), name, e.getValue().size(), extents.size());
    }
  }

  public ExpandedArray(String name, String scalar, String elementType, List<String> extents,
      Map<String, ? extends List<String>> subscripts) {
    this(name, scalar, elementType, ImmutableList.copyOf(extents), copy(subscripts));
  }

  private static ImmutableMap<String, ImmutableList<String>> copy(Map<String, ? extends List<String>> m) {
    ImmutableMap.Builder<String, ImmutableList<String>> b = ImmutableMap.builder();
    for (Map.Entry<String, ? extends List<String>> e : m.entrySet()) b.put(e.getKey(), ImmutableList.copyOf(e.getValue()));
    return b.build();
  }

  public int rank() {
    return extents.size();
  }
}

package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.List;

/**
 * The outcome for one candidate region of a function: the extracted SCoP when the region is a
 * static control part, otherwise every rejection cause found (scop is then null).
 */
public record RegionResult(String functionName, SourcePos pos, Scop scop, ImmutableList<Rejection> rejections) {
  public RegionResult(String functionName, SourcePos pos, Scop scop, List<Rejection> rejections) {
    this(functionName, pos, scop, ImmutableList.copyOf(rejections));
  }

  public boolean accepted() {
    return scop != null;
  }
}

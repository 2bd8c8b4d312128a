package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.List;

/**
 * The outcome for one candidate region of a function: the extracted SCoP when the region is a
 * static control part, otherwise every rejection cause found (scop is then null). {@code
 * specialized} holds the size macros whose values were read into the SCoP as numbers (the region
 * could not be read with them as parameters): its code is valid for these values only. {@code
 * speculation}, when not null, is what run-time checks recover of a rejected region. {@code
 * whileCollapse}, when not null, is the form of a region with data-dependent while loops its code
 * is generated from ({@link WhileCollapse}).
 */
public record RegionResult(String functionName, SourcePos pos, Scop scop, ImmutableList<Rejection> rejections,
    ImmutableMap<String, Long> specialized, Speculation speculation, WhileCollapse whileCollapse) {
  public RegionResult(String functionName, SourcePos pos, Scop scop, ImmutableList<Rejection> rejections,
      ImmutableMap<String, Long> specialized, Speculation speculation) {
    this(functionName, pos, scop, rejections, specialized, speculation, null);
  }

  public RegionResult(String functionName, SourcePos pos, Scop scop, ImmutableList<Rejection> rejections,
      ImmutableMap<String, Long> specialized) {
    this(functionName, pos, scop, rejections, specialized, null);
  }

  public RegionResult(String functionName, SourcePos pos, Scop scop, ImmutableList<Rejection> rejections) {
    this(functionName, pos, scop, rejections, ImmutableMap.of());
  }

  public RegionResult(String functionName, SourcePos pos, Scop scop, List<Rejection> rejections) {
    this(functionName, pos, scop, ImmutableList.copyOf(rejections));
  }

  /** This result, valid only for the values {@code macros} of size macros. */
  public RegionResult specializedTo(java.util.Map<String, Long> macros) {
    return new RegionResult(functionName, pos, scop, rejections, ImmutableMap.copyOf(macros), speculation, whileCollapse);
  }

  /** This result with what speculation recovers of it ({@link Speculation}; null for nothing). */
  public RegionResult withSpeculation(Speculation s) {
    return new RegionResult(functionName, pos, scop, rejections, specialized, s, whileCollapse);
  }

  /** This result with the form its while loops' code is generated from. */
  public RegionResult withWhileCollapse(WhileCollapse w) {
    return new RegionResult(functionName, pos, scop, rejections, specialized, speculation, w);
  }

  public boolean accepted() {
    return scop != null;
  }
}

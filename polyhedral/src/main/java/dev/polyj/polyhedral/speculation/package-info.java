/**
 * Speculative optimization under run-time checks (SPolly, Doerfert, Hammacher, Streit and Hack,
 * IMPACT 2013): the checks that pointers do not overlap and that delinearized subscripts stay
 * within their rows ({@link dev.polyj.polyhedral.speculation.AccessRanges}), built by the pass
 * {@code runtime-checks} ({@link dev.polyj.polyhedral.speculation.RuntimeChecksPass}).
 */
package dev.polyj.polyhedral.speculation;

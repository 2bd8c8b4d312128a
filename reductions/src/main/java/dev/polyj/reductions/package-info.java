/** Reduction detection, reduction and privatization dependences, SDR and histogram detection. */
package dev.polyj.reductions;

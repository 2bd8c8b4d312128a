/** AST generation from schedule trees, C printing, OpenMP/SIMD annotation and the gcc driver. */
package dev.polyj.codegen;

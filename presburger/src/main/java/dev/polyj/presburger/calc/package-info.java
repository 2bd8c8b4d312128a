/**
 * The calculator: the subset of barvinok's {@code iscc} language described in the design.
 *
 * <p>A script is a sequence of statements ending in {@code ;}: {@code X := expr;} assigns,
 * {@code expr;} and {@code print expr;} print the value on one line, {@code assert expr;} checks a
 * boolean, {@code codegen ...;} prints C code (below). Values are unions of sets or maps
 * (written in isl notation, e.g. {@code [N] -> { S[i] : 0 <= i < N }}), booleans ({@code True},
 * {@code False}), integers, strings and lists ({@code (a, b)}, indexed by {@code l[i]}).
 *
 * <p>Binary operators, all of one precedence and applied from left to right as in iscc (so
 * {@code A + B * C} is {@code (A + B) * C}): {@code +} union (or, sum, concatenation),
 * {@code *} intersection (and, product; map * set restricts the domain; a parameter domain
 * restricts the parameters), {@code -} difference (map - set subtracts from the domain),
 * {@code ->*} and {@code ->-} range intersection and subtraction, {@code .} and {@code before}
 * composition ({@code after} the other way round), {@code ->} universal map, {@code cross}
 * product, {@code %} gist, {@code =} {@code <=} {@code <} {@code >=} {@code >} comparisons,
 * {@code <<} {@code <<=} {@code >>} {@code >>=} lexicographic order maps. Postfix:
 * {@code m(s)} application, {@code m^-1} inverse, {@code m^k} power, {@code m^+} transitive
 * closure (a pair {@code (map, exact)}). Prefix functions bind to the next operand: {@code dom}
 * {@code domain} {@code ran} {@code range} {@code params} {@code identity} {@code deltas}
 * {@code deltas_map} {@code domain_map} {@code range_map} {@code wrap} {@code unwrap} {@code zip}
 * {@code coalesce} {@code aff} {@code sample} {@code lexmin} {@code lexmax} {@code card}
 * {@code sum} {@code ub} {@code lb} {@code poly}; {@code typeof} takes the rest of the
 * expression.
 *
 * <p>Piecewise quasi-polynomials are written in isl notation too ({@code [N] -> { (N^2) : N > 0 }},
 * {@code { S[i] -> (i + 1) : i >= 0 }}); they come from literals and {@code card}. On them
 * {@code +} {@code -} {@code *} are pointwise sum, difference and product, {@code q * s}
 * restricts q to the points of the set s (to the parameter values of a parameter domain),
 * {@code -q} negates, {@code q % s} is a function equal to q on s (gist), {@code dom q} holds the
 * points where q may be non-zero, {@code sum q} sums q over its domain (per domain point for a
 * function on a wrapped map), and {@code q(s)} and {@code q @ s} evaluate q at each point of a finite set s (the
 * result is defined on those points only). {@code ub q} and {@code lb q} give the pair
 * {@code (bound, tight)} where the bound is a piecewise fold ({@code [N] -> { max(N - 1) : N >= 1 }}):
 * exact, hence tight, when q is affine in the counted variables and their floor terms (parametric
 * integer programming, {@link dev.polyj.presburger.count.Bounds}) or when q has no parameters
 * (evaluation at the points); other polynomials get the Bernstein bound over the parametric
 * vertices ({@code max(q1, q2) : ...} per chamber), tight only where the flag says so. {@code poly} is the
 * identity on conjunctions without local variables and on quasi-polynomials without floor terms
 * (their polyhedral hull and polynomial approximation); other inputs are not supported yet.
 *
 * <p>Dataflow: {@code last W before R under S}, {@code any V before R under S}, when a {@link
 * dev.polyj.presburger.calc.FlowAnalysis} is installed. Scheduling: {@code schedule D respecting V
 * minimizing P} returns a schedule tree (printed in isl's YAML flow notation on one line; schedule
 * literals {@code { domain: "...", child: ... }} are read too) when a {@link
 * dev.polyj.presburger.calc.Scheduling} is installed. Code generation: {@code codegen m}, {@code
 * codegen m using o} (AST build options {@code separate}, {@code atomic}, {@code unroll},
 * {@code separation_class}), {@code codegen s} (the points of a set in lexicographic order) and
 * {@code codegen t} for a schedule tree print C code when a {@link
 * dev.polyj.presburger.calc.CodeGeneration} is installed. {@code polyj calc} installs all three
 * (the polyhedral module's dataflow analysis and Pluto scheduler, the codegen module's AST
 * generator).
 *
 * <p>Errors are reported as {@code line:column: message} and the calculator goes on with the next
 * statement.
 */
package dev.polyj.presburger.calc;

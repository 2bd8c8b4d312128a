#!/usr/bin/env python3
# gen_calc.py N: an iscc script of about N statements mixing the calculator's set and map
# operations (parametric domains, relations, unions, differences, applications, lexmin/lexmax,
# coalesce, card, deltas), deterministic (seeded), printing every tenth result.
import random, sys
n = int(sys.argv[1]); random.seed(7)
out = []
def st(s): out.append(s)
k = 0
while len(out) < n:
    a, b, c = random.randint(1, 4), random.randint(0, 5), random.randint(2, 9)
    st(f"D{k} := [N] -> {{ S[i,j] : 0 <= i < N and {b} <= j <= i + {c} and {a}*j <= N + i }};")
    st(f"E{k} := [N] -> {{ S[i,j] : {b} <= i <= N - {a} and 0 <= j < {c} + i }};")
    st(f"R{k} := [N] -> {{ S[i,j] -> S[i + {a}, j + {b % 3}] : 0 <= i < N and 0 <= j < N }};")
    st(f"U{k} := D{k} + E{k};")
    st(f"I{k} := D{k} * E{k};")
    st(f"M{k} := D{k} - E{k};")
    st(f"A{k} := R{k}(I{k});")
    st(f"C{k} := coalesce (U{k} + A{k});")
    st(f"L{k} := lexmin M{k};")
    st(f"X{k} := lexmax U{k};")
    st(f"T{k} := deltas R{k};")
    st(f"K{k} := card I{k};")
    if k % 2 == 0:
        st(f"C{k};"); st(f"K{k};")
    k += 1
print("\n".join(out[:n]))

/* Several parameters in the bounds, a guard on the parameters and a parameter in a subscript. */
#pragma scop
for (u = lo; u <= hi; u++)
  for (w = u; w < u + len; w++)
    if (w >= off)
      out[u][w - u] = in[w + off] + out[u - 1][w - u];
#pragma endscop

/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * fdtd-2d - finite-difference time-domain simulation of a 2-D
 * electromagnetic field: electric components ex, ey and magnetic
 * component hz updated in leapfrog fashion; _fict_ drives the boundary.
 */
#include "fdtd-2d.h"

static void init_array(int tmax, int nx, int ny, DATA_TYPE ex[NX][NY],
                       DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                       DATA_TYPE _fict_[TMAX])
{
  int i, j;

  for (i = 0; i < tmax; i++)
    _fict_[i] = (DATA_TYPE)i;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      ex[i][j] = ((DATA_TYPE)i * (j + 1)) / nx;
      ey[i][j] = ((DATA_TYPE)i * (j + 2)) / ny;
      hz[i][j] = ((DATA_TYPE)i * (j + 3)) / nx;
    }
}

void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[NX][NY],
                    DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                    DATA_TYPE _fict_[TMAX])
{
  int t, i, j;
#pragma scop
  for (t = 0; t < tmax; t++) {
    DATA_TYPE ft;
    ft = _fict_[t];
    for (j = 0; j < ny; j++)
      ey[0][j] = ft;
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - SCALAR_VAL(0.7) * (ex[i][j + 1] - ex[i][j] +
                                                 ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}

static void print_one(const char *name, int nx, int ny, DATA_TYPE X[NX][NY])
{
  int i, j;

  polyj_dump_begin(name);
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++)
      polyj_dump_value(X[i][j]);
  polyj_dump_end(name);
}

static void print_array(int nx, int ny, DATA_TYPE ex[NX][NY],
                        DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY])
{
  print_one("ex", nx, ny, ex);
  print_one("ey", nx, ny, ey);
  print_one("hz", nx, ny, hz);
}

int main(int argc, char **argv)
{
  int tmax = TMAX, nx = NX, ny = NY;
  DATA_TYPE (*ex)[NY] = POLYJ_ALLOC_2D(DATA_TYPE, NX, NY);
  DATA_TYPE (*ey)[NY] = POLYJ_ALLOC_2D(DATA_TYPE, NX, NY);
  DATA_TYPE (*hz)[NY] = POLYJ_ALLOC_2D(DATA_TYPE, NX, NY);
  DATA_TYPE *_fict_ = POLYJ_ALLOC_1D(DATA_TYPE, TMAX);

  init_array(tmax, nx, ny, ex, ey, hz, _fict_);

  POLYJ_START_TIMER();
  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, _fict_);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(nx, ny, ex, ey, hz);

  polyj_free(ex);
  polyj_free(ey);
  polyj_free(hz);
  polyj_free(_fict_);
  return 0;
}

#!/usr/bin/env python3
"""codegen_exec_compare.py INPUT POLYJ_C ISL_C: compiles both codes with every statement call
S(e1, ..., en) printing its name and arguments, runs them for a grid of parameter values (the
parameters of the first '[...] ->' of INPUT; values from $VALS, default 0 1 2 3 5 8 13, kept only
where the Python expression $CONTEXT over the parameter names holds, e.g. "0 <= t0 <= 15"), and
compares the statement instances (as multisets, and in order). Runs cut at 200000 instances on
both sides are skipped. Exit 1 when some parameter value gives different instances."""
import sys, re, subprocess, itertools, os, tempfile
inp, mine, theirs = sys.argv[1:4]
text = open(inp).read()
m = re.search(r'\[([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)\]\s*->', text)
params = [p.strip() for p in m.group(1).split(',')] if m else []
# statement names: words followed by '(' in either code that are not helpers or keywords
helpers = {'for','if','min','max','floord','while','int','return','sizeof','ceild'}
def code(f):
    src = open(f).read()
    return '\n'.join(l for l in src.split('\n') if not l.startswith('#'))
a, b = code(mine), code(theirs)
stmts = sorted(set(re.findall(r'\b([A-Za-z_][A-Za-z0-9_]*)\s*\(', a + b)) - helpers)
hdr = ['#include <stdio.h>', '#include <stdlib.h>',
  '#define floord(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))',
  '#define ceild(n,d) (((n)<0) ? -((-(n))/(d)) : ((n)+(d)-1)/(d))',
  '#define min(x,y) ((x)<(y)?(x):(y))', '#define max(x,y) ((x)>(y)?(x):(y))',
  'static long cnt; static void emit(const char*s,long*a,int n){ if(++cnt>200000){puts("LIMIT");exit(0);} printf("%s",s); for(int i=0;i<n;i++) printf(" %ld",a[i]); printf("\\n"); }']
for s in stmts:
    hdr.append('#define %s(...) do { long a_[] = {0, ##__VA_ARGS__}; emit("%s", a_ + 1, sizeof a_ / sizeof *a_ - 1); } while (0)' % (s, s))
def prog(body):
    decl = ''.join('long %s = atol(argv[%d]);' % (p, i + 1) for i, p in enumerate(params))
    return '\n'.join(hdr) + '\nint main(int argc, char **argv) { %s\n%s\nreturn 0; }\n' % (decl, body)
d = tempfile.mkdtemp()
exes = []
for name, body in (('mine', a), ('isl', b)):
    open(f'{d}/{name}.c', 'w').write(prog(body))
    r = subprocess.run(['gcc', '-O0', '-w', '-o', f'{d}/{name}', f'{d}/{name}.c'], capture_output=True, text=True)
    if r.returncode: print('COMPILE', name, r.stderr[:500]); sys.exit(2)
vals = [int(v) for v in os.environ.get('VALS', '0 1 2 3 5 8 13').split()]
combos = list(itertools.product(vals, repeat=len(params)))
ctx = os.environ.get('CONTEXT')
if ctx: combos = [c for c in combos if eval(ctx, {}, dict(zip(params, c)))]
if len(combos) > 300: combos = combos[::len(combos)//300 + 1]
bad = 0; order = 0
for c in combos:
    args = [str(v) for v in c]
    try:
        o1 = subprocess.run([f'{d}/mine'] + args, capture_output=True, text=True, timeout=10).stdout
        o2 = subprocess.run([f'{d}/isl'] + args, capture_output=True, text=True, timeout=10).stdout
    except subprocess.TimeoutExpired:
        print('TIMEOUT', dict(zip(params, c))); bad += 1; continue
    if 'LIMIT' in o1 and 'LIMIT' in o2: continue
    if sorted(o1.split('\n')) != sorted(o2.split('\n')):
        bad += 1
        if bad <= 2: print('DIFF at', dict(zip(params, c)), len(o1.split('\n')), len(o2.split('\n')))
    elif o1 != o2: order += 1
print(f'{inp}: {len(combos)} parameter values, {bad} with different instances, {order} in another order')
sys.exit(1 if bad else 0)

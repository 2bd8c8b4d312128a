#!/usr/bin/env bash
# Sweeps isl's own test inputs with polyj and compares with isl's expected outputs.
#   bench/isl/sweep.sh ISL_TEST_INPUTS [exec]
# ISL_TEST_INPUTS is the test_inputs directory of an isl source tree (flow/, codegen/, schedule/).
# Needs gcc and the isl library (libisl-dev) for the flow comparison, and the packaged jar
# (mvn -q -DskipTests package). With "exec", the code generated for every codegen input is also
# run against isl's expected code for a grid of parameter values (codegen_exec_compare.py).
set -uo pipefail
inputs=${1:?usage: sweep.sh ISL_TEST_INPUTS [exec]}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$here/../../polybench/target/polyj.jar"
work=$(mktemp -d)
gcc -O1 -o "$work/flow_compare" "$here/flow_compare.c" -lisl || exit 2

ok=0; n=0
for ai in "$inputs"/flow/*.ai; do
  b=$(basename "$ai" .ai); n=$((n + 1))
  if timeout 60 java -jar "$jar" flow "$ai" > "$work/$b.out" 2> "$work/$b.err" \
      && "$work/flow_compare" "$work/$b.out" "${ai%.ai}.flow" > "$work/$b.cmp"; then
    ok=$((ok + 1))
  else
    echo "flow $b: $(head -c 300 "$work/$b.err" "$work/$b.cmp" 2>/dev/null)"
  fi
done
echo "flow: $ok/$n equal to isl's answers"

ok=0; n=0
for st in $(find "$inputs/schedule" "$inputs/codegen" -name '*.st' | sort); do
  n=$((n + 1))
  timeout 60 java -jar "$jar" codegen "$st" > "$work/st.c" 2> "$work/st.err"; rc=$?
  if [ $rc = 0 ]; then ok=$((ok + 1)); else echo "schedule tree $st: exit $rc $(head -c 200 "$work/st.err")"; fi
done
echo "schedule trees: $ok/$n read and generated"

if [ "${2:-}" = exec ]; then
  ok=0; n=0
  for f in $(find "$inputs/codegen" -name '*.st' -o -name '*.in' | sort); do
    expected="${f%.*}.c"; [ -f "$expected" ] || continue
    n=$((n + 1))
    if timeout 60 java -jar "$jar" codegen "$f" > "$work/mine.c" 2> /dev/null \
        && python3 "$here/codegen_exec_compare.py" "$f" "$work/mine.c" "$expected" > "$work/exec.txt"; then
      ok=$((ok + 1))
    else
      echo "codegen $f: $(tail -1 "$work/exec.txt" 2>/dev/null)"
    fi
  done
  echo "codegen: $ok/$n execute the same instances as isl's code"
fi
rm -rf "$work"

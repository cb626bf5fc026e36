#!/bin/sh
# bench.sh -- `make bench`: patlint against the MLIR 16 peers in one run,
# side by side: median wall time (sum over files of each file's median),
# peak RSS (largest over files) and the ratio patlint/peer.  Benchmarks
# print figures; they never fail on them (shared machines are noisy).
#
#   bench.sh PATLINT MEASURE [RUNS] [HARNESS]
#
# Rows: check vs mlir-tblgen-16 -gen-rewriters (corpus DRR files the peer
# accepts), check vs mlir-pdll-16 -x=mlir (corpus .pdll files), dump
# records vs llvm-tblgen-16 --dump-json (MLIR 16 *Ops.td), run vs the
# greedy-driver harness (tests/run), run throughput on a 100,000-op
# fixture (bench/gen-fixture.sh), synthetic sets of 1k/10k/100k DRR
# patterns (bench/gen-synth.sh; -j 1, and the default -j), the include
# cache against --no-include-cache, check with images of the include
# cache kept by an earlier run (--cache-dir), check -j 2 vs -j 1 (on
# the corpus also in one run through a compilation database) and, as the
# bound on -j 2 there, two -j 1 runs at once against one (and two
# loops that touch no memory: what of that the host takes).  The
# corpus rows need ../shared/corpus (or CORPUS=DIR).
set -u
LC_ALL=C
export LC_ALL
abspath() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
patlint=$(abspath "$1")
measure=$(abspath "$2")
runs=${3:-5}
harness=${4:-}
[ -z "$harness" ] || harness=$(abspath "$harness")
srcdir=$(cd "$(dirname "$0")/.." && pwd)
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
TBLGEN=${LLVM_TBLGEN:-llvm-tblgen-16}
CORPUS=${CORPUS:-$srcdir/../shared/corpus}

if ! command -v "$TBLGEN" >/dev/null 2>&1 || [ ! -d "$M16/mlir" ]; then
    echo "bench: SKIP: $TBLGEN or $M16/mlir not installed"
    exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# bench_files LABEL FILELIST: each line of FILELIST is appended to $CMD_A
# and to $CMD_B (a file, or flags and a file; split on blanks).  With
# SPLIT=1 a line is "ARGS_A | ARGS_B" instead, one part for each command.
# Exit status 1 (check found something) counts as success.
bench_files() {
    label=$1; list=$2; shift 2
    n=0; fa=0
    : > "$tmp/rows"
    while read -r line; do
        la=$line; lb=$line
        if [ "${SPLIT:-0}" = 1 ]; then la=${line%% | *}; lb=${line#* | }; fi
        # patlint and the peer in turn, so that both see the machine's drift
        set -- $CMD_A $la --- $CMD_B $lb
        ab=$("$measure" -r "$runs" -- "$@" | tr '\n' ' ')
        n=$((n + 1))
        echo "$ab" >> "$tmp/rows"
        case $(echo "$ab" | cut -d' ' -f3) in 0|1) ;; *) fa=$((fa + 1)) ;; esac
    done < "$list"
    awk -v label="$label" -v n="$n" -v fa="$fa" -v unit="${UNIT:-files}" -v peer="${PEER:-peer}" '
        { ta += $1; if ($2 > ra) ra = $2; ca += $4; tb += $5; if ($6 > rb) rb = $6; cb += $8 }
        END {
            printf "%-42s %4d %-5s patlint %8.1f ms (cpu %7.1f) %6.1f MiB | %-6s %8.1f ms (cpu %7.1f) %6.1f MiB | ratio time %.2f cpu %.2f rss %.2f%s\n",
                label, n, unit, ta, ca, ra / 1024, peer, tb, cb, rb / 1024,
                (tb > 0 ? ta / tb : 0), (cb > 0 ? ca / cb : 0), (rb > 0 ? ra / rb : 0),
                (fa ? sprintf("  (patlint failed on %d)", fa) : "")
        }' "$tmp/rows"
    rm -f "$tmp/rows"
}

# Include flags of a corpus file from MANIFEST.tsv's include_dirs column.
inc_flags() {
    echo "$1" | tr ',' '\n' | while read -r d; do
        [ "$d" = MLIR16 ] && d=$M16
        printf ' -I %s' "$d"
    done
}

echo "patlint benchmark: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "median of $runs runs per file, patlint and peer in turn (wall and user+sys cpu: sums over files; RSS: the largest); ratio = patlint / peer"

if [ -f "$CORPUS/MANIFEST.tsv" ] && [ -f "$CORPUS/peers.tsv" ]; then
    cd "$CORPUS" || exit 2
    awk -F'\t' 'NR > 1 { print $1 "\t" $6 }' MANIFEST.tsv > "$tmp/manifest"
    # DRR files mlir-tblgen-16 accepts (plain runs, not the -D variants).
    awk -F'\t' '$1 == "drr" && $3 == "-" && $5 == 0 { print $2 }' peers.tsv | sort -u |
    while read -r f; do
        echo "$(inc_flags "$(awk -F'\t' -v f="$f" '$1 == f { print $2 }' "$tmp/manifest")") $f"
    done > "$tmp/drr.args"
    CMD_A="$patlint check -j 1 --no-config"; CMD_B="mlir-tblgen-16 -gen-rewriters"
    PEER=tblgen bench_files "check vs mlir-tblgen-16 -gen-rewriters" "$tmp/drr.args"

    # The same, as a pre-commit hook runs it with an image folder
    # (--cache-dir): each file's leading includes were evaluated by an
    # earlier run (the folder is filled once before timing), so a run reads
    # their state instead of evaluating OpBase.td and the dialect again.
    while read -r line; do
        # shellcheck disable=SC2086
        $CMD_A --cache-dir "$tmp/images" $line > /dev/null 2>&1
    done < "$tmp/drr.args"
    CMD_A="$patlint check -j 1 --no-config --cache-dir $tmp/images"
    PEER=tblgen bench_files "check --cache-dir (warm) vs mlir-tblgen-16" "$tmp/drr.args"
    CMD_A="$patlint check -j 1 --no-config"

    # The same files as a CI gate checks them: one patlint run per project
    # (the corpus folder's first component; -I the union of its files'
    # include folders, in order), where the include cache evaluates each
    # included file once; the peer still takes one file per run.
    awk '{ f = $NF; p = f; sub(/\/.*/, "", p); inc = ""
           for (i = 1; i < NF; i += 2) { k = p SUBSEP $(i + 1); if (!(k in seen)) { seen[k] = 1; incs[p] = incs[p] " -I " $(i + 1) } }
           files[p] = files[p] " " f; peer[p] = peer[p] "|" $0 }
         END { for (p in files) print incs[p] " " files[p] "\t" peer[p] }' "$tmp/drr.args" | sort > "$tmp/proj"
    ta=0; ca=0; ra=0; tb=0; cb=0; rb=0; np=0
    while IFS="$(printf '\t')" read -r pargs plines; do
        # shellcheck disable=SC2086
        set -- $(echo $CMD_A) $pargs
        a=$("$measure" -r "$runs" -- "$@")
        ta=$(echo "$ta $a" | awk '{ print $1 + $2 }'); ca=$(echo "$ca $a" | awk '{ print $1 + $5 }')
        ra=$(echo "$ra $a" | awk '{ print ($3 > $1 ? $3 : $1) }')
        np=$((np + 1))
        echo "$plines" | tr '|' '\n' | sed '/^$/d' > "$tmp/proj.files"
        while read -r line; do
            # shellcheck disable=SC2086
            set -- $(echo $CMD_B) $line
            b=$("$measure" -r "$runs" -- "$@")
            tb=$(echo "$tb $b" | awk '{ print $1 + $2 }'); cb=$(echo "$cb $b" | awk '{ print $1 + $5 }')
            rb=$(echo "$rb $b" | awk '{ print ($3 > $1 ? $3 : $1) }')
        done < "$tmp/proj.files"
    done < "$tmp/proj"
    awk -v n="$np" -v ta="$ta" -v ca="$ca" -v ra="$ra" -v tb="$tb" -v cb="$cb" -v rb="$rb" 'BEGIN {
        printf "%-42s %4d %-5s patlint %8.1f ms (cpu %7.1f) %6.1f MiB | %-6s %8.1f ms (cpu %7.1f) %6.1f MiB | ratio time %.2f cpu %.2f rss %.2f\n",
            "check, one run per project vs tblgen/file", n, "runs", ta, ca, ra / 1024, "tblgen", tb, cb, rb / 1024,
            (tb > 0 ? ta / tb : 0), (cb > 0 ? ca / cb : 0), (rb > 0 ? ra / rb : 0) }'

    # PDLL files mlir-pdll-16 accepts, run as their RUN line runs them
    # (patlint check takes the same --split-input-file).
    awk -F'\t' '$1 == "pdll" && ($3 == "-" || $3 == "all") && $5 == 0 { print $2 "\t" $4 }' peers.tsv |
    sort -u -t "$(printf '\t')" -k1,1 |
    while IFS="$(printf '\t')" read -r f cmd; do
        flags=$(echo "$cmd" | sed 's/^mlir-pdll-16 -x=mlir//; s/ --split-input-file//; s/ [^ ]*$//')
        split=$(echo "$cmd" | grep -o -- '--split-input-file')
        echo "$flags $split $f | $flags $split $f"
    done > "$tmp/pdll.args"
    CMD_A="$patlint check -j 1 --no-config"; CMD_B="mlir-pdll-16 -x=mlir"
    SPLIT=1 PEER=pdll bench_files "check vs mlir-pdll-16 -x=mlir" "$tmp/pdll.args"
    cd - >/dev/null || exit 2
else
    echo "bench: SKIP corpus rows: no $CORPUS (../shared/corpus)"
fi

find "$M16/mlir/Dialect" -name '*Ops.td' | sort > "$tmp/ops"
CMD_A="$patlint dump records --format=json -I $M16"
CMD_B="$TBLGEN --dump-json -I $M16"
PEER=tblgen bench_files "dump records vs llvm-tblgen-16 --dump-json" "$tmp/ops"

# patlint run against MLIR's greedy driver (the harness) on tests/run:
# the harness gets the PDL module mlir-pdll-16 compiled beforehand (its
# compile time is not counted).
if [ -n "$harness" ] && [ -x "$harness" ] && command -v mlir-pdll-16 >/dev/null 2>&1; then
    : > "$tmp/run.args"
    for d in "$srcdir"/tests/run/*.d; do
        [ -f "$d/patterns.pdll" ] || continue
        name=$(basename "$d")
        mlir-pdll-16 -x=mlir "$d/patterns.pdll" -o "$tmp/$name.pdl.mlir" 2>/dev/null || continue
        args=$(sed "s|^run ||; s|patterns.pdll|$d/patterns.pdll|; s|input.mlir|$d/input.mlir|" "$d/args")
        hopts=$(echo "$args" | grep -o -- '--max-[a-z]* [0-9]*' | tr '\n' ' ')
        echo "$args | $hopts $tmp/$name.pdl.mlir $d/input.mlir" >> "$tmp/run.args"
    done
    CMD_A="$patlint run"; CMD_B="$harness"
    SPLIT=1 PEER=greedy UNIT=cases bench_files "run vs greedy harness (MLIR 16 driver)" "$tmp/run.args"
else
    echo "bench: SKIP run row: no greedy harness (make tests/harness/greedy) or mlir-pdll-16"
fi

# Rewrite throughput: a 100,000-op fixture (bench/gen-fixture.sh; 59,700
# rewrites) under the same PDLL patterns, patlint run against the harness
# (PDL module compiled beforehand), both with a finite rewrite limit;
# the outputs are compared once.
if [ -n "$harness" ] && [ -x "$harness" ] && command -v mlir-pdll-16 >/dev/null 2>&1; then
    sh "$srcdir/bench/gen-fixture.sh" 100000 > "$tmp/tp.mlir"
    sh "$srcdir/bench/gen-fixture.sh" --patterns > "$tmp/tp.pdll"
    if mlir-pdll-16 -x=mlir "$tmp/tp.pdll" -o "$tmp/tp.pdl.mlir" 2>/dev/null; then
        echo "--patterns $tmp/tp.pdll --input $tmp/tp.mlir --max-rewrites 1000000 | --max-rewrites 1000000 $tmp/tp.pdl.mlir $tmp/tp.mlir" > "$tmp/tp.args"
        runs_save=$runs; runs=$(( runs < 3 ? runs : 3 ))
        CMD_A="$patlint run"; CMD_B="$harness"
        SPLIT=1 PEER=greedy UNIT=run bench_files "run throughput: 100,000 ops vs greedy harness" "$tmp/tp.args"
        runs=$runs_save
        "$patlint" run --patterns "$tmp/tp.pdll" --input "$tmp/tp.mlir" --max-rewrites 1000000 > "$tmp/tp.a" 2>/dev/null
        "$harness" --max-rewrites 1000000 "$tmp/tp.pdl.mlir" "$tmp/tp.mlir" > "$tmp/tp.b" 2>/dev/null
        if cmp -s "$tmp/tp.a" "$tmp/tp.b"; then echo "  (throughput outputs agree)"; else echo "  (throughput outputs DIFFER)"; fi
    fi
    rm -f "$tmp"/tp.*
fi

# Growth: synthetic sets (bench/gen-synth.sh), one file each.
for size in 1000 10000 100000; do
    sh "$srcdir/bench/gen-synth.sh" "$size" > "$tmp/synth$size.td"
    echo "-I $M16 $tmp/synth$size.td" > "$tmp/synth.args"
    # a 1,000- or 10,000-pattern run is 20-300 ms: four times the runs (and
    # one), as for the one-run -j rows below, where a median of five moved
    # by a fifth between bench runs (the peer's too: 504-702 ms for the
    # 10,000 patterns in four runs); 100,000 patterns take seconds a run
    r=$((runs * 4 + 1)); [ "$size" -ge 100000 ] && r=$(( runs < 3 ? runs : 3 ))
    runs_save=$runs; runs=$r
    CMD_A="$patlint check -j 1 --no-config"; CMD_B="mlir-tblgen-16 -gen-rewriters"
    PEER=tblgen UNIT=set bench_files "synthetic $size DRR patterns: check" "$tmp/synth.args"
    # as a user runs it: -j the number of cores (the overlap and recursion
    # analyses and the report use them; one file is evaluated on one)
    CMD_A="$patlint check --no-config"
    PEER=tblgen UNIT=set bench_files "synthetic $size: check, default -j ($(nproc))" "$tmp/synth.args"
    runs=$runs_save
    rm -f "$tmp/synth$size.td"
done

# The include cache: one run over MLIR 16's dialect tree with it and
# without it (--no-include-cache; ratio = cache / no cache).
echo "-I $M16 $M16/mlir/Dialect" > "$tmp/tree.args"
CMD_A="$patlint check -j 1 --no-config"; CMD_B="$patlint check -j 1 --no-config --no-include-cache"
PEER="nocache" UNIT=run bench_files "check, include cache vs none: Dialect tree" "$tmp/tree.args"

# -j 1 against -j 2: one run over many .td inputs (MLIR 16's dialect tree),
# and the corpus files, one run per include set, one per project and all
# in one run (ratio = -j 2 / -j 1).
# The one-run rows take four times the runs (and one): a single median of
# five runs of a 0.3 s command moved by a fifth between bench runs on a
# shared machine.
echo "-I $M16 $M16/mlir/Dialect" > "$tmp/tree.args"
CMD_A="$patlint check -j 2 --no-config"; CMD_B="$patlint check -j 1 --no-config"
runs_save=$runs; runs=$((runs * 4 + 1))
PEER="-j 1" UNIT=run bench_files "check -j 2 vs -j 1: MLIR 16 Dialect tree ($runs)" "$tmp/tree.args"
runs=$runs_save
if [ -f "$CORPUS/MANIFEST.tsv" ]; then
    cd "$CORPUS" || exit 2
    awk -F'\t' 'NR > 1 && ($7 == "drr" || $7 == "pdll") { print $6 "\t" $1 }' MANIFEST.tsv | sort |
    awk -F'\t' '$1 != last { if (NR > 1) printf "\n"; printf "%s\t", $1; last = $1 } { printf " %s", $2 } END { printf "\n" }' |
    while IFS="$(printf '\t')" read -r inc files; do
        echo "$(inc_flags "$inc") $files"
    done > "$tmp/groups.args"
    PEER="-j 1" UNIT=runs bench_files "check -j 2 vs -j 1: corpus by include set" "$tmp/groups.args"
    # One run per project, as a CI gate runs it: .td and .pdll inputs
    # together, -I the union of the project's include folders.
    awk -F'\t' -v m="$M16" 'NR > 1 && ($7 == "drr" || $7 == "pdll") {
        p = $1; sub(/\/.*/, "", p); n = split($6, d, ",")
        for (i = 1; i <= n; i++) { x = d[i] == "MLIR16" ? m : d[i]
            if (!((p, x) in seen)) { seen[p, x] = 1; inc[p] = inc[p] " -I " x } }
        files[p] = files[p] " " $1
    } END { for (p in files) print inc[p] files[p] }' MANIFEST.tsv | sort > "$tmp/projects.args"
    PEER="-j 1" UNIT=runs bench_files "check -j 2 vs -j 1: corpus by project" "$tmp/projects.args"
    # The whole corpus in one run, as a CI gate over a tree whose projects
    # include different folders runs it: a compilation database (MLIR's
    # tablegen_compile_commands.yml format) made from MANIFEST.tsv gives
    # each file its own include folders.
    awk -F'\t' -v c="$(pwd)" -v m="$M16" 'NR > 1 && ($7 == "drr" || $7 == "pdll") {
        n = split($6, d, ","); inc = ""
        for (i = 1; i <= n; i++) inc = inc (i > 1 ? ";" : "") (d[i] == "MLIR16" ? m : c "/" d[i])
        printf "--- !FileInfo:\n  filepath: \"%s/%s\"\n  includes: \"%s\"\n", c, $1, inc
    }' MANIFEST.tsv > "$tmp/corpus.yml"
    echo "--compilation-database $tmp/corpus.yml" > "$tmp/whole.args"
    runs_save=$runs; runs=$((runs * 4 + 1))
    PEER="-j 1" UNIT=run bench_files "check -j 2 vs -j 1: corpus in one run ($runs)" "$tmp/whole.args"
    # The machine's own bound on that row: two -j 1 runs at once against
    # one.  Two processes that share nothing still slow each other down
    # here (memory bandwidth, caches, the host), so with each half of the
    # work slowed as much, -j 2 can be at most 2 / this ratio times as fast
    # as -j 1, with nothing left on one thread.
    CMD_A="sh $srcdir/bench/side-by-side.sh $patlint check -j 1 --no-config"
    CMD_B="$patlint check -j 1 --no-config"
    row=$(PEER="-j 1" UNIT=run bench_files "two -j 1 runs at once vs one: corpus ($runs)" "$tmp/whole.args")
    echo "$row"
    echo "$row" | sed -n 's/.*ratio time \([0-9.]*\) .*/\1/p' |
        awk '$1 > 0 { printf "  (-j 2 on this machine: at most %.2fx as fast as -j 1 on the corpus)\n", 2 / $1 }'
    # Of that bound, what the host gives: two loops that touch no memory
    # at once against one (a virtual machine's two cores may be one
    # physical core's turns, now and then); the rest is the caches and
    # memory the cores share.
    CMD_A="sh $srcdir/bench/side-by-side.sh $measure --spin"
    CMD_B="$measure --spin"
    echo 200 > "$tmp/spin.args"
    row=$(PEER=one UNIT=run bench_files "two CPU loops at once vs one ($runs)" "$tmp/spin.args")
    echo "$row"
    echo "$row" | sed -n 's/.*ratio time \([0-9.]*\) .*/\1/p' |
        awk '$1 > 0 { printf "  (the host gave the two cores %.2f cores'"'"' time)\n", 2 / $1 }'
    runs=$runs_save
    cd - >/dev/null || exit 2
fi

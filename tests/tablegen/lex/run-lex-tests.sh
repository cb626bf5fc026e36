#!/bin/sh
# run-lex-tests.sh -- table-driven tests of the TableGen lexer.
#
# Usage: run-lex-tests.sh [--accept] PATLINT FILE.test...
#        run-lex-tests.sh            (from `make check`: PATLINT defaults to
#                                     ./patlint, files to $srcdir/tests/tablegen/lex/*.test)
#
# A .test file holds cases.  Lines starting with "%%" are headers; the
# lines after a header, up to the next header, are its body:
#
#   %%TEST name            starts a case
#   %%ARGS -D X -I inc     options for `patlint dump tokens` (optional)
#   %%FILE path [printf]   a file written into the case's directory
#   %%INPUT [printf]       the main file, input.td (same as %%FILE input.td)
#   %%TOKENS               expected stdout of `patlint dump tokens ARGS input.td`
#   %%DIAGS                expected diagnostics: the "file:line:col: sev: msg"
#                          lines of stderr (source excerpts are ignored);
#                          an absent or empty section means "no diagnostics"
#   %%# anything           a comment
#
# A body is written with a final newline; with "printf" it is passed
# through printf %b instead (so \0, \r, \377 can be written) and gets no
# final newline.  Each case runs in its own directory, so paths print
# relative ("input.td", "inc/a.td").  On failure the runner leaves
# actual and diff files in lex-results/<test>/<case>/ of the current
# directory; --accept rewrites nothing but prints the actual output.
# Exit status: 0 when every case passes, 1 otherwise.
set -u
accept=no
if [ "${1:-}" = "--accept" ]; then accept=yes; shift; fi
if [ $# -eq 0 ]; then
	set -- "${PATLINT:-./patlint}" "${srcdir:-.}"/tests/tablegen/lex/*.test
fi
if [ $# -lt 2 ]; then echo "usage: $0 [--accept] PATLINT FILE.test..." >&2; exit 2; fi
patlint=$1; shift
case $patlint in /*) ;; *) patlint=$(pwd)/$patlint ;; esac
results=$(pwd)/lex-results
fails=0; total=0

for t in "$@"; do
	tname=$(basename "$t" .test)
	work=$(mktemp -d "${TMPDIR:-/tmp}/lextest.XXXXXX") || exit 2
	# Split the file into one directory per case.
	awk -v W="$work" '
	function flush() {
		if (out == "") return
		if (mode == "printf") { printf "%s", body > (out ".raw") } else { printf "%s", body > out }
		close(out); close(out ".raw")
		if (mode == "printf") print out >> (W "/" n "/printf-list")
		out = ""; body = ""
	}
	/^%%#/ { next }
	/^%%/ {
		flush()
		split(substr($0, 3), a, " ")
		h = a[1]; mode = ""
		if (h == "TEST") { n++; system("mkdir -p \"" W "/" n "/d\""); name = substr($0, 8); print name > (W "/" n "/name"); close(W "/" n "/name"); next }
		if (h == "ARGS") { print substr($0, 8) > (W "/" n "/args"); close(W "/" n "/args"); next }
		if (h == "INPUT") { path = "input.td"; mode = a[2] }
		else if (h == "FILE") { path = a[2]; mode = a[3] }
		else if (h == "TOKENS") { out = W "/" n "/tokens.exp"; body = ""; next }
		else if (h == "DIAGS") { out = W "/" n "/diags.exp"; body = ""; next }
		else { print "bad header: " $0 > "/dev/stderr"; exit 1 }
		d = path; sub(/\/[^\/]*$/, "", d)
		if (d != path) system("mkdir -p \"" W "/" n "/d/" d "\"")
		out = W "/" n "/d/" path; body = ""
		next
	}
	{ if (out != "") body = body ((mode == "printf" && body != "") ? "\n" : "") $0 ((mode == "printf") ? "" : "\n") }
	END { flush() }' "$t" || { echo "FAIL $t: cannot parse"; fails=$((fails + 1)); continue; }
	for c in "$work"/*/; do
		c=${c%/}
		[ -f "$c/name" ] || continue
		name=$(cat "$c/name")
		total=$((total + 1))
		if [ -f "$c/printf-list" ]; then
			while read -r f; do
				printf '%b' "$(cat "$f.raw")" > "$f"
				rm -f "$f.raw"
			done < "$c/printf-list"
		fi
		args=$(cat "$c/args" 2>/dev/null || true)
		[ -f "$c/tokens.exp" ] || : > "$c/tokens.exp"
		[ -f "$c/diags.exp" ] || : > "$c/diags.exp"
		# shellcheck disable=SC2086
		(cd "$c/d" && "$patlint" dump tokens $args input.td > ../tokens.out 2> ../stderr.out)
		grep -aE '^[^ ]+:[0-9]+:[0-9]+: (error|warning|note): ' "$c/stderr.out" > "$c/diags.out" || true
		if cmp -s "$c/tokens.exp" "$c/tokens.out" && cmp -s "$c/diags.exp" "$c/diags.out"; then
			continue
		fi
		fails=$((fails + 1))
		echo "FAIL $tname: $name"
		r="$results/$tname/$(echo "$name" | tr -c 'A-Za-z0-9_.-' '_')"
		mkdir -p "$r"
		cp "$c/tokens.out" "$r/tokens.actual"; cp "$c/diags.out" "$r/diags.actual"
		{ diff -u "$c/tokens.exp" "$c/tokens.out"; diff -u "$c/diags.exp" "$c/diags.out"; } > "$r/diff"
		if [ $accept = yes ]; then
			echo "%%TOKENS"; cat "$c/tokens.out"; echo "%%DIAGS"; cat "$c/diags.out"
		else
			cat "$r/diff"
		fi
	done
	rm -rf "$work"
done
echo "lex tests: $((total - fails))/$total passed"
[ $fails -eq 0 ]

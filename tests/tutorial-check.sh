#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tutorial-check.sh [RESULTS]: the excerpts of docs/tutorial.md and README.md
# against what the commands print today, so the pages cannot rot. RESULTS
# is a test run's
# results directory (default $BUILD/results: the plans' consoles and trace
# captures, tests/run-plan.sh). TUTORIAL names other pages to check.
# Prints KTAP, one result per excerpt; exits 0 only if every excerpt
# matched.
#
# An excerpt is a ``` block right after a marker line naming its source:
#   <!-- tutorial-check: explain PLAN [K] -->  sleeptrace explain of the
#                              plan's trace capture (the Kth of several)
#   <!-- tutorial-check: figure PLAN [K] -->   that, drawn as a figure of
#                              the sequence (tools/sleeptrace/figure.awk)
#   <!-- tutorial-check: log PLAN -->       the plan's console
#   <!-- tutorial-check: oracle PLAN -->    the oracle's verdicts on it
#   <!-- tutorial-check: fixture FILE -->   sleeptrace explain of a
#                              recorded capture, tools/sleeptrace/fixtures/FILE
#   <!-- tutorial-check: fixture-check FILE -->  the oracle's verdicts on it
#   <!-- tutorial-check: svg PLAN [K] -->   a picture: the marker is followed
#                              by an image line, ![TEXT](FILE.svg), not a
#                              ``` block. The plan's trace capture is drawn
#                              again (figure.awk -v svg=1; kept as
#                              RESULTS/PLAN.figureK.svg); both pictures must
#                              be well-formed XML (xmllint) and have the
#                              same rows (phases, transfers) in the same
#                              order, numbers masked as below
# PLAN is a suite's name: PLAN, or PLAN@axp209 for the AXP209 profile.
# TUTORIAL_SUITES, when set (tests/run.sh sets it to the suites a run of
# named suites ran), makes a plan's excerpt whose source is missing a skip
# if the plan is not among them, not a failure.
# Both sides are compared with every decimal number masked (times, counts
# and PIDs vary from run to run; register names, addresses and values
# stay), blanks squeezed and blank lines dropped. The excerpt's lines must
# follow one another in the output; a line "..." in the excerpt stands for
# any number of output lines.
#
# The word "exact" after the source compares the numbers too, for output
# that repeats from run to run: a recorded capture's, or a plan's that runs
# under -icount (virtual time: no "# smp: 2" header). Whole numbers must
# be equal, decimals within five units of the excerpt's last place: three
# runs of one plan differed by up to three there (explain's times, in ms to the
# microsecond; why they vary under -icount is not known).
# repeat only on the QEMU and compiler that made them, so its marker names
# both, "exact qemu=VERSION gcc=VERSION" (or clang=VERSION): on another QEMU
# (qemu_version below) or a kernel built by another compiler or version
# (the console's "Linux version" line, scripts/kernel-banner.sh) the
# numbers are masked, and a comment says why.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
. "$top/scripts/kernel-banner.sh"
results=${1:-$build/results}
docs=${TUTORIAL:-$top/docs/tutorial.md $top/README.md}
sleeptrace=$build/host/sleeptrace
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each excerpt: N.src ("DOC-LINE SOURCE NAME [K]") and N.want (its lines)
for d in $docs; do [ -f "$d" ] || { echo "tutorial-check: no $d" >&2; exit 1; }; done
awk -v dir="$tmp" -v top="$top/" '
function fail(msg) { print "# " FILENAME ":" FNR ": " msg; bad = 1 }
FNR == 1 { if (marker) fail("marker of line " marker " has no ``` block"); marker = 0; inblock = 0; doc = FILENAME; sub("^" top, "", doc) }
/^<!-- tutorial-check:/ {
	if (marker) fail("marker of line " marker " has no ``` block")
	src = $0
	if (!sub(/^<!-- tutorial-check: */, "", src) || !sub(/ *-->$/, "", src))
		fail("marker not closed on its line")
	marker = FNR
	next
}
# A picture: the image line after an svg marker names the file, relative
# to the page
marker && !inblock && src ~ /^svg( |$)/ && NF {
	img = $0
	if (img !~ /^!\[.*\]\(.*\.svg\)$/) {
		fail("marker of line " marker " is not followed by an image line ![...](FILE.svg)")
		marker = 0
		next
	}
	sub(/^.*\]\(/, "", img)
	sub(/\)$/, "", img)
	pdir = FILENAME
	if (!sub(/\/[^\/]*$/, "/", pdir))
		pdir = ""
	n++
	print doc ":" marker " " src > (dir "/" n ".src")
	print pdir img > (dir "/" n ".img")
	printf "" > (dir "/" n ".want")
	marker = 0
	next
}
marker && !inblock && /^```/ {
	n++; inblock = 1
	print doc ":" marker " " src > (dir "/" n ".src")
	printf "" > (dir "/" n ".want")
	next
}
inblock && /^```/ { inblock = 0; marker = 0; next }
inblock { print > (dir "/" n ".want"); next }
marker && NF { fail("marker of line " marker " is not followed by a ``` block"); marker = 0 }
END {
	if (marker) fail("marker of line " marker " has no ``` block")
	print n + 0 > (dir "/count")
	exit bad
}' $docs > "$tmp/markers"
count=$(cat "$tmp/count")

# Why a source file is missing: the profile's QEMU is not on this machine
# (a skip, saying which QEMU would run it: tests/run.sh's finding, else
# the launcher's), or the run did not make it (a failure).
missing() {	# missing SUITE FILE
	case $1 in
	*@axp209) prof=axp209 ;;
	*) prof=twl92230 ;;
	esac
	eval "why=\${NOQEMU_$prof-unset}"
	if [ "$why" = unset ]; then
		why=$(PMIC=$prof sh "$top/boot/qemu.sh" --check 2>&1 >/dev/null)
		[ -z "$why" ] || [ $prof != axp209 ] || [ -n "${QEMU:-}" ] ||
			! QEMU=$top/boot/qemu-backport.sh PMIC=$prof sh "$top/boot/qemu.sh" --check \
				>/dev/null 2>&1 || why=
		case $why in
		*"needs QEMU"* | *"no PMIC model"* | *"not found (package"* | *"name a QEMU version"*) ;;
		*) why= ;;	# (no images: the run did not happen)
		esac
	fi
	if [ -n "$why" ]; then
		echo "skip $(echo "$why" | head -n 1)"
	elif [ -n "${TUTORIAL_SUITES+set}" ] && ! echo " $TUTORIAL_SUITES " | grep -q " $1 "; then
		echo "skip $1 is not among this run's suites"
	else
		echo "no $2: run the $1 suite first (sh tests/run-suite.sh $1)"
	fi
}

explain() {	# explain CAPTURE: as scripts/jobs/main-job.sh explains it
	"$sleeptrace" explain "$1"
}

# The versions a plan's exact numbers depend on: the QEMU that ran it (the
# one tests/run.sh chose for the suite's profile, else QEMU's, else the
# system's) and the compiler that built its kernel (its console's "Linux
# version" line: compiler_version)
qemu_version() {	# qemu_version SUITE
	case $1 in
	*@axp209) q=${QEMU_axp209:-${QEMU:-qemu-system-arm}} ;;
	*) q=${QEMU_twl92230:-${QEMU:-qemu-system-arm}} ;;
	esac
	$q --version 2>/dev/null |
		sed -n '1s/^QEMU emulator version \([0-9.]*\).*/\1/p'
}
compiler_version() {	# compiler_version LOG: "gcc 12.2.0", "clang 19.1.7" or nothing
	_b=$(kernel_banner "$1")
	[ -z "$_b" ] || echo "${_b#* }"
}

echo "KTAP version 1"
# A marker without its block: the page's excerpts cannot be found
if [ -s "$tmp/markers" ] || [ "$count" = 0 ]; then
	echo "1..1"
	echo "not ok 1 excerpts of" $docs
	cat "$tmp/markers"
	[ -s "$tmp/markers" ] || echo "# no tutorial-check markers"
	exit 1
fi
echo "1..$count"
bad=0
i=1
while [ "$i" -le "$count" ]; do
	# shellcheck disable=SC2046 # the marker's words
	set -- $(cat "$tmp/$i.src")
	line=$1 kind=${2:-} name=${3:-}
	shift $(($# < 3 ? $# : 3))
	k= exact= wantq= wantc= note=
	for w in "$@"; do
		case $w in
		[0-9]*) k=$w ;;
		exact) exact=1 ;;
		qemu=*) wantq=${w#qemu=} ;;
		gcc=* | clang=*) wantc="${w%%=*} ${w#*=}" ;;
		esac
	done
	test="$line $kind $name${k:+ $k}${exact:+ exact}"
	file= problem=
	case $kind in
	explain | figure | svg) file=$results/$name.log.trace$k ;;
	log) file=$results/$name.log ;;
	# (the host's oracle's verdicts, or the plan's own, judged on the board)
	oracle) file=$results/$name.log.oracle
		[ -s "$file" ] || file=$results/$name.log.ktap ;;
	fixture | fixture-check) file=$top/tools/sleeptrace/fixtures/$name ;;
	*) problem="unknown source '$kind'" ;;
	esac
	if [ -z "$problem" ] && [ -z "$name" ]; then
		problem="the marker names no plan or file"
	elif [ -z "$problem" ] && [ ! -s "$file" ]; then
		case $kind in
		fixture*) problem="no $file" ;;
		*) problem=$(missing "$name" "$file") ;;
		esac
	elif [ -z "$problem" ]; then
		# A plan's exact numbers, on the QEMU and compiler that made them
		if [ -n "$exact" ] && { [ -n "$wantq" ] || [ -n "$wantc" ]; }; then
			haveq=$(qemu_version "$name") havec=$(compiler_version "$results/$name.log")
			if [ "$haveq" != "$wantq" ] || [ "$havec" != "$wantc" ]; then
				exact=
				note="numbers masked: the excerpt's are from QEMU $wantq and ${wantc:-compiler unknown}, this run's QEMU ${haveq:-unknown} and ${havec:-compiler unknown}"
			fi
		fi
		case $kind in
		explain | fixture) explain "$file" > "$tmp/have" 2>&1 ||
			problem="sleeptrace explain $file failed: $(head -n 1 "$tmp/have")" ;;
		figure) { explain "$file" && echo "# explain ok"; } > "$tmp/explain" 2>&1
			if [ "$(tail -n 1 "$tmp/explain")" = "# explain ok" ]; then
				sed '$d' "$tmp/explain" | awk -f "$top/tools/sleeptrace/figure.awk" > "$tmp/have"
			else
				problem="sleeptrace explain $file failed: $(head -n 1 "$tmp/explain")"
			fi ;;
		svg) img=$(cat "$tmp/$i.img")
			if ! command -v xmllint > /dev/null; then
				problem="skip needs xmllint (package libxml2-utils)"
			elif [ ! -s "$img" ]; then
				problem="no $img"
			elif ! explain "$file" > "$tmp/explain" 2>&1; then
				problem="sleeptrace explain $file failed: $(head -n 1 "$tmp/explain")"
			else
				awk -v svg=1 -f "$top/tools/sleeptrace/figure.awk" "$tmp/explain" \
					> "$results/$name.figure$k.svg"
				if ! xmllint --noout "$results/$name.figure$k.svg" > "$tmp/xml" 2>&1; then
					problem="the picture drawn from $file is not well-formed XML: $(head -n 1 "$tmp/xml")"
				elif ! xmllint --noout "$img" > "$tmp/xml" 2>&1; then
					problem="$img is not well-formed XML: $(head -n 1 "$tmp/xml")"
				else
					# (each row's name: figure.awk's <text class="row ...">)
					rows() {
						sed -n 's/.*<text [^>]*class="row[ "][^>]*>\(.*\)<\/text>.*/\1/p' "$1" |
							sed 's/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g'
					}
					rows "$img" > "$tmp/$i.want"
					rows "$results/$name.figure$k.svg" > "$tmp/have"
					[ -s "$tmp/$i.want" ] || problem="$img has no rows (<text class=\"row ...\">)"
					[ "$(grep -c . < "$tmp/$i.want")" = "$(grep -c . < "$tmp/have")" ] ||
						note="the picture has $(grep -c . < "$tmp/$i.want") rows, this run's $(grep -c . < "$tmp/have")"
				fi
			fi ;;
		fixture-check) "$sleeptrace" check "$file" > "$tmp/have" 2>&1 ;;
		# (without each result's own "# time: S s" line, lib/board.sh:
		# the tutorial quotes results, not the runner's timing)
		*) tr -d '\r' < "$file" | grep -v '^ *# time: [0-9.]* s$' > "$tmp/have" ;;
		esac
	fi
	if [ -z "$problem" ]; then
		problem=$(awk -v exact="$exact" '
		# Every decimal number that is not part of a word or a hex
		# literal becomes "#", blanks squeezed; the numbers, in order,
		# go to nums (and the line, squeezed, to raw), for an exact
		# excerpt.
		function norm(s,    out, m, lead, trail) {
			gsub(/\r/, "", s)
			gsub(/[ \t]+/, " ", s)
			sub(/^ /, "", s)
			sub(/ $/, "", s)
			raw = s
			out = nums = ""
			while (match(s, /(^|[^0-9A-Za-z_])[0-9]+(\.[0-9]+)?([^0-9A-Za-z_]|$)/)) {
				m = substr(s, RSTART, RLENGTH)
				lead = m ~ /^[0-9]/ ? "" : substr(m, 1, 1)
				trail = m ~ /[0-9]$/ ? "" : substr(m, length(m), 1)
				out = out substr(s, 1, RSTART - 1) lead "#"
				s = trail substr(s, RSTART + RLENGTH)
				m = substr(m, length(lead) + 1, length(m) - length(lead) - length(trail))
				nums = nums " " m
			}
			return out s
		}
		# The numbers of an output line against an excerpt line: whole
		# numbers equal, decimals within five units of the excerpt numbers
		# last place (the last digit of a time rounds either way)
		function same_nums(h, w,    nh_, nw_, hv, wv, k, d, tol) {
			nh_ = split(h, hv, " "); nw_ = split(w, wv, " ")
			if (nh_ != nw_)
				return 0
			for (k = 1; k <= nw_; k++) {
				if (wv[k] !~ /\./) {
					if (hv[k] != wv[k])
						return 0
					continue
				}
				d = length(wv[k]) - index(wv[k], ".")
				tol = 5
				while (d-- > 0)
					tol /= 10
				if (hv[k] - wv[k] > tol * 1.001 || wv[k] - hv[k] > tol * 1.001)
					return 0
			}
			return 1
		}
		function same(a, b) {
			return have[a] == want[b] && (!exact || same_nums(hnum[a], wnum[b]))
		}
		function show(line, n) { return exact ? line : n }
		FNR == 1 { f++ }
		{ l = norm($0) }
		l == "" { next }
		f == 1 { want[++nw] = l; wnum[nw] = nums; wraw[nw] = raw; next }
		{ have[++nh] = l; hnum[nh] = nums; hraw[nh] = raw }
		END {
			pos = 1; i = 1
			while (i <= nw) {
				if (want[i] == "...") { i++; continue }
				for (len = 0; i + len <= nw && want[i + len] != "..."; len++) ;
				best = -1
				for (s = pos; s + len - 1 <= nh; s++) {
					for (j = 0; j < len && same(s + j, i + j); j++) ;
					if (j == len) break
					if (j > best) { best = j; at = s + j }
				}
				if (s + len - 1 > nh) {
					if (best < 0) {
						printf "output ends before: %s", show(wraw[i], want[i])
					} else {
						printf "excerpt line \"%s\" not found", show(wraw[i + best], want[i + best])
						if (best > 0) printf " after \"%s\" (output has \"%s\")", show(wraw[i + best - 1], want[i + best - 1]), show(hraw[at], have[at])
					}
					exit
				}
				pos = s + len; i += len
			}
		}' "$tmp/$i.want" "$tmp/have")
	fi
	# (a picture's rows: all of them, not an excerpt of them)
	if [ -z "$problem" ] && [ "$kind" = svg ] && [ -n "$note" ]; then
		problem=$note note=
	fi
	case $problem in
	"") echo "ok $i $test"
		[ -z "$note" ] || echo "# $note" ;;
	skip\ *) echo "ok $i $test # SKIP ${problem#skip }" ;;
	*) echo "not ok $i $test"; echo "# $problem"; bad=1 ;;
	esac
	i=$((i + 1))
done
exit $bad

# SPDX-License-Identifier: GPL-2.0
# Sourced by the plans that judge their own captures on the board with
# sleeptrace (tools/sleeptrace, static in the initramfs as /bin/sleeptrace).
#
# oracle_record PREFIX COMMAND...: record COMMAND with 'sleeptrace record'
# (the PMIC named by the chip library) into /tmp/PREFIX.trace, its verdicts
# into /tmp/PREFIX.ktap; sleeptrace's exit status in oracle_rc
oracle_record() {
	_p=$1
	shift
	# shellcheck disable=SC2086 # a word list by design
	sleeptrace record -o "/tmp/$_p.trace" --pmic "$PMIC_DEV" --name "$_p" $ORACLE_JUDGE "$@" \
		> "/tmp/$_p.ktap" 2> "/tmp/$_p.err"
	oracle_rc=$?
}

# oracle_judge PREFIX [FILE] [-x RULE-ID]...: judge a capture already
# taken (the live trace buffer, or a copy in FILE) with the board's device
# links, as 'sleeptrace check' (verdicts in /tmp/PREFIX.ktap, its exit
# status in oracle_rc), then print them as this plan's subtest PREFIX
# (oracle_results), and one more result, PREFIX.capture-whole: sleeptrace
# read one whole cycle (its exit status 0 or 1, no "cut short" message:
# no lost events, no cycle without its end; and one cycle's verdicts), so
# verdicts on half a cycle, or on another number of cycles than the plan
# took, never pass alone. -x: a rule that must be violated (negative
# tests).
oracle_judge() {
	_p=$1 _f=$T/trace
	shift
	case ${1:-} in -x|'') ;; *) _f=$1; shift ;; esac
	echo 0 > $T/tracing_on
	{ trace_links; grep -v '^#' "$_f"; } > "/tmp/$_p.trace"
	# shellcheck disable=SC2086 # a word list by design
	sleeptrace check --pmic "$PMIC_DEV" --name "$_p" $ORACLE_JUDGE "$@" "/tmp/$_p.trace" \
		> "/tmp/$_p.ktap" 2> "/tmp/$_p.err"
	oracle_rc=$?
	oracle_results "$_p"
	# (a capture cut short exits 3 only if no rule failed: its message
	# says so either way)
	_n=$(sed -n 's/^1\.\.//p' "/tmp/$_p.ktap")
	# (what sleeptrace found, as it states it: a "# kind: KIND" line per
	# cycle; one cycle, so one word)
	_k=$(sed -n 's/^# kind: //p' "/tmp/$_p.ktap" | tr '\n' ' ')
	_k=${_k% }
	check "$_p.capture-whole" "judged whole" \
		"$([ "$oracle_rc" -le 1 ] && ! grep -q 'cut short' "/tmp/$_p.err" &&
			[ "$_n" = "$(oracle_rules "${_k:-none}")" ] && echo "judged whole" ||
			echo "exit $oracle_rc, ${_n:-no} verdicts of $(oracle_rules "${_k:-none}") (kind: ${_k:-not stated}): $(grep -m1 . "/tmp/$_p.err")")"
}

# oracle_rules [KIND]: how many rules judge one cycle of KIND, in the
# words of sleeptrace's "# kind:" lines: suspend_ops (mem, standby; the
# default), suspend-to-idle (all rules but hibernation's and the other
# kind's: 'sleeptrace rules' tags those) or hibernation; "?" for anything
# else (no cycle, several)
oracle_rules() {
	case ${1:-suspend_ops} in
	suspend_ops) sleeptrace rules | grep -Evc '[(](hibernation|suspend-to-idle)[)]$' ;;
	suspend-to-idle) sleeptrace rules | grep -Evc '[(](hibernation|suspend_ops)[)]$' ;;
	hibernation) sleeptrace rules | grep -c '[(]hibernation[)]$' ;;
	*) echo '?' ;;
	esac
}

# oracle_planned: how many results oracle_judge prints for one capture:
# its subtest, and capture-whole
oracle_planned() { echo 2; }

# Every rule judged (sleeptrace --judge-all: the plan's capture has every
# event the rules need, so an unjudged rule means lost events and fails),
# but those the plan's "# oracle-skip: RULE-ID..." header lines name (the
# plan runs as ./NAME.sh from the plans' directory): those stay skips,
# "# SKIP may-skip: WHY". The host's oracle (tests/run-plan.sh) reads the
# same header into the same options.
ORACLE_JUDGE="--judge-all$(sed -n 's/^# oracle-skip: *//p' "$0" | tr ' ' '\n' | sed -n 's/^./ -s &/p' | tr -d '\n')"

# oracle_results PREFIX: sleeptrace's diagnostics, then its verdicts as
# this plan's subtest PREFIX (lib/board.sh ktap_nest), one result per rule,
# PREFIX.RULE-ID as sleeptrace names them (--name: the name never carries
# the verdict, so it is the same on every run); PREFIX itself from
# sleeptrace's exit status.
oracle_results() {
	while IFS= read -r _l; do ktap_print_msg "$1: $_l"; done < "/tmp/$1.err"
	ktap_nest "$1" "$oracle_rc" "/tmp/$1.ktap"
}

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
# status in oracle_rc), then print them as this plan's results
# (oracle_results), and one more, PREFIX.capture-whole: sleeptrace read
# the whole capture (its exit status 0 or 1, and no "cut short" message:
# no lost events, no cycle without its end), so verdicts on half a cycle
# never pass alone. -x: a rule that must
# be violated (negative tests).
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
	while IFS= read -r _l; do ktap_print_msg "$_p: $_l"; done < "/tmp/$_p.err"
	oracle_results "$_p"
	# (a capture cut short exits 3 only if no rule failed: its message
	# says so either way)
	check "$_p.capture-whole" "judged whole" \
		"$([ "$oracle_rc" -le 1 ] && ! grep -q 'cut short' "/tmp/$_p.err" &&
			echo "judged whole" || echo "exit $oracle_rc: $(grep -m1 . "/tmp/$_p.err")")"
}

# oracle_planned [CYCLES]: how many results oracle_judge prints for a
# capture of CYCLES suspend cycles (1): one per suspend rule and cycle,
# and capture-whole, so a plan can announce them before it has its
# capture (a capture with other cycles than the plan expects fails its
# count)
oracle_planned() {
	echo $((${1:-1} * $(sleeptrace rules | grep -vc '(hibernation)$') + 1))
}

# oracle_count PREFIX: how many results oracle_results will print
oracle_count() { grep -cE '^(not )?ok [0-9]+ ' "/tmp/$1.ktap"; }

# Every rule judged (sleeptrace --judge-all: the plan's capture has every
# event the rules need, so an unjudged rule means lost events and fails),
# but those the plan's "# oracle-skip: RULE-ID..." header lines name (the
# plan runs as ./NAME.sh from the plans' directory): those stay skips,
# "# SKIP may-skip: WHY". The host's oracle (tests/run-plan.sh) reads the
# same header into the same options.
ORACLE_JUDGE="--judge-all$(sed -n 's/^# oracle-skip: *//p' "$0" | tr ' ' '\n' | sed -n 's/^./ -s &/p' | tr -d '\n')"

# oracle_results PREFIX: the recorded verdicts as this plan's results, one
# per rule, PREFIX.RULE-ID as sleeptrace names them (--name: the name never
# carries the verdict, so it is the same on every run), with sleeptrace's
# diagnostics, relayed as they are.
oracle_results() {
	while IFS= read -r _l; do
		case $_l in
		"# "*)
			ktap_print_msg "${_l#\# }" ;;
		"ok "*" # SKIP "*)
			# (kselftest's ktap_test_skip() takes no reason)
			_n=${_l#ok * }
			__ktap_test ok "${_n%% # SKIP *}" "SKIP ${_l#* # SKIP }"
			KTAP_CNT_SKIP=$((KTAP_CNT_SKIP + 1)) ;;
		"ok "*)
			ktap_test_pass "${_l#ok * }" ;;
		"not ok "*)
			ktap_test_fail "${_l#not ok * }" ;;
		esac
	done < "/tmp/$1.ktap"
}

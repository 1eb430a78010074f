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
	sleeptrace record -o "/tmp/$_p.trace" --pmic "$PMIC_DEV" --name "$_p" "$@" \
		> "/tmp/$_p.ktap" 2> "/tmp/$_p.err"
	oracle_rc=$?
}

# oracle_count PREFIX: how many results oracle_results will print
oracle_count() { grep -cE '^(not )?ok [0-9]+ ' "/tmp/$1.ktap"; }

# oracle_results PREFIX: the recorded verdicts as this plan's results, one
# per rule, PREFIX.RULE-ID as sleeptrace names them (--name: the name never
# carries the verdict, so it is the same on every run), with sleeptrace's
# diagnostics, a rule that could not be judged a skip with its reason
oracle_results() {
	while IFS= read -r _l; do
		case $_l in
		"# "*)
			ktap_print_msg "${_l#\# }" ;;
		"ok "*" # SKIP "*)
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

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# suspend_order.sh: the order of this machine's system sleep sequence.
#
# For each suspend-to-RAM state the machine offers (/sys/power/mem_sleep:
# s2idle, shallow, deep), SUSPEND_ORDER_CYCLES suspends (default 2) woken
# by the RTC
# alarm (rtcwake), each recorded with tracefs and judged by sleeptrace
# ('sleeptrace rules' lists the rules; the tool is beside this script, or
# on PATH): per state and cycle, STATE.CYCLE.suspended, then a subtest
# STATE.CYCLE with one result per rule, STATE.CYCLE.RULE-ID, the same names
# on every run. A rule the capture cannot show (the
# platform's callbacks are traced only by a kernel that has the
# vexpress-pm series' platform_* events; device callbacks need
# power:device_pm_callback_*) is a skip that says why.
#
# SUSPEND_ORDER_PMIC: the PMIC whose traffic the PMIC rules watch, as
# sleeptrace's --pmic takes it (BUS-ADDR, "1-0034"); SUSPEND_ORDER_STATES:
# the mem_sleep states to try (default: every one offered); SUSPEND_ORDER_WAKE:
# seconds to the alarm (default 5). Skips the whole test (exit 4) without
# root, tracefs, an RTC that can wake the machine, rtcwake, or a
# suspend-to-RAM state.

DIR=$(dirname "$(readlink -f "$0")")
k=
for f in "$DIR/../kselftest/ktap_helpers.sh" "$DIR/ktap_helpers.sh"; do
	[ -r "$f" ] && k=$f && break
done
if [ -z "$k" ]; then
	printf 'TAP version 13\n1..0 # SKIP needs ktap_helpers.sh (the kernel tree'"'"'s kselftest/, beside this directory)\n'
	exit 4
fi
# shellcheck source=/dev/null
. "$k"

CYCLES=${SUSPEND_ORDER_CYCLES:-2}
WAKE=${SUSPEND_ORDER_WAKE:-5}
ST=$DIR/sleeptrace
[ -x "$ST" ] || ST=$(command -v sleeptrace)

case $CYCLES in
'' | *[!0-9]* | 0)
	echo "suspend_order.sh: SUSPEND_ORDER_CYCLES is '$CYCLES', not a number of cycles (1 or more)" >&2
	exit 2 ;;
esac
ktap_print_header
skip_all() {
	echo "1..0 # SKIP $1"
	exit "$KSFT_SKIP"
}
[ "$(id -u)" = 0 ] || skip_all "needs root"
[ -n "$ST" ] || skip_all "needs sleeptrace (tools/sleeptrace, beside this script)"
command -v rtcwake > /dev/null || skip_all "needs rtcwake (util-linux)"
[ -w /sys/class/rtc/rtc0/wakealarm ] || skip_all "needs an RTC with a wake alarm (/sys/class/rtc/rtc0/wakealarm)"
grep -qw mem /sys/power/state 2> /dev/null || skip_all "needs suspend-to-RAM (mem in /sys/power/state)"
[ -d /sys/kernel/tracing/events ] || [ -d /sys/kernel/debug/tracing/events ] ||
	mount -t tracefs nodev /sys/kernel/tracing 2> /dev/null ||
	skip_all "needs tracefs (CONFIG_FTRACE)"

offered=$(tr -d '[]' < /sys/power/mem_sleep)
states=${SUSPEND_ORDER_STATES:-$offered}
[ -n "$states" ] || states=default
for s in $states; do
	case " $offered " in
	*" $s "*) ;;
	*) [ "$s" = default ] || skip_all "needs the $s suspend state (/sys/power/mem_sleep offers: $offered)" ;;
	esac
done
tmp=$(mktemp -d)
was=$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/power/mem_sleep)
# (the state the machine had, whatever ends the test: the runner's
# timeout, a Ctrl-C)
restore() { [ -z "$was" ] || echo "$was" > /sys/power/mem_sleep; rm -rf "$tmp"; }
trap restore EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# nest NAME STATUS FILE: one cycle's verdicts (sleeptrace's KTAP in FILE,
# named NAME.RULE-ID by --name) as this test's subtest NAME, as
# kselftest's runner nests a test's output: indented four blanks, not
# read; NAME's own result from sleeptrace's exit STATUS (0: every rule as
# expected; a capture it could not judge, a lost event or a violated rule
# is not ok)
nest() {
	awk -v n="$1" '{ print "    " $0 }
		NR == 1 && /^KTAP version / { print "    # Subtest: " n }' "$3"
	if [ "$2" = 0 ]; then ktap_test_pass "$1"; else ktap_test_fail "$1"; fi
}

ktap_set_plan $(($(echo $states | wc -w) * CYCLES * 2))
for s in $states; do
	[ "$s" = default ] || echo "$s" > /sys/power/mem_sleep
	c=1
	while [ $c -le "$CYCLES" ]; do
		"$ST" record -o "$tmp/$s.$c.trace" --name "$s.$c" ${SUSPEND_ORDER_PMIC:+--pmic "$SUSPEND_ORDER_PMIC"} \
			rtcwake -m mem -s "$WAKE" > "$tmp/$s.$c.ktap" 2> "$tmp/$s.$c.err"
		rc=$?
		# the cycle itself: recorded and judged, or why not
		while IFS= read -r l; do ktap_print_msg "$l"; done < "$tmp/$s.$c.err"
		if grep -q '^# sleeptrace: recorded rtcwake: exit status 0$' "$tmp/$s.$c.ktap" &&
		   [ $rc -le 1 ]; then
			ktap_test_pass "$s.$c.suspended"
		else
			ktap_test_fail "$s.$c.suspended"
		fi
		nest "$s.$c" $rc "$tmp/$s.$c.ktap"
		c=$((c + 1))
	done
done
ktap_finished

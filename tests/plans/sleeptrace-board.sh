#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The ordering check on the board: 'sleeptrace record' (tools/sleeptrace,
# static in the initramfs) enables the events in tracefs, runs a deep
# suspend that util-linux's rtcwake wakes with the RTC alarm, as a user
# would, stops tracing and judges the capture there. Its verdicts are this
# plan's subtest board-oracle, one per rule, named board-oracle.RULE-ID.
# Then the judge alone on the kept capture: its verdicts must be the same, and its cost
# to the guest (virtual time under -icount) is logged. The MMCI is held
# active, as make run does, so that its PM domain is on when the cycle
# starts and its power-off over I2C is in the capture; the capture is
# printed for the host (docs/tutorial.md's figure and README's excerpt:
# the one clean deep cycle in virtual time, whose numbers repeat).
# timeout: 180
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
. ./lib/oracle.sh
ktap_print_header
echo deep > /sys/power/mem_sleep
echo on > $MMCI/power/control
await 5000 on pd_status > /dev/null
oracle_record board-oracle rtcwake -m mem -s 3
echo auto > $MMCI/power/control
ktap_set_plan 4
check "board-oracle.recorded" 0 "$oracle_rc"
# (judged: a result that is no skip; this board's deep cycle shows all)
check "board-oracle.rules-judged" "$(oracle_rules)" \
	"$(grep -E '^(not )?ok [0-9]+ ' /tmp/board-oracle.ktap | grep -vc ' # SKIP ')"
oracle_results board-oracle

# The judge alone: /proc/uptime (wall, 10 ms) and the shell's children's
# CPU time (times' second line), before and after
t0=$(cut -d' ' -f1 /proc/uptime)
sleeptrace check --pmic "$PMIC_DEV" --name board-oracle /tmp/board-oracle.trace > /tmp/board-oracle.again 2>&1
t1=$(cut -d' ' -f1 /proc/uptime)
ktap_print_msg "judge: $(grep -c . /tmp/board-oracle.trace) lines, $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s wall (virtual time, -icount)"
check "board-oracle.judged-again-alike" "$(grep -E '^(not )?ok ' /tmp/board-oracle.ktap)" \
	"$(grep -E '^(not )?ok ' /tmp/board-oracle.again)"
# The capture, for the host's readers: judged above, printed for reading
trace_dump /tmp/board-oracle.trace
ktap_finished

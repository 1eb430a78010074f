#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The main job's guest side: one suspend-to-RAM cycle woken by the PL031
# RTC, traced, the capture printed for the host to explain
# (scripts/jobs/main-job.sh).
cd /tests && . ./lib/board.sh

echo 1 > /sys/power/pm_print_times
echo "vexpress-pm: /sys/power/mem_sleep: $(cat /sys/power/mem_sleep)"
grep -q deep /sys/power/mem_sleep && echo deep > /sys/power/mem_sleep
before=$(cat /sys/power/suspend_stats/success)
# Hold the MMCI active so its PM domain is on when the cycle starts: genpd
# then switches the domain's PMIC rail off over I2C in the noirq phase, the
# traffic that must come before prepare_late arms the PMIC. (An idle MMCI
# leaves the domain off already, and that write is not in the cycle.)
echo on > $MMCI/power/control
echo "vexpress-pm: suspending ($(cat /sys/power/mem_sleep)), PL031 alarm in 4 s"
trace_start
suspend_cycle mem
rc=$?
echo auto > $MMCI/power/control
echo "vexpress-pm: resumed: write status $rc, suspend_stats/success $before -> $(cat /sys/power/suspend_stats/success)"
trace_dump
exit $rc

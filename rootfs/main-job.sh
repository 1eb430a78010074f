#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The main job's guest side: one suspend-to-RAM cycle woken by the PL031
# RTC, traced, the capture printed for the host to explain
# (boot/main-job.sh).
cd /tests && . ./lib/board.sh

echo 1 > /sys/power/pm_print_times
echo "vexpress-pm: /sys/power/mem_sleep: $(cat /sys/power/mem_sleep)"
grep -q deep /sys/power/mem_sleep && echo deep > /sys/power/mem_sleep
before=$(cat /sys/power/suspend_stats/success)
echo "vexpress-pm: suspending ($(cat /sys/power/mem_sleep)), PL031 alarm in 4 s"
trace_start
suspend_cycle mem
rc=$?
echo "vexpress-pm: resumed: write status $rc, suspend_stats/success $before -> $(cat /sys/power/suspend_stats/success)"
trace_dump
exit $rc

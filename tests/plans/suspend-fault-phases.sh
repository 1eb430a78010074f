#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A fault in each phase of suspend-to-RAM, with the SBCon driver's
# fault_attrs (debugfs i2c/i2c-N/): what the suspend returns, the log line
# that names the failure, the oracle's verdict on the cycle's order (one
# capture per case, abort paths included), every switched rail read back
# from the PMIC afterwards, and a clean deep cycle after each.
# - sensor-suspend: the TMP105's suspend callback (lm75), its first I2C
#   transfer NAKed (fault_whole_sleep): the suspend aborts in dpm_suspend.
# - pd-off-nak, pd-off-timeout: the VMMC domain's noirq power-off fails;
#   genpd keeps the domain on and the suspend goes on.
# - pd-on-nak: the domain's resume_noirq power-on NAKed once: the provider
#   tries again, and the rail is on after the cycle.
# - pd-on-dead: every try of that power-on fails, and of the first
#   member's start (a runtime resume from its resume callback; both
#   members are runtime suspended in noirq, so genpd starts none there):
#   genpd counts the domain on with its rail off, the member's resume
#   fails, named in the log; the next member's start (the MMCI's) powers
#   the rail again, and the next cycle must not unbalance it.
# - sbcon-resume: the controller's runtime resume fails, for the first
#   transfer of the suspend (the TMP105's): the suspend aborts, and the
#   next transfer resumes the controller again.
# - tick-lost: the bit clock stops mid-transfer (outside sleep): the
#   transfer times out, the bus is stopped and released, the next works.
# - prepare-late-nak, wake-timeout: the platform's arming and disarming.
# pmic: twl92230 axp209
# timeout: 600
# kernels: all
# oracle-skip: prepare-after-suspend prepare-before-suspend-late irqs-off-after-suspend-late
# oracle-skip: prepare-late-after-noirq arming-in-prepare-late pmic-quiet-while-armed
# oracle-skip: wake-before-resume-noirq finish-after-resume-early finish-before-resume
# oracle-skip: pmic-quiet-cpus-off
. ./lib/board.sh
. ./lib/fault.sh
. ./lib/oracle.sh

F=/sys/kernel/debug/i2c/i2c-$BUS
S=/sys/power/suspend_stats
ERR=/tmp/suspend.err
SBCON_SYS=/sys/bus/platform/devices/$SBCON_DEV

# rails: each switched rail's state, read from the chip behind the driver
rails() {
	for r in $PMIC_SWITCHED; do printf '%s=%s ' $r "$(pmic_state $r)"; done
	echo
}

# (lib/fault.sh) inject ATTR N [TIMES]: fail the Nth event the attribute counts, and the
# TIMES - 1 after it

# nth_xfer PATTERN: the number, from the start of the suspend transition
# (platform_begin), of the first I2C transfer made inside a device callback
# whose start line matches PATTERN (callbacks tracked per task: i2c
# clients suspend asynchronously, in kworkers). The pattern goes through
# the environment: -v would take its backslashes as escapes.
nth_xfer() {
	PAT=$1 awk '
		BEGIN { pat = ENVIRON["PAT"] }
		/platform_begin\[[0-9]+\] begin/ { on = 1 }
		/device_pm_callback_start:/ { cb[$1] = ($0 ~ pat) }
		/device_pm_callback_end:/ { cb[$1] = 0 }
		on && /i2c_result:/ { n++; if (cb[$1]) { print n; exit } }' $T/trace
}

# in_phase PHASE PATTERN: trace lines matching PATTERN inside PHASE, counted
in_phase() {
	awk -v p=" $1\\\\[[0-9]+\\\\] " -v pat="$2" '
		$0 ~ p "begin" { on = 1 } $0 ~ p "end" { on = 0 }
		on && $0 ~ pat { n++ } END { print n + 0 }' $T/trace
}

# faulted NAME [RULE-ID...]: one traced cycle with the fault set up; its
# status in rc, its stderr in $ERR, its capture judged by the oracle as
# oracle.NAME.RULE-ID (RULE-IDs must be violated, every other rule hold)
faulted() {
	local fc=$1 x=
	shift
	trace_start
	suspend_cycle mem 2> $ERR
	rc=$?
	for r; do x="$x -x $r"; done
	# shellcheck disable=SC2086 # x is a word list by design
	oracle_judge "oracle.$fc" $x
}

# next NAME: the deep cycle after a fault succeeds, the rails as before
next() {
	suspend_cycle mem
	check "$1.next-cycle" 0 $?
	check "$1.next-rails" "$base" "$(rails)"
}

# logged NAME TEXT: the kernel log since the case began has TEXT
logged() { check "$1.logged" yes "$(dmesg | grep -qF "$2" && echo yes)"; }

errno_of() { check "$1.errno" "$2" "$(cat $S/last_failed_errno)"; }

ktap_print_header
ktap_set_plan $((68 + 8 * $(oracle_planned)))
echo deep > /sys/power/mem_sleep
# The domain stays on, so genpd switches it off over I2C in a noirq
# callback; and the bus is quiet but for the suspend's own transfers.
echo on > $MMCI/power/control
check "setup.attrs-present" yes "$(for a in fail_nak fail_timeout fail_tick fail_resume; do
	[ -d $F/$a ] || exit; done; [ -f $F/fault_whole_sleep ] && echo yes)"
base=$(rails)
ktap_print_msg "rails: $base"

# A clean cycle to find the transfers the faults aim at
trace_start
suspend_cycle mem
check "reference.cycle" 0 $?
echo 0 > $T/tracing_on
sensor=$(nth_xfer 'lm75 .*driver \[suspend\]')
pd_off=$(nth_xfer 'noirq power domain \[suspend\]')
pd_on=$(nth_xfer 'noirq power domain \[resume\]')
armed=$(in_phase platform_prepare_late 'i2c_result: ')
ktap_print_msg "transfers: sensor suspend #$sensor, domain off #$pd_off, on #$pd_on; prepare_late $armed"
echo 1 > $F/fault_whole_sleep

# A device's suspend callback fails: the TMP105's read of its
# configuration register is NAKed, lm75_suspend() returns the error
dmesg -c > /dev/null
inject fail_nak "$sensor"
faulted sensor-suspend
check "sensor-suspend.fails" 1 "$rc"
check "sensor-suspend.ENXIO" yes "$(grep -q 'No such device or address' $ERR && echo yes)"
errno_of sensor-suspend -6
check "sensor-suspend.failed-dev" 0-0048 "$(cat $S/last_failed_dev)"
logged sensor-suspend "lm75 0-0048: PM: failed to suspend async: error -6"
check "sensor-suspend.no-noirq" 0 "$(grep -c 'dpm_suspend_noirq\[' $T/trace)"
check "sensor-suspend.rails" "$base" "$(rails)"
next sensor-suspend

# The domain's noirq power-off NAKed, then timed out: genpd ignores a
# failed power-off in system sleep (genpd_sync_power_off()), keeps the
# domain on, and the suspend succeeds with the rail on
for f in nak timeout; do
	dmesg -c > /dev/null
	inject fail_$f "$pd_off"
	faulted pd-off-$f
	check "pd-off-$f.suspend-ok" 0 "$rc"
	[ $f = nak ] && e=-ENXIO || e=-ETIMEDOUT
	logged pd-off-$f "failed to disable regulator: $e"
	# on through the sleep: nothing to power on in resume_noirq
	check "pd-off-$f.no-power-on" 0 "$(in_phase dpm_resume_noirq 'i2c_result: ')"
	check "pd-off-$f.rails" "$base" "$(rails)"
	next pd-off-$f
done

# The domain's resume_noirq power-on NAKed once: tried again, the rail on
dmesg -c > /dev/null
inject fail_nak "$pd_on"
faulted pd-on-nak
check "pd-on-nak.suspend-ok" 0 "$rc"
logged pd-on-nak "failed to enable regulator (try 1 of 3): -ENXIO"
logged pd-on-nak "regulator enabled on try 2"
check "pd-on-nak.genpd-on" on "$(pd_status)"
check "pd-on-nak.rails" "$base" "$(rails)"
next pd-on-nak

# Every try NAKed, the power-on's three and the first member's start's
# three: genpd marks the domain on anyway (genpd_sync_power_on() ignores
# the error), and the member it starts first (the Ethernet, in its
# resume callback) fails its resume, named; the MMCI's start then
# powers the rail; the next cycle's power-off must not drop a reference
# never taken. The TMP105 shares the bus and resumes asynchronously:
# where its resume lands among the members' is the scheduler's choice (a
# device link added elsewhere moved it), and a fault it took would be
# one the domain's start did not get. Synchronous, it resumes after them,
# in the order of the device list.
tmp105_async=/sys/bus/i2c/devices/$BUS-0048/power/async
dmesg -c > /dev/null
inject fail_nak "$pd_on" 6
echo disabled > $tmp105_async
faulted pd-on-dead
echo enabled > $tmp105_async
check "pd-on-dead.suspend-ok" 0 "$rc"
logged pd-on-dead "failed to enable regulator: -ENXIO"
# The member genpd starts first is named: the Ethernet on 6.12, the MMCI
# on 7.3, whose noirq resume starts parents and suppliers first.
logged pd-on-dead "left unpowered: -ENXIO"
check "pd-on-dead.enable-tries" 6 "$(dmesg | grep -c 'power-domain-vmmc: failed to enable regulator\|power-domain-vmmc: regulator enabled on try')"
check "pd-on-dead.genpd-on" on "$(pd_status)"
check "pd-on-dead.rails" "$base" "$(rails)"
next pd-on-dead
echo 0 > $F/fault_whole_sleep

# The controller's runtime resume fails, for the suspend's first transfer
dmesg -c > /dev/null
check "sbcon-resume.idle" suspended "$(await 2000 suspended cat $SBCON_SYS/power/runtime_status)"
inject fail_resume 1
faulted sbcon-resume
check "sbcon-resume.fails" 1 "$rc"
check "sbcon-resume.EIO" yes "$(grep -q 'Input/output error' $ERR && echo yes)"
errno_of sbcon-resume -5
logged sbcon-resume "cannot resume the controller: -EIO"
check "sbcon-resume.bus-works" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"
check "sbcon-resume.rails" "$base" "$(rails)"
next sbcon-resume

# Ticks lost: the 19th tick of a read of REV, the address byte's ACK
# clock, with the PMIC pulling SDA low for its ACK
dmesg -c > /dev/null
inject fail_tick 19
check "tick-lost.times-out" ETIMEDOUT "$(i2c-probe "$BUS" rdwr "$PMIC" "$PMIC_REV")"
logged tick-lost "no timer tick for 1000 ms, 18 ticks, phase 3"
check "tick-lost.lines-released" 3 "$(( $(devmem 0x${SBCON_DEV%%.*}) & 3 ))"
check "tick-lost.next-transfer" "$PMIC_REV_VAL" "$(i2c-probe "$BUS" rdwr "$PMIC" "$PMIC_REV")"
check "tick-lost.rails" "$base" "$(rails)"
next tick-lost

# prepare_late's first transfer NAKed (the platform window): the arming
# aborts the suspend, wake still runs; the oracle sees the failed arming
dmesg -c > /dev/null
inject fail_nak 1
faulted prepare-late-nak arming-in-prepare-late
check "prepare-late-nak.fails" 1 "$rc"
errno_of prepare-late-nak -6
logged prepare-late-nak "prepare_late: suspend aborted, cannot arm the PMIC for sleep: -ENXIO"
check "prepare-late-nak.rails" "$base" "$(rails)"
next prepare-late-nak

# wake's first transfer times out: a degraded resume, finish disarms
dmesg -c > /dev/null
inject fail_timeout $((armed + 1))
faulted wake-timeout
check "wake-timeout.suspend-ok" 0 "$rc"
logged wake-timeout "wake: PMIC still armed, resuming degraded, retry in finish: -ETIMEDOUT"
check "wake-timeout.finish-disarmed" yes "$(dmesg | grep -q 'finish: PMIC disarmed on retry' && echo yes)"
check "wake-timeout.rails" "$base" "$(rails)"
next wake-timeout

# Released, the domain powers off and its rail with it: no case left the
# domain holding a reference on the rail that genpd does not count
echo auto > $MMCI/power/control
check "end.domain-off" off "$(await 3000 off pd_status)"
check "end.vmmc-off" vmmc=disabled "$(rails | grep -o 'vmmc=[a-z]*')"
ktap_finished

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The timer-paced SBCon controller (i2c-sbcon-timer): who answers on the
# bus, PMIC register access, a NAK, 1000 transactions, runtime PM with
# autosuspend, and the timer interrupt counted against the driver.
# timeout: 240
# pmic: twl92230 axp209
# pmic-per-kernel: one
# kernels: all
. ./lib/board.sh
ktap_print_header
[ -n "$BUS" ] || ktap_exit_fail_msg "no I2C adapter for the SBCon ($SBCON_NODE)"
ktap_set_plan 11

ADAP=/sys/bus/i2c/devices/i2c-$BUS
DEV=$(readlink -f "$ADAP/..")
PWR=$DEV/power
check "sbcon.driver" i2c-sbcon-timer "$(basename "$(readlink "$DEV/driver")")"

# Addresses that answer i2cdetect ("UU" = bound to a driver): the cell of
# column C in a row sits at character 5 + 3 * C (busybox awk: no strtonum).
detect() {
	i2cdetect -y "$BUS" | awk 'function hex(s,  i, n) {
		n = 0
		for (i = 1; i <= length(s); i++)
			n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return n
	}
	NR > 1 {
		for (c = 0; c < 16; c++) {
			v = substr($0, 5 + 3 * c, 2)
			if (v ~ /^([0-9a-f][0-9a-f]|UU)$/)
				printf "0x%02x ", hex(substr($1, 1, 2)) + c
		}
	}'
}
# QEMU's board: the DVI transmitter (0x39) and its EDID (0x50), the
# TMP105, the PMIC
check "sbcon.i2cdetect" "$(echo 0x39 0x48 0x50 $PMIC | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')" \
	"$(detect | sed 's/ $//')"

check "sbcon.pmic.rev" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"
# QEMU's TWL92230 keeps only bits 1:0 of LDO_CTRL4 (0x5a reads back 0x02,
# 0x03 reads 0x03; LDO_CTRL1 keeps all 8), so write a value in that field
# (the AXP209's data buffer keeps all 8).
old=$(pmic_get $PMIC_SCRATCH)
new=$(printf 0x%02x $(((old + 1) & 3)))
pmic_set $PMIC_SCRATCH "$new"
check "sbcon.pmic.scratch.readback" "$new" "$(pmic_get $PMIC_SCRATCH)"
pmic_set $PMIC_SCRATCH "$old"

# Nobody at 0x20: the address NAK must fail the read, and at once (no
# timeout path): well under a second even at QEMU's ~40 us ticks.
# (awk: under -icount the guest reaches here in under a second, and "0.87"
# with the dot removed is an invalid octal number to the shell)
uptime_cs() { awk '{ printf "%d\n", $1 * 100 }' /proc/uptime; }
t0=$(uptime_cs)
if i2cget -y "$BUS" 0x20 0x00 >/dev/null 2>&1; then nak=answered; else nak=failed; fi
t1=$(uptime_cs)
ktap_print_msg "NAK at 0x20 took $((t1 - t0)) cs"
check "sbcon.nak.fails" failed "$nak"
check "sbcon.nak.quick" yes "$([ $((t1 - t0)) -lt 100 ] && echo yes)"

# 1000 back-to-back transactions from one process (i2c-bench: 500 reads of
# the scratch register that must all return the first value, then 500 writes of that
# value back; it stops at the first error), so this times the bus rather
# than 1000 forks of i2cget.
out=$(i2c-bench "$BUS" $PMIC $PMIC_SCRATCH 500 2>&1)
rc=$?
echo "$out" | while read -r l; do ktap_print_msg "$l"; done
check "sbcon.pmic.1000-transfers" "0 read n=500 write n=500" \
	"$rc $(echo "$out" | grep -o '[a-z]* n=[0-9]*' | tr '\n' ' ' | sed 's/ $//')"

# Runtime PM: autosuspend 50 ms by default; active while transfers run,
# suspended once they stop (awaited, with a bound). The MMCI is held active
# so its PM domain stays on: otherwise the MMC core's card polling switches
# the domain, each switch a PMIC transfer on this bus, and the controller
# can be seen active for seconds under load.
echo on > $MMCI/power/control
check "sbcon.rpm.autosuspend-delay" 50 "$(cat "$PWR/autosuspend_delay_ms")"
( j=0; while [ $j -lt 100 ]; do pmic_get $PMIC_REV >/dev/null; j=$((j + 1)); done ) &
burst=$!
seen=none
while kill -0 $burst 2>/dev/null; do
	s=$(cat "$PWR/runtime_status")
	[ "$s" = active ] && { seen=active; break; }
done
wait $burst
check "sbcon.rpm.active-during-transfers" active "$seen"
check "sbcon.rpm.suspended-after-delay" suspended \
	"$(await 5000 suspended cat "$PWR/runtime_status")"
echo auto > $MMCI/power/control

# The timer IRQ is ours, and a transfer makes it tick.
irqs() {
	awk -v dev="$(basename "$DEV")" 'NR == 1 { ncpu = NF }
		$NF == dev { s = 0; for (i = 2; i <= ncpu + 1; i++) s += $i; print s }' \
		/proc/interrupts
}
before=$(irqs)
pmic_get $PMIC_REV >/dev/null
after=$(irqs)
ktap_print_msg "timer IRQ count $before -> $after"
check "sbcon.irq.counts" yes "$([ -n "$before" ] && [ "${after:-0}" -gt "$before" ] && echo yes)"
ktap_finished

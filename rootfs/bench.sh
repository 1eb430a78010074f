#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The benchmark's guest side ('make bench', scripts/jobs/bench.sh; QEMU runs with
# -icount so the times are virtual and reproducible):
# 1. one traced suspend-to-RAM cycle, as in the main job, for the host's
#    per-phase table (sleeptrace phases);
# 2. N PMIC register reads and writes through /dev/i2c-N (i2c-bench) with
#    our timer-paced driver, then with upstream's i2c-versatile
#    (i2c-algo-bit) bound to the same SBCon device by driver_override,
#    then with ours again (the board must come back as it was).
# Lines starting "bench:" are for the host.
cd /tests && . ./lib/board.sh

N=${BENCH_N:-2000}
DEV=$SBCON_DEV
PD=/sys/bus/platform/devices/$DEV
REG=$PMIC_SCRATCH	# read, then written back with the value it holds
# The PMIC's driver (twl92230-regulator, axp20x-i2c), as bound at boot
PMIC_DRV=$(basename "$(readlink "/sys/bus/i2c/devices/$(printf '%d-%04x' "$BUS" "$PMIC")/driver")")

echo deep > /sys/power/mem_sleep
trace_start
suspend_cycle mem
rc=$?
echo "bench: suspend status $rc"
trace_dump
[ $rc = 0 ] || exit 1

# bind DRIVER: move the SBCon device to DRIVER; sets BUS to its new bus.
# The new adapter brings the DT's clients back: wait until the PMIC driver
# (which probes asynchronously) is bound, so its probe traffic is over.
bind() {
	old=$(basename "$(readlink $PD/driver)")
	echo $DEV > /sys/bus/platform/drivers/$old/unbind
	echo "$1" > $PD/driver_override
	echo $DEV > /sys/bus/platform/drivers/$1/bind
	echo > $PD/driver_override
	BUS=$(sbcon_bus) || { echo "bench: $1 did not bind to $DEV"; exit 1; }
	got=$(await 10000 1 sh -c "ls -d /sys/bus/i2c/drivers/$PMIC_DRV/$(printf '%d-%04x' "$BUS" "$PMIC") 2>/dev/null | wc -l")
	# The VMMC domain went with the old PMIC; nothing re-probes it by
	# itself (tests/plans/sbcon-rebind.sh), its members follow it.
	echo $PD > /sys/bus/platform/drivers_probe
	echo "bench: $1 has $DEV, i2c-$BUS, PMIC driver bound: $got"
}

# SCL period in ns: ours runs at the DT's clock-frequency; i2c-versatile
# hard-codes i2c-algo-bit's udelay = 30 (us per half period; a bit takes
# 2 x udelay in i2c-algo-bit), whatever the DT says.
period_ns() {
	case "$1" in
	versatile-i2c) echo 60000 ;;
	*)	# a big-endian u32 property
		set -- $(od -An -tu1 $PD/of_node/clock-frequency)
		echo $((1000000000 / ($1 << 24 | $2 << 16 | $3 << 8 | $4))) ;;
	esac
}

# measure: the driver that has the SBCon now, its bus rate, its results
measure() {
	drv=$(basename "$(readlink $PD/driver)")
	echo "bench: driver $drv i2c-$BUS period_ns $(period_ns $drv)"
	i2c-bench "$BUS" $PMIC "$REG" "$N" || exit 1
}

ours=$(basename "$(readlink $PD/driver)")
measure
bind versatile-i2c
measure
bind "$ours"
echo "bench: restored $(basename "$(readlink $PD/driver)") i2c-$BUS, PMIC rev $(pmic_get $PMIC_REV), reg $REG $(pmic_get "$REG")"

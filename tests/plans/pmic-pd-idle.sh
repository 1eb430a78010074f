#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# With the board idle and the MMC slot empty, the VMMC domain stays off:
# in five seconds the PMIC gets no write to the register that switches
# the domain's rail and the MMCI is never runtime resumed, while the MMC
# core still polls the slot's card-detect GPIO (the motherboard's SYS_MCI
# bit, which has no interrupt) every second. Without the series' mmc core
# patch each poll claimed the MMCI, and genpd switched the rail on and,
# after the MMCI's 50 ms autosuspend, off again: two PMIC writes a poll.
# The polls still find a card inserted (by the host, over QMP), and its
# removal, after which the empty slot costs nothing again.
# qemu-args: --drive if=sd,id=sd0
# host: sdcard
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 12

# The card-detect reads: the gpio_value "get" events that the MMC core's
# card-detect helper, mmc_gpio_get_cd(), makes (it reads the slot's "cd"
# descriptor and nothing else; the function tracer, filtered to it, marks
# each call), all of one GPIO. Not by number from debugfs: 6.12 prints the
# global numbers that the event carries, 7.3 each chip's offsets, and 7.3
# prints a chip's base nowhere (only the legacy sysfs GPIO ABI would).
cd_reads() {
	awk '/: mmc_gpio_get_cd <-/ { cd[$1] = 1; next }
	/ gpio_value: [0-9]+ get / && cd[$1] { n++; g[$(NF - 2)] = 1; delete cd[$1] }
	END { s = ""; for (k in g) s = s (s == "" ? "" : " ") k; print n + 0, s }' $T/trace
}

# idle_window NAME: five seconds of the idle board, traced: the
# card-detect polls, the PMIC's VMMC writes and the MMCI's active time.
# Not a synchronisation: the window watched, five polls long (virtual
# time under -icount, where the idle guest skips ahead).
idle_window() {
	active=$(cat $MMCI/power/runtime_active_time)
	echo 0 > $T/tracing_on
	echo mmc_gpio_get_cd > $T/set_ftrace_filter
	echo function > $T/current_tracer
	echo > $T/trace
	echo 1 > $T/events/i2c/i2c_write/enable
	echo 1 > $T/events/gpio/gpio_value/enable
	echo 1 > $T/tracing_on
	sleep 5
	echo 0 > $T/tracing_on
	active=$(($(cat $MMCI/power/runtime_active_time) - active))
	read -r polls cd_gpio <<EOF
$(cd_reads)
EOF
	# i2c_write: one line per message; a register write is [REG-VALUE]
	writes=$(grep -c "i2c_write: i2c-$BUS #0 a=$(printf %03x $PMIC) f=0000 l=2 \[$(printf %02x $PMIC_VMMC_EN)-" $T/trace)
	echo nop > $T/current_tracer
	echo > $T/set_ftrace_filter
	ktap_print_msg "$1: in 5 s $polls card-detect reads (GPIO ${cd_gpio:-none}), $writes VMMC writes, MMCI active $active ms"
	check "pd-idle.$1.cd-polled" yes \
		"$([ "$polls" -ge 3 ] && [ "$cd_gpio" = "${cd_gpio% *}" ] && echo yes ||
			echo "$polls reads of gpio '$cd_gpio'")"
	check "pd-idle.$1.vmmc-writes" 0 "$writes"
	check "pd-idle.$1.mmci-active-ms" 0 "$active"
}

card() { ls -d /sys/class/mmc_host/*/mmc*:* 2>/dev/null || echo none; }
check "pd-idle.genpd-off" off "$(await 5000 off pd_status)"
check "pd-idle.slot-empty" none "$(card)"
idle_window empty

# The host's card: found by a poll, and readable. Found means the disk
# opens: devtmpfs makes its node before add_disk() has finished, and an
# open in between fails with ENXIO (seen on the debug kernel, 7.3).
echo "vexpress-pm: host: sdcard insert"
check "pd-idle.card-found" yes \
	"$(await 5000 yes sh -c 'head -c 1 /dev/mmcblk0 > /dev/null 2>&1 && echo yes')"
check "pd-idle.card-reads" "vexpress-pm sdcard" "$(head -c 18 /dev/mmcblk0)"
echo "vexpress-pm: host: sdcard eject"
check "pd-idle.card-removed" none "$(await 5000 none card)"
check "pd-idle.after.genpd-off" off "$(await 5000 off pd_status)"
idle_window after
ktap_finished

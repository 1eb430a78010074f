# SPDX-License-Identifier: GPL-2.0
# Helpers for bad-DT plans (sourced after board.sh): the device a broken
# node became, its probe error, and what a failed probe left behind.

# of_dev NODE-NAME: the platform device made from the reg-less DT node
# NODE-NAME (its name is the node path, ':'-separated)
of_dev() {
	for d in /sys/bus/platform/devices/*:"$1"; do
		[ -e "$d" ] && { basename "$d"; return 0; }
	done
	return 1
}

# probe_error DRIVER DEVICE MESSAGE: "yes" if the log has exactly that
# dev_err_probe() line (driver name, device name, "error -EXXX: text")
probe_error() {
	dmesg | grep -qF "$1 $2: $3" && echo yes || echo "no '$1 $2: $3' in dmesg"
}

# leftovers BUS DEVICE: what a failed probe left of DEVICE on BUS
# (platform or i2c), "none" when nothing: a driver binding, an I2C
# adapter, an IRQ, a regulator, a pending deferral.
leftovers() {
	d=/sys/bus/$1/devices/$2 left=
	[ -e "$d" ] || { echo "no device $2"; return; }
	[ -e "$d/driver" ] && left="$left driver"
	ls -d "$d"/i2c-* >/dev/null 2>&1 && left="$left adapter"
	grep -qF " $2" /proc/interrupts && left="$left irq"
	[ "$(rails_of "$2")" = 0 ] || left="$left regulators"
	grep -qF "$2" /sys/kernel/debug/devices_deferred 2>/dev/null &&
		left="$left deferred"
	echo "${left:- none}" | cut -c2-
}

# rails_of DEVICE: how many regulators DEVICE registered (each class link
# points into DEVICE's own directory)
rails_of() {
	ls -l /sys/class/regulator/ | grep -c "/$1/regulator/regulator\."
}

# tmp105_reads: "yes" if the TMP105's hwmon device reads a temperature,
# else what it gave
tmp105_reads() {
	for d in /sys/class/hwmon/hwmon*; do
		[ "$(cat "$d/name" 2>/dev/null)" = tmp105 ] || continue
		t=$(cat "$d/temp1_input" 2>&1)
		case $t in
		'' | *[!0-9-]*) echo "temp1_input '$t'" ;;
		*) echo yes ;;
		esac
		return
	done
	echo "no tmp105 hwmon device"
}

# pd_round_trip CMD...: the VMMC domain's genpd state and CMD's reading
# of its rail in the chip, idle, with the MMCI held active and after it
# autosuspends: "off/disabled on/enabled off/disabled" when both follow.
pd_round_trip() {
	a="$(await 5000 off pd_status)/$("$@")"
	echo on > "$MMCI/power/control"
	b="$(pd_status)/$("$@")"
	echo auto > "$MMCI/power/control"
	echo "$a $b $(await 5000 off pd_status)/$("$@")"
}

# sleep_refused NAME MESSAGE: the sleep controller gave up with the
# error MESSAGE, and the rest of the board works: 7 results NAME.*.
# Without the sleep controller only s2idle is offered; the PMIC's seven
# regulators (the TWL92230's seven rails; the AXP209's six and LDO5), the
# VMMC domain (genpd and the rail in the chip), the TMP105 and the bus do
# not need it.
sleep_refused() {
	check "$1.probe-error" yes \
		"$(probe_error vexpress-sleep sleep-controller "$2")"
	check "$1.nothing-left" none "$(leftovers platform sleep-controller)"
	check "$1.mem_sleep" "[s2idle]" "$(cat /sys/power/mem_sleep)"
	check "$1.pmic-rails" 7 "$(rails_of $PMIC_DEV)"
	check "$1.tmp105" yes "$(tmp105_reads)"
	check "$1.domain" "off/disabled on/enabled off/disabled" \
		"$(pd_round_trip pmic_state vmmc)"
	check "$1.bus-works" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"
}

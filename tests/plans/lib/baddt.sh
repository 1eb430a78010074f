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

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Hostile input from user space: malformed and random i2c-dev calls on the
# SBCon bus, and garbage written to the writable files the board's drivers
# add in sysfs and debugfs, get error returns only and no kernel report
# (the runner judges the console); afterwards the PMIC reads back as before
# and a deep suspend cycle succeeds. Only root opens the bus device and
# reaches the fault-injection and sleep knobs.
# timeout: 240
# pmic: twl92230 axp209
# pmic-per-kernel: one
# kernels: all
. ./lib/board.sh
ktap_print_header
[ -n "$BUS" ] || ktap_exit_fail_msg "no I2C adapter for the SBCon ($SBCON_NODE)"

SEED=20261204
CALLS=20000
# The devices on QEMU's bus (i2c-sbcon's i2cdetect): no fuzzed transfer
# may reach them. i2c-fuzz keeps off the general call 0x00 too.
KEEP="0x39 0x48 $PMIC 0x50"

# The fixed cases and what each must return (fault-codes.rst: EINVAL
# before any I/O, ENXIO for an address NAK, EOPNOTSUPP for what the
# adapter cannot do, EAFNOSUPPORT for a 10-bit address, EFAULT from
# i2c-dev's copies). The absent address is a free one in 0x03-0x77.
expect="rdwr.no-msgs EINVAL
rdwr.null-msgs EINVAL
rdwr.unmapped-msgs EFAULT
rdwr.null-arg EFAULT
rdwr.over-limit EINVAL
rdwr.huge-nmsgs EINVAL
rdwr.at-limit-absent ENXIO
rdwr.zero-len-write-absent ENXIO
rdwr.zero-len-read EOPNOTSUPP
rdwr.len-8192-read-absent ENXIO
rdwr.len-8193 EINVAL
rdwr.len-65535-write EINVAL
rdwr.len-65535-read EINVAL
rdwr.null-buf EFAULT
rdwr.null-buf-read EFAULT
rdwr.null-buf-zero-len ENXIO
rdwr.unmapped-buf EFAULT
rdwr.kernel-buf EFAULT
rdwr.ten-bit EAFNOSUPPORT
rdwr.ten-bit-read EAFNOSUPPORT
rdwr.recv-len EOPNOTSUPP
rdwr.recv-len-short EINVAL
rdwr.recv-len-write EINVAL
rdwr.nostart EOPNOTSUPP
rdwr.ignore-nak EOPNOTSUPP
rdwr.rev-dir-addr EOPNOTSUPP
rdwr.no-rd-ack EOPNOTSUPP
rdwr.stop EOPNOTSUPP
rdwr.pec-flag EOPNOTSUPP
rdwr.all-flags EINVAL
rdwr.addr-0x80 EINVAL
rdwr.addr-0xffff EINVAL
smbus.absent.quick-write ENXIO
smbus.absent.quick-read EOPNOTSUPP
smbus.absent.byte-write ENXIO
smbus.absent.byte-read ENXIO
smbus.absent.byte-data-write ENXIO
smbus.absent.byte-data-read ENXIO
smbus.absent.word-data-write ENXIO
smbus.absent.word-data-read ENXIO
smbus.absent.proc-call ENXIO
smbus.absent.block-data-write ENXIO
smbus.absent.block-data-read EOPNOTSUPP
smbus.absent.block-proc-call EOPNOTSUPP
smbus.absent.i2c-block-write ENXIO
smbus.absent.i2c-block-read ENXIO
smbus.bad-size EINVAL
smbus.bad-read-write EINVAL
smbus.null-data EINVAL
smbus.unmapped-data EFAULT
smbus.null-arg EFAULT
smbus.block-write-0 EINVAL
smbus.block-write-33 EINVAL
smbus.i2c-block-write-255 EINVAL
smbus.pec-absent EOPNOTSUPP
slave.0x80 EINVAL
slave.0x400-tenbit EINVAL
timeout.too-long EINVAL
retries.too-many EINVAL
funcs.null EFAULT
unknown-ioctl ENOTTY"

# The writable files of the board's drivers: the SBCon's fault_attr
# directories and fault_whole_sleep, the sleep controller's, the module
# parameters, the PMIC's
# regmap in debugfs and the drivers' bind/unbind (the PM domain's driver has none:
# suppress_bind_attrs). KUnit's debugfs "run" file runs the suite on any
# write, by design: not garbage-tested.
files=$(find /sys/kernel/debug/i2c/i2c-"$BUS"/fail_* /sys/kernel/debug/i2c/i2c-"$BUS"/fault_* \
	/sys/kernel/debug/vexpress_sleep_stray_irq \
	/sys/kernel/debug/regmap/$PMIC_DEV \
	/sys/module/i2c_sbcon_timer/parameters /sys/module/vexpress_sleep/parameters \
	-type f -perm -200 2>/dev/null
	for d in /sys/bus/platform/drivers/i2c-sbcon-timer \
		/sys/bus/platform/drivers/vexpress-sleep \
		/sys/bus/i2c/drivers/$PMIC_DRIVER; do
		echo $d/bind $d/unbind
	done)

# garbage_want FILE: what i2c-fuzz files must say of FILE. Debugfs bool
# files (fs/debugfs/file.c debugfs_write_file_bool(), and regmap's
# cache_only/cache_bypass, which copy it) return the whole count for input
# kstrtobool() rejects and keep their value: every write is "accepted".
garbage_want() {
	case $1 in
	*/task-filter | */fault_whole_sleep | */regmap/*/cache_*) echo "writes=$GARBAGE accepted=$GARBAGE unchanged=yes" ;;
	*) echo "writes=$GARBAGE accepted=0 unchanged=yes" ;;
	esac
}
GARBAGE=50

# as_nobody_write FILE: can user 65534 open FILE for reading and writing?
# Prints "denied" (EACCES), "allowed", or the error.
as_nobody_write() {
	[ -e "$1" ] || { echo "no $1"; return; }
	out=$(runas 65534 sh -c "exec 3<> '$1'" 2>&1) && { echo allowed; return; }
	case $out in
	*"Permission denied"*) echo denied ;;
	*) echo "$out" ;;
	esac
}
perms="/dev/i2c-$BUS /sys/kernel/debug/i2c/i2c-$BUS/fail_nak/probability
/sys/kernel/debug/i2c/i2c-$BUS/fail_timeout/times
/sys/kernel/debug/vexpress_sleep_stray_irq/probability
/sys/module/vexpress_sleep/parameters/arm_in_prepare /sys/power/state
/sys/power/mem_sleep /sys/power/pm_test /sys/power/wakeup_count"

ktap_set_plan $(($(echo "$expect" | wc -l) + 3 + $(echo $files | wc -w) + \
	$(echo $perms | wc -w) + 4))

check "hostile.domain-idle-before" off "$(await 5000 off pd_status)"
pmic_dump > /tmp/pmic-before

i2c-fuzz ioctl "$BUS" $SEED $CALLS 120 $KEEP > /tmp/fuzz.out
# (A loop fed by a pipe would run in a subshell: its results not counted)
while read -r name want; do
	check "fuzz.$name" "$want" "$(sed -n "s/^case $name: //p" /tmp/fuzz.out)"
done <<EOF
$expect
EOF
grep '^random: ' /tmp/fuzz.out | head -n 20 | while read -r l; do ktap_print_msg "$l"; done
summary=$(grep '^random: calls=' /tmp/fuzz.out)
field() { echo "$summary" | sed -n "s/.* $1=\([0-9]*\).*/\1/p"; }
check "fuzz.random.calls" $CALLS "$(echo "$summary" | sed -n 's/^random: calls=\([0-9]*\).*/\1/p')"
check "fuzz.random.no-transfer-succeeded" 0 "$(field transfers-ok)"
check "fuzz.random.no-unexpected-error" 0 "$(field unexpected)"

i2c-fuzz files $SEED $GARBAGE $files > /tmp/files.out
for f in $files; do
	check "garbage.${f#/sys/}" "$(garbage_want "$f")" \
		"$(sed -n "s|^file $f: \(writes=\)|\1|p" /tmp/files.out)"
done
grep 'accepted [0-9]' /tmp/files.out | head -n 5 | while read -r l; do ktap_print_msg "$l"; done

for f in $perms; do
	check "perm.nobody-write.${f#/}" denied "$(as_nobody_write "$f")"
done

# The bus and the PMIC came through: registers as before (but the RTC's
# seconds: the chip library's PMIC_DUMP_LIVE), and a deep cycle
check "hostile.domain-idle-after" off "$(await 5000 off pd_status)"
pmic_dump > /tmp/pmic-after
check "hostile.pmic-registers-unchanged" "" "$(pmic_changed /tmp/pmic-before /tmp/pmic-after)"
echo deep > /sys/power/mem_sleep
ok=$(cat /sys/power/suspend_stats/success)
suspend_cycle mem
check "hostile.deep-cycle-after" "$((ok + 1))" "$(cat /sys/power/suspend_stats/success)"
ktap_finished

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Hibernation on QEMU's Cubieboard: the image goes to a swap area on the
# SD card in the A10's own slot (sunxi-mmc, QEMU's allwinner-sdhost-sun4i)
# and the next boot resumes from it, from the initramfs through
# /sys/power/resume (/init, vexpress_pm.resume=): a process and its data
# and a tmpfs file survive, the AXP209 (a fresh chip after QEMU's restart)
# reads as it did, DCDC2 (vdd-cpu) included, and the restored kernel's
# regulator core agrees with it; every device phase the board's
# hibernation has ran. The A10 has no hibernation platform ops (the disk
# modes are shutdown, reboot, suspend, test_resume) and nothing on this DT
# powers it off: shutdown mode halts and QEMU runs on. So the hibernating
# kernel ends in reboot mode: kernel_restart() through the sunxi watchdog,
# which ends QEMU (-no-reboot) as every plan's end does; the restored
# kernel ends with the same restart. The trace goes to the console
# (tp_printk), as hibernate.sh's, and the host's oracle judges both boots.
# boots: 2
# board: cubieboard
# pmic: axp209
# kernels: all
# trace-check:
# qemu-args: --append vexpress_pm.resume=/dev/mmcblk0 --append tp_printk --append printk.time=1 --append no_console_suspend --append log_buf_len=1M
# timeout: 180
# The rules the board's hibernation cannot show (may-skips), for want of
# hibernation platform ops, of late callbacks and of a PM domain on the
# A10. The poweroff device phases and the platform's callbacks around
# them run only in platform mode; reboot mode restarts through
# device_shutdown(), with no PM callbacks. The platform's finish, in the
# hibernating and in the restored kernel, is a hibernation op too. No
# driver of the A10 has a late or early callback: those phases run empty,
# so the two every-phase rules judge the other levels and then skip. The
# domain rules need a PM domain's callbacks; the A10's DT has no domain.
# oracle-skip: hib-every-phase-ran hib-every-restore-phase-ran
# oracle-skip: hib-poweroff-after-write hib-poweroff-late-after-poweroff
# oracle-skip: hib-poweroff-noirq-after-late hib-prepare-after-poweroff-noirq
# oracle-skip: hib-pmic-quiet-after-poweroff-noirq hib-thaw-noirq-after-finish
# oracle-skip: hib-restore-noirq-after-finish
# oracle-skip: hib-domain-on-for-write hib-domain-off-at-poweroff hib-domain-on-at-restore
. ./lib/board.sh
. ./lib/hibernate.sh
. ./lib/axp209.sh

SD=/dev/mmcblk0
MMC_DEV=1c0f000.mmc
ktap_print_header
ktap_set_plan 15


# A second start of the plan means the second boot found no image: stop
# rather than hibernate again.
sig=$(sig)
check "cubieboard.hib.card-blank-at-start" "" "$sig"
[ -z "$sig" ] || { ktap_print_msg "the second boot did not resume"; exit 1; }
# (the card's block device under the A10's SD host, bound to sunxi-mmc)
check "cubieboard.hib.card-on-sunxi-mmc" "$MMC_DEV sunxi-mmc" \
	"$(readlink -f /sys/class/block/${SD#/dev/} | grep -o "/$MMC_DEV/" | tr -d /) $(basename "$(readlink /sys/bus/platform/devices/$MMC_DEV/driver)")"
mkswap $SD > /dev/null
sig=$(sig)
swapon $SD
check "cubieboard.hib.swap-on" "SWAPSPACE2 yes" "$sig $(grep -q "^$SD " /proc/swaps && echo yes)"
# No platform mode: the kernel offers what needs no hibernation ops, and
# reboot is the mode that ends this board
check "cubieboard.hib.no-platform-mode" "[shutdown] reboot suspend test_resume" "$(cat /sys/power/disk)"
echo reboot > /sys/power/disk
check "cubieboard.hib.reboot-mode" "[reboot]" "$(grep -o '\[reboot\]' /sys/power/disk)"

# What must survive: a tmpfs file, and a process holding a token in its
# memory only, which it hands over when asked (through a FIFO)
token=$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
echo "$token" > /tmp/marker
mkfifo /tmp/ask
(held=$token; read -r _ < /tmp/ask; echo "$held" > /tmp/answer) &
holder=$!

dcdc2=$(axp_get $AXP_DCDC2_V_OUT)
ktap_print_msg "before: DCDC2_V_OUT $dcdc2, PWR_OUT_CTRL $(axp_get $AXP_PWR_OUT_CTRL)"
pmic_dump > /tmp/before

# A PMIC read on each side of the capture, outside the windows the
# oracle watches: the bus events were recorded, so a window without PMIC
# traffic is silence, not a lost event (nothing on this board talks to
# the PMIC while it hibernates)
trace_start
axp_get $AXP_IC_TYPE > /dev/null
echo disk > /sys/power/state
rc=$?
axp_get $AXP_IC_TYPE > /dev/null
echo 0 > $T/tracing_on
echo 0 > $T/events/enable
# Back, in the restored kernel (or the hibernating one, if it failed)
check "cubieboard.hib.state-write" 0 "$rc"
check "cubieboard.hib.restored" yes "$(grep -q 'dpm_resume_noirq\[64\] end' $T/trace && echo yes)"
check "cubieboard.hib.tmpfs-marker" "$token" "$(cat /tmp/marker)"
# (a dead holder would leave the FIFO's writer blocked: ask only a live one)
kill -0 $holder 2>/dev/null && echo go > /tmp/ask
wait $holder
check "cubieboard.hib.process-data" "$token" "$(cat /tmp/answer 2>/dev/null)"
# The chip is a fresh one (QEMU restarted); the boot kernel set it up as
# the first boot's did, and the restored kernel, which keeps the first
# boot's regmap cache and regulator state, must find it so
check "cubieboard.hib.dcdc2" "$dcdc2" "$(axp_get $AXP_DCDC2_V_OUT)"
check "cubieboard.hib.vdd-cpu-microvolts" "$(axp_uv dcdc2)" "$(cat "$(reg_sysfs vdd-cpu)/microvolts" 2>&1)"
pmic_dump > /tmp/after
pmic_dumps_whole "cubieboard.hib.pmic-registers-read" /tmp/before /tmp/after
check "cubieboard.hib.pmic-registers-identical" "" "$(pmic_changed /tmp/before /tmp/after)"
# The device phases of the board's hibernation ran on the SD host and the
# PMIC's bus controller: the restored kernel's trace holds the hibernating
# side up to the snapshot and its own restore (thaw ran after the
# snapshot, and the restart has no PM callbacks; the console has the
# thaw, and the host's oracle reads both boots' consoles). Those the
# drivers have: the A10's have no late or early callbacks, and
# i2c-mv64xxx none at freeze noirq (it keeps its bus running from suspend
# to resume, patch 0031, and sets the controller up again at restore noirq)
phases=$(hib_phases "$MMC_DEV|$SBCON_DEV")
check "cubieboard.hib.phases-in-restored-trace" "freeze restore noirq restore " "$phases"
# The boot kernel put the swap signature back when it read the image
swapoff $SD
check "cubieboard.hib.swap-signature-back" SWAPSPACE2 "$(sig)"
TRACE_MODE=disk trace_dump /dev/null
ktap_finished

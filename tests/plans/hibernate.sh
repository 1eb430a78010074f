#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Hibernation to a swap area on the SD card (the MMCI, a member of the
# PMIC-switched VMMC domain) and resume on the next boot, from the
# initramfs through /sys/power/resume (/init, vexpress_pm.resume=): a
# process and its data and a tmpfs file survive, the PMIC (a fresh chip
# after the power cycle) reads as it did, every device phase ran.
# The trace goes to the console (tp_printk), a line an event: 7.3 prints
# the console from a kthread, which falls behind the freeze's burst, and
# its 16 KiB log buffer dropped lines (docs/kernels.md); log_buf_len holds
# the burst until it prints. The restored kernel ends with a power-off
# (vexpress_pm.end, rootfs/init): the one plan whose guests power off
# through kernel_power_off() (the hibernating kernel powers off from the
# platform's enter), on both PMICs and kernels.
# boots: 2
# trace-check:
# qemu-args: --append vexpress_pm.resume=/dev/mmcblk0 --append tp_printk --append printk.time=1 --append no_console_suspend --append log_buf_len=1M --append vexpress_pm.end=poweroff
# timeout: 180
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
. ./lib/hibernate.sh

SD=/dev/mmcblk0
ktap_print_header
ktap_set_plan 12


# A second start of the plan means the second boot found no image: stop
# rather than hibernate again.
sig=$(sig)
check "hib.card-blank-at-start" "" "$sig"
[ -z "$sig" ] || { ktap_print_msg "the second boot did not resume"; exit 1; }
mkswap $SD > /dev/null
sig=$(sig)
swapon $SD
check "hib.swap-on" "SWAPSPACE2 yes" "$sig $(grep -q "^$SD " /proc/swaps && echo yes)"
check "hib.platform-mode" "[platform]" "$(grep -o '\[platform\]' /sys/power/disk)"

# What must survive: a tmpfs file, and a process holding a token in its
# memory only, which it hands over when asked (through a FIFO)
token=$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
echo "$token" > /tmp/marker
mkfifo /tmp/ask
(held=$token; read -r _ < /tmp/ask; echo "$held" > /tmp/answer) &
holder=$!

# The MMCI held active keeps its domain on until genpd's noirq power-off
echo on > $MMCI/power/control
await 5000 on pd_status > /dev/null
pmic_dump > /tmp/before

trace_start
echo disk > /sys/power/state
rc=$?
echo 0 > $T/tracing_on
echo 0 > $T/events/enable
# Back, in the restored kernel (or the hibernating one, if it failed)
check "hib.state-write" 0 "$rc"
check "hib.restored" yes "$(grep -q 'dpm_resume_noirq\[64\] end' $T/trace && echo yes)"
check "hib.tmpfs-marker" "$token" "$(cat /tmp/marker)"
# (a dead holder would leave the FIFO's writer blocked: ask only a live one)
kill -0 $holder 2>/dev/null && echo go > /tmp/ask
wait $holder
check "hib.process-data" "$token" "$(cat /tmp/answer 2>/dev/null)"
check "hib.domain-on-after-restore" on "$(pd_status)"
pmic_dump > /tmp/after
echo auto > $MMCI/power/control
pmic_dumps_whole "hib.pmic-registers-read" /tmp/before /tmp/after
ktap_print_msg "changed, time-counting included: $(pmic_changed /tmp/before /tmp/after all)"
check "hib.pmic-registers-identical" "" "$(pmic_changed /tmp/before /tmp/after)"
# Every device phase of the hibernation ran on the board's devices (the
# domain's members, the I2C controller, the sleep controller): the
# restored kernel's trace holds the hibernating side up to the snapshot
# and its own restore; thaw and poweroff ran after the snapshot, the
# console has them (the host's oracle reads both boots' consoles).
phases=$(hib_phases "$MMCI_DEV|$SBCON_DEV|$ETH_DEV|sleep-controller")
check "hib.phases-in-restored-trace" "freeze noirq freeze late freeze restore noirq restore early restore " "$phases"
# The boot kernel put the swap signature back when it read the image
swapoff $SD
check "hib.swap-signature-back" SWAPSPACE2 "$(sig)"
TRACE_MODE=disk trace_dump /dev/null
ktap_finished

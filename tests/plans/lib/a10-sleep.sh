# SPDX-License-Identifier: GPL-2.0
# Sourced by the Cubieboard's plans: the A10's sleep code (patch 0033),
# its platform device, and the driver bound to it (sleep_driver prints
# nothing when none is).
SLEEP_DEV=/sys/bus/platform/devices/sun4i-a10-sleep
sleep_driver() { basename "$(readlink "$SLEEP_DEV/driver" 2>/dev/null)"; }

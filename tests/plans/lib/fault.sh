# SPDX-License-Identifier: GPL-2.0
# Sourced by the fault-injection plans. F is the directory of the bus
# driver's fault_attrs (Documentation/fault-injection/fault-injection.rst),
# set by the plan; what an attribute counts is the driver's (the plan's
# header says: its bus's transfers, in which window).
#
# inject ATTR N [TIMES]: fail the Nth event ATTR counts, and the TIMES - 1
# after it, each failure logged (verbose)
inject() {
	echo 1 > $F/$1/verbose
	echo "$2" > $F/$1/space
	echo "${3:-1}" > $F/$1/times
	echo 100 > $F/$1/probability
}

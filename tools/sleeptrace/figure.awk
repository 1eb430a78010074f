# SPDX-License-Identifier: GPL-2.0
# figure.awk: a suspend cycle as a text figure, from what 'sleeptrace
# explain' prints of a capture:
#
#   sleeptrace explain CAPTURE | awk -f tools/sleeptrace/figure.awk
#
# One row per phase, in the order the capture shows them, in one of three
# lanes: the PM core's own steps, the device phases (dpm_*: each device's
# callbacks of that kind, how many), the platform's callbacks (platform_*:
# the board's platform_suspend_ops). Each bus transfer is an arrow from
# the lane of the phase it happened in to the last column: "REG = V" a
# PMIC write, "REG -> V" a read, "0xAA: N msg" another chip, and who made
# it unless the lane says it (genpd: a PM domain's callback). The sleep
# itself (machine_suspend) is a rule across the lanes. Times are explain's
# (ms from the first event of the capture). POSIX awk: mawk and gawk print
# the same bytes (tests/awk-selftest.sh).

function pad(s, w) {
	while (length(s) < w)
		s = s " "
	return s
}

# A lane's column: 0 the PM core, 1 the devices, 2 the platform
function lane(name) {
	if (name ~ /^dpm_/)
		return 1
	if (name ~ /^platform_/)
		return 2
	return 0
}

# The row's text up to the lanes: the time, then the lanes before @l blank
function lead(t, l,    s) {
	s = sprintf("%9s  ", t)
	if (l >= 1)
		s = s pad("", W0)
	if (l >= 2)
		s = s pad("", W1)
	return s
}

# A transfer as explain describes it, shortened: "I2C PMIC write
# LDO_CTRL7(0x10) = 0x00, by 4e000000.ethernet noirq power domain[suspend]"
# is "LDO_CTRL7 = 0x00 (genpd)"
function xfer(s,    who, what) {
	who = s
	if (!sub(/.*, by /, "", who))
		who = ""
	what = s
	sub(/, by .*/, "", what)
	sub(/^I2C /, "", what)
	if (what ~ /^PMIC (read|write) /) {
		sub(/^PMIC (read|write) /, "", what)
		sub(/\(0x[0-9a-f]+\)/, "", what)
	} else {
		# another chip: "i2c-0 0x48, 2 message(s)"
		sub(/^[^ ]+ /, "", what)
		sub(/, /, ": ", what)
		sub(/ message\(s\)/, " msg", what)
	}
	if (who ~ /power domain/)
		who = "genpd"
	else if (who ~ /^platform_/)
		who = ""
	else
		sub(/ .*/, "", who)
	return what (who == "" ? "" : " (" who ")")
}

BEGIN {
	W0 = 18; W1 = 21; W2 = 15
	X = W0 + W1 + W2	# where the transfers' column starts, after the time
	off[0] = 0; off[1] = W0; off[2] = W0 + W1
}

# explain's header
NR == 1 && /phase: what happens/ {
	print lead("t (ms)", 0) pad("PM core", W0) pad("devices [callbacks]", W1) \
	    pad("platform", W2) "I2C: PMIC REG = write, -> read"
	print lead("", 0) pad("-------", W0) pad("-------------------", W1) \
	    pad("--------", W2) "------------------------------"
	next
}

# A hibernation's boots: said as explain says them
/^-- / { print; next }

# A transfer: a time, then the text indented past the "took" column, two
# columns deeper than the phase it is in (explain: 24 + 2 * depth
# characters before it); at depth 0 it is in no phase (after the cycle)
$1 ~ /^[0-9.]+$/ && $2 == "I2C" {
	t = $1
	s = $0
	d = (index(s, "I2C") - 25) / 2
	sub(/^ *[0-9.]+ +/, "", s)
	cur = d >= 1 && ((d - 1) in lanes) ? lanes[d - 1] : 0
	arrow = "`"
	while (length(arrow) < X - off[cur] - 2)
		arrow = arrow "-"
	s = xfer(s)
	if (d < 1)
		s = s ", in no phase"
	print lead(t, cur) arrow "> " s
	next
}

# A phase: time, how long it took (or "(no end)"), name: what happens
$1 ~ /^[0-9.]+$/ && ($2 ~ /^[0-9.]+$/ || $2 == "(no") {
	t = $1
	name = $0
	sub(/^ *[0-9.]+ +([0-9.]+|\(no end\)) +/, "", name)
	n = ""
	if (match(name, /\[[0-9]+ device callbacks/))
		n = substr(name, RSTART + 1, RLENGTH - 18)
	# (its depth: 22 + 2 * depth characters before the name)
	d = (match($0, /[A-Za-z]/) - 23) / 2
	sub(/:.*/, "", name)
	l = lane(name)
	lanes[d] = l
	if (name == "machine_suspend") {
		s = "machine_suspend ===== asleep: enter(); the trace clock stops "
		while (length(s) < X + 32)
			s = s "="
		print lead(t, 0) s
		next
	}
	if (l == 1) {
		sub(/^dpm_/, "", name)
		if (n != "")
			name = name " [" n "]"
	} else if (l == 2) {
		sub(/^platform_/, "", name)
	}
	print lead(t, l) name
	next
}

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
#
# With -v svg=1 the same rows are drawn as an SVG picture instead, for
# readers who would rather look than read: the lanes are the columns of
# the rows' names, each phase a bar on a time axis from its start to its
# end, each transfer a mark at its time (a filled diamond a PMIC write, a
# hollow one a read, a dot another chip's), the sleep a dark row and a
# line across the axis. -v title=TEXT heads it, -v caption=TEXT ends it
# (where the picture comes from). Each row's name is a <text> element of
# class "row", one a line, in the rows' order: tests/tutorial-check.sh
# compares that order with a page's copy of the picture.

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

# The rows, for the picture: kind ("phase", "sleep", "xfer", "boot"),
# time, how long (a phase's; "" none or no end), lane, depth, name
function row(kind, t, took, l, d, name) {
	nr++
	rk[nr] = kind; rt[nr] = t; rtook[nr] = took; rl[nr] = l; rd[nr] = d
	rname[nr] = name
	if (t != "" && t + 0 > tmax)
		tmax = t + 0
	if (took ~ /^[0-9.]+$/ && t + took > tmax)
		tmax = t + took
}

# Text, for XML
function esc(s) {
	gsub(/&/, "\\&amp;", s)
	gsub(/</, "\\&lt;", s)
	gsub(/>/, "\\&gt;", s)
	return s
}

# A coordinate: one decimal, the same bytes under every awk
function c(x) {
	return sprintf("%.1f", x)
}

function text(x, y, s, attrs) {
	printf "<text x=\"%s\" y=\"%s\"%s>%s</text>\n", c(x), c(y), attrs, esc(s)
}

# A row's x in the picture: the start of its lane's column, then its depth
function rowx(i) {
	return LX[rl[i]] + (rk[i] == "xfer" ? 2 * CW : 0) + \
	    (rk[i] == "phase" && rd[i] > 1 ? (rd[i] - 1) * CW : 0)
}

function svgout(    i, w, x0, pw, step, n, k, y, x, x1, h, top, bot, nt, \
    col, s, mid, m, sec, scale) {
	if (tmax <= 0)
		tmax = 1
	# the axis: about ten steps of 1, 2 or 5 times a power of ten
	step = 0.001; n = 0
	while (tmax / step > 10) {
		step *= (n % 3 == 1) ? 2.5 : 2
		n++
	}
	nt = int(tmax / step + 0.999999)
	# the names' columns, wide enough for every row's name in them
	w[0] = length("PM core"); w[1] = length("devices [callbacks]"); w[2] = length("platform")
	for (i = 1; i <= nr; i++) {
		if (rk[i] == "phase" && length(rname[i]) + (rd[i] > 1 ? rd[i] - 1 : 0) > w[rl[i]])
			w[rl[i]] = length(rname[i]) + (rd[i] > 1 ? rd[i] - 1 : 0)
	}
	LX[0] = PAD; LX[1] = LX[0] + (w[0] + 2) * CW; LX[2] = LX[1] + (w[1] + 2) * CW
	x0 = LX[2] + (w[2] + 2) * CW
	for (i = 1; i <= nr; i++)
		if (rk[i] == "xfer" && rowx(i) + (length(rname[i]) + 2) * CW > x0)
			x0 = rowx(i) + (length(rname[i]) + 2) * CW
	pw = PW
	W = x0 + pw + 10 * CW
	top = 4 * RH + 2 * RH	# title, legend, the lanes' heads, the axis
	bot = top + nr * RH
	h = bot + 2 * RH + (caption == "" ? 0 : 2 * RH)
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"%d\">\n", c(W), c(h), c(W), c(h), FONT
	printf "<title>%s</title>\n", esc(title)
	if (caption != "")
		printf "<desc>%s</desc>\n", esc(caption)
	printf "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n"
	text(PAD, RH * 1.2, title, " font-weight=\"bold\" font-size=\"" FONT + 2 "\"")
	# the legend
	y = RH * 2.5; x = PAD
	for (k = 0; k <= 2; k++) {
		printf "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"/>\n", c(x), c(y - BH + 1), c(2 * CW), c(BH - 2), COL[k]
		x += 3 * CW
		text(x, y, LEG[k], "")
		x += (length(LEG[k]) + 3) * CW
	}
	y += RH
	x = PAD
	mark(x + CW, y - 4, "w"); x += 3 * CW; s = "PMIC write"; text(x, y, s, ""); x += (length(s) + 3) * CW
	mark(x + CW, y - 4, "r"); x += 3 * CW; s = "PMIC read"; text(x, y, s, ""); x += (length(s) + 3) * CW
	mark(x + CW, y - 4, "o"); x += 3 * CW; s = "another chip on the bus"; text(x, y, s, ""); x += (length(s) + 3) * CW
	s = "time runs to the right; the rows go down in the trace's order"
	text(x, y, s, " fill=\"#555555\"")
	# the lanes: tinted columns, headed
	for (k = 0; k <= 2; k++) {
		x1 = (k < 2 ? LX[k + 1] : x0) - CW
		printf "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\" fill-opacity=\"0.08\"/>\n", c(LX[k] - CW / 2), c(top - 2 * RH), c(x1 - LX[k] + CW / 2), c(bot - top + 2 * RH), COL[k]
		text(LX[k], top - RH, HEAD[k], " font-weight=\"bold\" fill=\"" COL[k] "\"")
	}
	# the axis, above and below the rows, and its grid
	text(x0, top - RH, "t (ms), from the start of the cycle", " fill=\"#555555\"")
	for (k = 0; k <= nt; k++) {
		x = x0 + k * step * pw / (nt * step)
		printf "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"#dddddd\"/>\n", c(x), c(top - 4), c(x), c(bot)
		s = sprintf("%g", k * step)
		text(x, top - 6, s, " text-anchor=\"middle\" font-size=\"" FONT - 2 "\" fill=\"#555555\"")
		text(x, bot + RH, s, " text-anchor=\"middle\" font-size=\"" FONT - 2 "\" fill=\"#555555\"")
	}
	scale = pw / (nt * step)
	# behind the rows: each window of the noirq phases, from the start of
	# suspend_noirq to the end of resume_noirq, when device interrupts are
	# off; and each sleep's line across the axis. Each within its boot's
	# rows (a hibernation's explain has several, each with its own times).
	k = 0; sec = 1
	for (i = 1; i <= nr; i++) {
		if (rk[i] == "boot") {
			k = 0; sec = i + 1
			continue
		}
		if (rk[i] == "phase" && rl[i] == 1 && rname[i] ~ /^suspend_noirq/)
			k = i
		if (k && rk[i] == "phase" && rl[i] == 1 && rname[i] ~ /^resume_noirq/ && rtook[i] != "" && \
		    rt[i] + rtook[i] >= rt[k]) {
			# (down to resume_noirq's last transfer)
			for (m = i + 1; m <= nr && rk[m] == "xfer"; m++)
				;
			x = x0 + rt[k] * scale; x1 = x0 + (rt[i] + rtook[i]) * scale
			printf "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"#fde68a\" fill-opacity=\"0.45\" stroke=\"#d97706\" stroke-dasharray=\"3,2\"/>\n", c(x), c(top + (k - 1) * RH), c(x1 - x), c((m - k) * RH)
			text(x1 + CW / 2, top + (k + 1) * RH - 4, "device interrupts off", " font-size=\"" FONT - 2 "\" fill=\"#92400e\"")
			text(x1 + CW / 2, top + (k + 2) * RH - 4, "(the noirq phases)", " font-size=\"" FONT - 2 "\" fill=\"#92400e\"")
			k = 0
		}
		if (rk[i] == "sleep") {
			for (m = i + 1; m <= nr && rk[m] != "boot"; m++)
				;
			x = x0 + rt[i] * scale
			printf "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"#1f2937\" stroke-width=\"2\" stroke-dasharray=\"4,3\"/>\n", c(x), c(top + (sec - 1) * RH), c(x), c(top + (m - 1) * RH)
		}
	}
	# the rows
	for (i = 1; i <= nr; i++) {
		y = top + i * RH - RH / 2
		if (i % 2 == 0)
			printf "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"#000000\" fill-opacity=\"0.035\"/>\n", c(PAD / 2), c(y - RH / 2), c(x0 + pw - PAD / 2), c(RH)
		mid = y + FONT / 2 - 2
		if (rk[i] == "boot") {
			text(PAD, mid, rname[i], " class=\"row boot\" font-style=\"italic\"")
			continue
		}
		x = x0 + rt[i] * scale
		if (rk[i] == "sleep") {
			printf "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"#1f2937\"/>\n", c(PAD / 2), c(y - RH / 2), c(x0 + pw - PAD / 2), c(RH)
			text(LX[0], mid, rname[i], " class=\"row sleep\" font-weight=\"bold\" fill=\"#ffffff\"")
			s = "asleep: enter(); the trace's clock stops"
			text(LX[1], mid, s, " fill=\"#ffffff\"")
			continue
		}
		if (rk[i] == "xfer") {
			col = rname[i] ~ /^0x[0-9a-f]+: / ? "#555555" : COL[3]
			text(rowx(i), mid, rname[i], " class=\"row xfer\" fill=\"" col "\"")
			m = rname[i] ~ /^0x[0-9a-f]+: / ? "o" : (rname[i] ~ / -> / ? "r" : "w")
			printf "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-opacity=\"0.4\" stroke-dasharray=\"1,2\"/>\n", c(rowx(i) + (length(rname[i]) + 1) * CW), c(y), c(x - 6), c(y), col
			mark(x, y, m)
			continue
		}
		text(rowx(i), mid, rname[i], " class=\"row phase\" fill=\"" COL[rl[i]] "\"")
		if (rtook[i] == "") {
			# no end: to the axis' end, open
			printf "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\" fill-opacity=\"0.4\"/>\n", c(x), c(y - BH / 2), c(x0 + pw - x), c(BH), COL[rl[i]]
			text(x0 + pw + CW, mid, "(no end)", " font-size=\"" FONT - 2 "\" fill=\"#555555\"")
			continue
		}
		w[9] = rtook[i] * scale
		if (w[9] < 2)
			w[9] = 2
		printf "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"/>\n", c(x), c(y - BH / 2), c(w[9]), c(BH), COL[rl[i]]
		text(x + w[9] + CW / 2, mid, rtook[i] " ms", " font-size=\"" FONT - 2 "\" fill=\"#555555\"")
	}
	if (caption != "")
		text(PAD, bot + 2.5 * RH, caption, " fill=\"#555555\"")
	printf "</svg>\n"
}

# A transfer's mark at (x, y): "w" a filled diamond, "r" a hollow one,
# "o" a dot
function mark(x, y, m,    r) {
	r = 5
	if (m == "o") {
		printf "<circle cx=\"%s\" cy=\"%s\" r=\"3.5\" fill=\"#555555\"/>\n", c(x), c(y)
		return
	}
	printf "<path d=\"M%s %sL%s %sL%s %sL%s %sZ\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>\n", \
	    c(x), c(y - r), c(x + r), c(y), c(x), c(y + r), c(x - r), c(y), \
	    m == "w" ? COL[3] : "#ffffff", COL[3]
}

BEGIN {
	W0 = 18; W1 = 21; W2 = 15
	X = W0 + W1 + W2	# where the transfers' column starts, after the time
	off[0] = 0; off[1] = W0; off[2] = W0 + W1
	# the picture: font size, a character's width (monospace), row
	# height, bar height, margin, the time axis' width; the lanes'
	# colours (and the PMIC's), legends, heads
	FONT = 12; CW = 7.3; RH = 17; BH = 10; PAD = 12; PW = 560
	COL[0] = "#4b5563"; COL[1] = "#1d4ed8"; COL[2] = "#c2410c"; COL[3] = "#b91c1c"
	LEG[0] = "the PM core's own step"
	LEG[1] = "device phase: every device's callback of one kind"
	LEG[2] = "platform callback (the board's)"
	HEAD[0] = "PM core"; HEAD[1] = "devices [callbacks]"; HEAD[2] = "platform"
	if (title == "")
		title = "A suspend cycle, drawn from its trace"
}

END {
	if (svg)
		svgout()
}

# explain's header
NR == 1 && /phase: what happens/ {
	if (svg)
		next
	print lead("t (ms)", 0) pad("PM core", W0) pad("devices [callbacks]", W1) \
	    pad("platform", W2) "I2C: PMIC REG = write, -> read"
	print lead("", 0) pad("-------", W0) pad("-------------------", W1) \
	    pad("--------", W2) "------------------------------"
	next
}

# A hibernation's boots: said as explain says them
/^-- / {
	if (svg)
		row("boot", "", "", 0, 0, $0)
	else
		print
	next
}

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
	if (svg)
		row("xfer", t, "", cur, d, s)
	else
		print lead(t, cur) arrow "> " s
	next
}

# A phase: time, how long it took (or "(no end)"), name: what happens
$1 ~ /^[0-9.]+$/ && ($2 ~ /^[0-9.]+$/ || $2 == "(no") {
	t = $1
	took = $2 == "(no" ? "" : $2
	name = $0
	sub(/^ *[0-9.]+ +([0-9.]+|\(no end\)) +/, "", name)
	n = ""
	if (match(name, /\[[0-9]+ device callbacks/))
		n = substr(name, RSTART + 1, RLENGTH - 18)
	# (its depth: 22 + 2 * depth characters before the name; "(no end)"
	# in the took column blanked first, its letters are not the name's)
	line = $0
	sub(/\(no end\)/, "        ", line)
	d = (match(line, /[A-Za-z]/) - 23) / 2
	sub(/:.*/, "", name)
	l = lane(name)
	lanes[d] = l
	if (name == "machine_suspend") {
		if (svg) {
			row("sleep", t, took, 0, d, name)
			next
		}
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
	if (svg)
		row("phase", t, took, l, d, name)
	else
		print lead(t, l) name
	next
}

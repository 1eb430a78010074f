# SPDX-License-Identifier: GPL-2.0
# log-json.awk: the lines of lava-run's output that lava/judge-job.sh
# judges, in JSON that jq reads. Portable: mawk and gawk.
#
# LAVA writes each log line as one YAML flow mapping (lava_common/log.py
# dump(): yaml.dump with default_flow_style and default_style '"'), which
# is JSON but for what YAML adds: a tag before a scalar that is not a
# string ("starttc": ! "452", "ok": ! "true", a key {! "1": ...}, !!binary
# "...", !!python/tuple [...] in 2023.01, whose Dumper is not the safe
# one), and YAML's escapes in double-quoted strings that JSON lacks (\e \0
# \a \v \xHH \UHHHHHHHH \N \_ \L \P: the emitter escapes every control
# and non-ASCII character so, and a console has many). Both are rewritten
# here, on a scan that knows what is inside a string and what is not (a
# string may hold ": ! "). 2026.10's dispatcher may put "- " before a line
# (YAMLListFormatter), as the server's /jobs/ID/logs/ does: dropped.
#
# Output, one line per line read that matters:
#   L<TAB>NR<TAB>JSON   a "results", "error" or "exception" log line, as
#                       JSON (jq judges whether it is: a line cut short
#                       stays unreadable)
#   U<TAB>NR<TAB>WHY: TEXT  such a line with YAML that JSON has no form
#                       for (a complex key "? ", an anchor or alias
#                       *id001), WHY naming it, tabs made spaces
#   X<TAB>NR<TAB>TEXT   a line that is no LAVA log line at all (lava-run's
#                       own stderr: a Python traceback, a warning), tabs
#                       made spaces
# Other log lines (target, info, debug, ...) are left out; -v
# levels="target" takes those levels instead (blank-separated), -v
# levels=any every log line.
BEGIN {
	if (levels == "") levels = "results error exception"
	n = split(levels, lv, " ")
	for (i = 1; i <= n; i++) want["\"" lv[i] "\""] = 1
}

# hex(S): the number the hex digits S spell (mawk has no strtonum)
function hex(s,   i, v) {
	v = 0
	s = toupper(s)
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789ABCDEF", substr(s, i, 1)) - 1
	return v
}
# u4(V): JSON's \uHHHH for V < 0x10000
function u4(v) {
	return sprintf("\\u%04x", v)
}
# esc(E): the JSON for YAML's escape E (its letter and any hex digits,
# without the backslash); E itself if JSON has it or YAML does not
function esc(e,   c, v) {
	c = substr(e, 1, 1)
	if (c == "0") return u4(0)
	if (c == "a") return u4(7)
	if (c == "v") return u4(11)
	if (c == "e") return u4(27)
	if (c == " ") return " "
	if (c == "N") return u4(133)
	if (c == "_") return u4(160)
	if (c == "L") return u4(8232)
	if (c == "P") return u4(8233)
	if (c == "\t") return "\\t"
	if (c == "x" && length(e) == 3) return u4(hex(substr(e, 2)))
	if (c == "U" && length(e) == 9) {
		v = hex(substr(e, 2))
		if (v < 65536) return u4(v)
		v -= 65536
		return u4(55296 + int(v / 1024)) u4(56320 + v % 1024)
	}
	return "\\" e
}
# escape(S): the escape at the start of S, the text after a backslash:
# its letter, with the hex digits of \x, \u or \U when all of them are
# there; else the letter alone, which JSON refuses (a bad escape must not
# take the closing quote with it)
function escape(s,   c, k) {
	c = substr(s, 1, 1)
	k = (c == "x") ? 2 : (c == "u") ? 4 : (c == "U") ? 8 : 0
	if (k && length(s) > k && substr(s, 2, k) !~ /[^0-9A-Fa-f]/) return substr(s, 1, k + 1)
	return c
}
# why(T): what makes T, text outside a string, not JSON: LAVA's Dumper
# quotes every scalar, so only a complex key "? " (PyYAML's form for a
# key of more than 128 characters) and an anchor "&id001" or its alias
# "*id001" (an object met twice) can be there; JSON has neither
function why(t) {
	if (index(t, "?")) return "a YAML complex key \"? \" (a key longer than 128 characters), which JSON has no form for"
	if (t ~ /[&*]/) return "a YAML anchor or alias (&id001, *id001: an object met twice), which JSON has no form for"
	return ""
}
# json(S): the YAML flow line S as JSON in out[1..nout], and why() it
# cannot be. One pass, over S split at each quote, backslash and "!":
# cutting S down as it is read, or adding to one output string, would copy
# the line again at every piece (a console line of 420 KB took minutes).
function json(s,   np, piece, i, p, t, c, k, st, e, w) {
	np = split(s, piece, /["\\!]/)
	nout = p = 0
	st = "out"	# out of a string, in one ("str"), in a tag, after a backslash
	w = ""
	for (i = 1; i <= np; i++) {
		t = piece[i]
		p += length(t) + 1
		c = substr(s, p, 1)	# the separator after the piece ("" at the end)
		if (st == "esc") {
			# the escaped letter starts the piece, or is the separator
			if (t == "") { out[++nout] = esc(c); st = "str"; continue }
			e = escape(t)
			out[++nout] = esc(e)
			t = substr(t, length(e) + 1)
			st = "str"
		} else if (st == "tag") {
			# a tag (! or !!NAME or !<URI>) runs to a blank: dropped with it
			if (!(k = index(t, " "))) continue
			t = substr(t, k + 1)
			st = "out"
		}
		if (st == "out" && w == "") w = why(t)
		out[++nout] = t
		if (c == "\"") { out[++nout] = c; st = (st == "str") ? "out" : "str" }
		else if (c == "\\") { if (st == "str") st = "esc"; else out[++nout] = c }
		else if (c == "!") { if (st == "str") out[++nout] = c; else st = "tag" }
	}
	return w
}
# emit(LINE): its L line, or a U line saying why it is not JSON
function emit(line,   w, i) {
	if ((w = json(line)) != "") {
		gsub(/\t/, " ", line)
		print "U\t" NR "\t" w ": " line
		return
	}
	printf "L\t%d\t", NR
	for (i = 1; i <= nout; i++) printf "%s", out[i]
	printf "\n"
}
{
	line = $0
	sub(/\r$/, "", line)
	if (substr(line, 1, 2) == "- ") line = substr(line, 3)
	if (substr(line, 1, 1) != "{") {
		if (line == "") next
		gsub(/\t/, " ", line)
		print "X\t" NR "\t" line
		next
	}
	if (levels != "any") {
		# (a line cut short, or of another shape: jq decides, and a
		# judge says what it cannot read, never drops it)
		if (!match(line, /^\{("dt": "[^"]*", )?"lvl": "[a-z]*"/)) {
			emit(line)
			next
		}
		l = substr(line, RSTART, RLENGTH)
		sub(/.*"lvl": /, "", l)
		if (!(l in want)) next
	}
	emit(line)
}

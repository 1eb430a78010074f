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
#                       JSON (jq judges whether it is: a line this cannot
#                       make JSON, an alias *id001 say, stays unreadable)
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
	if (c == "x") return u4(hex(substr(e, 2)))
	if (c == "U") {
		v = hex(substr(e, 2))
		if (v < 65536) return u4(v)
		v -= 65536
		return u4(55296 + int(v / 1024)) u4(56320 + v % 1024)
	}
	return "\\" e
}
# json(S): the YAML flow line S as JSON
function json(s,   out, c, e) {
	out = ""
	while (match(s, /["!]/)) {
		out = out substr(s, 1, RSTART - 1)
		c = substr(s, RSTART, 1)
		s = substr(s, RSTART + 1)
		if (c == "!") {
			# a tag (! or !!NAME or !<URI>) and the blank after it
			match(s, /^[^ ]* ?/)
			s = substr(s, RLENGTH + 1)
			continue
		}
		# a double-quoted string, to its closing quote
		out = out "\""
		c = ""
		while (match(s, /[\\"]/)) {
			out = out substr(s, 1, RSTART - 1)
			c = substr(s, RSTART, 1)
			s = substr(s, RSTART + 1)
			if (c == "\"") break
			e = substr(s, 1, 1)
			if (e == "x") e = substr(s, 1, 3)
			else if (e == "u") e = substr(s, 1, 5)
			else if (e == "U") e = substr(s, 1, 9)
			s = substr(s, length(e) + 1)
			out = out esc(e)
		}
		# (no closing quote: the rest as it is, which jq refuses)
		if (c != "\"") return out s
		out = out c
	}
	return out s
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
			print "L\t" NR "\t" json(line)
			next
		}
		l = substr(line, RSTART, RLENGTH)
		sub(/.*"lvl": /, "", l)
		if (!(l in want)) next
	}
	print "L\t" NR "\t" json(line)
}

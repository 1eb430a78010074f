# SPDX-License-Identifier: GPL-2.0
# check-format-ours.awk: of scripts/check-format.sh's report, the hunks
# that are the series' own (scripts/check.sh's clang-format gate). A hunk
# ("FILE:LINE: differs from clang-format:" and the lines after it) in an
# upstream file, one of the list in file upstreamf, is the series' only if
# it starts on a line the series adds, "FILE:LINE" in file addedf; in
# our own files every hunk is. Paths relative to the kernel tree.
BEGIN {
	keep = 1
	while ((getline l < addedf) > 0)
		ours[l] = 1
	while ((getline l < upstreamf) > 0)
		upstream[l] = 1
}
/^[^ ].*: differs from clang-format:$/ {
	split($0, p, ":")
	keep = !(p[1] in upstream) || ((p[1] ":" p[2]) in ours)
}
keep

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# parity-selftest.sh: every guest plan runs on both PMIC profiles
# (tests/plan-profiles.sh) but those docs/tests.md lists under "One PMIC
# profile only", each as "- `PLAN` (PROFILE): why". One result per plan:
# a plan on one profile that is not listed fails, and so does a listed
# plan that runs on another profile or on both (the list goes stale).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
list=$(awk '/^## / { on = ($0 == "## One PMIC profile only") }
	on && /^- `[a-z0-9-]+` \([a-z0-9]+\):/ {
		split($0, w, /[`()]/); print w[2], w[4] }' docs/tests.md)
pass=0 fail=0 n=0
for f in tests/plans/*.sh; do
	p=$(basename "$f" .sh)
	case $p in fixture-*) continue ;; esac
	n=$((n + 1))
	want=$(echo "$list" | awk -v p="$p" '$1 == p { print $2 }')
	got=$(sh tests/plan-profiles.sh "$f")
	if [ "$got" = "${want:-twl92230 axp209}" ]; then
		echo "    ok $n parity.$p"; pass=$((pass + 1))
	else
		echo "    not ok $n parity.$p"; fail=$((fail + 1))
		echo "    # $p runs on '$got'; docs/tests.md lists ${want:-no exception for it}"
	fi
done
# An exception naming no plan (renamed, removed) is stale too
for p in $(echo "$list" | cut -d' ' -f1); do
	[ -f "tests/plans/$p.sh" ] && continue
	n=$((n + 1)) fail=$((fail + 1))
	echo "    not ok $n parity.listed.$p"
	echo "    # docs/tests.md lists $p, which is no plan"
done
echo "# counts: $pass $fail 0"
[ "$fail" = 0 ]

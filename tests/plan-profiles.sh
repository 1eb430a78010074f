#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# plan-profiles.sh PLAN-FILE: the PMIC profiles a test plan runs on, one
# word each: its "# pmic:" header (tests/plan-meta.sh, which says
# twl92230 when there is none: the plans were written for the TWL92230
# first). The LAVA jobs (lava/make-jobs.sh) ask it; the suite
# (tests/run.sh) reads the same header for all plans at once (plan-meta.sh
# --each), with the same default. Exit status 2 on a bad plan header.
top=$(cd "$(dirname "$0")/.." && pwd)
profs=$(sh "$top/tests/plan-meta.sh" "$1" pmic) || exit 2
echo $profs

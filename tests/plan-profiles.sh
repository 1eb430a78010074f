#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# plan-profiles.sh PLAN-FILE: the PMIC profiles a test plan runs on, one
# word each: the words of its first "# pmic:" header line, or twl92230
# when it has none (the plans were written for the TWL92230 first). One
# rule for the suite (tests/run.sh) and the LAVA jobs (lava/make-jobs.sh).
profs=$(sed -n 's/^# pmic: //p' "$1" 2>/dev/null | head -n 1)
echo "${profs:-twl92230}"

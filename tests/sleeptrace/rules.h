/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SLEEPTRACE_RULES_H
#define SLEEPTRACE_RULES_H

#include "trace.h"

/*
 * Check the suspend/resume ordering contract on a capture; print one line
 * per rule (ok, skip or FAIL with the trace lines involved). Returns the
 * number of violated rules.
 */
int rules_check(const struct trace *t, int pmic);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SLEEPTRACE_RULES_H
#define SLEEPTRACE_RULES_H

#include "trace.h"

#define MAX_CYCLES	256

/*
 * Check the suspend/resume ordering contract on a capture: one KTAP result
 * per rule and suspend cycle (a hibernation: per hibernation rule),
 * numbered from @first, "ok N oracle.RULE-ID" ("oracle.CYCLE.RULE-ID" in a
 * capture of several cycles; rules_name() sets another prefix), after a
 * "# NAME: text (holds)" line: the name never carries the verdict. The @nexpect
 * rule IDs in @expect must be violated, every other rule must hold; a rule
 * the capture cannot show is a skip (a failure when it was expected
 * violated). A violation's trace lines follow as "#" lines, and each
 * cycle's results a "# oracle: judged N of M rules; could not judge: ..."
 * line. @cut: the first cycle that is cut short (no thaw_processes end),
 * else 0. Returns the number of results that are not "ok".
 */
int rules_check(const struct trace *t, const struct pmic_set *pm, int first,
		char *const *expect, int nexpect, int *cut);

/* The results' name prefix, "oracle" unless set */
void rules_name(const char *prefix);

/*
 * Every rule must be judged: one the capture cannot show is a failure,
 * unless it is one of the @nmay IDs in @may, which stay skips ("# SKIP
 * may-skip: WHY"). For a test plan whose capture is known to carry every
 * event it needs: a lost event must not pass as a skip.
 */
void rules_judge_all(char *const *may, int nmay);

/*
 * What check found, stated for a program that reads its output: a
 * "# kind: KIND" line for each cycle it judges, in cycle order (a
 * hibernation, both boots, is one), and "# kind: none" for a capture with
 * no cycle in it (no power:suspend_resume event: exit 2). The words are
 * fixed, the same that tag the rules of one kind in 'sleeptrace rules'.
 */
enum kind { KIND_NONE, KIND_OPS, KIND_S2IDLE, KIND_HIBERNATION, NKINDS };
void rules_print_kind(enum kind k);

/* How many rules there are; whether @id names one; print "ID text" lines. */
int rules_count(void);
int rules_count_for(const struct trace *t);	/* the results @t gets */
bool rule_known(const char *id);
/* Whether @t holds a hibernation (dpm_* phases of its PM events) */
bool is_hibernation(const struct trace *t);
void rules_list(void);

#endif

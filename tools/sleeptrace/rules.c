// SPDX-License-Identifier: GPL-2.0
/*
 * The suspend/resume ordering contract the board relies on (see the seed
 * article and commit 6a7c7eaf): each rule is checked on the event order of
 * one captured cycle. Platform callbacks appear as "platform_<callback>"
 * suspend_resume phases; a cycle without them (a stock kernel's, which
 * does not trace them; s2idle, or a pm_test level that stops earlier)
 * skips the rules that need them, naming the phase, and is judged on the
 * rules that the PM core's own events show (its phase order, device
 * order, aborts, PMIC traffic with the CPUs down).
 *
 * A capture of several cycles (each from its suspend_enter) gets each
 * rule once per cycle, in cycle order.
 *
 * Suspend-to-idle has platform callbacks of its own (platform_s2idle_ops),
 * traced under their own names but with the state's value 1
 * (PM_SUSPEND_TO_IDLE) where suspend_ops' carry standby's 2 or mem's 3:
 * its prepare runs after the late suspend phase, not before it, and its
 * prepare_late pairs with restore_early (before the noirq resume phase),
 * not with wake, which s2idle calls before each idle. A rule judges the
 * cycles of one kind (suspend_ops, suspend-to-idle) or both; a cycle gets
 * a result for each rule of its kind only, so a suspend-to-RAM capture is
 * judged as before s2idle had rules.
 *
 * Each rule has a stable ID (rules[] below): plans name the rules they
 * expect violated by ID, and the verdicts are KTAP results the test
 * runner relays as they are, so no other file repeats the rule names.
 *
 * A monitored sleep (platform suspend_again) repeats suspend_enter(), from
 * platform_prepare to platform_finish, several times inside one
 * suspend/resume. Each round is then checked as a cycle of its own (the
 * events before the first round and after the last, with that round's),
 * and each rule gets one result: from the first round that breaks it, else
 * from the first round that shows it.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

enum sel_kind { S_NONE, S_PHASE_BEGIN, S_PHASE_END, S_CB_START, S_CB_END };

struct sel {
	enum sel_kind kind;
	const char *name;	/* phase */
	const char *level;	/* callbacks: "", "late" or "noirq" */
	const char *verb;	/* callbacks: "suspend" or "resume" */
	unsigned int val;	/* phases: the PM event or state; 0: any */
};

/* Callback end events carry their start's level and verb (trace.c). */
static bool selected(const struct trace *t, int i, const struct sel *s)
{
	const struct ev *e = &t->ev[i];

	switch (s->kind) {
	case S_PHASE_BEGIN:
	case S_PHASE_END:
		return e->kind == EV_PHASE && e->begin == (s->kind == S_PHASE_BEGIN) &&
		       !strcmp(e->name, s->name) && (!s->val || e->val == s->val);
	case S_CB_START:
	case S_CB_END:
		return e->kind == (s->kind == S_CB_START ? EV_CB_START : EV_CB_END) &&
		       !strcmp(cb_level(e), s->level) && !strcmp(e->verb, s->verb);
	case S_NONE:
		break;
	}
	return false;
}

struct rule {
	const char *id, *text;
	int (*check)(const struct trace *t, const struct rule *r, const struct pmic_set *pm);
	const struct sel *a, *b;	/* before(): every a before every b */
	/*
	 * What the rule judges that only this series traces (a stock
	 * kernel's capture has no platform_* phases): named when skipped.
	 */
	const char *needs;
	/* HAS_*: the kinds of event it is judged on, beyond phases */
	unsigned int need;
	/* ST_*: the cycles it judges */
	unsigned int states;
};

/* A rule for every cycle, suspend_ops' only (standby, mem), s2idle's only */
#define ST_ALL		0
#define ST_OPS		KIND_OPS
#define ST_S2IDLE	KIND_S2IDLE

/* The kinds' words: "# kind:" lines, the rules' tags, messages */
static const char *const kind_names[NKINDS] = {
	[KIND_NONE] = "none",
	[KIND_OPS] = "suspend_ops",
	[KIND_S2IDLE] = "suspend-to-idle",
	[KIND_HIBERNATION] = "hibernation",
};

void rules_print_kind(enum kind k)
{
	printf("# kind: %s\n", kind_names[k]);
}

static bool rule_applies(const struct rule *r, bool s2idle)
{
	return r->states == ST_ALL || (r->states == ST_S2IDLE) == s2idle;
}

/*
 * The rule being checked: its KTAP number, whether it must break, and
 * while rounds are tried silently (@quiet), what it came to (@held,
 * @skipped). @round names the round reported in a violation's diagnostic.
 */
static struct {
	int n;
	bool want_violated;
	int unexpected;
	bool quiet, held, skipped;
	const char *round;
	int cycle;		/* of several, from 1; 0: the capture's only one */
	/* the rules skipped, and why in short, for the cycle's summary */
	struct {
		const char *id;
		char why[96];
	} unjudged[64];
	int nunjudged;
} cur;

/* printf(), unless a round is being tried silently */
static __attribute__((format(printf, 1, 2))) void say(const char *fmt, ...)
{
	va_list ap;

	if (cur.quiet)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static const char *result_prefix = "oracle";

void rules_name(const char *prefix)
{
	result_prefix = prefix;
}

static struct {
	bool on;
	char *const *may;
	int nmay;
} judge_all;

void rules_judge_all(char *const *may, int nmay)
{
	judge_all.on = true;
	judge_all.may = may;
	judge_all.nmay = nmay;
}

static bool may_skip(const struct rule *r)
{
	int j;

	for (j = 0; j < judge_all.nmay; j++)
		if (!strcmp(judge_all.may[j], r->id))
			return true;
	return false;
}

/*
 * The result's name: PREFIX.RULE-ID, or PREFIX.CYCLE.RULE-ID in a capture
 * of several cycles; the same on every run, whatever the verdict
 */
static const char *rname(const struct rule *r)
{
	static char name[192];

	if (cur.cycle)
		snprintf(name, sizeof(name), "%s.%d.%s", result_prefix, cur.cycle, r->id);
	else
		snprintf(name, sizeof(name), "%s.%s", result_prefix, r->id);
	return name;
}

/*
 * One KTAP result for rule @r: "ok" when it holds or, if the plan expects
 * it to, is violated. What the rule says and what came of it is the
 * diagnostic line before it; a violation's lines follow as "#" lines.
 */
static int verdict(const struct rule *r, bool held, const char *why)
{
	bool good = held != cur.want_violated;

	cur.held = held;
	cur.skipped = false;
	cur.unexpected += !good;
	say("# %s: %s (%s%s)\n", rname(r), r->text, held ? "holds" : "violated",
	    good ? (held ? "" : ", as expected") :
	    (held ? ", expected to be violated" : ", expected to hold"));
	say("%s %d %s\n", good ? "ok" : "not ok", cur.n, rname(r));
	if (!held)
		say("# %s%s\n", cur.round ? cur.round : "", why);
	return !held;
}

static void show(const struct trace *t, int i)
{
	if (i >= 0)
		say("#     line %d: %s\n", t->ev[i].line, t->ev[i].raw);
}

static int fail(const struct rule *r, const char *why)
{
	return verdict(r, false, why);
}

static int ok(const struct rule *r)
{
	return verdict(r, true, NULL);
}

/*
 * The capture cannot show the rule: a skip, unless the plan expects the
 * rule violated (a negative demonstration that did not happen fails).
 */
static int skip_as(const struct rule *r, const char *why, const char *summary)
{
	cur.held = true;
	cur.skipped = true;
	if (cur.want_violated) {
		cur.unexpected++;
		say("# %s: %s (%s, expected to be violated)\n", rname(r), r->text, why);
		say("not ok %d %s\n", cur.n, rname(r));
	} else if (!judge_all.on) {
		say("ok %d %s # SKIP %s\n", cur.n, rname(r), why);
	} else if (may_skip(r)) {
		say("ok %d %s # SKIP may-skip: %s\n", cur.n, rname(r), why);
	} else {
		cur.unexpected++;
		say("# %s: %s (could not judge: %s; --may-skip does not name it)\n",
		    rname(r), r->text, why);
		say("not ok %d %s\n", cur.n, rname(r));
	}
	if (!cur.quiet && cur.nunjudged < 64) {
		cur.unjudged[cur.nunjudged].id = r->id;
		snprintf(cur.unjudged[cur.nunjudged++].why, sizeof(cur.unjudged[0].why), "%s",
			 summary);
	}
	return 0;
}

static int skip(const struct rule *r, const char *why)
{
	return skip_as(r, why, why);
}

/*
 * Every event selected by @a (either selector) comes before every event
 * selected by @b: a PM core phase marker, or the device callbacks inside it.
 */
static int before(const struct trace *t, const struct rule *rule, const struct pmic_set *pm)
{
	const struct sel *a = rule->a, *b = rule->b;
	int i, last_a = -1, first_b = -1;

	(void)pm;
	for (i = 0; i < t->n; i++) {
		if (selected(t, i, &a[0]) || selected(t, i, &a[1]))
			last_a = i;
		if (first_b < 0 && (selected(t, i, &b[0]) || selected(t, i, &b[1])))
			first_b = i;
	}
	if (last_a < 0 || first_b < 0)
		return skip(rule, "not in this capture");
	if (last_a < first_b)
		return ok(rule);
	fail(rule, "out of order");
	show(t, first_b);
	show(t, last_a);
	return 1;
}

static bool is_pmic(const struct ev *e, const struct pmic_set *pm)
{
	return is_pmic_xfer(e, pm);
}

static bool is_arming(const struct ev *e, const struct pmic_set *pm)
{
	return is_pmic(e, pm) && !strncmp(e->who, "platform_prepare", 16);
}

/*
 * The platform arms the PMIC in prepare_late, if anywhere, and every
 * arming write works.
 */
static int arming_in_prepare_late(const struct trace *t, const struct rule *rule,
				  const struct pmic_set *pm)
{
	int b = phase_first(t, "platform_prepare_late", true);
	int e = phase_first(t, "platform_prepare_late", false);
	int i, n = 0, bad = 0;
	char why[64];

	if (b < 0)
		return skip(rule, "no platform prepare_late in this capture");
	for (i = 0; i < t->n; i++) {
		if (!is_arming(&t->ev[i], pm))
			continue;
		if (i < b || (e >= 0 && i > e) || t->ev[i].ret < 0) {
			/* the error code says which layer refused the transfer */
			if (i < b || (e >= 0 && i > e))
				snprintf(why, sizeof(why), "PMIC armed %s prepare_late",
					 i < b ? "before" : "after");
			else
				snprintf(why, sizeof(why), "arming transfer failed: %d (%s)",
					 t->ev[i].ret, strerror(-t->ev[i].ret));
			if (!bad++)
				fail(rule, why);
			show(t, i);
		}
		n++;
	}
	/*
	 * Nothing to judge: the platform arms nothing in this state (this
	 * board's standby), or on this board at all
	 */
	if (!n && !bad)
		return skip(rule, "no PMIC transfer inside prepare_late");
	return bad ? 1 : ok(rule);
}

/*
 * Once armed, nobody talks to the PMIC until the platform's wake (in
 * suspend-to-idle, restore_early: its wake runs before each idle).
 */
static int quiet_while_armed(const struct trace *t, const struct rule *rule,
			     const struct pmic_set *pm)
{
	int i, armed = -1, wake;

	wake = phase_first(t, trace_is_s2idle(t) ? "platform_restore_early" : "platform_wake", true);

	for (i = 0; i < t->n; i++)
		if (is_arming(&t->ev[i], pm))
			armed = i;
	if (armed < 0)
		return skip(rule, "the PMIC was not armed in this capture");
	for (i = armed + 1; i < t->n && (wake < 0 || i < wake); i++) {
		if (is_pmic(&t->ev[i], pm) && !is_arming(&t->ev[i], pm)) {
			fail(rule, "PMIC traffic after arming");
			show(t, armed);
			show(t, i);
			return 1;
		}
	}
	return ok(rule);
}

/*
 * The first callback start/end of each device, level and verb: an index
 * into the (sub)trace being checked, so that the order rules stay linear
 * on a large board's capture. Open addressing, FNV-1a.
 */
static struct {
	const struct trace *t;
	int *slot;
	size_t size;
} cbmap;

static unsigned long cb_hash(const char *dev, const char *level, const char *verb, bool end)
{
	const char *const parts[] = { dev, level, verb };
	unsigned long h = 2166136261u ^ end;
	size_t i;

	for (i = 0; i < 3; i++) {
		const char *p;

		for (p = parts[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 16777619u;
		h = (h ^ '/') * 16777619u;
	}
	return h;
}

static bool cb_is(const struct ev *e, const char *dev, const char *level, const char *verb,
		  bool end)
{
	return e->kind == (end ? EV_CB_END : EV_CB_START) && !strcmp(e->name, dev) &&
	       !strcmp(cb_level(e), level) && !strcmp(e->verb, verb);
}

static void cbmap_build(const struct trace *t)
{
	size_t h;
	int i;

	cbmap.t = t;
	cbmap.size = 2 * (size_t)t->n + 1;
	cbmap.slot = malloc(cbmap.size * sizeof(int));
	if (!cbmap.slot) {
		perror("sleeptrace");
		exit(2);
	}
	for (h = 0; h < cbmap.size; h++)
		cbmap.slot[h] = -1;
	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];
		bool end = e->kind == EV_CB_END;

		if (e->kind != EV_CB_START && !end)
			continue;
		h = cb_hash(e->name, cb_level(e), e->verb, end) % cbmap.size;
		while (cbmap.slot[h] >= 0 &&
		       !cb_is(&t->ev[cbmap.slot[h]], e->name, cb_level(e), e->verb, end))
			h = (h + 1) % cbmap.size;
		if (cbmap.slot[h] < 0)
			cbmap.slot[h] = i;
	}
}

static void cbmap_free(void)
{
	free(cbmap.slot);
	memset(&cbmap, 0, sizeof(cbmap));
}

/* Index of the callback start/end of @dev at @level with @verb, or -1. */
static int cb_index(const struct trace *t, const char *dev, const char *level,
		    const char *verb, bool end)
{
	size_t h;
	int i;

	if (cbmap.t == t) {
		h = cb_hash(dev, level, verb, end) % cbmap.size;
		for (; cbmap.slot[h] >= 0; h = (h + 1) % cbmap.size)
			if (cb_is(&t->ev[cbmap.slot[h]], dev, level, verb, end))
				return cbmap.slot[h];
		return -1;
	}
	for (i = 0; i < t->n; i++)
		if (cb_is(&t->ev[i], dev, level, verb, end))
			return i;
	return -1;
}

/*
 * @first's callback ends before @second's starts, at every level where both
 * have one, for @verb. Returns 1 and reports the first violation.
 */
static int pair_order(const struct trace *t, const struct rule *rule, const char *first,
		      const char *second, const char *verb)
{
	static const char *const levels[] = { "", "late", "noirq" };
	size_t l;

	for (l = 0; l < 3; l++) {
		int a = cb_index(t, first, levels[l], verb, true);
		int b = cb_index(t, second, levels[l], verb, false);

		if (a >= 0 && b >= 0 && a > b) {
			char why[512];

			snprintf(why, sizeof(why), "%s %s%s%s before %s", second, levels[l],
				 *levels[l] ? " " : "", verb, first);
			fail(rule, why);
			show(t, b);
			show(t, a);
			return 1;
		}
	}
	return 0;
}

static int children_first(const struct trace *t, const struct rule *rule, const struct pmic_set *pm)
{
	int i, pairs = 0, r = 0;

	(void)pm;
	cbmap_build(t);
	for (i = 0; i < t->n && !r; i++) {
		const struct ev *e = &t->ev[i];

		/* Names are all the trace has: a child named like its parent
		 * (MTD partitions) cannot be told apart from it. */
		if (e->kind != EV_CB_START || !strcmp(e->parent, "none") ||
		    !strcmp(e->parent, e->name) ||
		    cb_index(t, e->name, cb_level(e), e->verb, false) != i)
			continue;
		pairs++;
		r = pair_order(t, rule, e->name, e->parent, "suspend") ||
		    pair_order(t, rule, e->parent, e->name, "resume");
	}
	cbmap_free();
	if (r)
		return 1;
	return pairs ? ok(rule) : skip(rule, "no parent/child callbacks");
}

static int links_respected(const struct trace *t, const struct rule *rule,
			   const struct pmic_set *pm)
{
	int i, r = 0;

	(void)pm;
	if (!t->nlinks)
		return skip(rule, "no '# devlink:' lines in this capture");
	cbmap_build(t);
	for (i = 0; i < t->nlinks && !r; i++) {
		const struct link *l = &t->links[i];

		r = pair_order(t, rule, l->consumer, l->supplier, "suspend") ||
		    pair_order(t, rule, l->supplier, l->consumer, "resume");
	}
	cbmap_free();
	return r ? 1 : ok(rule);
}

/*
 * Abort paths. A failed suspend callback (device_pm_callback_end with an
 * error) ends the descent: the PM core starts no callback of a deeper
 * level, nor platform prepare after a failure before it, nor prepare_late
 * or enter. Callbacks of the failed level may still start (async ones
 * already queued); the unwind is checked by the order rules above.
 */
static int cb_depth(const struct ev *e)
{
	static const char *const levels[] = { "prepare", "", "late", "noirq" };
	int d;

	for (d = 0; d < 4; d++)
		if (!strcmp(cb_level(e), levels[d]))
			break;
	return d;
}

static int abort_stops_descent(const struct trace *t, const struct rule *rule,
			       const struct pmic_set *pm)
{
	/* the platform's prepare: suspend_ops' before the late phase, s2idle's after */
	int i, failed = -1, prepare_depth = trace_is_s2idle(t) ? 3 : 2;

	(void)pm;
	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];
		bool deeper;

		if (failed < 0) {
			if (e->kind == EV_CB_END && e->err && !strcmp(e->verb, "suspend"))
				failed = i;
			continue;
		}
		deeper = (e->kind == EV_CB_START && !strcmp(e->verb, "suspend") &&
			  cb_depth(e) > cb_depth(&t->ev[failed])) ||
			 (e->kind == EV_PHASE && e->begin &&
			  (!strcmp(e->name, "platform_prepare_late") ||
			   !strcmp(e->name, "machine_suspend") ||
			   (!strcmp(e->name, "platform_prepare") &&
			    cb_depth(&t->ev[failed]) < prepare_depth)));
		if (deeper) {
			fail(rule, "the suspend went deeper after a failed callback");
			show(t, failed);
			show(t, i);
			return 1;
		}
	}
	return ok(rule);
}

/*
 * Every platform callback that sets something up has its counterpart,
 * also when the suspend aborts: begin -> end, prepare -> finish,
 * prepare_late -> wake (which the core runs when prepare_late itself
 * failed), each before the next round's opener. Suspend-to-idle: begin ->
 * end, prepare_late -> restore_early (run when prepare_late failed too);
 * its restore does not follow a prepare that failed, and a trace does not
 * say which did.
 */
static int platform_pairs(const struct trace *t, const struct rule *rule, const struct pmic_set *pm)
{
	static const char *const ops_pairs[][2] = {
		{ "platform_begin", "platform_end" },
		{ "platform_prepare", "platform_finish" },
		{ "platform_prepare_late", "platform_wake" },
	};
	static const char *const s2idle_pairs[][2] = {
		{ "platform_begin", "platform_end" },
		{ "platform_prepare_late", "platform_restore_early" },
	};
	bool s2idle = trace_is_s2idle(t);
	const char *const (*pairs)[2] = s2idle ? s2idle_pairs : ops_pairs;
	size_t p, npairs = s2idle ? 2 : 3;
	int i, open, seen = 0;

	(void)pm;
	for (p = 0; p < npairs; p++) {
		open = -1;
		for (i = 0; i <= t->n; i++) {
			const struct ev *e = i < t->n ? &t->ev[i] : NULL;
			bool opener = e && e->kind == EV_PHASE && e->begin &&
				      !strcmp(e->name, pairs[p][0]);

			if (open >= 0 && (!e || opener)) {
				char why[128];

				snprintf(why, sizeof(why), "%s without %s after it",
					 pairs[p][0], pairs[p][1]);
				fail(rule, why);
				show(t, open);
				return 1;
			}
			if (opener) {
				open = i;
				seen++;
			} else if (e && e->kind == EV_PHASE && e->begin &&
				   !strcmp(e->name, pairs[p][1])) {
				open = -1;
			}
		}
	}
	return seen ? ok(rule) : skip(rule, "no platform callbacks in this capture");
}

#define PHASE(_k, _n)		{ _k, _n, NULL, NULL, 0 }
#define CB(_k, _level, _verb)	{ _k, NULL, _level, _verb, 0 }
#define NONE			{ S_NONE, NULL, NULL, NULL, 0 }

static const struct sel devices_down[] = { CB(S_CB_END, "", "suspend"),
					   PHASE(S_PHASE_END, "dpm_suspend") };
static const struct sel prepare_begin[] = { PHASE(S_PHASE_BEGIN, "platform_prepare"), NONE };
static const struct sel prepare_end[] = { PHASE(S_PHASE_END, "platform_prepare"), NONE };
static const struct sel late_down_begin[] = { CB(S_CB_START, "late", "suspend"),
					      PHASE(S_PHASE_BEGIN, "dpm_suspend_late") };
static const struct sel late_down_end[] = { CB(S_CB_END, "late", "suspend"),
					    PHASE(S_PHASE_END, "dpm_suspend_late") };
static const struct sel irqs_off[] = { PHASE(S_PHASE_BEGIN, "dpm_suspend_noirq"), NONE };
static const struct sel noirq_down_end[] = { CB(S_CB_END, "noirq", "suspend"),
					     PHASE(S_PHASE_END, "dpm_suspend_noirq") };
static const struct sel prepare_late_begin[] = { PHASE(S_PHASE_BEGIN, "platform_prepare_late"),
						 NONE };
static const struct sel wake_end[] = { PHASE(S_PHASE_END, "platform_wake"), NONE };
static const struct sel noirq_up_begin[] = { CB(S_CB_START, "noirq", "resume"),
					     PHASE(S_PHASE_BEGIN, "dpm_resume_noirq") };
static const struct sel early_up_end[] = { CB(S_CB_END, "late", "resume"),
					   PHASE(S_PHASE_END, "dpm_resume_early") };
static const struct sel finish_begin[] = { PHASE(S_PHASE_BEGIN, "platform_finish"), NONE };
static const struct sel finish_end[] = { PHASE(S_PHASE_END, "platform_finish"), NONE };
static const struct sel devices_up[] = { CB(S_CB_START, "", "resume"),
					 PHASE(S_PHASE_BEGIN, "dpm_resume") };
/* Suspend-to-idle's */
static const struct sel noirq_down_begin[] = { CB(S_CB_START, "noirq", "suspend"),
					       PHASE(S_PHASE_BEGIN, "dpm_suspend_noirq") };
static const struct sel restore_early_end[] = { PHASE(S_PHASE_END, "platform_restore_early"),
						NONE };
static const struct sel noirq_up_end[] = { CB(S_CB_END, "noirq", "resume"),
					   PHASE(S_PHASE_END, "dpm_resume_noirq") };
static const struct sel restore_begin[] = { PHASE(S_PHASE_BEGIN, "platform_restore"), NONE };
static const struct sel restore_end[] = { PHASE(S_PHASE_END, "platform_restore"), NONE };
static const struct sel early_up_begin[] = { CB(S_CB_START, "late", "resume"),
					     PHASE(S_PHASE_BEGIN, "dpm_resume_early") };

/*
 * The PM core's own phases, in the order suspend_devices_and_enter() and
 * suspend_enter() run them: every kernel traces these, so a stock kernel's
 * capture is judged on them. A phase that did not run (an abort, one
 * CPU) is left out; each one that ran ends before the next one begins.
 * The console's resume is traced as resume_console by 6.12, as
 * console_resume_all by 7.3: a capture has one or the other, in one place.
 */
static const char *const core_order[] = {
	"freeze_processes", "dpm_prepare", "dpm_suspend", "dpm_suspend_late",
	"dpm_suspend_noirq", "CPU_OFF", "syscore_suspend", "machine_suspend",
	"syscore_resume", "CPU_ON", "dpm_resume_noirq", "dpm_resume_early",
	"dpm_resume", "dpm_complete", "resume_console", "console_resume_all",
	"thaw_processes",
};

#define NCORE	((int)(sizeof(core_order) / sizeof(core_order[0])))

static int core_phase(const struct ev *e)
{
	int p;

	if (e->kind != EV_PHASE)
		return -1;
	for (p = 0; p < NCORE; p++)
		if (!strcmp(e->name, core_order[p]))
			return p;
	return -1;
}

static int pm_core_order(const struct trace *t, const struct rule *rule,
			 const struct pmic_set *pm)
{
	int first_begin[NCORE], last[NCORE], i, a, b, seen = 0;

	(void)pm;
	for (a = 0; a < NCORE; a++) {
		first_begin[a] = -1;
		last[a] = -1;
	}
	for (i = 0; i < t->n; i++) {
		int p = core_phase(&t->ev[i]);

		if (p < 0)
			continue;
		if (t->ev[i].begin && first_begin[p] < 0)
			first_begin[p] = i;
		last[p] = i;
	}
	for (a = 0; a < NCORE; a++) {
		if (last[a] < 0)
			continue;
		seen++;
		for (b = a + 1; b < NCORE; b++) {
			char why[128];

			if (first_begin[b] < 0 || last[a] < first_begin[b])
				continue;
			snprintf(why, sizeof(why), "%s began before %s was over",
				 core_order[b], core_order[a]);
			fail(rule, why);
			show(t, first_begin[b]);
			show(t, last[a]);
			return 1;
		}
	}
	return seen > 1 ? ok(rule) : skip(rule, "no PM core phases in this capture");
}

/*
 * From the first non-boot CPU going down (or syscore_suspend, or enter) to
 * the last one back (or syscore_resume, or the capture's end where it
 * never came back): one CPU, then interrupts off.
 * prepare_late comes before, wake after; nothing talks to the PMIC here.
 * A stock kernel traces these phases too.
 */
static int pmic_quiet_cpus_off(const struct trace *t, const struct rule *rule,
			       const struct pmic_set *pm)
{
	static const char *const down[] = { "CPU_OFF", "syscore_suspend", "machine_suspend" };
	static const char *const up[] = { "CPU_ON", "syscore_resume", "machine_suspend" };
	int from = -1, to = -1, i;
	size_t k;

	for (k = 0; k < 3; k++) {
		int d = phase_first(t, down[k], true), u = phase_last(t, up[k], false);

		if (d >= 0 && (from < 0 || d < from))
			from = d;
		if (u > to)
			to = u;
	}
	if (from < 0)
		return skip(rule, "no CPU_OFF, syscore_suspend or machine_suspend in this cycle");
	/*
	 * Down but never back (a board that did not wake, a capture cut
	 * short): the window runs to the end of what was captured. A cycle
	 * that did resume but lost the lines of its way back leaves no end
	 * to judge to: its resume would be taken for the CPUs being down.
	 */
	if (to < from) {
		if (phase_last(t, "thaw_processes", false) >= 0)
			return skip(rule, "the cycle resumed, but the capture lost where its CPUs came back");
		to = t->n - 1;
	}
	for (i = from; i <= to; i++) {
		if (is_pmic(&t->ev[i], pm)) {
			fail(rule, "PMIC traffic with the non-boot CPUs down");
			show(t, from);
			show(t, i);
			return 1;
		}
	}
	return ok(rule);
}

/* The IDs are an interface (plans' "# trace-check:" lines): keep them. */
static const struct rule rules[] = {
	{ "prepare-after-suspend", "platform prepare after every device suspend",
	  before, devices_down, prepare_begin, "platform_prepare", 0, ST_ALL },
	{ "prepare-before-suspend-late", "platform prepare before any suspend_late",
	  before, prepare_end, late_down_begin, "platform_prepare", 0, ST_OPS },
	{ "irqs-off-after-suspend-late", "device IRQs suspended only after every suspend_late",
	  before, late_down_end, irqs_off, NULL, 0, ST_ALL },
	{ "prepare-late-after-noirq", "every suspend_noirq before prepare_late",
	  before, noirq_down_end, prepare_late_begin, "platform_prepare_late", 0, ST_ALL },
	{ "arming-in-prepare-late", "PMIC arming transfers inside prepare_late, successful",
	  arming_in_prepare_late, NULL, NULL, "platform_prepare_late", HAS_XFER, ST_ALL },
	{ "pmic-quiet-while-armed", "no PMIC traffic between arming and wake",
	  quiet_while_armed, NULL, NULL, "platform_prepare_late", HAS_XFER, ST_ALL },
	{ "wake-before-resume-noirq", "wake before any resume_noirq",
	  before, wake_end, noirq_up_begin, "platform_wake", 0, ST_OPS },
	{ "finish-after-resume-early", "resume_early before finish",
	  before, early_up_end, finish_begin, "platform_finish", 0, ST_OPS },
	{ "finish-before-resume", "finish before any resume",
	  before, finish_end, devices_up, "platform_finish", 0, ST_OPS },
	{ "children-first", "children before parents on the way down, reverse on the way up",
	  children_first, NULL, NULL, NULL, HAS_CB, ST_ALL },
	{ "device-links", "device-link suppliers after their consumers (down), before (up)",
	  links_respected, NULL, NULL, NULL, HAS_CB, ST_ALL },
	{ "abort-stops-descent", "after a failed suspend callback, no deeper phase and no enter",
	  abort_stops_descent, NULL, NULL, NULL, HAS_CB, ST_ALL },
	{ "platform-pairs", "begin, prepare, prepare_late each followed by end, finish, wake (s2idle: begin, prepare_late by end, restore_early)",
	  platform_pairs, NULL, NULL, "platform_begin", 0, ST_ALL },
	{ "pm-core-order", "the PM core's phases in its order, each over before the next",
	  pm_core_order, NULL, NULL, NULL, 0, ST_ALL },
	{ "pmic-quiet-cpus-off", "no PMIC traffic from the non-boot CPUs going down to their return",
	  pmic_quiet_cpus_off, NULL, NULL, NULL, HAS_XFER, ST_ALL },
	/* Suspend-to-idle's platform callbacks (platform_s2idle_ops) */
	{ "s2idle-prepare-after-suspend-late", "every suspend_late before s2idle's prepare",
	  before, late_down_end, prepare_begin, "platform_prepare", 0, ST_S2IDLE },
	{ "s2idle-prepare-before-noirq", "s2idle's prepare before any suspend_noirq",
	  before, prepare_end, noirq_down_begin, "platform_prepare", 0, ST_S2IDLE },
	{ "restore-early-before-resume-noirq", "restore_early before any resume_noirq",
	  before, restore_early_end, noirq_up_begin, "platform_restore_early", 0, ST_S2IDLE },
	{ "restore-after-resume-noirq", "every resume_noirq before restore",
	  before, noirq_up_end, restore_begin, "platform_restore", 0, ST_S2IDLE },
	{ "restore-before-resume-early", "restore before any resume_early",
	  before, restore_end, early_up_begin, "platform_restore", 0, ST_S2IDLE },
};

#define NRULES	(int)(sizeof(rules) / sizeof(rules[0]))

/*
 * Hibernation. A capture of it holds dpm_* phases whose value is the PM
 * event: freeze (1), poweroff (hibernate, 4), quiesce (8, the boot kernel
 * before it jumps into the image), thaw (0x20), restore (0x40), recover
 * (0x80); suspend's are 2 and 0x10. The hibernating kernel's side (freeze,
 * snapshot, thaw, image write, poweroff) and the restore side (image read,
 * quiesce, then the restored kernel's restore) come from two boots; a
 * console capture of both (tests/console-trace.sh) marks where the second
 * begins, and each side's rules are checked on its own part, since names
 * recur (the restored kernel finishes the snapshot's create_image() with
 * platform_leave and platform_finish, as the hibernating kernel did).
 */
#define EV_FREEZE	0x01
#define EV_HIBERNATE	0x04
#define EV_QUIESCE	0x08
#define EV_THAW		0x20
#define EV_RESTORE	0x40
#define EV_RECOVER	0x80

#define HPHASE(_k, _n, _v)	{ _k, _n, NULL, NULL, _v }

bool is_hibernation(const struct trace *t)
{
	int i;

	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];

		if (e->kind == EV_PHASE && !strncmp(e->name, "dpm_", 4) &&
		    (e->val & (EV_FREEZE | EV_HIBERNATE | EV_QUIESCE | EV_THAW |
			       EV_RESTORE | EV_RECOVER)))
			return true;
	}
	return false;
}

static int first_sel(const struct trace *t, const struct sel *s, int from)
{
	int i;

	for (i = from; i < t->n; i++)
		if (selected(t, i, &s[0]) || selected(t, i, &s[1]))
			return i;
	return -1;
}

/*
 * No PMIC traffic but the platform's own (its callbacks may talk to the
 * PMIC) from the last @a event (a phase's end: its last callback's, then
 * the phase's) to the first @b event after it (or the end of the capture,
 * without @b).
 */
static int pmic_quiet(const struct trace *t, const struct rule *rule, const struct pmic_set *pm)
{
	int i, from = -1, to;

	for (i = 0; i < t->n; i++)
		if (selected(t, i, &rule->a[0]) || selected(t, i, &rule->a[1]))
			from = i;

	if (from < 0)
		return skip(rule, "not in this capture");
	to = rule->b[0].kind == S_NONE ? t->n : first_sel(t, rule->b, from);
	if (to < 0)
		to = t->n;
	for (i = from; i < to; i++) {
		const struct ev *e = &t->ev[i];

		if (is_pmic(e, pm) && strncmp(e->who, "platform_", 9)) {
			fail(rule, "PMIC traffic there");
			show(t, from);
			show(t, i);
			return 1;
		}
	}
	return ok(rule);
}

/* Whether any device has a PM domain callback in the capture */
static bool has_domain_cb(const struct trace *t)
{
	int i;

	for (i = 0; i < t->n; i++)
		if (t->ev[i].kind == EV_CB_START && strstr(t->ev[i].info, "power domain"))
			return true;
	return false;
}

/*
 * A board without a PMIC-switched domain (the Cubieboard's A10 has none)
 * cannot show the domain rules, which then skip rather than break. The
 * board's captures say whether it has one ("# vexpress-pm domain: NAME"
 * or "none"): a stated domain is judged, and breaks @rule if no device
 * callback went through a PM domain at all (the domain lost its members,
 * or its driver never bound). A capture without that line (a user's) has
 * none if it has no PM domain callback: an inference, and the skip says
 * so. Returns @rule's result if that settles it, else -1: judge it.
 */
static int domain_absent(const struct trace *t, const struct rule *rule)
{
	char why[160];

	if (t->domain_stated && !t->domain[0])
		return skip(rule, "the capture states no PM domain (vexpress-pm domain: none)");
	if (has_domain_cb(t))
		return -1;
	if (!t->domain_stated)
		return skip(rule, "no PM domain callback, so no domain (inferred: no vexpress-pm domain line)");
	snprintf(why, sizeof(why), "the capture states PM domain %s, and no device callback went through a PM domain",
		 t->domain);
	return fail(rule, why);
}

/* A PMIC transfer made by a PM domain callback of verb @verb (NULL: any) */
static bool by_domain(const struct ev *e, const struct pmic_set *pm, const char *verb)
{
	const char *p = strstr(e->who, "power domain[");

	return is_pmic(e, pm) && p &&
	       (!verb || !strncmp(p + 13, verb, strlen(verb)));
}

/*
 * The image write needs its disk's domain on: genpd switches the domain
 * off in freeze_noirq (before the snapshot) and on in thaw_noirq, so the
 * domain's last transfer before the write must be a thaw callback's.
 */
static int domain_on_for_write(const struct trace *t, const struct rule *rule,
			       const struct pmic_set *pm)
{
	int i, w = phase_first(t, "swsusp_write", true), last = -1, r;

	if (w < 0)
		return skip(rule, "no image write in this capture");
	r = domain_absent(t, rule);
	if (r >= 0)
		return r;
	for (i = 0; i < w; i++)
		if (by_domain(&t->ev[i], pm, NULL))
			last = i;
	if (last < 0)
		return skip(rule, "the domain was not switched before the write");
	if (by_domain(&t->ev[last], pm, "thaw"))
		return ok(rule);
	fail(rule, "the domain's last switch before the write was not thaw's");
	show(t, last);
	show(t, w);
	return 1;
}

/* The domain goes off (over I2C) in a noirq callback of @verb after @after */
static int domain_switched(const struct trace *t, const struct rule *rule,
			   const struct pmic_set *pm,
			   const char *verb, const char *after)
{
	int i, from = after ? phase_last(t, after, false) : 0, r;

	if (from < 0)
		return skip(rule, "not in this capture");
	r = domain_absent(t, rule);
	if (r >= 0)
		return r;
	for (i = from; i < t->n; i++)
		if (by_domain(&t->ev[i], pm, verb) &&
		    strstr(t->ev[i].who, " noirq power domain["))
			return ok(rule);
	return fail(rule, "no PMIC transfer by the domain's noirq callback");
}

static int domain_off_at_poweroff(const struct trace *t, const struct rule *rule,
				  const struct pmic_set *pm)
{
	return domain_switched(t, rule, pm, "hibernate", "swsusp_write");
}

static int domain_on_at_restore(const struct trace *t, const struct rule *rule,
				const struct pmic_set *pm)
{
	return domain_switched(t, rule, pm, "restore", NULL);
}

/*
 * The PM core phase in which callbacks of @verb at @level run: its name
 * and event value; NULL for a verb of no hibernation phase.
 */
static const char *level_phase(const char *verb, const char *level, unsigned int *val)
{
	static const struct {
		const char *verb;
		unsigned int val;
		bool up;
	} verbs[] = {
		{ "freeze", EV_FREEZE, false }, { "hibernate", EV_HIBERNATE, false },
		{ "quiesce", EV_QUIESCE, false }, { "thaw", EV_THAW, true },
		{ "restore", EV_RESTORE, true },
	};
	size_t i;

	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		if (strcmp(verbs[i].verb, verb))
			continue;
		*val = verbs[i].val;
		if (!strcmp(level, "noirq"))
			return verbs[i].up ? "dpm_resume_noirq" : "dpm_suspend_noirq";
		if (!strcmp(level, "late"))
			return verbs[i].up ? "dpm_resume_early" : "dpm_suspend_late";
		return verbs[i].up ? "dpm_resume" : "dpm_suspend";
	}
	return NULL;
}

/*
 * Whether the PM core phase of @verb at @level ran (its begin and end are
 * in the capture) with no device callback in it, and no phase of the
 * capture had a callback at @level: no device of the board has one
 * there, which is no lost event. (A level empty for one verb only, say
 * poweroff's callbacks gone while freeze's are there, is not.)
 */
static bool level_ran_empty(const struct trace *t, const char *verb, const char *level)
{
	unsigned int val;
	const char *name = level_phase(verb, level, &val);
	int i, b = -1;

	if (!name)
		return false;
	for (i = 0; i < t->n; i++)
		if (t->ev[i].kind == EV_CB_START && !strcmp(cb_level(&t->ev[i]), level))
			return false;
	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];

		if (e->kind == EV_PHASE && e->val == val && !strcmp(e->name, name)) {
			if (e->begin)
				b = i;
			else if (b >= 0)
				return true;
		} else if (b >= 0 && e->kind == EV_CB_START) {
			return false;
		}
	}
	return false;
}

/*
 * Whether a device phase of @verbs (NULL-terminated) ran no callback at
 * some level; what is missing in @why. A level whose PM core phase ran
 * with no callback in it is not missing: it is named in @empty (if there
 * is room), for the caller to report.
 */
static bool phase_missing(const struct trace *t, const char *const *verbs,
			  char *why, size_t len, char *empty, size_t elen)
{
	static const char *const levels[] = { "", "late", "noirq" };
	size_t l;

	for (; *verbs; verbs++) {
		for (l = 0; l < 3; l++) {
			int i;

			for (i = 0; i < t->n; i++)
				if (t->ev[i].kind == EV_CB_START &&
				    !strcmp(cb_level(&t->ev[i]), levels[l]) &&
				    !strcmp(t->ev[i].verb, *verbs))
					break;
			if (i < t->n)
				continue;
			if (empty && level_ran_empty(t, *verbs, levels[l])) {
				size_t n = strlen(empty);

				snprintf(empty + n, elen - n, "%s%s%s%s", n ? ", " : "",
					 *verbs, *levels[l] ? " " : "", levels[l]);
				continue;
			}
			snprintf(why, len, "no %s%s%s callback", *verbs,
				 *levels[l] ? " " : "", levels[l]);
			return true;
		}
	}
	return false;
}

/*
 * Every device phase of the side ran callbacks: @verbs at each level. A
 * level whose phase ran with no callback at all (no device of the board
 * has one there) cannot show it: a skip, once every other level held.
 */
static int phases_ran(const struct trace *t, const struct rule *rule, const char *const *verbs)
{
	char why[128], empty[128] = "", skipped[192];

	if (phase_missing(t, verbs, why, sizeof(why), empty, sizeof(empty)))
		return fail(rule, why);
	if (!*empty)
		return ok(rule);
	snprintf(skipped, sizeof(skipped), "phases that ran with no callback: %s", empty);
	return skip(rule, skipped);
}

/*
 * Whether the PM core ran the poweroff device phases (dpm_* with the
 * hibernate event): only the platform mode does, through the board's
 * hibernation ops. Shutdown and reboot modes end the hibernating kernel
 * through device_shutdown(), with no PM callbacks.
 */
/*
 * Whether the PM core ran hibernation's poweroff phases: their events, or
 * the platform's hibernation callbacks (platform_*[4]), which only a board
 * with hibernation ops has, and with them the core runs poweroff. So a
 * capture that lost the phases but kept the platform's events is judged,
 * not skipped as a board without ops.
 */
static bool has_poweroff(const struct trace *t)
{
	int i;

	for (i = 0; i < t->n; i++)
		if (t->ev[i].kind == EV_PHASE && t->ev[i].val == EV_HIBERNATE &&
		    (!strncmp(t->ev[i].name, "dpm_", 4) ||
		     !strncmp(t->ev[i].name, "platform_", 9)))
			return true;
	return false;
}

/*
 * Freeze and thaw at every level, and poweroff too if the PM core ran it
 * at all. A capture without the poweroff phases (a board without
 * hibernation ops: shutdown or reboot mode) cannot show that part: a
 * skip, once freeze and thaw have held. Poweroff phases without its
 * callbacks break the rule.
 */
static int hib_phases_ran(const struct trace *t, const struct rule *rule, const struct pmic_set *pm)
{
	static const char *const verbs[] = { "freeze", "thaw", "hibernate", NULL };

	(void)pm;
	if (!has_poweroff(t)) {
		char why[128], empty[128] = "", skipped[256];

		if (phase_missing(t, verbs, why, sizeof(why), empty, sizeof(empty)) &&
		    strncmp(why, "no hibernate", 12))
			return fail(rule, why);
		snprintf(skipped, sizeof(skipped), "no poweroff phase (no hibernation ops)%s%s",
			 *empty ? "; empty: " : "", empty);
		return skip(rule, skipped);
	}
	return phases_ran(t, rule, verbs);
}

static int restore_phases_ran(const struct trace *t, const struct rule *rule,
			      const struct pmic_set *pm)
{
	static const char *const verbs[] = { "quiesce", "restore", NULL };

	(void)pm;
	return phases_ran(t, rule, verbs);
}

#define HCB(_k, _level, _verb)	{ _k, NULL, _level, _verb, 0 }

static const struct sel h_freeze_end[] = { HCB(S_CB_END, "", "freeze"),
					   HPHASE(S_PHASE_END, "dpm_suspend", EV_FREEZE) };
static const struct sel h_freeze_late_begin[] = { HCB(S_CB_START, "late", "freeze"),
	HPHASE(S_PHASE_BEGIN, "dpm_suspend_late", EV_FREEZE) };
static const struct sel h_freeze_late_end[] = { HCB(S_CB_END, "late", "freeze"),
	HPHASE(S_PHASE_END, "dpm_suspend_late", EV_FREEZE) };
static const struct sel h_freeze_noirq_begin[] = { HCB(S_CB_START, "noirq", "freeze"),
	HPHASE(S_PHASE_BEGIN, "dpm_suspend_noirq", EV_FREEZE) };
static const struct sel h_freeze_noirq_end[] = { HCB(S_CB_END, "noirq", "freeze"),
	HPHASE(S_PHASE_END, "dpm_suspend_noirq", EV_FREEZE) };
static const struct sel h_snapshot[] = { HPHASE(S_PHASE_BEGIN, "platform_pre_snapshot", 0),
	HPHASE(S_PHASE_BEGIN, "machine_suspend", EV_HIBERNATE) };
static const struct sel h_finish_end[] = { HPHASE(S_PHASE_END, "platform_finish", 0), NONE };
static const struct sel h_thaw_noirq_begin[] = { HCB(S_CB_START, "noirq", "thaw"),
	HPHASE(S_PHASE_BEGIN, "dpm_resume_noirq", EV_THAW) };
static const struct sel h_thaw_noirq_end[] = { HCB(S_CB_END, "noirq", "thaw"),
	HPHASE(S_PHASE_END, "dpm_resume_noirq", EV_THAW) };
static const struct sel h_thaw_early_begin[] = { HCB(S_CB_START, "late", "thaw"),
	HPHASE(S_PHASE_BEGIN, "dpm_resume_early", EV_THAW) };
static const struct sel h_thaw_early_end[] = { HCB(S_CB_END, "late", "thaw"),
	HPHASE(S_PHASE_END, "dpm_resume_early", EV_THAW) };
static const struct sel h_thaw_begin[] = { HCB(S_CB_START, "", "thaw"),
	HPHASE(S_PHASE_BEGIN, "dpm_resume", EV_THAW) };
static const struct sel h_thaw_end[] = { HCB(S_CB_END, "", "thaw"),
	HPHASE(S_PHASE_END, "dpm_complete", EV_THAW) };
static const struct sel h_write_begin[] = { PHASE(S_PHASE_BEGIN, "swsusp_write"), NONE };
static const struct sel h_write_end[] = { PHASE(S_PHASE_END, "swsusp_write"), NONE };
static const struct sel h_poweroff_begin[] = { HCB(S_CB_START, "", "hibernate"),
	HPHASE(S_PHASE_BEGIN, "dpm_prepare", EV_HIBERNATE) };
static const struct sel h_poweroff_end[] = { HCB(S_CB_END, "", "hibernate"),
	HPHASE(S_PHASE_END, "dpm_suspend", EV_HIBERNATE) };
static const struct sel h_poweroff_late_begin[] = { HCB(S_CB_START, "late", "hibernate"),
	HPHASE(S_PHASE_BEGIN, "dpm_suspend_late", EV_HIBERNATE) };
static const struct sel h_poweroff_late_end[] = { HCB(S_CB_END, "late", "hibernate"),
	HPHASE(S_PHASE_END, "dpm_suspend_late", EV_HIBERNATE) };
static const struct sel h_poweroff_noirq_begin[] = { HCB(S_CB_START, "noirq", "hibernate"),
	HPHASE(S_PHASE_BEGIN, "dpm_suspend_noirq", EV_HIBERNATE) };
static const struct sel h_poweroff_noirq_end[] = { HCB(S_CB_END, "noirq", "hibernate"),
	HPHASE(S_PHASE_END, "dpm_suspend_noirq", EV_HIBERNATE) };
static const struct sel h_off[] = { HPHASE(S_PHASE_BEGIN, "platform_prepare", 0),
	HPHASE(S_PHASE_BEGIN, "platform_enter", 0) };
static const struct sel h_read_begin[] = { PHASE(S_PHASE_BEGIN, "swsusp_read"), NONE };
static const struct sel h_read_end[] = { PHASE(S_PHASE_END, "swsusp_read"), NONE };
static const struct sel h_quiesce_begin[] = { HCB(S_CB_START, "prepare", "quiesce"),
	HPHASE(S_PHASE_BEGIN, "dpm_prepare", EV_QUIESCE) };
static const struct sel h_quiesce_end[] = { HCB(S_CB_END, "", "quiesce"),
	HPHASE(S_PHASE_END, "dpm_suspend", EV_QUIESCE) };
static const struct sel h_quiesce_late_begin[] = { HCB(S_CB_START, "late", "quiesce"),
	HPHASE(S_PHASE_BEGIN, "dpm_suspend_late", EV_QUIESCE) };
static const struct sel h_quiesce_late_end[] = { HCB(S_CB_END, "late", "quiesce"),
	HPHASE(S_PHASE_END, "dpm_suspend_late", EV_QUIESCE) };
static const struct sel h_quiesce_noirq_begin[] = { HCB(S_CB_START, "noirq", "quiesce"),
	HPHASE(S_PHASE_BEGIN, "dpm_suspend_noirq", EV_QUIESCE) };
static const struct sel h_quiesce_noirq_end[] = { HCB(S_CB_END, "noirq", "quiesce"),
	HPHASE(S_PHASE_END, "dpm_suspend_noirq", EV_QUIESCE) };
static const struct sel h_jump[] = { HPHASE(S_PHASE_BEGIN, "platform_pre_restore", 0),
	HPHASE(S_PHASE_BEGIN, "syscore_suspend", 0) };
static const struct sel h_restore_noirq_begin[] = { HCB(S_CB_START, "noirq", "restore"),
	HPHASE(S_PHASE_BEGIN, "dpm_resume_noirq", EV_RESTORE) };
static const struct sel h_restore_noirq_end[] = { HCB(S_CB_END, "noirq", "restore"),
	HPHASE(S_PHASE_END, "dpm_resume_noirq", EV_RESTORE) };
static const struct sel h_restore_early_begin[] = { HCB(S_CB_START, "late", "restore"),
	HPHASE(S_PHASE_BEGIN, "dpm_resume_early", EV_RESTORE) };
static const struct sel h_restore_early_end[] = { HCB(S_CB_END, "late", "restore"),
	HPHASE(S_PHASE_END, "dpm_resume_early", EV_RESTORE) };
static const struct sel h_restore_begin[] = { HCB(S_CB_START, "", "restore"),
	HPHASE(S_PHASE_BEGIN, "dpm_resume", EV_RESTORE) };

/* The hibernating kernel's side: the capture's first boot */
static const struct rule hib_rules[] = {
	{ "hib-every-phase-ran", "device callbacks in freeze, thaw and poweroff, each at every level",
	  hib_phases_ran, NULL, NULL, NULL, HAS_CB, ST_ALL },
	{ "hib-freeze-late-after-freeze", "every freeze before any freeze_late",
	  before, h_freeze_end, h_freeze_late_begin, NULL, 0, ST_ALL },
	{ "hib-freeze-noirq-after-late", "every freeze_late before freeze_noirq",
	  before, h_freeze_late_end, h_freeze_noirq_begin, NULL, 0, ST_ALL },
	{ "hib-snapshot-after-noirq", "every freeze_noirq before the platform's pre_snapshot and the snapshot",
	  before, h_freeze_noirq_end, h_snapshot, NULL, 0, ST_ALL },
	{ "hib-thaw-noirq-after-finish", "the platform's finish before any thaw_noirq",
	  before, h_finish_end, h_thaw_noirq_begin, NULL, 0, ST_ALL },
	{ "hib-thaw-early-after-noirq", "every thaw_noirq before thaw_early",
	  before, h_thaw_noirq_end, h_thaw_early_begin, NULL, 0, ST_ALL },
	{ "hib-thaw-after-early", "every thaw_early before thaw",
	  before, h_thaw_early_end, h_thaw_begin, NULL, 0, ST_ALL },
	{ "hib-write-after-thaw", "every thaw (and complete) before the image write",
	  before, h_thaw_end, h_write_begin, NULL, 0, ST_ALL },
	{ "hib-poweroff-after-write", "the image written before any poweroff",
	  before, h_write_end, h_poweroff_begin, NULL, 0, ST_ALL },
	{ "hib-poweroff-late-after-poweroff", "every poweroff before any poweroff_late",
	  before, h_poweroff_end, h_poweroff_late_begin, NULL, 0, ST_ALL },
	{ "hib-poweroff-noirq-after-late", "every poweroff_late before poweroff_noirq",
	  before, h_poweroff_late_end, h_poweroff_noirq_begin, NULL, 0, ST_ALL },
	{ "hib-prepare-after-poweroff-noirq", "every poweroff_noirq before the platform's prepare and enter",
	  before, h_poweroff_noirq_end, h_off, NULL, 0, ST_ALL },
	{ "hib-pmic-quiet-around-snapshot", "no PMIC traffic but the platform's from freeze_noirq's end to thaw_noirq",
	  pmic_quiet, h_freeze_noirq_end, h_thaw_noirq_begin, NULL, HAS_XFER, ST_ALL },
	{ "hib-pmic-quiet-during-write", "no PMIC traffic while the image is written",
	  pmic_quiet, h_write_begin, h_write_end, NULL, HAS_XFER, ST_ALL },
	{ "hib-pmic-quiet-after-poweroff-noirq", "no PMIC traffic but the platform's after poweroff_noirq",
	  pmic_quiet, h_poweroff_noirq_end, (const struct sel[]){ NONE, NONE }, NULL, HAS_XFER, ST_ALL },
	{ "hib-domain-on-for-write", "the domain's last switch before the image write is thaw_noirq's (on)",
	  domain_on_for_write, NULL, NULL, NULL, HAS_CB | HAS_XFER, ST_ALL },
	{ "hib-domain-off-at-poweroff", "the domain switched off over I2C in poweroff_noirq, after the write",
	  domain_off_at_poweroff, NULL, NULL, NULL, HAS_CB | HAS_XFER, ST_ALL },
};

/* The restore side: the boot kernel, then the restored one (second boot) */
static const struct rule restore_rules[] = {
	{ "hib-every-restore-phase-ran", "device callbacks in quiesce and restore, each at every level",
	  restore_phases_ran, NULL, NULL, NULL, HAS_CB, ST_ALL },
	{ "hib-quiesce-after-read", "the image read before the boot kernel's quiesce",
	  before, h_read_end, h_quiesce_begin, NULL, 0, ST_ALL },
	{ "hib-quiesce-late-after-quiesce", "every quiesce before any quiesce late callback",
	  before, h_quiesce_end, h_quiesce_late_begin, NULL, 0, ST_ALL },
	{ "hib-quiesce-noirq-after-late", "every quiesce late callback before quiesce noirq",
	  before, h_quiesce_late_end, h_quiesce_noirq_begin, NULL, 0, ST_ALL },
	{ "hib-jump-after-quiesce-noirq", "every quiesce noirq before the platform's pre_restore and syscore",
	  before, h_quiesce_noirq_end, h_jump, NULL, 0, ST_ALL },
	{ "hib-restore-noirq-after-finish", "the restored kernel's platform finish before any restore_noirq",
	  before, h_finish_end, h_restore_noirq_begin, NULL, 0, ST_ALL },
	{ "hib-restore-early-after-noirq", "every restore_noirq before restore_early",
	  before, h_restore_noirq_end, h_restore_early_begin, NULL, 0, ST_ALL },
	{ "hib-restore-after-early", "every restore_early before restore",
	  before, h_restore_early_end, h_restore_begin, NULL, 0, ST_ALL },
	{ "hib-pmic-quiet-during-read", "no PMIC traffic while the image is read",
	  pmic_quiet, h_read_begin, h_read_end, NULL, HAS_XFER, ST_ALL },
	{ "hib-pmic-quiet-across-jump", "no PMIC traffic but the platform's from quiesce noirq's end to restore_noirq",
	  pmic_quiet, h_quiesce_noirq_end, h_restore_noirq_begin, NULL, HAS_XFER, ST_ALL },
	{ "hib-domain-on-at-restore", "the domain switched on over I2C in restore_noirq",
	  domain_on_at_restore, NULL, NULL, NULL, HAS_CB | HAS_XFER, ST_ALL },
};

#define NHIB		(int)(sizeof(hib_rules) / sizeof(hib_rules[0]))
#define NRESTORE	(int)(sizeof(restore_rules) / sizeof(restore_rules[0]))

static const struct rule *hib_rule(int i)
{
	return i < NHIB ? &hib_rules[i] : &restore_rules[i - NHIB];
}

/* Whether the plan expects @r violated */
static bool expected(const struct rule *r, char *const *expect, int nexpect)
{
	int j;

	for (j = 0; j < nexpect; j++)
		if (!strcmp(expect[j], r->id))
			return true;
	return false;
}

/*
 * The one-line summary of what the capture let the oracle judge, as a
 * KTAP diagnostic: the rules skipped, each with why.
 */
static void summary(int nrules)
{
	int i, j;

	printf("# oracle: judged %d of %d rules", nrules - cur.nunjudged, nrules);
	/* Grouped by why: "could not judge: A, B (why); C (why)" */
	for (i = 0; i < cur.nunjudged; i++) {
		for (j = 0; j < i && strcmp(cur.unjudged[j].why, cur.unjudged[i].why); j++)
			;
		if (j < i)
			continue;	/* listed with its group */
		printf("%s%s", i ? "; " : "; could not judge: ", cur.unjudged[i].id);
		for (j = i + 1; j < cur.nunjudged; j++)
			if (!strcmp(cur.unjudged[j].why, cur.unjudged[i].why))
				printf(", %s", cur.unjudged[j].id);
		printf(" (%s)", cur.unjudged[i].why);
	}
	printf("\n");
	cur.nunjudged = 0;
}

/* HAS_CB if a selector pair picks callbacks only (no phase stands in) */
static unsigned int sel_need(const struct sel *s)
{
	int i;

	if (!s)
		return 0;
	for (i = 0; i < 2; i++)
		if (s[i].kind == S_PHASE_BEGIN || s[i].kind == S_PHASE_END)
			return 0;
	return s[0].kind == S_NONE && s[1].kind == S_NONE ? 0 : HAS_CB;
}

/*
 * A rule whose events the capture lacks altogether (a user who enabled
 * power:suspend_resume alone) cannot be judged: it skips, naming what it
 * needs, rather than holding or breaking on no evidence. -1: it can be.
 */
static int skip_if_lacking(const struct trace *t, const struct rule *r, const struct pmic_set *pm)
{
	unsigned int lack = (r->need | sel_need(r->a) | sel_need(r->b)) & ~t->has;
	char why[160];

	/*
	 * Bus events but no PMIC named (another board's capture, no --pmic):
	 * whose traffic the rule would watch is not known
	 */
	if (!lack && (r->need & HAS_XFER) && !pm->n)
		return skip(r, "needs the PMIC named: --pmic BUS-ADDR");
	if (!lack)
		return -1;
	snprintf(why, sizeof(why), "needs %s%s%s: none in this capture",
		 lack & HAS_CB ? "power:device_pm_callback_start/end" : "",
		 lack == (HAS_CB | HAS_XFER) ? " and " : "",
		 lack & HAS_XFER ? "bus events (i2c:*, smbus:* or regmap:*)" : "");
	return skip(r, why);
}


/* Each side's rules on its part of the capture (the whole without a mark) */
static int hib_check(const struct trace *t, const struct pmic_set *pm, int first,
		     char *const *expect, int nexpect)
{
	struct trace part = *t;
	int i, lacking, violated = 0;

	cur.unexpected = 0;
	rules_print_kind(KIND_HIBERNATION);
	for (i = 0; i < NHIB + NRESTORE; i++) {
		const struct rule *r = hib_rule(i);

		part.ev = t->ev;
		part.n = t->n;
		if (t->boot && i < NHIB) {
			part.n = t->boot;
		} else if (t->boot) {
			part.ev = t->ev + t->boot;
			part.n = t->n - t->boot;
		}
		cur.n = first + i;
		cur.want_violated = expected(r, expect, nexpect);
		lacking = skip_if_lacking(&part, r, pm);
		violated += lacking >= 0 ? lacking : r->check(&part, r, pm);
	}
	printf("# oracle: hibernation, %s: %d rule(s) violated, %d result(s) not as expected\n",
	       t->boot ? "two boots" : "one capture", violated, cur.unexpected);
	summary(NHIB + NRESTORE);
	return cur.unexpected;
}

int rules_count(void)
{
	return NRULES;
}

/* How many rules judge cycle @t (a cycle's kind has its own) */
static int cycle_rules(const struct trace *t)
{
	bool s2idle = trace_is_s2idle(t);
	int i, n = 0;

	for (i = 0; i < NRULES; i++)
		n += rule_applies(&rules[i], s2idle);
	return n;
}

/* Cycle @c of the @k that start at @start, as a capture of its own */
static struct trace cycle_of(const struct trace *t, const int *start, int k, int c)
{
	struct trace cyc = *t;
	int to = c + 1 < k ? start[c + 1] : t->n;

	cyc.ev = t->ev + start[c];
	cyc.n = to - start[c];
	return cyc;
}

int rules_count_for(const struct trace *t)
{
	int start[MAX_CYCLES];
	int c, n = 0, k = trace_cycles(t, start, MAX_CYCLES);

	if (is_hibernation(t))
		return NHIB + NRESTORE;
	if (k > MAX_CYCLES)
		k = MAX_CYCLES;
	for (c = 0; c < k; c++) {
		struct trace cyc = cycle_of(t, start, k, c);

		n += cycle_rules(&cyc);
	}
	return n;
}

bool rule_known(const char *id)
{
	int i;

	for (i = 0; i < NRULES; i++)
		if (!strcmp(rules[i].id, id))
			return true;
	for (i = 0; i < NHIB + NRESTORE; i++)
		if (!strcmp(hib_rule(i)->id, id))
			return true;
	return false;
}

void rules_list(void)
{
	int i;

	/* (a rule of one kind of cycle says which) */
	for (i = 0; i < NRULES; i++) {
		printf("%-28s %s%s%s", rules[i].id, rules[i].text,
		       rules[i].needs ? "; needs " : "", rules[i].needs ? rules[i].needs : "");
		if (rules[i].states != ST_ALL)
			printf(" (%s)", kind_names[rules[i].states]);
		printf("\n");
	}
	for (i = 0; i < NHIB + NRESTORE; i++)
		printf("%-28s %s (%s)\n", hib_rule(i)->id, hib_rule(i)->text,
		       kind_names[KIND_HIBERNATION]);
}

/* Whether the capture traces the platform's callbacks (this series' events) */
static bool platform_traced(const struct trace *t)
{
	int i;

	for (i = 0; i < t->n; i++)
		if (t->ev[i].kind == EV_PHASE && !strncmp(t->ev[i].name, "platform_", 9))
			return true;
	return false;
}

/*
 * Rule @r on @t, if the capture has its events; a rule that needs the
 * platform's callbacks traced skips on a capture without them (a stock
 * kernel's), saying what it needs.
 */
static int run_rule(const struct trace *t, const struct rule *r, const struct pmic_set *pm,
		    bool platform)
{
	int lacking = skip_if_lacking(t, r, pm);
	char why[160];

	if (lacking >= 0)
		return lacking;
	if (r->needs && !platform) {
		snprintf(why, sizeof(why), "needs the %s phase: no platform_* phase in this cycle",
			 r->needs);
		return skip_as(r, why, "no platform_* phases: a stock kernel, s2idle or an early pm_test level");
	}
	return r->check(t, r, pm);
}

/*
 * The rounds of a monitored sleep (platform suspend_again): where each
 * starts (platform_prepare begin) in @start, and in @end where the last
 * ends (platform_finish or platform_suspend_again end). Without the
 * platform's events, the PM core's late phases mark them: each round
 * suspends late (dpm_suspend_late begin) and resumes early. Returns how
 * many, at most @max.
 */
static int round_bounds(const struct trace *t, int *start, int max, int *end, bool platform)
{
	const char *opener = platform ? "platform_prepare" : "dpm_suspend_late";
	int i, k = 0;

	*end = -1;
	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];

		if (e->kind != EV_PHASE)
			continue;
		if (e->begin && !strcmp(e->name, opener) && k < max)
			start[k++] = i;
		if (!e->begin && (platform ? !strcmp(e->name, "platform_finish") ||
				  !strcmp(e->name, "platform_suspend_again") :
				  !strcmp(e->name, "dpm_resume_early")))
			*end = i;
	}
	return k;
}

#define MAX_ROUNDS	64

/*
 * Round @r of @k as a capture of its own in @sub (whose events have room
 * for @t's): the events before the first round, the round's, and those
 * after the last round.
 */
static void round_trace(const struct trace *t, const int *start, int k, int end, int r,
			struct trace *sub)
{
	int i, to = r + 1 < k ? start[r + 1] - 1 : end;

	sub->n = 0;
	for (i = 0; i < t->n; i++)
		if (i < start[0] || i > end || (i >= start[r] && i <= to))
			sub->ev[sub->n++] = t->ev[i];
}

/*
 * Check rule @i on each round silently; then report it from the first
 * round that breaks it, else the first that shows it (not a skip).
 */
static int check_rounds(const struct trace *t, int i, const struct pmic_set *pm,
			struct trace *sub, const int *start, int k, int end, bool platform)
{
	int r, pick = -1, shown = -1, unexpected = cur.unexpected;
	char round[64];

	cur.quiet = true;
	for (r = 0; r < k && pick < 0; r++) {
		round_trace(t, start, k, end, r, sub);
		run_rule(sub, &rules[i], pm, platform);
		if (!cur.held)
			pick = r;
		else if (!cur.skipped && shown < 0)
			shown = r;
	}
	cur.quiet = false;
	cur.unexpected = unexpected;
	if (pick < 0)
		pick = shown < 0 ? 0 : shown;
	snprintf(round, sizeof(round), "round %d of %d: ", pick + 1, k);
	cur.round = round;
	round_trace(t, start, k, end, pick, sub);
	r = run_rule(sub, &rules[i], pm, platform);
	cur.round = NULL;
	return r;
}

/* The rules some cycle of the capture judged (its kind has them) */
static bool judged_kind[NRULES];

/*
 * One suspend cycle: each rule of its kind once, numbered from @first;
 * how many in @nresults
 */
static int cycle_check(const struct trace *t, const struct pmic_set *pm, int first,
		       char *const *expect, int nexpect, int *nresults)
{
	int i, k, end, start[MAX_ROUNDS], violated = 0, n = 0;
	bool platform = platform_traced(t), s2idle = trace_is_s2idle(t);
	struct trace sub = *t;

	rules_print_kind(s2idle ? KIND_S2IDLE : KIND_OPS);
	k = round_bounds(t, start, MAX_ROUNDS, &end, platform);
	if (k < 2 || end < start[k - 1]) {
		k = 1;
	} else {
		sub.ev = malloc(sizeof(*sub.ev) * t->n);
		if (!sub.ev) {
			perror("sleeptrace");
			exit(2);
		}
		printf("# oracle: %d rounds (suspend_again), each checked as a cycle\n", k);
	}
	cur.unexpected = 0;
	for (i = 0; i < NRULES; i++) {
		if (!rule_applies(&rules[i], s2idle))
			continue;
		judged_kind[i] = true;
		cur.n = first + n++;
		cur.want_violated = expected(&rules[i], expect, nexpect);
		if (k > 1)
			violated += check_rounds(t, i, pm, &sub, start, k, end, platform);
		else
			violated += run_rule(t, &rules[i], pm, platform);
	}
	if (k > 1)
		free(sub.ev);
	printf("# oracle: %d rule(s) violated, %d result(s) not as expected\n", violated,
	       cur.unexpected);
	summary(n);
	*nresults = n;
	return cur.unexpected;
}

int rules_check(const struct trace *t, const struct pmic_set *pm, int first,
		char *const *expect, int nexpect, int *cut)
{
	int c, i, j, k, start[MAX_CYCLES], unexpected = 0;

	*cut = 0;
	if (is_hibernation(t))
		return hib_check(t, pm, first, expect, nexpect);
	memset(judged_kind, 0, sizeof(judged_kind));
	k = trace_cycles(t, start, MAX_CYCLES);
	if (k > MAX_CYCLES)	/* main() refuses such a capture */
		k = MAX_CYCLES;
	for (c = 0; c < k; c++) {
		struct trace cyc = cycle_of(t, start, k, c);
		int n;

		cur.cycle = k > 1 ? c + 1 : 0;
		if (k > 1)
			printf("# oracle: cycle %d of %d (lines %d-%d)\n", c + 1, k,
			       cyc.ev[0].line, cyc.ev[cyc.n - 1].line);
		unexpected += cycle_check(&cyc, pm, first, expect, nexpect, &n);
		first += n;
		/* Every cycle ends thawing the processes, aborted or not */
		if (phase_last(&cyc, "thaw_processes", false) < 0) {
			printf("# oracle: cycle %d has no thaw_processes end: the capture is cut short\n",
			       c + 1);
			if (!*cut)
				*cut = c + 1;
		}
	}
	/* A rule expected violated that no cycle here is of the kind to judge */
	for (j = 0; j < nexpect; j++) {
		for (i = 0; i < NRULES && strcmp(rules[i].id, expect[j]); i++)
			;
		if (i < NRULES && !judged_kind[i]) {
			printf("# oracle: %s expected violated, but it judges %s cycles and this capture has none\n",
			       rules[i].id, kind_names[rules[i].states]);
			unexpected++;
		}
	}
	return unexpected;
}

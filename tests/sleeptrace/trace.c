// SPDX-License-Identifier: GPL-2.0
/*
 * Parse a text ftrace capture (/sys/kernel/tracing/trace) of a suspend/
 * resume cycle into events; see trace.h. Lines that are not one of the
 * events we know are skipped, so a capture may hold other events too.
 */
#include <stdlib.h>
#include <string.h>

#include "trace.h"

#define MAX_OPEN	64

/* Callbacks in progress, per task, to name who runs an I2C transfer. */
struct open_cb {
	char task[40];
	int ev;
};

struct parser {
	struct trace *t;
	struct open_cb open[MAX_OPEN];
	int nopen;
	struct ev pending[8];		/* a transaction in progress per bus */
	bool busy[8];
	char raw[8][256];		/* the first line of each pending one */
};

static void copy(char *dst, size_t len, const char *src, size_t n)
{
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static struct ev *push(struct trace *t, const struct ev *e)
{
	struct ev *n = realloc(t->ev, (t->n + 1) * sizeof(*t->ev));

	if (!n) {
		perror("sleeptrace");
		exit(2);
	}
	t->ev = n;
	t->ev[t->n] = *e;
	t->ev[t->n].raw = strdup(e->raw ? e->raw : "");
	return &t->ev[t->n++];
}

/* "name[val] begin" */
static bool parse_phase(const char *p, struct ev *e)
{
	const char *b = strchr(p, '[');
	char what[8];

	if (!b || sscanf(b, "[%u] %7s", &e->val, what) != 2)
		return false;
	copy(e->name, sizeof(e->name), p, b - p);
	e->kind = EV_PHASE;
	e->begin = !strcmp(what, "begin");
	return true;
}

/*
 * "DRIVER DEV, parent: PARENT, INFO[VERB]" or "DRIVER DEV, err=N". DRIVER
 * may be empty; device names may hold commas ("iofpga@7,00000000"), so
 * split on the fixed separators and on the last '['.
 */
static bool parse_cb(const char *p, struct ev *e, bool start)
{
	const char *sep = strstr(p, start ? ", parent: " : ", err="), *sp, *b, *c;

	if (!sep)
		return false;
	for (sp = sep; sp > p && sp[-1] != ' '; sp--)
		;
	if (sp > p)
		copy(e->driver, sizeof(e->driver), p, sp - 1 - p);
	copy(e->name, sizeof(e->name), sp, sep - sp);
	if (!start) {
		e->kind = EV_CB_END;
		return sscanf(sep, ", err=%d", &e->err) == 1;
	}
	e->kind = EV_CB_START;
	e->begin = true;
	p = sep + strlen(", parent: ");
	b = strrchr(p, '[');
	if (!b)
		return false;
	for (c = b; c > p && strncmp(c, ", ", 2); c--)
		;
	if (c == p)
		return false;
	copy(e->parent, sizeof(e->parent), p, c - p);
	copy(e->info, sizeof(e->info), c + 2, b - c - 2);
	while (strlen(e->info) && e->info[strlen(e->info) - 1] == ' ')
		e->info[strlen(e->info) - 1] = '\0';
	copy(e->verb, sizeof(e->verb), b + 1, strcspn(b + 1, "]"));
	return true;
}

/* "[01-95]" */
static void parse_bytes(const char *p, struct i2c_msg_rec *m)
{
	unsigned int b;
	int n;

	p = strchr(p, '[');
	m->nbytes = 0;
	while (p && m->nbytes < XFER_MAX_BYTES &&
	       sscanf(p + 1, "%2x%n", &b, &n) == 1) {
		m->data[m->nbytes++] = b;
		p += n + 1;
		if (*p != '-')
			break;
	}
}

static void who(struct parser *ps, struct ev *x)
{
	const struct trace *t = ps->t;
	int i;

	for (i = ps->nopen - 1; i >= 0; i--) {
		const struct ev *cb = &t->ev[ps->open[i].ev];

		if (!strcmp(ps->open[i].task, x->task)) {
			snprintf(x->who, sizeof(x->who), "%s %s[%s]",
				 cb->name, cb->info, cb->verb);
			return;
		}
	}
	/* Otherwise the innermost phase still open: a platform callback first. */
	for (i = t->n - 1; i >= 0; i--) {
		const struct ev *e = &t->ev[i];

		if (e->kind == EV_PHASE && e->begin &&
		    phase_last(t, e->name, false) < i) {
			snprintf(x->who, sizeof(x->who), "%s", e->name);
			return;
		}
	}
	memmove(x->who, x->task, sizeof(x->task));
}

static void parse_i2c(struct parser *ps, const char *ev, const char *p,
		      struct ev *e)
{
	unsigned int idx, addr, flags, len;
	int bus, n, ret;
	struct ev *x;

	if (sscanf(p, "i2c-%d %n", &bus, &n) != 1 || bus < 0 || bus >= 8)
		return;
	x = &ps->pending[bus];
	if (!strcmp(ev, "i2c_result")) {
		if (ps->busy[bus] && sscanf(p + n, "n=%*u ret=%d", &ret) == 1) {
			x->ret = ret;
			push(ps->t, x);
		}
		ps->busy[bus] = false;
		return;
	}
	if (sscanf(p + n, "#%u a=%x f=%x l=%u", &idx, &addr, &flags, &len) != 4 ||
	    idx >= XFER_MAX_MSGS)
		return;
	if (!strcmp(ev, "i2c_reply")) {
		if (ps->busy[bus] && idx < (unsigned int)x->nmsgs)
			parse_bytes(p, &x->msgs[idx]);
		return;
	}
	if (idx == 0) {
		*x = *e;
		x->kind = EV_XFER;
		x->bus = bus;
		x->addr = addr;
		x->nmsgs = 0;
		snprintf(ps->raw[bus], sizeof(ps->raw[bus]), "%s", e->raw);
		x->raw = ps->raw[bus];
		who(ps, x);
		ps->busy[bus] = true;
	}
	if (!ps->busy[bus] || idx != (unsigned int)x->nmsgs)
		return;
	x->msgs[idx].read = !strcmp(ev, "i2c_read");
	x->msgs[idx].len = len;
	x->msgs[idx].nbytes = 0;
	if (!x->msgs[idx].read)
		parse_bytes(p, &x->msgs[idx]);
	x->nmsgs++;
}

static void track_open(struct parser *ps, const struct ev *e)
{
	int i;

	if (e->kind == EV_CB_START && ps->nopen < MAX_OPEN) {
		snprintf(ps->open[ps->nopen].task, sizeof(ps->open[0].task), "%s", e->task);
		ps->open[ps->nopen++].ev = ps->t->n - 1;
		return;
	}
	for (i = ps->nopen - 1; i >= 0; i--) {
		const struct ev *st = &ps->t->ev[ps->open[i].ev];

		if (!strcmp(ps->open[i].task, e->task) && !strcmp(st->name, e->name)) {
			/* The end event gets its start's phase and verb. */
			struct ev *end = &ps->t->ev[ps->t->n - 1];

			memcpy(end->info, st->info, sizeof(end->info));
			memcpy(end->verb, st->verb, sizeof(end->verb));
			ps->open[i] = ps->open[--ps->nopen];
			return;
		}
	}
}

static void parse_line(struct parser *ps, char *line, int lineno)
{
	struct ev e = { .line = lineno, .raw = line };
	char evname[32], *p = strchr(line, '['), *q;
	int off = 0;

	if (!p || line[0] == '#')
		return;
	line[strcspn(line, "\r\n")] = '\0';
	q = line;
	while (*q == ' ')
		q++;
	copy(e.task, sizeof(e.task), q, strcspn(q, " ["));
	p = strchr(p, ']');
	if (!p)
		return;
	p++;
	if (sscanf(p, " %lf: %31[^:]: %n", &e.ts, evname, &off) < 2 &&
	    sscanf(p, " %*s %lf: %31[^:]: %n", &e.ts, evname, &off) < 2)
		return;
	if (!off)
		return;
	p += off;

	if (!strcmp(evname, "suspend_resume")) {
		if (parse_phase(p, &e))
			push(ps->t, &e);
	} else if (!strcmp(evname, "device_pm_callback_start") ||
		   !strcmp(evname, "device_pm_callback_end")) {
		if (parse_cb(p, &e, evname[19] == 's')) {
			push(ps->t, &e);
			track_open(ps, &e);
		}
	} else if (!strncmp(evname, "i2c_", 4)) {
		parse_i2c(ps, evname, p, &e);
	}
}

int trace_read(FILE *f, struct trace *t)
{
	struct parser ps = { .t = t };
	char line[1024];
	int lineno = 0;

	memset(t, 0, sizeof(*t));
	while (fgets(line, sizeof(line), f)) {
		struct link l;

		lineno++;
		if (sscanf(line, "# devlink: %127s %127s", l.supplier, l.consumer) == 2) {
			struct link *n = realloc(t->links, (t->nlinks + 1) * sizeof(l));

			if (!n)
				return -1;
			t->links = n;
			t->links[t->nlinks++] = l;
			continue;
		}
		if (!strncmp(line, "# vexpress-pm boot", 18)) {
			t->boot = t->n;
			continue;
		}
		parse_line(&ps, line, lineno);
	}
	return ferror(f) ? -1 : 0;
}

void trace_free(struct trace *t)
{
	int i;

	for (i = 0; i < t->n; i++)
		free(t->ev[i].raw);
	free(t->ev);
	free(t->links);
	memset(t, 0, sizeof(*t));
}

int phase_first(const struct trace *t, const char *name, bool begin)
{
	int i;

	for (i = 0; i < t->n; i++)
		if (t->ev[i].kind == EV_PHASE && t->ev[i].begin == begin &&
		    !strcmp(t->ev[i].name, name))
			return i;
	return -1;
}

int phase_last(const struct trace *t, const char *name, bool begin)
{
	int i;

	for (i = t->n - 1; i >= 0; i--)
		if (t->ev[i].kind == EV_PHASE && t->ev[i].begin == begin &&
		    !strcmp(t->ev[i].name, name))
			return i;
	return -1;
}

const char *cb_level(const struct ev *e)
{
	/* device_prepare() and device_complete() trace an empty info. */
	if (!e->info[0])
		return "prepare";
	if (!strncmp(e->info, "noirq", 5))
		return "noirq";
	if (!strncmp(e->info, "late", 4) || !strncmp(e->info, "early", 5))
		return "late";
	return "";
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Parse a text ftrace capture of suspend/resume cycles into events; see
 * trace.h. Lines that are not one of the events we know are skipped, so a
 * capture may hold other events and console messages too; a known event
 * whose text is not understood is counted (trace->bad), not guessed at.
 * The capture is read line by line: only the events are kept.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

#define MAX_OPEN	64
#define MAX_BUSES	32
#define LINE_MAX_LEN	4096

/* Callbacks in progress, per task, to name who runs a transfer. */
struct open_cb {
	char task[40];
	int ev;
};

/*
 * A bus's transaction in progress: its event, in the list from its first
 * line on (a capture without the result events still places it), filled
 * in by the lines after it, up to its result.
 */
struct pending {
	int bus;
	bool busy;
	int ev;			/* its index in the trace's events */
};

struct parser {
	struct trace *t;
	struct open_cb open[MAX_OPEN];
	int nopen;
	int phases[MAX_OPEN];	/* phases begun and not ended, innermost last */
	int nphases;
	struct pending pend[2][MAX_BUSES];	/* i2c, smbus */
	int npend[2];
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
	if (t->n >= MAX_EVENTS) {
		t->too_big = true;
		return NULL;
	}
	if (t->n == t->cap) {
		int cap = t->cap ? 2 * t->cap : 1024;
		struct ev *n = realloc(t->ev, cap * sizeof(*t->ev));

		if (!n) {
			perror("sleeptrace");
			exit(2);
		}
		t->ev = n;
		t->cap = cap;
	}
	t->ev[t->n] = *e;
	t->ev[t->n].raw = strdup(e->raw ? e->raw : "");
	if (!t->ev[t->n].raw) {
		perror("sleeptrace");
		exit(2);
	}
	return &t->ev[t->n++];
}

static void bad(struct parser *ps, const struct ev *e)
{
	if (!ps->t->bad++) {
		ps->t->bad_line = e->line;
		copy(ps->t->bad_text, sizeof(ps->t->bad_text), e->raw, strlen(e->raw));
	}
}

/* "name[val] begin" */
static bool parse_phase(const char *p, struct ev *e)
{
	const char *b = strchr(p, '[');
	char what[8];

	if (!b || b == p || sscanf(b, "[%u] %7s", &e->val, what) != 2 ||
	    (strcmp(what, "begin") && strcmp(what, "end")))
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
	if (!b || !strchr(b, ']'))
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
	if (ps->nphases) {
		snprintf(x->who, sizeof(x->who), "%s", t->ev[ps->phases[ps->nphases - 1]].name);
		return;
	}
	/* Outside every phase: the task, where the capture names one */
	snprintf(x->who, sizeof(x->who), "%s", strcmp(x->task, CONSOLE_TASK) ? x->task : "");
}

static struct pending *pending(struct parser *ps, int src, int bus)
{
	int i;

	for (i = 0; i < ps->npend[src]; i++)
		if (ps->pend[src][i].bus == bus)
			return &ps->pend[src][i];
	if (ps->npend[src] == MAX_BUSES)
		return NULL;
	ps->pend[src][i].bus = bus;
	ps->pend[src][i].busy = false;
	ps->npend[src]++;
	return &ps->pend[src][i];
}

/*
 * A transaction starts: its event from this line, named after its device,
 * in the list; NULL if the list is full.
 */
static struct ev *xfer_start(struct parser *ps, struct pending *pd, const struct ev *e,
			     enum xfer_src src, int bus, unsigned int addr)
{
	struct ev x = *e;

	x.kind = EV_XFER;
	x.src = src;
	x.bus = bus;
	x.addr = addr;
	x.nmsgs = 0;
	x.ret = 0;
	x.ret_known = false;
	snprintf(x.dev, sizeof(x.dev), "%d-%04x", bus, addr);
	who(ps, &x);
	if (!push(ps->t, &x))
		return NULL;
	pd->ev = ps->t->n - 1;
	pd->busy = true;
	return &ps->t->ev[pd->ev];
}

/* The transaction in progress on @pd's bus, or NULL */
static struct ev *xfer_cur(struct parser *ps, struct pending *pd)
{
	return pd->busy ? &ps->t->ev[pd->ev] : NULL;
}

static bool parse_i2c(struct parser *ps, const char *ev, const char *p, const struct ev *e)
{
	unsigned int idx, addr, flags, len;
	struct pending *pd;
	int bus, n, ret;
	struct ev *x;

	if (sscanf(p, "i2c-%d %n", &bus, &n) != 1 || bus < 0)
		return false;
	pd = pending(ps, XF_I2C, bus);
	if (!pd)
		return true;	/* more buses than we follow: not an error */
	if (!strcmp(ev, "i2c_result")) {
		if (sscanf(p + n, "n=%u ret=%d", &idx, &ret) != 2)
			return false;
		x = xfer_cur(ps, pd);
		if (x) {
			x->ret = ret;
			x->ret_known = true;
		}
		pd->busy = false;
		return true;
	}
	if (sscanf(p + n, "#%u a=%x f=%x l=%u", &idx, &addr, &flags, &len) != 4)
		return false;
	if (idx >= XFER_MAX_MSGS)
		return true;
	if (!strcmp(ev, "i2c_reply")) {
		x = xfer_cur(ps, pd);
		if (x && idx < (unsigned int)x->nmsgs)
			parse_bytes(p, &x->msgs[idx]);
		return true;
	}
	if (strcmp(ev, "i2c_write") && strcmp(ev, "i2c_read"))
		return false;
	/* (message 0 starts the next transaction, the last one's result or not) */
	x = idx == 0 ? xfer_start(ps, pd, e, XF_I2C, bus, addr) : xfer_cur(ps, pd);
	if (!x || idx != (unsigned int)x->nmsgs)
		return true;
	x->msgs[idx].read = !strcmp(ev, "i2c_read");
	x->msgs[idx].len = len;
	x->msgs[idx].nbytes = 0;
	if (!x->msgs[idx].read)
		parse_bytes(p, &x->msgs[idx]);
	x->nmsgs++;
	return true;
}

/*
 * smbus_write|read start a transaction, smbus_reply gives what was read,
 * smbus_result ends it: "i2c-0 a=034 f=0000 c=12 BYTE_DATA wr res=0".
 */
static bool parse_smbus(struct parser *ps, const char *ev, const char *p, const struct ev *e)
{
	unsigned int addr, flags, cmd;
	struct i2c_msg_rec m;
	struct pending *pd;
	int bus, n, res;
	struct ev *x;
	char rw[4];

	if (sscanf(p, "i2c-%d a=%x f=%x c=%x %n", &bus, &addr, &flags, &cmd, &n) != 4 ||
	    bus < 0)
		return false;
	pd = pending(ps, XF_SMBUS, bus);
	if (!pd)
		return true;
	if (!strcmp(ev, "smbus_result")) {
		if (sscanf(p + n, "%*s %3s res=%d", rw, &res) != 2)
			return false;
		x = xfer_cur(ps, pd);
		if (!x || x->addr != (int)addr) {
			x = xfer_start(ps, pd, e, XF_SMBUS, bus, addr);
			if (!x)
				return true;
			x->reg = cmd;
			x->reg_known = true;
		}
		x->write = !strcmp(rw, "wr");
		x->ret = res;
		x->ret_known = true;
		pd->busy = false;
		return true;
	}
	if (!strcmp(ev, "smbus_reply")) {
		if (!strstr(p + n, " l="))
			return false;
		x = xfer_cur(ps, pd);
		if (x) {
			parse_bytes(p + n, &m);
			if (m.nbytes)
				x->regval = m.data[0];
		}
		return true;
	}
	if (strcmp(ev, "smbus_write") && strcmp(ev, "smbus_read"))
		return false;
	x = xfer_start(ps, pd, e, XF_SMBUS, bus, addr);
	if (!x)
		return true;
	x->reg = cmd;
	x->reg_known = true;
	x->write = ev[6] == 'w';
	if (x->write) {
		parse_bytes(p + n, &m);
		if (m.nbytes)
			x->regval = m.data[0];
	}
	return true;
}

/* "1-0034 reg=12 val=5f": one register access, on whatever bus */
static bool parse_regmap(struct parser *ps, const char *ev, const char *p, struct ev *e)
{
	size_t len = strcspn(p, " ");
	unsigned int addr;
	int bus, n = 0;

	if (!len || sscanf(p + len, " reg=%x val=%x", &e->reg, &e->regval) != 2)
		return false;
	e->kind = EV_XFER;
	e->src = XF_REGMAP;
	copy(e->dev, sizeof(e->dev), p, len);
	e->bus = -1;
	e->addr = -1;
	if (sscanf(e->dev, "%d-%4x%n", &bus, &addr, &n) == 2 && n == (int)strlen(e->dev)) {
		e->bus = bus;
		e->addr = addr;
	}
	e->reg_known = true;
	e->ret_known = true;
	e->write = !strcmp(ev, "regmap_reg_write");
	e->nmsgs = 0;
	who(ps, e);
	push(ps->t, e);
	return true;
}

static void track_phase(struct parser *ps, const struct ev *e)
{
	int i;

	if (e->begin) {
		if (ps->nphases == MAX_OPEN)
			memmove(ps->phases, ps->phases + 1, --ps->nphases * sizeof(int));
		ps->phases[ps->nphases++] = ps->t->n - 1;
		return;
	}
	for (i = ps->nphases - 1; i >= 0; i--) {
		if (!strcmp(ps->t->ev[ps->phases[i]].name, e->name)) {
			memmove(ps->phases + i, ps->phases + i + 1,
				(--ps->nphases - i) * sizeof(int));
			return;
		}
	}
}

static void track_open(struct parser *ps, const struct ev *e)
{
	int i;

	if (e->kind == EV_CB_START) {
		if (ps->nopen == MAX_OPEN)	/* never ended: forget the oldest */
			memmove(ps->open, ps->open + 1, --ps->nopen * sizeof(ps->open[0]));
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

static const char *const known_events[] = {
	"suspend_resume", "device_pm_callback_start", "device_pm_callback_end",
	"i2c_write", "i2c_read", "i2c_reply", "i2c_result",
	"smbus_write", "smbus_read", "smbus_reply", "smbus_result",
	"regmap_reg_write", "regmap_reg_read",
};

static bool known(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(known_events) / sizeof(known_events[0]); i++)
		if (!strcmp(name, known_events[i]))
			return true;
	return false;
}

/*
 * The known event whose name and colon @p starts with: its name in @name
 * (@size bytes), its length returned; 0 if none
 */
static size_t known_at(const char *p, char *name, size_t size)
{
	size_t len = strcspn(p, ": ");

	if (p[len] != ':' || len >= size)
		return 0;
	copy(name, size, p, len);
	return known(name) ? len : 0;
}

/* "12.345678:" or "12.345678]": a timestamp, its end in @end */
static bool stamp(const char *p, double *ts, char term, const char **end)
{
	char *e;

	if (!isdigit((unsigned char)*p))
		return false;
	*ts = strtod(p, &e);
	if (e == p || *e != term || !strchr(p, '.') || strchr(p, '.') > e)
		return false;
	*end = e + 1;
	return true;
}

/*
 * Where the event name starts, with the task and time in @e, or NULL:
 *   tracefs    "  TASK-PID  [CPU] FLAGS  TS: EVENT: ARGS"
 *   trace-cmd  "  TASK-PID  [CPU]  TS: EVENT:   ARGS" (flags with -l)
 *   console    "[  TS] EVENT: ARGS", maybe "[  TS][  T1] EVENT: ARGS"
 */
static const char *locate(const char *line, struct ev *e, enum trace_form *form)
{
	const char *p = line + strspn(line, " "), *cpu, *q;
	char name[32];
	int tok;

	if (*p == '[') {
		p += 1 + strspn(p + 1, " ");
		if (!stamp(p, &e->ts, ']', &p))
			return NULL;
		if (*p == '[')		/* printk caller ID */
			p = strchr(p, ']') ? strchr(p, ']') + 1 : p;
		snprintf(e->task, sizeof(e->task), "%s", CONSOLE_TASK);
		*form = TF_CONSOLE;
		return p + strspn(p, " ");
	}
	/* A console without printk timestamps: the event's name first */
	if (known_at(p, name, sizeof(name))) {
		e->ts = -1;
		snprintf(e->task, sizeof(e->task), "%s", CONSOLE_TASK);
		*form = TF_CONSOLE;
		return p;
	}
	/* The CPU field: " [" digits "]" after the task (which may hold spaces) */
	for (cpu = strstr(p, " ["); cpu; cpu = strstr(cpu + 1, " [")) {
		size_t d = strspn(cpu + 2, "0123456789");

		if (d && cpu[2 + d] == ']')
			break;
	}
	if (!cpu || cpu == p)
		return NULL;
	q = cpu;
	while (q > p && q[-1] == ' ')
		q--;
	copy(e->task, sizeof(e->task), p, q - p);
	p = strchr(cpu, ']') + 1;
	/* At most a flags token, then the time */
	for (tok = 0; tok < 2; tok++) {
		p += strspn(p, " ");
		if (stamp(p, &e->ts, ':', &q)) {
			*form = tok ? TF_TRACEFS : TF_TRACE_CMD;
			return q + strspn(q, " ");
		}
		p += strcspn(p, " ");
	}
	return NULL;
}

static void parse_line(struct parser *ps, char *line, int lineno)
{
	struct ev e = { .line = lineno, .raw = line };
	enum trace_form form;
	char evname[32];
	const char *p;
	size_t len;
	bool good;

	line[strcspn(line, "\r\n")] = '\0';
	p = locate(line, &e, &form);
	if (!p)
		return;
	len = known_at(p, evname, sizeof(evname));
	if (!len)
		return;
	p += len + 1;
	p += strspn(p, " ");	/* trace-cmd pads the name */
	ps->t->forms[form]++;
	if (e.ts < 0) {
		/* untimed: after the event before it, for the order alone */
		e.ts = ps->t->n ? ps->t->ev[ps->t->n - 1].ts : 0;
		ps->t->untimed++;
	}
	if (!strcmp(evname, "suspend_resume"))
		ps->t->has |= HAS_PHASE;
	else if (!strncmp(evname, "device_pm_callback_", 19))
		ps->t->has |= HAS_CB;
	else
		ps->t->has |= HAS_XFER;

	if (!strcmp(evname, "suspend_resume")) {
		good = parse_phase(p, &e);
		if (good && push(ps->t, &e))
			track_phase(ps, &e);
	} else if (!strncmp(evname, "device_pm_callback_", 19)) {
		good = parse_cb(p, &e, evname[19] == 's');
		if (good && push(ps->t, &e))
			track_open(ps, &e);
	} else if (!strncmp(evname, "i2c_", 4)) {
		good = parse_i2c(ps, evname, p, &e);
	} else if (!strncmp(evname, "smbus_", 6)) {
		good = parse_smbus(ps, evname, p, &e);
	} else {
		good = parse_regmap(ps, evname, p, &e);
	}
	if (!good)
		bad(ps, &e);
}

int trace_read(FILE *f, struct trace *t)
{
	struct parser *ps = calloc(1, sizeof(*ps));
	char *line = malloc(LINE_MAX_LEN);
	int lineno = 0;

	memset(t, 0, sizeof(*t));
	if (!ps || !line) {
		perror("sleeptrace");
		exit(2);
	}
	ps->t = t;
	while (!t->too_big && fgets(line, LINE_MAX_LEN, f)) {
		struct link l;
		size_t len = strlen(line);

		lineno++;
		if (len == LINE_MAX_LEN - 1 && line[len - 1] != '\n') {
			int c;

			/* No event is this long: skip the rest of the line */
			while ((c = getc(f)) != EOF && c != '\n')
				;
			t->long_lines++;
			continue;
		}
		if (sscanf(line, "# devlink: %127s %127s", l.supplier, l.consumer) == 2) {
			struct link *n = realloc(t->links, (t->nlinks + 1) * sizeof(l));

			if (!n) {
				perror("sleeptrace");
				exit(2);
			}
			t->links = n;
			t->links[t->nlinks++] = l;
			continue;
		}
		/* The ring buffer overran: trace text says so (print_trace_header) */
		if (!strncmp(line, "CPU:", 4) && strstr(line, "[LOST ") &&
		    strstr(line, "EVENTS]")) {
			t->lost = true;
			continue;
		}
		/* (kept as text: the caller parses it as it parses -a) */
		if (!strncmp(line, "# vexpress-pm pmic:", 19)) {
			/* the whole value, blanks trimmed: junk after it is kept */
			if (!t->pmic[0]) {
				const char *v = line + 19 + strspn(line + 19, " \t");
				size_t n = strcspn(v, "\r\n");

				while (n && (v[n - 1] == ' ' || v[n - 1] == '\t'))
					n--;
				snprintf(t->pmic, sizeof(t->pmic), "%.*s", (int)n, v);
			}
			continue;
		}
		if (!strncmp(line, "# vexpress-pm domain:", 21)) {
			if (!t->domain_stated) {
				const char *v = line + 21 + strspn(line + 21, " \t");
				size_t n = strcspn(v, " \t\r\n");

				/* one name, or "none": anything else is refused */
				if (!n || v[n + strspn(v + n, " \t\r\n")] ||
				    n >= sizeof(t->domain)) {
					fprintf(stderr,
						"sleeptrace: line %d: \"# vexpress-pm domain:\" takes one name of at most %zu characters, or none\n",
						lineno, sizeof(t->domain) - 1);
					exit(2);
				}
				t->domain_stated = true;
				if (n != 4 || strncmp(v, "none", 4))
					snprintf(t->domain, sizeof(t->domain), "%.*s", (int)n, v);
			}
			continue;
		}
		if (!strncmp(line, "# vexpress-pm boot", 18)) {
			t->boot = t->n;
			continue;
		}
		if (line[0] != '#') {
			int nbad = t->bad;

			parse_line(ps, line, lineno);
			/* The file ends inside an event: cut short, not unknown */
			if (t->bad > nbad && line[len - 1] != '\n' && feof(f)) {
				if (!--t->bad)
					t->bad_line = 0;
				t->partial = true;
			}
		}
	}
	t->lines = lineno;
	free(line);
	free(ps);
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

const char *trace_form_name(enum trace_form f)
{
	static const char *const names[] = {
		[TF_TRACEFS] = "tracefs text", [TF_TRACE_CMD] = "trace-cmd report",
		[TF_CONSOLE] = "console (tp_printk)",
	};

	return f < TF_NFORM ? names[f] : "?";
}

int pmic_parse(const char *s, struct pmic *p)
{
	unsigned int addr;
	int bus, n = 0;

	if (!*s || strlen(s) >= sizeof(p->dev) || strcspn(s, " \t[]:,") != strlen(s))
		return -1;
	snprintf(p->dev, sizeof(p->dev), "%s", s);
	p->bus = -1;
	p->addr = -1;
	if (sscanf(s, "%d-%4x%n", &bus, &addr, &n) == 2 && n == (int)strlen(s) &&
	    addr < 0x400) {
		p->bus = bus;
		p->addr = addr;
	}
	return 0;
}

static bool pmic_match(const struct ev *e, const struct pmic *p)
{
	if (e->src != XF_REGMAP && p->addr >= 0 && e->addr == p->addr &&
	    (p->bus < 0 || e->bus == p->bus))
		return true;
	if (!p->dev[0])		/* -a: i2c and smbus on any bus, regmap too */
		return e->addr == p->addr;
	return !strcmp(e->dev, p->dev);
}

bool is_pmic_xfer(const struct ev *e, const struct pmic_set *ps)
{
	int i;

	if (e->kind != EV_XFER)
		return false;
	for (i = 0; i < ps->n; i++)
		if (pmic_match(e, &ps->p[i]))
			return true;
	return false;
}

bool pmic_seen(const struct trace *t, const struct pmic *p)
{
	int i;

	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];
		unsigned int addr;
		int bus, n = 0;

		if (e->kind == EV_XFER && pmic_match(e, p))
			return true;
		if (e->kind != EV_CB_START)
			continue;
		if (p->dev[0] && !strcmp(e->name, p->dev))
			return true;
		if (!p->dev[0] && sscanf(e->name, "%d-%4x%n", &bus, &addr, &n) == 2 &&
		    !e->name[n] && (int)addr == p->addr)
			return true;
	}
	return false;
}

bool trace_is_s2idle(const struct trace *t)
{
	int i;

	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];

		if (e->kind == EV_PHASE &&
		    (!strcmp(e->name, "suspend_enter") || !strcmp(e->name, "machine_suspend") ||
		     (!strncmp(e->name, "platform_", 9) && strcmp(e->name, "platform_stray_wake"))))
			return e->val == STATE_S2IDLE;
	}
	return false;
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

int trace_cycles(const struct trace *t, int *start, int max)
{
	bool first = true;
	int i, k = 1;

	start[0] = 0;
	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];

		if (e->kind != EV_PHASE || !e->begin || strcmp(e->name, "suspend_enter"))
			continue;
		if (first)	/* the first cycle starts at the capture's start */
			first = false;
		else if (k++ < max)
			start[k - 1] = i;
	}
	return k;
}

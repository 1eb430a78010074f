/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A suspend/resume ftrace capture as a list of events: the PM core's
 * power:suspend_resume phases (our platform code traces its callbacks with
 * the same event, as "platform_<callback>"), power:device_pm_callback_*,
 * and bus traffic: i2c:* and smbus:* transfers grouped into transactions,
 * and regmap:regmap_reg_write/read accesses (which name the device, so
 * they show SPI, RSB or SPMI PMICs too).
 *
 * Three text forms are read, line by line, whichever a line is in: the
 * kernel's own (/sys/kernel/tracing/trace), `trace-cmd report` output
 * (no flags column, event names padded) and console lines printed with
 * tp_printk ("[   10.884896] suspend_resume: ...", task unknown; without
 * printk.time, "suspend_resume: ..." alone: the order still tells).
 */
#ifndef SLEEPTRACE_TRACE_H
#define SLEEPTRACE_TRACE_H

#include <stdbool.h>
#include <stdio.h>

enum ev_kind {
	EV_PHASE,	/* suspend_resume: name[val] begin|end */
	EV_CB_START,	/* device_pm_callback_start */
	EV_CB_END,	/* device_pm_callback_end */
	EV_XFER,	/* one bus transaction or register access */
};

/* Where a transfer was seen, lowest level first. */
enum xfer_src { XF_I2C, XF_SMBUS, XF_REGMAP, XF_NSRC };

#define XFER_MAX_MSGS	4
#define XFER_MAX_BYTES	8

struct i2c_msg_rec {
	bool read;
	int len;
	int nbytes;			/* bytes shown in the trace */
	unsigned char data[XFER_MAX_BYTES];
};

/* The task of a console capture's events: a console names none */
#define CONSOLE_TASK	"console-0"

struct ev {
	enum ev_kind kind;
	int line;			/* 1-based line in the capture */
	char *raw;			/* that line, for reports */
	double ts;			/* seconds */
	char task[40];			/* CONSOLE_TASK in a console capture */
	char name[128];		/* phase name, or device name */
	unsigned int val;		/* phase value (state, cpu) */
	bool begin;			/* phase begin, or cb start */
	char driver[32], parent[128];	/* callbacks */
	char info[32];			/* "noirq driver", "late power domain", ...
					 * (an end event: its start's) */
	char verb[16];			/* "suspend", "resume", ... (likewise) */
	int err;
	/* transfers */
	enum xfer_src src;
	char dev[48];			/* "1-0034" (i2c, smbus: BUS-ADDR), or
					 * regmap's device name ("spi0.0") */
	int bus, addr, nmsgs, ret;	/* i2c, smbus; regmap: bus, addr -1 */
	struct i2c_msg_rec msgs[XFER_MAX_MSGS];	/* i2c */
	bool reg_known, write;		/* smbus, regmap: register access */
	unsigned int reg, regval;
	char who[192];			/* callback or phase running it, else
					 * the task ("" if the capture names none) */
	bool ret_known;			/* i2c, smbus: the result event came */
};

/* A device link from the capture's "# devlink: SUPPLIER CONSUMER" lines. */
struct link {
	char supplier[128], consumer[128];
};

enum trace_form { TF_TRACEFS, TF_TRACE_CMD, TF_CONSOLE, TF_NFORM };

struct trace {
	struct ev *ev;
	int n, cap;
	struct link *links;
	int nlinks;
	int boot;	/* first event after a "# vexpress-pm boot" line (the
			 * next boot's console; hibernation's restore side);
			 * 0: none */
	char pmic[32];	/* the PMIC's I2C address as the capture names it
			 * ("# vexpress-pm pmic: ADDR", as the board's
			 * captures start; the first such line); "": none,
			 * also an empty value (trace_dump on a board whose
			 * DT has no PMIC it knows) */
	/*
	 * The PM domain the PMIC powers, as the capture states it ("#
	 * vexpress-pm domain: NAME", the first such line; trace_dump on this
	 * board): @domain_stated with NAME in @domain, "" for "none"; not
	 * stated: the domain rules infer it from the callbacks
	 */
	bool domain_stated;
	char domain[64];
	int forms[TF_NFORM];	/* events read in each form */
	unsigned int has;	/* HAS_*: the kinds of event the capture holds */
	int untimed;		/* console events without a timestamp */
	int bad, bad_line;	/* known events whose text was not understood */
	char bad_text[96];
	int long_lines;		/* lines cut at the line length limit */
	bool too_big;		/* stopped at MAX_EVENTS */
	bool partial;		/* the last line is part of an event */
	bool lost;		/* ftrace's "CPU:N [LOST M EVENTS]" marker */
	int lines;
};

/*
 * What a capture has: phases (power:suspend_resume), device callbacks
 * (power:device_pm_callback_start/end), bus transfers (i2c, smbus,
 * regmap events). A rule that needs a kind the capture lacks cannot be
 * judged on it.
 */
#define HAS_PHASE	0x1
#define HAS_CB		0x2
#define HAS_XFER	0x4

/* More events than this are refused: cut the capture to the cycles of interest. */
#define MAX_EVENTS	400000

/* The PMICs whose traffic the rules watch. */
struct pmic {
	char dev[48];	/* "1-0034", "spi0.0"; "" with -a: any bus */
	int bus, addr;	/* i2c/smbus; addr -1: by device name only */
};

#define MAX_PMICS	8

struct pmic_set {
	struct pmic p[MAX_PMICS];
	int n;
};

int trace_read(FILE *f, struct trace *t);
void trace_free(struct trace *t);
const char *trace_form_name(enum trace_form f);

/* "BUS-ADDR" (hex address, as i2c names devices) or any device name. */
int pmic_parse(const char *s, struct pmic *p);
bool is_pmic_xfer(const struct ev *e, const struct pmic_set *ps);
/* Whether any event names the PMIC (its traffic, or a callback of it). */
bool pmic_seen(const struct trace *t, const struct pmic *p);

/* The value of a suspend-to-idle cycle's state events (PM_SUSPEND_TO_IDLE) */
#define STATE_S2IDLE	1

/*
 * Whether @t is a suspend-to-idle cycle: the state its first suspend_enter,
 * machine_suspend or platform callback event carries (platform_stray_wake's
 * value is an IRQ). Without any, a cycle of suspend_ops.
 */
bool trace_is_s2idle(const struct trace *t);

/* Index of the first/last phase event NAME begin|end, or -1. */
int phase_first(const struct trace *t, const char *name, bool begin);
int phase_last(const struct trace *t, const char *name, bool begin);

/*
 * The callback phase of a device callback: "prepare" (prepare/complete),
 * "" (suspend/resume), "late" (suspend_late/resume_early) or "noirq".
 */
const char *cb_level(const struct ev *e);

/*
 * The suspend cycles of a capture: each starts at a suspend_enter begin
 * (the first takes the events before it too). Returns how many (at least
 * 1), their first event indices in @start (the first @max of them).
 */
int trace_cycles(const struct trace *t, int *start, int max);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A suspend/resume ftrace capture as a list of events: the PM core's
 * power:suspend_resume phases (our platform code traces its callbacks with
 * the same event, as "platform_<callback>"), power:device_pm_callback_*,
 * and i2c:* transfers grouped into transactions.
 */
#ifndef SLEEPTRACE_TRACE_H
#define SLEEPTRACE_TRACE_H

#include <stdbool.h>
#include <stdio.h>

enum ev_kind {
	EV_PHASE,	/* suspend_resume: name[val] begin|end */
	EV_CB_START,	/* device_pm_callback_start */
	EV_CB_END,	/* device_pm_callback_end */
	EV_XFER,	/* one i2c transaction (i2c_write/read/reply ... i2c_result) */
};

#define XFER_MAX_MSGS	4
#define XFER_MAX_BYTES	8

struct i2c_msg_rec {
	bool read;
	int len;
	int nbytes;			/* bytes shown in the trace */
	unsigned char data[XFER_MAX_BYTES];
};

struct ev {
	enum ev_kind kind;
	int line;			/* 1-based line in the capture */
	char *raw;			/* that line, for reports */
	double ts;			/* seconds */
	char task[40];
	char name[128];		/* phase name, or device name */
	unsigned int val;		/* phase value (state, cpu) */
	bool begin;			/* phase begin, or cb start */
	char driver[32], parent[128];	/* callbacks */
	char info[32];			/* "noirq driver", "late power domain", ...
					 * (an end event: its start's) */
	char verb[16];			/* "suspend", "resume", ... (likewise) */
	int err;
	int bus, addr, nmsgs, ret;	/* transfers */
	struct i2c_msg_rec msgs[XFER_MAX_MSGS];
	char who[192];			/* transfers: callback or phase running them */
};

/* A device link from the capture's "# devlink: SUPPLIER CONSUMER" lines. */
struct link {
	char supplier[128], consumer[128];
};

struct trace {
	struct ev *ev;
	int n;
	struct link *links;
	int nlinks;
	int boot;	/* first event after a "# vexpress-pm boot" line (the
			 * next boot's console; hibernation's restore side);
			 * 0: none */
};

int trace_read(FILE *f, struct trace *t);
void trace_free(struct trace *t);

/* Index of the first/last phase event NAME begin|end, or -1. */
int phase_first(const struct trace *t, const char *name, bool begin);
int phase_last(const struct trace *t, const char *name, bool begin);

/*
 * The callback phase of a device callback: "prepare" (prepare/complete),
 * "" (suspend/resume), "late" (suspend_late/resume_early) or "noirq".
 */
const char *cb_level(const struct ev *e);

#endif

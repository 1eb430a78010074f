/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SLEEPTRACE_RECORD_H
#define SLEEPTRACE_RECORD_H

#include <stdio.h>

/* The ring buffer overflowed: the capture is whole but events are lost */
#define RECORD_LOST	1

/*
 * Record @cmd (argv form) with tracefs into @out; its exit status (or
 * 128 + signal) in @cmd_status. Returns 0, RECORD_LOST, or -errno with
 * the reason said on stderr.
 */
int record(FILE *out, char **cmd, int *cmd_status);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * sleeptrace record: on the board itself, record a command's suspend or
 * hibernation with tracefs, without trace-cmd, for the checker.
 *
 * Enables the events the rules read (power:suspend_resume,
 * power:device_pm_callback_start/end, i2c:*, and smbus:* where the kernel
 * has them) in a cleared ring buffer (what it held is lost), runs the
 * command (its output on stderr), stops tracing and writes the capture with the board's device links as "# devlink:" lines
 * to @out, which the checker then reads. Events it turned on are off
 * again, those that were on stay on (and are recorded: regmap's, for a
 * PMIC on SPI, RSB or SPMI); a terminal's Ctrl-C ends the command, not
 * the recording.
 * A ring buffer that overflowed lost events: the number is said, and the
 * capture counts as cut short.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "record.h"

static const char *const tracefs_dirs[] = {
	"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
};

static const char *const events[] = {
	"power/suspend_resume", "power/device_pm_callback_start",
	"power/device_pm_callback_end", "i2c/i2c_write", "i2c/i2c_read",
	"i2c/i2c_reply", "i2c/i2c_result", "smbus/smbus_write",
	"smbus/smbus_read", "smbus/smbus_reply", "smbus/smbus_result",
};

#define NEVENTS	(sizeof(events) / sizeof(events[0]))

/* Whether tracefs file @name reads as "1" */
static bool is_on(const char *dir, const char *name)
{
	char path[256], c = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (fread(&c, 1, 1, f) != 1)
		c = 0;
	fclose(f);
	return c == '1';
}

/* Write @val to tracefs file @name; 0 or -errno */
static int put(const char *dir, const char *name, const char *val)
{
	char path[256];
	FILE *f;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	if (fputs(val, f) == EOF)
		ret = -errno;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

/* The tracefs directory, mounted if it is not yet; NULL if none */
static const char *tracefs(void)
{
	struct stat st;
	size_t i;

	for (i = 0; i < sizeof(tracefs_dirs) / sizeof(tracefs_dirs[0]); i++) {
		char probe[256];

		snprintf(probe, sizeof(probe), "%s/tracing_on", tracefs_dirs[i]);
		if (!stat(probe, &st))
			return tracefs_dirs[i];
	}
	if (!mount("tracefs", tracefs_dirs[0], "tracefs", 0, NULL) &&
	    !stat("/sys/kernel/tracing/tracing_on", &st))
		return tracefs_dirs[0];
	return NULL;
}

/* Events lost to a full ring buffer, over every CPU */
static long overruns(const char *dir)
{
	char path[256], line[128];
	long n = 0, v;
	int cpu;

	for (cpu = 0; cpu < 1024; cpu++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", dir, cpu);
		f = fopen(path, "r");
		if (!f)
			break;
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "overrun: %ld", &v) == 1)
				n += v;
		fclose(f);
	}
	return n;
}

/*
 * A sync-state-only link orders the supplier's sync_state, not the PM
 * callbacks: fw_devlink makes one for each link of a dependency cycle
 * (an of_graph display pipeline, whose ports point both ways), where no
 * order could hold both ways.
 */
static int sync_state_only(const char *link)
{
	char path[512];
	FILE *f;
	int c;

	snprintf(path, sizeof(path), "/sys/class/devlink/%s/sync_state_only", link);
	f = fopen(path, "r");
	if (!f)
		return 0;
	c = fgetc(f);
	fclose(f);
	return c == '1';
}

/* "# devlink: SUPPLIER CONSUMER" for each link that orders the PM callbacks */
static void devlinks(FILE *out)
{
	DIR *d = opendir("/sys/class/devlink");
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		/* "BUS:SUPPLIER--BUS:CONSUMER" (device_link_add()) */
		char *sep = strstr(de->d_name, "--"), *sup, *con;

		if (!sep || sync_state_only(de->d_name))
			continue;
		*sep = '\0';
		sup = strchr(de->d_name, ':');
		con = strchr(sep + 2, ':');
		fprintf(out, "# devlink: %s %s\n", sup ? sup + 1 : de->d_name,
			con ? con + 1 : sep + 2);
	}
	closedir(d);
}

int record(FILE *out, char **cmd, int *cmd_status)
{
	bool enabled[NEVENTS] = { false };
	const char *dir = tracefs();
	char path[256], buf[65536];
	int status, ret = 0;
	FILE *in = NULL;
	long lost;
	size_t i, n;
	pid_t pid;

	if (!dir) {
		fprintf(stderr, "sleeptrace: record: no tracefs (CONFIG_FTRACE; mount -t tracefs nodev /sys/kernel/tracing)\n");
		return -ENOENT;
	}
	if (put(dir, "tracing_on", "0") || put(dir, "trace", "") ||
	    put(dir, "buffer_size_kb", "4096")) {
		fprintf(stderr, "sleeptrace: record: cannot set up %s (root?): %s\n",
			dir, strerror(errno));
		return -EACCES;
	}
	for (i = 0; i < NEVENTS; i++) {
		char name[96];
		bool was_on;

		/* (one the user had on stays on afterwards) */
		snprintf(name, sizeof(name), "events/%s/enable", events[i]);
		was_on = is_on(dir, name);
		enabled[i] = !put(dir, name, "1");
		if (!enabled[i] && i < 3) {
			fprintf(stderr, "sleeptrace: record: no event %s in %s: the checker needs it\n",
				events[i], dir);
			ret = -ENOENT;
			goto disable;
		}
		enabled[i] = enabled[i] && !was_on;
	}
	fflush(NULL);
	if (put(dir, "tracing_on", "1")) {
		ret = -errno;
		fprintf(stderr, "sleeptrace: record: cannot start tracing: %s\n", strerror(errno));
		goto disable;
	}
	/*
	 * A terminal's Ctrl-C reaches the command and us: the command ends,
	 * and we stop tracing and restore the events as on any other end
	 */
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		perror("sleeptrace: record: fork");
		goto stop;
	}
	if (!pid) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		/* (its output is not the capture's judge's: stdout is KTAP) */
		dup2(STDERR_FILENO, STDOUT_FILENO);
		execvp(cmd[0], cmd);
		fprintf(stderr, "sleeptrace: record: %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			ret = -errno;
			goto stop;
		}
	*cmd_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
stop:
	put(dir, "tracing_on", "0");
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (ret)
		goto disable;

	snprintf(path, sizeof(path), "%s/trace", dir);
	in = fopen(path, "r");
	if (!in) {
		ret = -errno;
		fprintf(stderr, "sleeptrace: record: %s: %s\n", path, strerror(errno));
		goto disable;
	}
	devlinks(out);
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, out) != n) {
			ret = -errno;
			fprintf(stderr, "sleeptrace: record: writing the capture: %s\n",
				strerror(errno));
			break;
		}
	lost = overruns(dir);
	if (lost) {
		fprintf(stderr, "sleeptrace: record: the ring buffer overflowed: %ld event(s) lost; the capture is cut short\n",
			lost);
		ret = RECORD_LOST;
	}
	fclose(in);
	if (fflush(out) && !ret)
		ret = -errno;
disable:
	for (i = 0; i < NEVENTS; i++) {
		char name[96];

		if (!enabled[i])
			continue;
		snprintf(name, sizeof(name), "events/%s/enable", events[i]);
		put(dir, name, "0");
	}
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * runas UID CMD [ARG...]: run CMD as user and group UID with no
 * supplementary groups, for plans that check what an unprivileged user
 * can reach. (busybox's setpriv has no --reuid, and the initramfs has no
 * /etc/passwd for su.) Exit 2 if the identity cannot be changed, 127 if
 * CMD cannot be run.
 */
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long id;

	if (argc < 3) {
		fprintf(stderr, "usage: runas UID CMD [ARG...]\n");
		return 2;
	}
	id = strtoul(argv[1], NULL, 0);
	if (setgroups(0, NULL) || setgid(id) || setuid(id)) {
		perror("runas");
		return 2;
	}
	if (getuid() != id || geteuid() != id) {
		fprintf(stderr, "runas: still uid %u\n", (unsigned int)geteuid());
		return 2;
	}
	execvp(argv[2], argv + 2);
	perror("runas");
	return 127;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Plain userspace test run: every seed in the corpus directories named
 * on the command line goes through the fuzzer's round-trip check, then
 * every KUnit suite linked in runs through the KUnit shim.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include <kunit/test.h>

#include "roundtrip.h"

#define SEED_MAX	(1024 * 1024)

static int run_seed(const char *path, int *passed, int *failed)
{
	static u8 buf[SEED_MAX];
	const char *why;
	size_t len;
	FILE *f;

	f = fopen(path, "rb");
	if (!f) {
		perror(path);
		(*failed)++;
		return -1;
	}
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	why = codec_roundtrip(buf, len);
	if (why) {
		printf("    not ok seed %s: %s\n", path, why);
		(*failed)++;
	} else {
		(*passed)++;
	}
	return 0;
}

static void run_dir(const char *dir, int *passed, int *failed)
{
	struct dirent **names;
	char path[4096];
	int n, i;

	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0) {
		perror(dir);
		(*failed)++;
		return;
	}
	for (i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir,
				 names[i]->d_name);
			run_seed(path, passed, failed);
		}
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0, seeds, i;

	/* Keep failure messages (stderr) next to the case they belong to */
	setvbuf(stdout, NULL, _IONBF, 0);
	for (i = 1; i < argc; i++)
		run_dir(argv[i], &passed, &failed);
	seeds = passed + failed;
	printf("  seeds: %d passed, %d failed\n", passed, failed);
	/* SEEDS_ONLY=1: the inputs alone (make coverage measures them) */
	if (!getenv("SEEDS_ONLY")) {
		shim_kunit_run_all(&passed, &failed);
		printf("  kunit: %d cases\n", passed + failed - seeds);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runner for the userspace KUnit shim: runs every registered suite and
 * case (each parameter counts as a case), frees what kunit_kzalloc()
 * handed out, and reports "N passed, M failed".
 */
#include <stdlib.h>

#include <kunit/test.h>

#define SHIM_MAX_SUITES	32

struct shim_alloc {
	struct shim_alloc *next;
};

static struct kunit_suite *shim_suites[SHIM_MAX_SUITES];
static int shim_nsuites;

void shim_kunit_register(struct kunit_suite *suite)
{
	if (shim_nsuites < SHIM_MAX_SUITES)
		shim_suites[shim_nsuites++] = suite;
}

void *kunit_kzalloc(struct kunit *test, size_t size, int gfp)
{
	struct shim_alloc *a;

	(void)gfp;
	/* Keep the caller's bytes last so ASan sees reads past them */
	a = calloc(1, sizeof(*a) + size);
	if (!a)
		return NULL;
	a->next = test->allocs;
	test->allocs = a;
	return a + 1;
}

void shim_kunit_fail(struct kunit *test, const char *file, int line,
		     const char *what, bool fatal)
{
	fprintf(stderr, "    %s:%d: %s: expectation failed: %s\n",
		file, line, test->case_name, what);
	test->failures++;
	if (fatal)
		longjmp(test->abort, 1);
}

static void shim_free_all(struct kunit *test)
{
	while (test->allocs) {
		struct shim_alloc *a = test->allocs;

		test->allocs = a->next;
		free(a);
	}
}

static bool shim_run_one(struct kunit_case *c, const void *param,
			 const char *desc)
{
	struct kunit test = { .param_value = param, .case_name = c->name };

	if (!setjmp(test.abort))
		c->run_case(&test);
	shim_free_all(&test);
	printf("    %s %s%s%s\n", test.failures ? "not ok" : "ok", c->name,
	       desc ? " " : "", desc ? desc : "");
	return !test.failures;
}

static void shim_run_case(struct kunit_case *c, int *passed, int *failed)
{
	char desc[KUNIT_PARAM_DESC_SIZE];
	const void *param = NULL;

	if (!c->generate_params) {
		shim_run_one(c, NULL, NULL) ? (*passed)++ : (*failed)++;
		return;
	}
	for (;;) {
		desc[0] = '\0';
		param = c->generate_params(param, desc);
		if (!param)
			break;
		shim_run_one(c, param, desc) ? (*passed)++ : (*failed)++;
	}
}

int shim_kunit_run_all(int *passed, int *failed)
{
	int i;

	for (i = 0; i < shim_nsuites; i++) {
		struct kunit_case *c;

		printf("  suite %s\n", shim_suites[i]->name);
		for (c = shim_suites[i]->test_cases; c->run_case; c++)
			shim_run_case(c, passed, failed);
	}
	return *failed ? 1 : 0;
}

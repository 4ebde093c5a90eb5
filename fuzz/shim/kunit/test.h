/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A small userspace stand-in for <kunit/test.h>: enough of the KUnit API
 * for this project's suites to run under ASan/UBSan without a kernel.
 * Suites register themselves at start-up; shim_kunit_run_all() runs them.
 */
#ifndef _SHIM_KUNIT_TEST_H
#define _SHIM_KUNIT_TEST_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <linux/string.h>

#define KUNIT_PARAM_DESC_SIZE	128
#define GFP_KERNEL		0

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

struct shim_alloc;

struct kunit {
	const void *param_value;
	const char *case_name;
	int failures;
	jmp_buf abort;
	struct shim_alloc *allocs;
};

struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
};

struct kunit_suite {
	const char *name;
	struct kunit_case *test_cases;
};

void *kunit_kzalloc(struct kunit *test, size_t size, int gfp);
void shim_kunit_register(struct kunit_suite *suite);
void shim_kunit_fail(struct kunit *test, const char *file, int line,
		     const char *what, bool fatal);
int shim_kunit_run_all(int *passed, int *failed);

#define KUNIT_CASE(fn)		{ .run_case = fn, .name = #fn }
#define KUNIT_CASE_PARAM(fn, gen) \
	{ .run_case = fn, .name = #fn, .generate_params = gen }

/* The element after @prev (or the first) of an array, or NULL at its end */
static inline const void *shim_param_next(const void *array, size_t size,
					  size_t elem, const void *prev)
{
	const char *next = prev ? (const char *)prev + elem : array;

	return (size_t)(next - (const char *)array) < size ? next : NULL;
}

/* Same, copying the element's name (a const char * member) to @desc */
static inline const void *shim_param_next_desc(const void *array, size_t size,
					       size_t elem, const void *prev,
					       char *desc, size_t off)
{
	const void *next = shim_param_next(array, size, elem, prev);

	if (next)
		strscpy(desc, *(const char * const *)((const char *)next + off),
			KUNIT_PARAM_DESC_SIZE);
	return next;
}

#define KUNIT_ARRAY_PARAM(name, array, get_desc)			\
	static const void *name##_gen_params(const void *prev, char *desc)\
	{								\
		const void *__next = shim_param_next(array,		\
				sizeof(array), sizeof((array)[0]), prev); \
		if (__next)						\
			get_desc(__next, desc);				\
		return __next;						\
	}

#define KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)		\
	static const void *name##_gen_params(const void *prev, char *desc)\
	{								\
		return shim_param_next_desc(array, sizeof(array),	\
			sizeof((array)[0]), prev, desc,			\
			offsetof(__typeof__((array)[0]), desc_member));	\
	}

#define kunit_test_suite(suite)						\
	static void __attribute__((constructor)) shim_reg_##suite(void)	\
	{								\
		shim_kunit_register(&(suite));				\
	}

#define SHIM_CHECK(test, cond, what, fatal)				\
	do {								\
		if (!(cond))						\
			shim_kunit_fail(test, __FILE__, __LINE__, what, fatal); \
	} while (0)

#define SHIM_CMP(test, a, op, b, fatal)					\
	do {								\
		long long __a = (long long)(a), __b = (long long)(b);	\
		if (!(__a op __b)) {					\
			fprintf(stderr, "    %s = %lld, %s = %lld\n",	\
				#a, __a, #b, __b);			\
			shim_kunit_fail(test, __FILE__, __LINE__,	\
					#a " " #op " " #b, fatal);	\
		}							\
	} while (0)

#define KUNIT_EXPECT_EQ(t, a, b)	SHIM_CMP(t, a, ==, b, false)
#define KUNIT_EXPECT_NE(t, a, b)	SHIM_CMP(t, a, !=, b, false)
#define KUNIT_EXPECT_EQ_MSG(t, a, b, fmt, ...)				\
	do {								\
		long long __m = (long long)(a), __n = (long long)(b);	\
		if (__m != __n)						\
			fprintf(stderr, "    " fmt "\n", ##__VA_ARGS__);	\
		SHIM_CMP(t, __m, ==, __n, false);			\
	} while (0)
#define KUNIT_EXPECT_LE(t, a, b)	SHIM_CMP(t, a, <=, b, false)
#define KUNIT_EXPECT_LT(t, a, b)	SHIM_CMP(t, a, <, b, false)
#define KUNIT_EXPECT_GE(t, a, b)	SHIM_CMP(t, a, >=, b, false)
#define KUNIT_EXPECT_GT(t, a, b)	SHIM_CMP(t, a, >, b, false)
#define KUNIT_ASSERT_EQ(t, a, b)	SHIM_CMP(t, a, ==, b, true)
#define KUNIT_ASSERT_NE(t, a, b)	SHIM_CMP(t, a, !=, b, true)
#define KUNIT_ASSERT_LE(t, a, b)	SHIM_CMP(t, a, <=, b, true)
#define KUNIT_EXPECT_TRUE(t, c)		SHIM_CHECK(t, c, #c, false)
#define KUNIT_EXPECT_FALSE(t, c)	SHIM_CHECK(t, !(c), "!" #c, false)
#define KUNIT_ASSERT_TRUE(t, c)		SHIM_CHECK(t, c, #c, true)
#define KUNIT_ASSERT_FALSE(t, c)	SHIM_CHECK(t, !(c), "!" #c, true)
#define KUNIT_ASSERT_NOT_NULL(t, p)	SHIM_CHECK(t, (p) != NULL, #p, true)
#define KUNIT_EXPECT_NULL(t, p)		SHIM_CHECK(t, (p) == NULL, #p, false)
#define KUNIT_EXPECT_NOT_NULL(t, p)	SHIM_CHECK(t, (p) != NULL, #p, false)
#define KUNIT_EXPECT_PTR_EQ(t, a, b)	SHIM_CHECK(t, (a) == (b), #a "==" #b, false)
#define KUNIT_EXPECT_STREQ(t, a, b)	SHIM_CHECK(t, !strcmp(a, b), #a "==" #b, false)
#define KUNIT_EXPECT_STRNEQ(t, a, b)	SHIM_CHECK(t, strcmp(a, b), #a "!=" #b, false)
#define KUNIT_EXPECT_MEMEQ(t, a, b, n)	SHIM_CHECK(t, !memcmp(a, b, n), #a "==" #b, false)
#define KUNIT_ASSERT_MEMEQ(t, a, b, n)	SHIM_CHECK(t, !memcmp(a, b, n), #a "==" #b, true)

#endif

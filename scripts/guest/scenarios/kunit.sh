# SPDX-License-Identifier: GPL-2.0-only
# Scenario "kunit": load our KUnit modules in a KUnit kernel (--kernel
# debug), copy the KTAP of each suite to the out share, and report every
# leaf test case (each parameter of a parameterised case counts) as one
# check. rpcrdma_kunit holds the codec's suites (rpcrdma_*),
# xprtrdma_kunit and svcrdma_kunit the transports' (xprtrdma_*,
# svcrdma_*); each module runs its suites when it loads.

# kunit_suites DIR...: one check per leaf case of each suite (a skipped
# case is none; a failed one fails even when it says SKIP), and one that
# fails when a suite reported no case at all; each suite's KTAP is kept
# as ktap-SUITE. KTAP prints a parent's result after its children: a
# result line is a leaf when no deeper result line came after the
# previous one at its depth. One awk for all: in a debug-kernel guest
# each program started costs a second or more, and each shell step that
# writes to the out share tens of milliseconds (some 600 cases were two
# minutes, one step per case).
kunit_suites() {
	local dir files=()
	for dir in "$@"; do
		files+=("$dir/results")
	done
	awk -v out="$OUT" -v sfx="${CHECK_SUFFIX:-}" '
	function suite_of(f) {
		sub(/\/results$/, "", f)
		sub(/.*\//, "", f)
		return f
	}
	function check(good, name) {
		name = "kunit " suite ": " name
		if (good) {
			print "ok " name sfx >> res
			print "PASS: " name
		} else {
			print "not ok " name sfx >> res
			print "FAIL: " name
		}
	}
	function suite_end() {
		if (suite == "")
			return
		check(cases > 0, "reported test cases")
		close(ktap)
	}
	BEGIN { res = out "/results" }
	FNR == 1 {
		suite_end()
		suite = suite_of(FILENAME)
		seen[suite] = 1
		ktap = out "/ktap-" suite
		printf "" > ktap
		cases = 0
		split("", deeper)
	}
	{ print > ktap }
	/^[ \t]*(not )?ok [0-9]+/ {
		match($0, /^[ \t]*/)
		d = RLENGTH
		line = substr($0, d + 1)
		leaf = !(d in deeper)
		for (k in deeper)
			if (k + 0 >= d)
				delete deeper[k]
		for (k = 0; k < d; k++)
			deeper[k] = 1
		if (!leaf)
			next
		cases++
		name = line
		failed = sub(/^not ok [0-9]+ /, "", name)
		if (!failed)
			sub(/^ok [0-9]+ /, "", name)
		sub(/^- /, "", name)
		if (failed)
			check(0, name)
		else if (line !~ /# SKIP/)
			check(1, name)
	}
	END {
		suite_end()
		# A suite whose results file was empty: no line, no case.
		for (i = 1; i < ARGC; i++) {
			suite = suite_of(ARGV[i])
			if (suite in seen)
				continue
			printf "" > (out "/ktap-" suite)
			check(0, "reported test cases")
		}
	}' "${files[@]}"
}

KUNIT_MODULES="rpcrdma_kunit xprtrdma_kunit svcrdma_kunit"

kunit_run() {
	local suites=0 n dir dirs mod prefix
	check "kunit: install our modules" install_ours || return
	check "kunit: KUnit debugfs present" test -d /sys/kernel/debug/kunit || return
	for mod in $KUNIT_MODULES; do
		check "kunit: modprobe $mod" modprobe "$mod" || return
	done
	for prefix in $KUNIT_MODULES; do
		dirs=()
		for dir in /sys/kernel/debug/kunit/"${prefix%_kunit}"_*; do
			[ -r "$dir/results" ] && dirs+=("$dir")
		done
		n=${#dirs[@]}
		[ "$n" -eq 0 ] || kunit_suites "${dirs[@]}"
		check "kunit: at least one ${prefix%_kunit} suite ran" \
			test "$n" -gt 0
		suites=$((suites + n))
	done
	echo "kunit: $suites suites"
	for mod in $KUNIT_MODULES; do
		check "kunit: rmmod $mod" modprobe -r "$mod"
	done
}

run_server_side() { return 0; }
run_client_side() { kunit_run; }
run_server() { echo ready > "$OUT/ready"; wait_for /out/client/finished 600; }

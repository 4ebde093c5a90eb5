# SPDX-License-Identifier: GPL-2.0-only
# Scenario "kunit": load our KUnit module in a KUnit kernel (--kernel
# debug), copy the KTAP of each suite to the out share, and report every
# leaf test case (each parameter of a parameterised case counts) as one
# check.

# KTAP prints a parent's result after its children: a result line is a
# leaf when no deeper result line came after the previous one at its depth.
ktap_leaves() {
	awk '
	/^[ \t]*(not )?ok [0-9]+/ {
		match($0, /^[ \t]*/); d = RLENGTH
		line = substr($0, d + 1)
		if (!(deeper[d])) print line
		for (k in deeper) if (k + 0 >= d) delete deeper[k]
		for (k = 0; k < d; k++) deeper[k] = 1
	}'
}

# kunit_suite DIR: one check per leaf case of one suite; fails when the
# suite reported no case at all.
kunit_suite() {
	local dir=$1 suite line name cases=0
	suite=$(basename "$dir")
	cat "$dir/results" > "$OUT/ktap-$suite"
	while IFS= read -r line; do
		cases=$((cases + 1))
		name=${line#*ok [0-9]* }
		name="kunit $suite: ${name#- }"
		case "$line" in
		"not ok "*) not_ok "$name" ;;
		*"# SKIP"*) ;;
		*) ok "$name" ;;
		esac
	done < <(ktap_leaves < "$dir/results")
	check "kunit $suite: reported test cases" test "$cases" -gt 0
}

kunit_run() {
	local suites=0 dir
	check "kunit: install our modules" install_ours || return
	check "kunit: KUnit debugfs present" test -d /sys/kernel/debug/kunit || return
	check "kunit: modprobe rpcrdma_kunit" modprobe rpcrdma_kunit || return
	for dir in /sys/kernel/debug/kunit/rpcrdma_*; do
		[ -r "$dir/results" ] || continue
		suites=$((suites + 1))
		kunit_suite "$dir"
	done
	check "kunit: at least one rpcrdma suite ran" test "$suites" -gt 0
	check "kunit: rmmod rpcrdma_kunit" modprobe -r rpcrdma_kunit
}

run_server_side() { return 0; }
run_client_side() { kunit_run; }
run_server() { echo ready > "$OUT/ready"; wait_for /out/client/finished 600; }

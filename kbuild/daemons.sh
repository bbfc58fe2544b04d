# kbuild/daemons.sh - icecc and distcc daemons for testsuite/kbuild/test-distributed.sh
# and bench/distributed.sh, on the loopback of the caller's network
# namespace (the callers run themselves under "unshare -n", as root).
#
# Source it, then:
#   daemons_start DIR JOBS   icecc-scheduler, iceccd "client" (--no-remote:
#                            the submitter's), iceccd "node" and distccd
#                            --allow 127.0.0.1; logs and sockets in DIR
#                            (made afresh); dies if one does not start
#   daemons_stop             stop each by its pid (and $make_pid, if set)
#   icecc_env CACHE PLUGIN...  the path of an icecc environment (gcc and
#                            the PLUGINs, icecc-create-env), made once in CACHE
#   icecc_client DIR         export what the icecc client needs to send
#                            every job to the node of DIR
#   distcc_hosts             the DISTCC_HOSTS of that distccd
#   icecc_recompiled LOG     the files an icecc client's debug LOG says it
#                            compiled again locally, a line each
#   engine_make LOG [ENV=VALUE...] -- MAKEARG...
#                            make in the background (a signal stops the
#                            caller, and daemons_stop the make, at once),
#                            its output in LOG, the warning and error
#                            lines sorted in LOG's .warnings; the command
#                            is prefixed with ${engine_time[@]} if set
# Needs die() (scripts/lib.sh).
#
# icecc's scheduler gives a job only to a node whose load is below 1000,
# and the node computes it from the idle ticks in /proc/stat (icecream
# 1.4: daemon/load.cpp, daemon/main.cpp, scheduler/compileserver.cpp):
# on a busy machine, with other jobs or the build's own preprocessing,
# the node reports 1000 and the client waits ("No suitable host found").
# The node therefore runs in a mount namespace of its own, where
# /proc/stat is a file that does not change: no ticks pass, which icecc
# reads as an idle CPU.  Where icecc places jobs is icecc's business; the
# callers test and measure what the node does with them.

daemon_pids=()
make_pid=

daemons_start() {
	local dir=$1 jobs=$2 p

	rm -rf "$dir"
	mkdir -p "$dir"
	chmod 777 "$dir"	# distccd and iceccd's compiles run as other users
	printf 'cpu  100 0 100 100000 0 0 0 0 0 0\n' >"$dir/stat"
	icecc-scheduler -p 8765 -l "$dir/scheduler.log" -n style -vv &
	daemon_pids+=($!)
	ICECC_TEST_SOCKET=$dir/socket-client iceccd -s 127.0.0.1:8765 \
		--no-remote -b "$dir/envs-client" -l "$dir/client.log" \
		-n style -N client -m "$jobs" -vv &
	daemon_pids+=($!)
	# unshare and sh exec: $! is iceccd.
	ICECC_TEST_SOCKET=$dir/socket-node unshare -m sh -c \
		'mount --bind "$1/stat" /proc/stat && shift && exec "$@"' sh "$dir" \
		iceccd -s 127.0.0.1:8765 -p 10246 -b "$dir/envs-node" \
		-l "$dir/node.log" -n style -N node -m "$jobs" -vvv &
	daemon_pids+=($!)
	distccd --no-detach --daemon --allow 127.0.0.1 --listen 127.0.0.1 \
		--port 3632 --jobs "$jobs" --log-level info \
		--log-file "$dir/distccd.log" &
	daemon_pids+=($!)
	sleep 2
	for p in "${daemon_pids[@]}"; do
		kill -0 "$p" 2>/dev/null || die "a daemon did not start (logs in $dir)"
	done
}

daemons_stop() {
	local p

	[ -z "$make_pid" ] || kill "$make_pid" 2>/dev/null
	for p in "${daemon_pids[@]}"; do
		kill "$p" 2>/dev/null
	done
	for p in "${daemon_pids[@]}"; do
		wait "$p" 2>/dev/null
	done
	daemon_pids=()
}

# The client makes an environment itself when ICECC_VERSION is not set,
# a second one for the compiles without the plugin, half a minute each
# while the compiles wait; this one is made once per plugin and GCC.
icecc_env() {
	local cache=$1 dir p adds=()

	shift
	for p; do adds+=(--addfile "$p"); done
	dir=$cache/$(cat "$@" <(gcc -v 2>&1) | sha1sum | cut -c1-12)
	if ! ls "$dir"/*.tar >/dev/null 2>&1; then
		rm -rf "$cache"
		mkdir -p "$dir"
		(cd "$dir" && icecc-create-env "$(command -v gcc)" \
			"${adds[@]}" --compression none) >"$cache.log" 2>&1 ||
			die "icecc-create-env failed ($cache.log)"
	fi
	ls "$dir"/*.tar | head -n 1
}

icecc_client() {
	export ICECC_TEST_SOCKET=$1/socket-client ICECC_PREFERRED_HOST=node \
		ICECC_TEST_REMOTEBUILD=1
}

distcc_hosts() {
	echo 127.0.0.1:3632
}

# The client logs "recompiling locally" (error 102, its caret workaround)
# more than once a job: one file a client process, the one it prepared.
icecc_recompiled() {
	awk '/preparing .* to be compiled/ { f[$1] = $5 }
	     /recompiling locally$/ && !seen[$1]++ { print f[$1] }' "$1"
}

engine_time=()
engine_make() {
	local log=$1 envs=() rc=0

	shift
	while [ "$1" != -- ]; do
		envs+=("$1")
		shift
	done
	shift
	env "${envs[@]}" "${engine_time[@]}" make "$@" >"$log" 2>&1 &
	make_pid=$!
	wait "$make_pid" || rc=$?
	make_pid=
	grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): ' "$log" |
		LC_ALL=C sort >"${log%.log}.warnings"
	return $rc
}

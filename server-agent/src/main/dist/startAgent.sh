#!/bin/sh
# Starts the rpcbench server agent (PerfMon-compatible) from this directory.
#   ./startAgent.sh [--tcp-port N] [--udp-port N] [--bind ADDRESS] ... (./startAgent.sh --help lists them)
# Java: $JAVA_HOME/bin/java if JAVA_HOME is set, else java on the PATH (8 or newer).
# JVM options: AGENT_JAVA_OPTS, else the lines of jvm.options beside this script (a small heap, C1 only).
# POSIX sh, not bash: provider hosts may be minimal images. exec: the agent gets this script's PID and SIGTERM.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${JAVA_HOME:-}" ]; then
    java_cmd="$JAVA_HOME/bin/java"
else
    java_cmd=java
fi
if ! command -v "$java_cmd" >/dev/null 2>&1; then
    echo "startAgent.sh: no Java found: install Java 8 or newer, or set JAVA_HOME" >&2
    exit 127
fi
if [ -z "${AGENT_JAVA_OPTS:-}" ]; then
    AGENT_JAVA_OPTS=
    while read -r option || [ -n "$option" ]; do
        case "$option" in
            ''|'#'*) ;;
            *) AGENT_JAVA_OPTS="$AGENT_JAVA_OPTS $option" ;;
        esac
    done < "$here/jvm.options"
fi
# shellcheck disable=SC2086 # AGENT_JAVA_OPTS holds several words on purpose
exec "$java_cmd" $AGENT_JAVA_OPTS -jar "$here/rpcbench-server-agent.jar" "$@"

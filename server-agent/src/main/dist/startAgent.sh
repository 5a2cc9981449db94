#!/bin/sh
# Starts the rpcbench server agent (PerfMon-compatible) from this directory.
#   ./startAgent.sh [--tcp-port N] [--udp-port N] [--bind ADDRESS] ... (./startAgent.sh --help lists them)
# Java: $JAVA_HOME/bin/java if JAVA_HOME is set, else java on the PATH (8 or newer).
# JVM options: AGENT_JAVA_OPTS (default -Xmx128m).
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
# shellcheck disable=SC2086 # AGENT_JAVA_OPTS holds several words on purpose
exec "$java_cmd" ${AGENT_JAVA_OPTS:--Xmx128m} -jar "$here/rpcbench-server-agent.jar" "$@"

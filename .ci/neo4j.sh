#!/usr/bin/env bash
# A real Neo4j community 5.26 on loopback for tests and CI, without Docker: .ci/neo4j/ is a small
# Maven project (org.neo4j:neo4j from Maven Central + a launcher main class) that runs the
# DBMS embedded with its Bolt connector.
#
#   bash .ci/neo4j.sh start    build if needed, start in the background, wait until Bolt answers,
#                              print NEO4J_URI=bolt://127.0.0.1:PORT
#   bash .ci/neo4j.sh stop     stop it (SIGTERM, clean shutdown; SIGKILL after 30 s)
#   bash .ci/neo4j.sh status   say whether it runs
#   bash .ci/neo4j.sh build    only build (downloads ~150 MB into ~/.m2 the first time)
#
# Env: NEO4J_PORT (7687), NEO4J_PASSWORD (user neo4j; at least 8 characters; empty: auth off),
#      NEO4J_STATE_DIR (.neo4j: build output, data, log, pid), NEO4J_HEAP (1g),
#      NEO4J_PAGECACHE (256m), NEO4J_START_TIMEOUT (seconds, 180).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
state=${NEO4J_STATE_DIR:-$root/.neo4j}
port=${NEO4J_PORT:-7687}
uri="bolt://127.0.0.1:$port"
pidfile=$state/neo4j.pid
log=$state/neo4j.log
jar=$state/target/neo4j-launcher-1.0.0.jar
src=$root/.ci/neo4j

say() { echo "neo4j.sh: $*" >&2; }

running_pid() {
  [ -f "$pidfile" ] || return 1
  local pid
  pid=$(cat "$pidfile")
  kill -0 "$pid" 2>/dev/null && echo "$pid"
}

build() {
  if [ -f "$jar" ] && [ -d "$state/target/lib" ] && [ "$jar" -nt "$src/pom.xml" ] &&
    [ "$jar" -nt "$src/src/main/java/polar/Neo4jLauncher.java" ]; then
    return 0
  fi
  command -v mvn >/dev/null || { say "mvn not found (Maven 3.8+ and Java 17 are needed)"; exit 1; }
  say "building the launcher (Maven; first time downloads Neo4j's jars into ~/.m2) …"
  local t0=$SECONDS
  rm -rf "$state/target/lib"
  if ! mvn -B -ntp -f "$src/pom.xml" -DskipTests -Dpolar.buildDir="$state/target" \
    package dependency:copy-dependencies -DoutputDirectory="$state/target/lib" -DincludeScope=runtime \
    >"$state/build.log" 2>&1; then
    say "the Maven build failed; the end of $state/build.log:"
    tail -n 40 "$state/build.log" >&2
    exit 1
  fi
  say "built in $((SECONDS - t0)) s"
}

start() {
  mkdir -p "$state"
  if pid=$(running_pid); then
    say "already running (pid $pid)"
    echo "NEO4J_URI=$uri"
    return 0
  fi
  build
  local t0=$SECONDS
  # setsid: its own process group, so that the caller's shell job control leaves it alone.
  setsid java "-Xmx${NEO4J_HEAP:-1g}" -XX:+UseG1GC -cp "$jar:$state/target/lib/*" polar.Neo4jLauncher \
    --home "$state/home" --host 127.0.0.1 --port "$port" --pagecache "${NEO4J_PAGECACHE:-256m}" \
    >"$log" 2>&1 </dev/null &
  echo $! >"$pidfile"
  local pid deadline=$((SECONDS + ${NEO4J_START_TIMEOUT:-180}))
  pid=$(cat "$pidfile")
  until grep -q '^READY' "$log"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      say "Neo4j exited during start-up; the end of $log:"
      tail -n 30 "$log" >&2
      rm -f "$pidfile"
      exit 1
    fi
    if [ $SECONDS -ge $deadline ]; then
      say "Neo4j did not start within ${NEO4J_START_TIMEOUT:-180} s; the end of $log:"
      tail -n 30 "$log" >&2
      stop
      exit 1
    fi
    sleep 0.5
  done
  # READY means the DBMS is up; prove that a client really gets answers over Bolt.
  node "$src/wait.mjs" "$uri" $((deadline - SECONDS > 10 ? deadline - SECONDS : 10)) >&2 || {
    stop
    exit 1
  }
  say "started in $((SECONDS - t0)) s (pid $pid, data in $state/home, log $log)"
  echo "NEO4J_URI=$uri"
}

stop() {
  local pid
  if ! pid=$(running_pid); then
    say "not running"
    rm -f "$pidfile"
    return 0
  fi
  kill -TERM "$pid"
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    say "no clean shutdown after 30 s; killing pid $pid"
    kill -KILL "$pid"
  fi
  rm -f "$pidfile"
  say "stopped"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
build) mkdir -p "$state" && build ;;
status)
  if pid=$(running_pid); then echo "running (pid $pid) at $uri"; else
    echo "not running"
    exit 1
  fi
  ;;
*)
  echo "usage: bash .ci/neo4j.sh start|stop|status|build" >&2
  exit 2
  ;;
esac

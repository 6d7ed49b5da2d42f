#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine, for CI tests that submit job
# arrays with `sbatch` and follow them with `squeue` / `scontrol show job`.
#
#   bash .ci/slurm.sh up     # install, configure and start munged, slurmctld, slurmd (idempotent)
#   bash .ci/slurm.sh down   # stop them again (safe when nothing is running)
#
# Needs root, Debian/Ubuntu (apt-get), no systemd: the daemons are started directly.
# Tested on Debian 12 with its Slurm 22.05.8 (slurm-wlm 22.05.8-4+deb12u3) and munge 0.5.15.
#
# Notes for whoever uses this cluster:
#  * `sacct` DOES NOT WORK here. Without slurmdbd (AccountingStorageType=accounting_storage/none)
#    every sacct call prints "Slurm accounting storage is disabled" on stderr and exits 1, even
#    for jobs that finished a second ago. Follow jobs with squeue and scontrol instead:
#      squeue -h -j ID -o '%i %T'          pending/running/completing tasks only; empty once done
#      squeue -h -j ID -t all -o '%i %T'   also finished tasks (COMPLETED, FAILED, CANCELLED,
#                                          TIMEOUT, ...) while slurmctld still remembers them
#      scontrol show job ID_TASK           the same, with ExitCode=status:signal
#    slurmctld forgets a finished job MinJobAge=600 seconds after it ended (then: "Invalid job id
#    specified", exit 1). An array task cancelled while still PENDING leaves no record at all.
#    As a persistent record of finished jobs, jobcomp/filetxt appends one line per finished job
#    (and started array task) to /var/log/slurm/jobcomp.log (JobId=... JobState=... ArrayJobId=...
#    ArrayTaskId=... DerivedExitCode=... ExitCode=...).
#  * No cgroup plugins (proctrack/linuxproc, task/none, jobacct_gather/none): Slurm 22.05 needs no
#    cgroup.conf then, so none is written and slurmd logs nothing about cgroups. (CgroupPlugin=
#    disabled, to switch cgroups off explicitly, only exists from Slurm 24.05 on.)
#  * The node is described with the topology `slurmd -C` reports; SelectTypeParameters=CR_Core
#    (override with SLURM_CI_SELECT_PARAMS=CR_CPU): on a machine with ThreadsPerCore>1, CR_Core
#    hands out whole cores, so a --cpus-per-task=1 job then takes 2 CPUs.
#  * `down` cancels every job still queued or running, then stops slurmd, slurmctld and munged.
#    Job state is kept in /var/lib/slurm/slurmctld across down/up, so job ids keep increasing
#    (delete that directory while down for a clean slate: ids then start again at 1).
set -euo pipefail

SLURM_CONF=/etc/slurm/slurm.conf
LOG_DIR=/var/log/slurm
STATE_DIR=/var/lib/slurm/slurmctld
SPOOL_DIR=/var/lib/slurm/slurmd
CTLD_PID=/run/slurmctld.pid
SLURMD_PID=/run/slurmd.pid
MUNGE_KEY=/etc/munge/munge.key
MUNGE_PID=/run/munge/munged.pid
WAIT_SECONDS=${SLURM_CI_WAIT_SECONDS:-60}
SELECT_PARAMS=${SLURM_CI_SELECT_PARAMS:-CR_Core}

say() { echo "slurm.sh: $*"; }
die() {
  echo "slurm.sh: ERROR: $*" >&2
  for f in "$LOG_DIR/slurmctld.log" "$LOG_DIR/slurmd.log" /var/log/munge/munged.log; do
    if [ -s "$f" ]; then
      echo "---- last lines of $f ----" >&2
      tail -n 20 "$f" >&2 || true
    fi
  done
  exit 1
}

# true if the process exists and is not a zombie (here PID 1 may be slow to reap zombies,
# and kill -0 / pgrep still see them)
alive() { # pid
  local state
  state=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# live (non-zombie) processes called exactly comm
pids_of() { # comm
  local pid
  for pid in $(pgrep -x "$1" || true); do
    if alive "$pid"; then echo "$pid"; fi
  done
}

# pid from a pidfile if that process is alive and is the named program, else nothing
live_pid() { # pidfile comm
  local pid
  [ -n "$1" ] && [ -r "$1" ] || return 1
  pid=$(tr -dc '0-9' <"$1")
  [ -n "$pid" ] || return 1
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ] || return 1
  alive "$pid" || return 1
  echo "$pid"
}

stop_daemon() { # pidfile comm
  local pidfile=$1 comm=$2 pids pid i alive=""
  pids=$(
    live_pid "$pidfile" "$comm" || true
    pids_of "$comm"
  )
  pids=$(echo "$pids" | sort -u | tr '\n' ' ')
  if [ -z "${pids// /}" ]; then
    [ -z "$pidfile" ] || rm -f "$pidfile"
    return 0
  fi
  say "stopping $comm (pid $pids)"
  for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
  for i in $(seq 1 100); do # 10 s
    alive=""
    for pid in $pids; do
      if alive "$pid"; then alive="$alive $pid"; fi
    done
    [ -z "$alive" ] && break
    sleep 0.1
  done
  if [ -n "$alive" ]; then
    say "$comm did not stop on SIGTERM, sending SIGKILL to$alive"
    for pid in $alive; do kill -KILL "$pid" 2>/dev/null || true; done
    sleep 0.5
  fi
  [ -z "$pidfile" ] || rm -f "$pidfile"
}

install_packages() {
  local missing="" p
  for p in slurm-wlm slurmctld slurmd slurm-client munge; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    say "installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || say "warning: apt-get update failed, trying the install anyway"
    # The packages' postinst scripts try to start the services; without systemd/init that
    # only prints warnings. We start the daemons ourselves below.
    apt-get install -y -qq --no-install-recommends slurm-wlm slurmctld slurmd slurm-client munge >/dev/null \
      || die "apt-get install slurm-wlm munge failed"
  fi
  for c in munged munge unmunge slurmctld slurmd sbatch squeue scontrol sinfo sacct; do
    command -v "$c" >/dev/null || [ -x "/usr/sbin/$c" ] || die "$c not found after installing slurm-wlm and munge"
  done
}

start_munge() {
  id munge >/dev/null 2>&1 || die "no munge user (is the munge package installed?)"
  install -d -o munge -g munge -m 0700 /etc/munge /var/log/munge
  install -d -o munge -g munge -m 0711 /var/lib/munge
  install -d -o munge -g munge -m 0755 /run/munge
  if [ ! -s "$MUNGE_KEY" ]; then
    say "generating $MUNGE_KEY"
    rm -f "$MUNGE_KEY"
    if command -v mungekey >/dev/null || [ -x /usr/sbin/mungekey ]; then
      PATH=$PATH:/usr/sbin mungekey --create --keyfile="$MUNGE_KEY" || die "mungekey failed"
    else
      dd if=/dev/urandom of="$MUNGE_KEY" bs=1 count=1024 status=none || die "cannot write $MUNGE_KEY"
    fi
  fi
  chown munge:munge "$MUNGE_KEY"
  chmod 0400 "$MUNGE_KEY"

  if ! live_pid "$MUNGE_PID" munged >/dev/null; then
    if [ -n "$(pids_of munged)" ]; then
      stop_daemon "$MUNGE_PID" munged # running without a valid pidfile: restart it cleanly
    fi
    say "starting munged"
    runuser -u munge -- /usr/sbin/munged --force || die "munged did not start"
  fi
  local deadline=$((SECONDS + 15))
  while [ "$SECONDS" -lt "$deadline" ]; do
    if timeout 5 munge -n 2>/dev/null | timeout 5 unmunge >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  die "munge does not work: 'munge -n | unmunge' fails ($(timeout 5 munge -n 2>&1 | timeout 5 unmunge 2>&1 | tail -n 1))"
}

write_config() { # prints "changed" if slurm.conf was (re)written
  local host cpus mem margin real topo sockets cores threads conf
  host=$(hostname -s)
  [ -n "$host" ] || die "hostname -s is empty"
  cpus=$(nproc)
  mem=$(free -m | awk '/^Mem:/ {print $2}')
  [ -n "$mem" ] || die "cannot read total memory from free -m"
  margin=$((mem / 20))
  [ "$margin" -lt 256 ] && margin=256
  real=$((mem - margin))
  [ "$real" -lt 100 ] && real=100

  # Use the topology slurmd itself detects (so it does not drain the node for a mismatch),
  # as long as it agrees with nproc; otherwise declare plain CPUs.
  topo="CPUs=$cpus"
  if line=$(/usr/sbin/slurmd -C 2>/dev/null | head -n 1) && [ -n "$line" ]; then
    sockets=$(sed -n 's/.*SocketsPerBoard=\([0-9]*\).*/\1/p' <<<"$line")
    cores=$(sed -n 's/.*CoresPerSocket=\([0-9]*\).*/\1/p' <<<"$line")
    threads=$(sed -n 's/.*ThreadsPerCore=\([0-9]*\).*/\1/p' <<<"$line")
    if [ -n "$sockets" ] && [ -n "$cores" ] && [ -n "$threads" ] &&
      [ $((sockets * cores * threads)) -eq "$cpus" ]; then
      topo="CPUs=$cpus Sockets=$sockets CoresPerSocket=$cores ThreadsPerCore=$threads"
    fi
  fi

  conf=$(
    cat <<EOF
# Written by .ci/slurm.sh: a one-node cluster for CI. Do not edit: 'slurm.sh up' rewrites it.
ClusterName=ci
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
SlurmUser=root
SlurmdUser=root
SlurmctldPort=6817
SlurmdPort=6818
StateSaveLocation=$STATE_DIR
SlurmdSpoolDir=$SPOOL_DIR
SlurmctldPidFile=$CTLD_PID
SlurmdPidFile=$SLURMD_PID
SlurmctldLogFile=$LOG_DIR/slurmctld.log
SlurmdLogFile=$LOG_DIR/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$LOG_DIR/jobcomp.log
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=$SELECT_PARAMS
ReturnToService=2
# reject at submit time what can never run here (e.g. more CPUs than the node has)
# instead of leaving it PENDING forever with Reason=PartitionConfig
EnforcePartLimits=ALL
# finished jobs stay visible to 'scontrol show job' for 10 minutes
MinJobAge=600
KillWait=5
InactiveLimit=0
Waittime=0
MailProg=/bin/true
NodeName=$host NodeAddr=127.0.0.1 $topo RealMemory=$real State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  )
  install -d -m 0755 /etc/slurm "$LOG_DIR" /var/lib/slurm
  install -d -m 0700 "$STATE_DIR"
  install -d -m 0755 "$SPOOL_DIR"
  if [ ! -f "$SLURM_CONF" ] || [ "$(cat "$SLURM_CONF")" != "$conf" ]; then
    printf '%s\n' "$conf" >"$SLURM_CONF.tmp"
    chmod 0644 "$SLURM_CONF.tmp"
    mv "$SLURM_CONF.tmp" "$SLURM_CONF"
    echo changed
  fi
}

node_state() {
  timeout 10 sinfo -h -N -o %T 2>/dev/null | head -n 1
}

wait_for_node() {
  local host state deadline resumed=""
  host=$(hostname -s)
  deadline=$((SECONDS + WAIT_SECONDS))
  while :; do
    state=$(node_state || true)
    case "$state" in
      idle | mixed | allocated | completing) # usable (mixed/allocated: jobs already running)
        return 0 ;;
      *down* | *drain* | *fail*)
        if [ -z "$resumed" ] && [ "${state%\*}" = "$state" ]; then
          # node responds but is down/drained (e.g. left over from an earlier run)
          say "node $host is '$state', resuming it"
          timeout 10 scontrol update nodename="$host" state=resume >/dev/null 2>&1 || true
          resumed=1
        fi ;;
    esac
    if [ "$SECONDS" -ge "$deadline" ]; then
      timeout 10 sinfo -N -l >&2 || true
      timeout 10 scontrol show node "$host" >&2 || true
      die "node $host is not idle after ${WAIT_SECONDS}s (state: '${state:-no answer from slurmctld}')"
    fi
    sleep 0.5
  done
}

up() {
  [ "$(id -u)" -eq 0 ] || die "must run as root"
  install_packages
  start_munge
  changed=$(write_config)
  if [ -n "$changed" ]; then
    say "wrote $SLURM_CONF"
    # a running slurmctld/slurmd would still use the old configuration
    stop_daemon "$SLURMD_PID" slurmd
    stop_daemon "$CTLD_PID" slurmctld
  fi
  if ! live_pid "$CTLD_PID" slurmctld >/dev/null; then
    stop_daemon "$CTLD_PID" slurmctld # a stray one without a valid pidfile
    say "starting slurmctld"
    /usr/sbin/slurmctld || die "slurmctld did not start"
  fi
  local deadline=$((SECONDS + 30)) start=$SECONDS
  until timeout 10 scontrol ping 2>/dev/null | grep -q 'is UP'; do
    if ! live_pid "$CTLD_PID" slurmctld >/dev/null && [ $((SECONDS - start)) -ge 3 ]; then
      die "slurmctld exited (see $LOG_DIR/slurmctld.log)"
    fi
    [ "$SECONDS" -lt "$deadline" ] || die "slurmctld does not answer 'scontrol ping' after 30s"
    sleep 0.2
  done
  if ! live_pid "$SLURMD_PID" slurmd >/dev/null; then
    stop_daemon "$SLURMD_PID" slurmd
    say "starting slurmd"
    /usr/sbin/slurmd || die "slurmd did not start"
  fi
  wait_for_node
  live_pid "$SLURMD_PID" slurmd >/dev/null || die "slurmd exited"
  say "Slurm $(sinfo -V | awk '{print $2}') is up"
  timeout 10 sinfo
}

# SIGKILL a process and all its descendants, children first
kill_tree() { # pid
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill -KILL "$1" 2>/dev/null || true
}

down() {
  [ "$(id -u)" -eq 0 ] || die "must run as root"
  # Cancel every job still queued or running, so that no job outlives the cluster (slurmstepd
  # ignores SIGTERM, and its job processes would be left behind as orphans).
  if live_pid "$CTLD_PID" slurmctld >/dev/null && timeout 10 scontrol ping 2>/dev/null | grep -q 'is UP'; then
    local jobs deadline
    jobs=$(timeout 10 squeue -h -o %F 2>/dev/null | sort -u | tr '\n' ' ' || true)
    if [ -n "${jobs// /}" ]; then
      say "cancelling jobs: $jobs"
      # shellcheck disable=SC2086
      timeout 10 scancel $jobs 2>/dev/null || true
      deadline=$((SECONDS + 20))
      while [ -n "$(timeout 10 squeue -h -o %i 2>/dev/null || true)" ] && [ "$SECONDS" -lt "$deadline" ]; do
        sleep 0.2
      done
    fi
  fi
  stop_daemon "$SLURMD_PID" slurmd
  local step
  for step in $(pids_of slurmstepd); do
    say "killing slurmstepd $step and its job processes"
    kill_tree "$step"
  done
  stop_daemon "$CTLD_PID" slurmctld
  stop_daemon "$MUNGE_PID" munged
  say "down"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  *)
    echo "usage: bash $0 up|down" >&2
    exit 2
    ;;
esac

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
#    every sacct call prints "Slurm accounting storage is disabled" and exits non-zero, even for
#    jobs that finished a second ago. To follow jobs use `squeue` (pending/running jobs only:
#    finished jobs drop out of it) and `scontrol show job` (also sees finished jobs for
#    MinJobAge=600 seconds after they end; after that: "Invalid job id specified").
#    As a persistent record of finished jobs, jobcomp/filetxt appends one line per finished job
#    (and array task) to /var/log/slurm/jobcomp.log (JobId=... ArrayJobId=... ArrayTaskId=...
#    JobState=COMPLETED|FAILED|CANCELLED|TIMEOUT ... ExitCode=N:M ...).
#  * No cgroup plugins (proctrack/linuxproc, task/none, jobacct_gather/none): Slurm 22.05 needs no
#    cgroup.conf then, so none is written (CgroupPlugin=disabled only exists from 23.x on).
#  * The node is described with the topology `slurmd -C` reports; SelectTypeParameters=CR_Core
#    (override with SLURM_CI_SELECT_PARAMS=CR_CPU): on a machine with ThreadsPerCore>1, CR_Core
#    hands out whole cores, so a --cpus-per-task=1 job then takes 2 CPUs.
#  * Job state is kept in /var/lib/slurm/slurmctld across down/up, so job ids keep increasing.
set -euo pipefail

SLURM_CONF=/etc/slurm/slurm.conf
LOG_DIR=/var/log/slurm
STATE_DIR=/var/lib/slurm/slurmctld
SPOOL_DIR=/var/lib/slurm/slurmd
CTLD_PID=/run/slurmctld.pid
SLURMD_PID=/run/slurmd.pid
MUNGE_KEY=/etc/munge/munge.key
MUNGE_PID=/run/munge/munged.pid
MUNGE_SOCKET=/run/munge/munge.socket.2
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

# pid from a pidfile if that process is alive and is the named program, else nothing
live_pid() { # pidfile comm
  local pid
  [ -r "$1" ] || return 1
  pid=$(tr -dc '0-9' <"$1")
  [ -n "$pid" ] || return 1
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ] || return 1
  echo "$pid"
}

running() { # pidfile comm
  live_pid "$1" "$2" >/dev/null || pgrep -x "$2" >/dev/null
}

stop_daemon() { # pidfile comm
  local pidfile=$1 comm=$2 pids pid i alive=""
  pids=$(
    live_pid "$pidfile" "$comm" || true
    pgrep -x "$comm" || true
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
    for pid in $pids; do kill -0 "$pid" 2>/dev/null && alive="$alive $pid"; done
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
    if pgrep -x munged >/dev/null; then
      stop_daemon "$MUNGE_PID" munged # running without a valid pidfile: restart it cleanly
    fi
    say "starting munged"
    runuser -u munge -- /usr/sbin/munged --force || die "munged did not start"
  fi
  local i
  for i in $(seq 1 50); do
    if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  die "munge does not work: 'munge -n | unmunge' fails ($(munge -n 2>&1 | unmunge 2>&1 | tail -n 1))"
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
  sinfo -h -N -o %T 2>/dev/null | head -n 1
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
          scontrol update nodename="$host" state=resume >/dev/null 2>&1 || true
          resumed=1
        fi ;;
    esac
    if [ "$SECONDS" -ge "$deadline" ]; then
      sinfo -N -l >&2 || true
      scontrol show node "$host" >&2 || true
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
  local i
  for i in $(seq 1 100); do
    scontrol ping 2>/dev/null | grep -q 'is UP' && break
    live_pid "$CTLD_PID" slurmctld >/dev/null || [ "$i" -lt 20 ] || die "slurmctld exited"
    sleep 0.2
  done
  scontrol ping 2>/dev/null | grep -q 'is UP' || die "slurmctld does not answer 'scontrol ping'"
  if ! live_pid "$SLURMD_PID" slurmd >/dev/null; then
    stop_daemon "$SLURMD_PID" slurmd
    say "starting slurmd"
    /usr/sbin/slurmd || die "slurmd did not start"
  fi
  wait_for_node
  live_pid "$SLURMD_PID" slurmd >/dev/null || die "slurmd exited"
  say "Slurm $(sinfo -V | awk '{print $2}') is up"
  sinfo
}

down() {
  [ "$(id -u)" -eq 0 ] || die "must run as root"
  stop_daemon "$SLURMD_PID" slurmd
  # job steps still running (slurmstepd, one per running job) would outlive slurmd: end them too
  stop_daemon "" slurmstepd
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

# Sourced by the remote-target tests: a throwaway sshd on 127.0.0.1 (its own host key, an
# authorized key for this user, client settings in an `ssh -F` file: the machine's own ssh
# configuration is never read or changed) and, on request, munge + slurmctld + slurmd on
# localhost (one node, 2 CPUs) from a generated slurm.conf. Everything lives under $REMOTE_TMP
# and is torn down by remote_env_stop (the caller traps it).

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# The sshd; sets REMOTE_SSH_CONFIG (for ssh -F) and REMOTE_HOST (its Host name there).
remote_env_start_sshd() {
  command -v sshd > /dev/null 2>&1 || [ -x /usr/sbin/sshd ] || return 77
  SSHD=$(command -v sshd || echo /usr/sbin/sshd)
  t=$REMOTE_TMP
  ssh-keygen -q -t ed25519 -N '' -f "$t/host_key" || return 1
  ssh-keygen -q -t ed25519 -N '' -f "$t/id" || return 1
  cp "$t/id.pub" "$t/authorized_keys"
  chmod 600 "$t/authorized_keys"
  SSH_PORT=$(free_port)
  # Privilege separation wants this folder when sshd starts as root.
  [ "$(id -u)" -eq 0 ] && mkdir -p /run/sshd
  cat > "$t/sshd_config" <<CONF
Port $SSH_PORT
ListenAddress 127.0.0.1
HostKey $t/host_key
AuthorizedKeysFile $t/authorized_keys
PidFile $t/sshd.pid
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
SetEnv SLURM_CONF=$t/slurm/slurm.conf XDG_CACHE_HOME=$t/remote-cache
CONF
  "$SSHD" -f "$t/sshd_config" -E "$t/sshd.log" || return 1
  REMOTE_HOST=convstudio-remote-test
  REMOTE_SSH_CONFIG=$t/ssh_config
  cat > "$REMOTE_SSH_CONFIG" <<CONF
Host $REMOTE_HOST
  HostName 127.0.0.1
  Port $SSH_PORT
  User $(id -un)
  IdentityFile $t/id
  IdentitiesOnly yes
  UserKnownHostsFile $t/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking accept-new
CONF
  i=0
  until ssh -F "$REMOTE_SSH_CONFIG" -o BatchMode=yes "$REMOTE_HOST" true 2> "$t/ssh_probe.err"; do
    i=$((i + 1))
    [ $i -gt 50 ] && { cat "$t/ssh_probe.err" "$t/sshd.log"; return 1; }
    sleep 0.2
  done
}

# Ends the sshd: the listener and every open connection (a dropped link, for the tests).
remote_env_kill_sshd() {
  [ -f "$REMOTE_TMP/sshd.pid" ] || return 0
  listener=$(cat "$REMOTE_TMP/sshd.pid")
  # Its connections are its children (sshd's per-connection processes and theirs, but not the
  # runs, which left in their own sessions).
  for child in $(pgrep -P "$listener"); do kill -9 "$child" 2> /dev/null; done
  kill -9 "$listener" 2> /dev/null
  rm -f "$REMOTE_TMP/sshd.pid"
}

remote_env_restart_sshd() {
  "$SSHD" -f "$REMOTE_TMP/sshd_config" -E "$REMOTE_TMP/sshd.log"
}

# munge + slurmctld + slurmd; sets SLURM_CONF.
remote_env_start_slurm() {
  for program in munged slurmctld slurmd sbatch; do
    command -v $program > /dev/null 2>&1 || [ -x /usr/sbin/$program ] || return 77
  done
  s=$REMOTE_TMP/slurm
  mkdir -p "$s/state" "$s/spool" "$s/munge"
  chmod 700 "$s/munge"
  dd if=/dev/urandom of="$s/munge/munge.key" bs=1024 count=1 2> /dev/null
  chmod 400 "$s/munge/munge.key"
  PATH=$PATH:/usr/sbin munged --force --key-file="$s/munge/munge.key" \
    --socket="$s/munge/munge.sock" --pid-file="$s/munge/munged.pid" \
    --log-file="$s/munge/munged.log" --seed-file="$s/munge/munged.seed" || return 1
  user=$(id -un)
  # The node is this machine under its own name, which resolves here: the sbatch script's
  # MASTER_ADDR is the job's first node name.
  node=$(hostname -s)
  cat > "$s/slurm.conf" <<CONF
ClusterName=convstudio-test
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
AuthInfo=socket=$s/munge/munge.sock
CredType=cred/munge
SlurmUser=$user
SlurmdUser=root
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/slurmctld.log
SlurmdLogFile=$s/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
KillWait=30
NodeName=$node NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$s/slurm.conf
  /usr/sbin/slurmctld -c 2> "$s/slurmctld.err" || { cat "$s/slurmctld.err"; return 1; }
  /usr/sbin/slurmd -N "$node" 2> "$s/slurmd.err" || { cat "$s/slurmd.err"; return 1; }
  i=0
  until sinfo -h -o %T 2> /dev/null | grep -q idle; do
    i=$((i + 1))
    if [ $i -gt 150 ]; then
      echo "slurm did not become idle:"; sinfo; tail -20 "$s/slurmctld.log" "$s/slurmd.log"
      return 1
    fi
    sleep 0.2
  done
}

remote_env_stop() {
  s=$REMOTE_TMP/slurm
  for pidfile in "$s/slurmd.pid" "$s/slurmctld.pid" "$s/munge/munged.pid"; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2> /dev/null
  done
  remote_env_kill_sshd
  # Runs the tests left behind (a failed test's) are in their own sessions: end them by the
  # process ids the runs' records hold.
  find "$REMOTE_TMP" -name run.lock 2> /dev/null | while IFS= read -r lock; do
    pid=$(tr -dc 0-9 < "$lock")
    [ -n "$pid" ] && kill -9 "$pid" 2> /dev/null
  done
  rm -rf "$REMOTE_TMP"
}

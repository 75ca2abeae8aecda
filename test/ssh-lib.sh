# shellcheck shell=sh disable=SC2154 # top: the sourcing test's
# SSH for the tests of ssdq-run --host through SSH (sourced after test/lib.sh):
# a throwaway client key, ssh_config aliases with their host keys pinned, and
# a throwaway sshd of this machine on a free loopback port. Everything lives in
# the test's directory: nothing of ~/.ssh is read or written (ssh -F).
# The sourcing test sets top, the tree's top directory.

# ssh_client DIR: the client key DIR/client_key (ed25519, no passphrase) and
# DIR/ssh_config, which every alias shares: that key alone, no agent, host
# keys only from DIR/known_hosts and checked; SSDQ_SSH exported to use it.
# 1 when ssh or ssh-keygen is missing
ssh_client() {
	command -v ssh >/dev/null && command -v ssh-keygen >/dev/null || return 1
	ssh-keygen -q -t ed25519 -N '' -C ssdq-test-client -f "$1/client_key" </dev/null || return 1
	: >"$1/known_hosts"
	cat >"$1/ssh_config" <<EOC
Host *
	User root
	IdentityFile $1/client_key
	IdentitiesOnly yes
	IdentityAgent none
	UserKnownHostsFile $1/known_hosts
	GlobalKnownHostsFile /dev/null
	StrictHostKeyChecking yes
	UpdateHostKeys no
	LogLevel ERROR
EOC
	export SSDQ_SSH="ssh -F $1/ssh_config"
}

# ssh_alias DIR ALIAS PORT HOSTKEY: ALIAS is 127.0.0.1:PORT, whose host key
# (the public key line HOSTKEY, "TYPE BASE64") is pinned under ALIAS, in
# place of the one pinned before (a host booted again with a new key)
ssh_alias() {
	grep -qx "Host $2" "$1/ssh_config" ||
		printf 'Host %s\n\tHostName 127.0.0.1\n\tPort %s\n\tHostKeyAlias %s\n' "$2" "$3" "$2" >>"$1/ssh_config"
	grep -v "^$2 " "$1/known_hosts" >"$1/known_hosts.new"
	printf '%s %s\n' "$2" "$(printf '%s' "$4" | cut -d' ' -f1,2)" >>"$1/known_hosts.new"
	mv -f "$1/known_hosts.new" "$1/known_hosts"
}

# ssh_sshd DIR: this machine's sshd on a free port of 127.0.0.1 for the test
# (its host key made now, the client key of ssh_client alone authorized,
# key logins and local forwarding only); SSHD_PORT, SSHD_PID, SSHD_KEY (its
# public host key). 1 when it cannot run (no sshd, or its privilege
# separation directory /run/sshd cannot be made)
# shellcheck disable=SC2034 # SSHD_PID and SSHD_KEY are the sourcing test's
ssh_sshd() {
	[ -x /usr/sbin/sshd ] || return 1
	[ -d /run/sshd ] || { mkdir -p /run/sshd && chmod 0755 /run/sshd; } 2>/dev/null || return 1
	ssh-keygen -q -t ed25519 -N '' -C ssdq-test-host -f "$1/host_key" </dev/null || return 1
	cp "$1/client_key.pub" "$1/authorized_keys"
	SSHD_PORT=$(free_port)
	cat >"$1/sshd_config" <<EOC
ListenAddress 127.0.0.1
Port $SSHD_PORT
HostKey $1/host_key
PidFile $1/sshd.pid
AuthorizedKeysFile $1/authorized_keys
AllowUsers $(id -un)
StrictModes no
Include $top/test/vm/sshd.conf
EOC
	/usr/sbin/sshd -D -e -f "$1/sshd_config" 2>"$1/sshd.log" &
	SSHD_PID=$!
	SSHD_KEY=$(cat "$1/host_key.pub")
	listening "$SSHD_PORT"
}

# expect_fetched OUT HOST ATTEMPT: the rerun whose output is OUT fetched the
# sidecars HOST's server kept over SSH into ATTEMPT (DIR/attempts/NAME.K):
# its power log and its events to the job's end
expect_fetched() {
	grep -q "its server kept for it (fio's client went away), from $2:.*/ssdq-server\.[0-9]* (over SSH)" "$1" &&
		pass "the sidecars $2's server kept were fetched home over SSH" ||
		{ fail "the sidecars $2's server kept were not fetched over SSH"; grep -e kept -e attempt "$1" | sed 's/^/    /'; }
	_n=${3##*/} _n=${_n%.*}
	[ -s "$3/${_n}_power.1.log" ] && grep -q '"event":"job_end"' "$3/${_n}_events.1.jsonl" 2>/dev/null &&
		pass "the killed attempt's power log and events (to its job_end) are in ${3##*/}" ||
		fail "the killed attempt lacks its sidecars: $(ls "$3" 2>&1 | tr '\n' ' ')"
}

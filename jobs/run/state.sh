# shellcheck shell=sh
# ssdq-run's variables: every one that more than one of its files reads,
# what it holds, and who sets it (each part of jobs/run/ sources this, so
# that it and shellcheck see them; nothing here is assigned but an unset one).
#
# The options (jobs/ssdq-run): suite, device (the last --device), out, scale
# (N or auto, then N), model (a preset, "" a device), destroy, yes, dry,
# restart (0/1); DB (the library, --db), DBTOOL (ssdq-db), REPEAT_CV,
# REPEAT_MAX, REPEAT_MIN (repeated tests: --repeat-cv, --repeat-max); ETA, SHOW_ETA, STALL (seconds or auto), PTS_CLASS, OPEN_TCP;
# SETS (the --set values, NAME=VALUE a line: add_set), GIVEN (the names --set gave), FIO_EXTRA
# (the options after --, one a line), DEVICES, DEVICE_SPECS, HOST_SPECS, HOSTS_FILES.
: "${suite=}" "${device=}" "${out=}" "${scale=1}" "${model=}"
: "${destroy=0}" "${yes=0}" "${dry=0}" "${restart=0}"
: "${DB=}" "${DBTOOL=}" "${REPEAT_CV=}" "${REPEAT_MAX=}" "${REPEAT_MIN=3}"
: "${ETA=auto}" "${SHOW_ETA=0}" "${STALL=auto}" "${PTS_CLASS=}" "${OPEN_TCP=0}"
: "${SETS=}" "${GIVEN=}" "${FIO_EXTRA=}"
: "${DEVICES=}" "${DEVICE_SPECS=}" "${HOST_SPECS=}" "${HOSTS_FILES=}"
#
# The run (jobs/ssdq-run's main flow): OUT (the results directory), FIO, SO
# (the engine), SERVER_SO (a server's), SERVER_JOBS (a server's job library), KINDS and USED (ssdq-render's kinds,
# the parameters the suite uses), VALUES (every parameter's value, as
# ssdq-render --values prints it: read with param), PLAN
# (the plan's records: jobs/run/plan.sh), STEPS, M (their number), CAPACITY
# (the largest namespace's bytes), PTS (ssdq-pts, for tests in rounds).
: "${OUT=}" "${FIO=fio}" "${SO=}" "${SERVER_SO=}" "${SERVER_JOBS=}" "${KINDS=}" "${USED=}" "${VALUES=}"
: "${PLAN=}" "${STEPS=}" "${M=0}" "${CAPACITY=}" "${PTS=}"
#
# The targets (jobs/run/targets.sh): TARGETS (their records), LABELS, NT
# (their number), MULTI (1: several, each in DIR/LABEL), LOCAL (1: several
# --device of this machine), FAILED (the labels that dropped out), GPW (the
# power source --set gave all). tsplit reads a record into _lab _h _p _d _pw
# _en (label, host, port, namespace, power, engine).
: "${TARGETS=}" "${LABELS=}" "${NT=0}" "${MULTI=0}" "${LOCAL=0}" "${FAILED=}" "${GPW=}"
: "${_lab=}" "${_h=}" "${_p=}" "${_d=}" "${_pw=}" "${_en=}"
#
# A step (jobs/run/steps.sh, target_step.sh, watch.sh): STEP_BOUND (its
# stall bound, seconds), STEP_PROGRESS, ACTIVE, WATCH_PID, TICK_LINE,
# TICK_SILENT, WATCH_STATE (the watch's), LAST_RC, LAST_WHY, LAST_KIND, LAST_FREE (how the
# last target_collect failed), KEPT_VIA (a host whose kept sidecars are
# fetched over SSH), INTERRUPTED, STOPS, TIMEOUT (jobs/run/signals.sh);
# TUNNELS, HOST_KIND, HOST_WHY, TUNNEL_WHY, SETSID (jobs/run/hosts.sh).
: "${STEP_BOUND=}" "${STEP_PROGRESS=}" "${ACTIVE=}" "${WATCH_PID=}" "${TICK_LINE=}" "${TICK_SILENT=0}"
: "${WATCH_STATE=}"
: "${LAST_RC=0}" "${LAST_WHY=}" "${LAST_KIND=}" "${LAST_FREE=}" "${KEPT_VIA=}"
: "${INTERRUPTED=}" "${STOPS=}" "${TIMEOUT=}"
: "${TUNNELS=}" "${HOST_KIND=}" "${HOST_WHY=}" "${TUNNEL_WHY=}" "${SETSID=}"

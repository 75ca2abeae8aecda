# Expect: fio loads the engine as external:/abs/path, as external:ssdq.so from
# the directory holding it, and as ioengine=ssdq.so (dlopen's search finds
# /usr/lib/x86_64-linux-gnu/ssdq.so); --enghelp lists the ssdq_ options.
# external:ssdq.so from another directory is recorded: fio 3.33 stat()s that
# path relative to the cwd before dlopen.
. /guest-lib.sh
set -- --filename="$NG4K" --rw=read --bs=4k --size=1M
fio_json abs --ioengine="external:$SSDQ_SO" "$@"
(cd /usr/lib/x86_64-linux-gnu && fio_json ext-in-libdir --ioengine=external:ssdq.so "$@")
(cd /tmp && fio_json bare --ioengine=ssdq.so "$@")
(cd /tmp && fio_json ext-elsewhere --ioengine=external:ssdq.so "$@")
run enghelp fio --enghelp="$SSDQ_SO"

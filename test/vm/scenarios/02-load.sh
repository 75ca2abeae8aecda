# Expect: fio loads the engine as external:/abs/path, as external:ssdq.so from
# the directory holding it, and as ioengine=ssdq.so (dlopen's search finds
# /usr/lib/x86_64-linux-gnu/ssdq.so); --enghelp lists the ssdq_ options.
# external:ssdq.so from another directory fails: fio 3.33 stat()s that path
# relative to the cwd before dlopen; a link named ssdq.so there makes it work.
. /guest-lib.sh
set -- --filename="$NG4K" --rw=read --bs=4k --size=1M
fio_json abs --ioengine="external:$SSDQ_SO" "$@"
(cd /usr/lib/x86_64-linux-gnu && fio_json ext-in-libdir --ioengine=external:ssdq.so "$@")
(cd /tmp && fio_json bare --ioengine=ssdq.so "$@")
(cd /tmp && fio_json ext-elsewhere --ioengine=external:ssdq.so "$@")
# the README's way: a link named ssdq.so in the working directory passes
# fio's stat(); dlopen then finds the installed engine through the library path
mkdir -p /tmp/work && ln -sf /usr/lib/x86_64-linux-gnu/ssdq.so /tmp/work/ssdq.so
(cd /tmp/work && fio_json ext-link --ioengine=external:ssdq.so "$@")
run enghelp fio --enghelp="$SSDQ_SO"
